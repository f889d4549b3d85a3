import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKING_VARIANTS, secretLeft } from '@phonemarket/command-api/shared/maskingVariants.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

/** The data of every event of a chat session, as stored in the data folder's event log. */
function storedEvents(sessionId: string): { type: string; data: Record<string, unknown> }[] {
  const db = new DatabaseSync(path.join(server.dataDir, 'events.sqlite'), { readOnly: true });
  const rows = db.prepare('SELECT type, data FROM events WHERE stream = ? ORDER BY position').all(`chatSession-${sessionId}`) as { type: string; data: string }[];
  db.close();
  return rows.map((r) => ({ type: r.type, data: JSON.parse(r.data) as Record<string, unknown> }));
}

describe('chat text is masked in the stored event itself (issue 23 M4)', () => {
  it(`each of ${MASKING_VARIANTS.length} ways of writing a phone, resident, card or account number or an e-mail never reaches the event log`, async () => {
    expect(MASKING_VARIANTS.length).toBeGreaterThanOrEqual(30);
    const visitor = server.client();
    const sessionId = `masking-${Date.now().toString(36)}`;
    expect((await visitor.post('/api/chat-sessions', { id: sessionId })).status).toBe(201);
    // The API may refuse a form outright (bidi embeddings are not plain text): then nothing of it is stored.
    const accepted = new Map<string, (typeof MASKING_VARIANTS)[number]>();
    for (const [i, variant] of MASKING_VARIANTS.entries()) {
      const res = await visitor.post('/api/chatbot-logs', {
        sessionId, id: `masked-turn-${i}`, userQuestion: `제 정보는 ${variant.text} 입니다`, botAnswer: `확인했습니다: ${variant.text}`,
        knowledgeId: null, responseTime: 100, resolved: false, satisfactionScore: null, tags: [],
      });
      expect([201, 400], variant.label).toContain(res.status);
      if (res.status === 400) expect((res.body as { errors: Record<string, string> }).errors, variant.label).toHaveProperty('userQuestion');
      if (res.status === 201) accepted.set(`masked-turn-${i}`, variant);
    }
    expect(accepted.size).toBeGreaterThanOrEqual(30);
    const turns = storedEvents(sessionId).filter((e) => e.type === 'ChatTurnLogged');
    expect(turns.map((t) => t.data.logId).sort()).toEqual([...accepted.keys()].sort());
    const leaks = turns.flatMap(({ data }) => {
      const variant = accepted.get(data.logId as string)!;
      return [data.userQuestion as string, data.botAnswer as string]
        .filter((text) => secretLeft(text, variant.secret) || text.includes(variant.text)).map((text) => `${variant.label}: ${text}`);
    });
    expect(leaks).toEqual([]);
  });

  it('a live message to an agent is masked the same way before it is stored', async () => {
    const customer = server.client();
    const agent = server.client();
    expect((await agent.post('/api/auth/demo', { role: 'admin' })).status).toBe(200);
    const sessionId = `masking-live-${Date.now().toString(36)}`;
    expect((await customer.post('/api/chat-sessions', { id: sessionId })).status).toBe(201);
    expect((await customer.post(`/api/chat-sessions/${sessionId}/escalate`, { reason: '연락처 010\u200B2345\u200B6789로 전화 주세요' })).status).toBe(200);
    expect((await agent.post(`/api/chat-sessions/${sessionId}/assign`)).status).toBe(200);
    const said = ['+82 10 2345 6789', '850505 - 2345678', '5500.0000.0000.0004', 'kim.test@도메인.한국', 'leejy(at)example.com', '환불은 신한 110-123-456789로'];
    for (const content of said) expect((await customer.post(`/api/chat-sessions/${sessionId}/messages`, { content: `제 정보: ${content}` })).status).toBe(201);
    const texts = storedEvents(sessionId).flatMap((e) => Object.values(e.data).filter((v): v is string => typeof v === 'string'));
    for (const secret of ['23456789', '2345678', '550000000000', 'kim.test', 'leejy', '11012345']) {
      expect(texts.filter((text) => secretLeft(text, secret)), secret).toEqual([]);
    }
    expect(texts).toContain('제 정보: +82-10-****-****');
    expect(texts).toContain('제 정보: 환불은 신한 ***-***-**6789로');
  });
});
