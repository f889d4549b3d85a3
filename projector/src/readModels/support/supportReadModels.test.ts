import { describe, expect, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectChanged, expectDocuments, expectPushes, type ProjectionAssertion, type SpecEvent } from '../../testing/projectionSpecification.ts';
import { CHAT_SESSIONS, CHAT_TEXTS, INQUIRIES, KNOWLEDGE_ENTRIES, chatTranscriptOf, supportReadModel, type ChatSessionDoc } from './supportReadModels.ts';

const given = ProjectionSpecification.for(supportReadModel);

describe('support read model', () => {
  it('tells the customer staff answered their inquiry', async () => {
    const inquiry = streams.inquiry('inq-1');
    await given([{ type: 'InquirySubmitted', stream: inquiry, data: { inquiryId: 'inq-1', userId: 'u-1', category: '주문배송', title: '배송 문의', content: '언제 오나요', priority: '보통' } }])
      .when({ type: 'InquiryAnswered', stream: inquiry, data: { resolutionNote: '오늘 출발합니다', assignedTo: 'u-admin' } })
      .then(
        expectDocuments.fromCollection(INQUIRIES).withId('inq-1').toMatch({ status: '접수', resolutionNote: '오늘 출발합니다', assignedTo: 'u-admin' }),
        expectPushes([{ topic: 'inquiryAnswered', room: 'user:u-1', payload: { inquiryId: 'inq-1', title: '배송 문의', status: '접수' } }]),
      );
  });

  it("rates the knowledge entry that answered a chat turn, once per turn, and logs the turn in the session's transcript", async () => {
    const chat = streams.chatSession('chat-1');
    const fields = { category: '배송', question: '배송 기간?', answer: '2~3일', keywords: [], requiresAuth: false, roles: [], sourceInquiryId: null };
    await given([
      { type: 'KnowledgeEntryCreated', stream: streams.knowledgeEntry('kb-1'), data: { entryId: 'kb-1', ...fields, status: '승인' } },
      { type: 'ChatSessionStarted', stream: chat, data: { sessionId: 'chat-1', userId: null, visitorKey: 'visitor-0001', customerName: '방문자', tags: [] } },
    ])
      .when([
        { type: 'ChatTurnLogged', stream: chat, data: { logId: 'log-1', userQuestion: '배송 기간?', botAnswer: '2~3일', knowledgeId: 'kb-1', responseTime: 5, resolved: true, satisfactionScore: 5, tags: [] } },
        { type: 'ChatTurnRated', stream: chat, data: { logId: 'log-2', knowledgeId: 'kb-1', satisfactionScore: 2 } },
      ])
      .then(
        expectDocuments.fromCollection(KNOWLEDGE_ENTRIES).withId('kb-1').toMatch({ ratingCount: 2, ratingSum: 7, satisfactionScore: 3.5 }),
        expectDocuments.fromCollection(CHAT_SESSIONS).withId('chat-1').toMatch({ totalMessages: 2, satisfactionScore: 2, lines: 2, lastLine: { id: 'log-1.a', type: 'bot' } }),
        expectTranscript('chat-1', [{ id: 'log-1.q', type: 'user' }, { id: 'log-1.a', type: 'bot', knowledgeId: 'kb-1' }]),
        expectChanged(['knowledge']),
      );
  });
});

