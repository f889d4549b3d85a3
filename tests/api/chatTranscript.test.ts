import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTranscriptSchema } from '@phonemarket/contracts';
import { minPosition } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

/**
 * `GET /api/chat-sessions/{id}/messages` reads a chat's lines, one document each (ADR 031 s55c): the
 * answer is the transcript as it was when the session document held it, every line once, in order.
 */
describe('a chat transcript', () => {
  it("is every line in order: each bot turn's question then answer, system lines, a line posted twice by id once", async () => {
    const customer = server.client();
    const agent = server.client();
    expect((await agent.post('/api/auth/demo', { role: 'admin' })).status).toBe(200);
    const id = `transcript-${Date.now().toString(36)}`;
    expect((await customer.post('/api/chat-sessions', { id })).status).toBe(201);
    // Six turns: twelve lines before the agent's, so the order holds past the tenth line.
    const turns = Array.from({ length: 6 }, (_, i) => [`질문 ${i}`, `답변 ${i}`] as const);
    for (const [question, answer] of turns) {
      const logged = await customer.post('/api/chatbot-logs', { sessionId: id, userQuestion: question, botAnswer: answer, knowledgeId: null, responseTime: 900, resolved: false, satisfactionScore: null, tags: [] });
      expect(logged.status).toBe(201);
    }
    expect((await customer.post(`/api/chat-sessions/${id}/escalate`, { reason: '' })).status).toBe(200);
    expect((await agent.post(`/api/chat-sessions/${id}/assign`)).status).toBe(200);
    const lineId = `line-${id}`;
    expect((await customer.post(`/api/chat-sessions/${id}/messages`, { id: lineId, content: '교체 비용이 궁금해요' })).status).toBe(201);
    expect((await customer.post(`/api/chat-sessions/${id}/messages`, { id: lineId, content: '교체 비용이 궁금해요' })).status).toBe(201);
    expect((await agent.post(`/api/chat-sessions/${id}/messages`, { content: '모델에 따라 다릅니다' })).status).toBe(201);
    const closed = await agent.post(`/api/chat-sessions/${id}/close`);
    expect(closed.status).toBe(200);

    const answered = (await customer.get(`/api/chat-sessions/${id}/messages`, minPosition(closed))).body as { messages: Record<string, unknown>[] };
    const transcript = chatTranscriptSchema.parse(answered);
    expect(transcript.messages.map(({ type, content }) => [type, content])).toEqual([
      ...turns.flatMap(([question, answer]) => [['user', question], ['bot', answer]]),
      ['system', '상담원 연결을 요청했습니다. 잠시만 기다려주세요.'], ['system', '상담원이 연결되었습니다'],
      ['user', '교체 비용이 궁금해요'], ['agent', '모델에 따라 다릅니다'], ['system', '상담이 종료되었습니다.'],
    ]);
    expect(transcript.messages[14]).toMatchObject({ id: lineId, authorName: expect.any(String), knowledgeId: null });
    expect(transcript.session).toMatchObject({ id, status: 'closed', totalMessages: 14 });
    // The line's fields and nothing of how it is stored.
    for (const line of answered.messages) expect(Object.keys(line).sort()).toEqual(['authorName', 'content', 'id', 'knowledgeId', 'timestamp', 'type']);
  });
});