describe('chat sessions (issue 37 §1: a line costs the same at any length of transcript)', () => {
  const chat = streams.chatSession('chat-0001');
  const started: SpecEvent = { type: 'ChatSessionStarted', stream: chat, data: { sessionId: 'chat-0001', userId: 'u-1', visitorKey: null, customerName: '민준', tags: [] } };
  const posted = (n: number, from: 'customer' | 'agent' = 'customer', messageId = `line-${n}`): SpecEvent =>
    ({ type: 'ChatMessagePosted', stream: chat, data: { messageId, from, authorId: from === 'customer' ? 'u-1' : 'u-admin', authorName: from === 'customer' ? '민준' : '상담원', content: `줄 ${n}` } });
  const escalated: SpecEvent = { type: 'ChatSessionEscalated', stream: chat, data: { reason: '' } };
  const assigned: SpecEvent = { type: 'ChatSessionAssigned', stream: chat, data: { agentId: 'u-admin', agentName: '상담원' } };

  /** The session document as stored after `lines` lines (the last one a customer's). */
  async function sessionAfter(lines: number): Promise<ChatSessionDoc> {
    let stored: ChatSessionDoc | null = null;
    await given([started, escalated, assigned, ...Array.from({ length: lines - 1 }, (_, i) => posted(i))])
      .when(posted(lines - 1))
      .then(async ({ docs }) => { stored = await docs.collection<ChatSessionDoc>(CHAT_SESSIONS).get('chat-0001'); });
    return stored!;
  }

  it('the session document holds no transcript: after 500 lines it has the fields and (but for its counts) the size it has after 1', async () => {
    const [one, many] = [await sessionAfter(1), await sessionAfter(500)];
    expect(Object.keys(many).sort()).toEqual(Object.keys(one).sort());
    expect(many).toMatchObject({ totalMessages: 500, lines: 502, lastLine: { id: 'line-499', content: '줄 499' } });
    // The counts and the last line's id and text take a few more digits: 3 bytes each, nothing per line.
    expect(JSON.stringify(many).length - JSON.stringify(one).length).toBeLessThanOrEqual(4 * 3 + 4);
  });

  it("the transcript is every line in order: a bot turn's question then answer, system lines, each posted line", async () => {
    const at = (minute: number) => new Date(Date.parse('2026-11-20T11:00:00.000Z') + minute * 60_000).toISOString();
    await given([started])
      .when([
        { type: 'ChatTurnLogged', stream: chat, at: at(0), data: { logId: 'log-1', userQuestion: '배터리 교체 되나요?', botAnswer: '서비스센터에서 됩니다', knowledgeId: null, responseTime: 5, resolved: false, satisfactionScore: null, tags: [] } },
        { type: 'ChatTurnLogged', stream: chat, at: at(1), data: { logId: 'log-2', userQuestion: '', botAnswer: '더 궁금한 점이 있으신가요?', knowledgeId: null, responseTime: 5, resolved: false, satisfactionScore: null, tags: [] } },
        { ...escalated, at: at(2) },
        { ...assigned, at: at(3) },
        { ...posted(1, 'agent'), at: at(4) },
        { ...posted(2), at: at(5) },
        { type: 'ChatSessionClosed', stream: chat, at: at(6), data: { closedBy: 'agent' } },
      ])
      .then(
        expectTranscript('chat-0001', [
          { id: 'log-1.q', type: 'user', content: '배터리 교체 되나요?', timestamp: at(0), authorName: null, knowledgeId: null },
          { id: 'log-1.a', type: 'bot', content: '서비스센터에서 됩니다', timestamp: at(0), authorName: null, knowledgeId: null },
          { id: 'log-2.a', type: 'bot', content: '더 궁금한 점이 있으신가요?', timestamp: at(1), authorName: null, knowledgeId: null },
          { id: 'spec-4', type: 'system', content: CHAT_TEXTS.escalated, timestamp: at(2), authorName: null, knowledgeId: null },
          { id: 'spec-5', type: 'system', content: CHAT_TEXTS.assigned, timestamp: at(3), authorName: '상담원', knowledgeId: null },
          { id: 'line-1', type: 'agent', content: '줄 1', timestamp: at(4), authorName: '상담원', knowledgeId: null },
          { id: 'line-2', type: 'user', content: '줄 2', timestamp: at(5), authorName: '민준', knowledgeId: null },
          { id: 'spec-8', type: 'system', content: CHAT_TEXTS.closed, timestamp: at(6), authorName: null, knowledgeId: null },
        ], { exact: true }),
        expectDocuments.fromCollection(CHAT_SESSIONS).withId('chat-0001').toMatch({ totalMessages: 5, lines: 8, status: 'closed', lastLine: { id: 'spec-8', type: 'system' } }),
      );
  });

  it('a chat the customer ended says so to both sides (the chat\'s room and the support queue hear it closed)', async () => {
    await given([started, escalated, assigned, posted(1)])
      .when({ type: 'ChatSessionClosed', stream: chat, data: { closedBy: 'customer' } })
      .then(
        expectTranscript('chat-0001', [{ type: 'system' }, { type: 'system' }, { id: 'line-1' }, { type: 'system', content: '고객님이 상담을 종료했습니다.' }], { exact: false }),
        ({ pushed }) => {
          const session = expect.objectContaining({ status: 'closed' });
          expect(pushed).toEqual([
            { topic: 'chatMessage', room: 'chat:chat-0001', payload: { sessionId: 'chat-0001', message: expect.objectContaining({ type: 'system', content: '고객님이 상담을 종료했습니다.' }), session } },
            { topic: 'chatClosed', room: 'support', payload: { session } },
          ]);
        },
      );
  });

  it('a line pushes itself with the session to the chat, and the session with its new count to the support queue', async () => {
    await given([started, escalated, assigned])
      .when(posted(1))
      .then(({ pushed }) => {
        const session = expect.objectContaining({ totalMessages: 1, status: 'active' });
        expect(pushed).toEqual([
          { topic: 'chatMessage', room: 'chat:chat-0001', payload: { sessionId: 'chat-0001', message: expect.objectContaining({ id: 'line-1', content: '줄 1' }), session } },
          { topic: 'chatUpdated', room: 'support', payload: { sessionId: 'chat-0001', totalMessages: 1 } },
        ]);
        expect(pushed[0]!.payload).not.toHaveProperty('session.lines');
      });
  });
});

/** The transcript a session's document answers (the route's read), its lines as given (`exact`) or matching them. */
function expectTranscript(sessionId: string, lines: Record<string, unknown>[], { exact = false } = {}): ProjectionAssertion {
  return async ({ docs }) => {
    const session = await docs.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId);
    const transcript = await chatTranscriptOf(docs, session!);
    if (exact) expect(transcript).toEqual(lines);
    else expect(transcript).toMatchObject(lines);
  };
}
