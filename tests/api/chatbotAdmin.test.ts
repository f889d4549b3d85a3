import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeEntriesSchema, knowledgeSearchResultsSchema } from '@phonemarket/contracts';
import {
  CHATBOT_KNOWLEDGE_PATH, CHATBOT_SETTINGS_PATH, CHATBOT_STATS_PATH, DEFAULT_CHATBOT_SETTINGS, chatQuestionSource, chatbotPublicSettingsSchema, chatbotStatsSchema,
} from '@phonemarket/contracts/chatbotAdmin.ts';
import { adminSettingsSchema, settingsHistorySchema } from '@phonemarket/contracts/settings.ts';
import { minPosition as pos } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/*
 * Chatbot admin (issue 29): the figures of a known set of chat sessions, the role × route matrix of
 * every new route, a question and an inquiry turned into knowledge entries (대기, sourceInquiryId), and
 * the chatbot settings (threshold) used by the knowledge search.
 */

// 10:00 in Korea on 2026-03-10; the clock moves to the next days below.
let now = Date.parse('2026-03-10T01:00:00.000Z');
const DAY = 86_400_000;
let server: TestServer;
beforeAll(async () => { server = await startTestServer({}, { clock: () => new Date(now) }); });
afterAll(async () => { await server?.close(); });

type Role = 'guest' | 'user' | 'seller' | 'admin';
async function as(role: Role): Promise<TestClient> {
  const c = server.client();
  if (role !== 'guest') expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
  return c;
}
let seq = 0;
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;
type Answer = { id: string; position: string };

/** One chat by the demo buyer: optional question (answered by `knowledgeId` or not), thumbs, escalation, end rating. */
async function chat(c: TestClient, opts: { question?: string; knowledgeId?: string | null; responseTime?: number; thumbs?: number; escalate?: boolean; endRating?: number } = {}) {
  const sessionId = newId('chat');
  let last = await c.post('/api/chat-sessions', { id: sessionId, tags: [] });
  expect(last.status).toBe(201);
  const logId = newId('log');
  if (opts.question) {
    last = await c.post('/api/chatbot-logs', { id: logId, sessionId, userQuestion: opts.question, botAnswer: opts.knowledgeId ? '답변' : '죄송합니다', knowledgeId: opts.knowledgeId ?? null, responseTime: opts.responseTime ?? 1000 });
    expect(last.status).toBe(201);
  }
  if (opts.thumbs) {
    last = await c.post('/api/chatbot-logs', { id: logId, sessionId, userQuestion: opts.question, botAnswer: '답변', knowledgeId: opts.knowledgeId ?? null, responseTime: 0, satisfactionScore: opts.thumbs });
    expect(last.status).toBe(201);
  }
  if (opts.escalate) expect((last = await c.post(`/api/chat-sessions/${sessionId}/escalate`, { reason: '' })).status).toBe(200);
  if (opts.endRating) expect((last = await c.request('PATCH', `/api/chat-sessions/${sessionId}`, { body: { satisfactionScore: opts.endRating } })).status).toBe(200);
  return { sessionId, logId, position: (last.body as Answer).position };
}

const PET = '펫보험 되나요?';
let unanswered: { sessionId: string; logId: string };
let lastPosition = '0';

describe('chatbot figures on a known set of sessions', () => {
  beforeAll(async () => {
    // Day 1 (2026-03-10 KST): 4 sessions, 2 resolved (an end rating of 5; a thumbs up), 1 escalated.
    let c = await as('user');
    await chat(c, { question: '배송은 언제 와요?', knowledgeId: 'kb-delivery-time', responseTime: 1000, endRating: 5 });
    await chat(c, { question: PET, knowledgeId: null, responseTime: 1200, escalate: true, endRating: 2 });
    await chat(c, { question: '배송 언제 와요', knowledgeId: 'kb-delivery-time', responseTime: 1400, thumbs: 5 });
    await chat(c, {});
    // Day 2 (2026-03-11 KST): 3 sessions, 2 resolved (ratings 4 and 5), the pet insurance question again.
    now += DAY;
    c = await as('user');
    await chat(c, { question: '배송은 언제 와요?', knowledgeId: 'kb-delivery-time', responseTime: 1600, endRating: 4 });
    const second = await chat(c, { question: '펫보험 되나요', knowledgeId: null, responseTime: 1800, endRating: 3 });
    unanswered = second;
    await chat(c, { endRating: 5 });
    // Day 3: outside the period asked for.
    now += DAY;
    c = await as('user');
    const outside = await chat(c, { question: '배송은 언제 와요?', knowledgeId: 'kb-delivery-time', endRating: 1 });
    lastPosition = outside.position;
  });

  it('GET /api/admin/chatbot/stats: sessions, messages, resolution and escalation rates, satisfaction, median first answer, by day', async () => {
    const admin = await as('admin');
    const res = await admin.get(`${CHATBOT_STATS_PATH}?from=2026-03-10&to=2026-03-11`, { 'x-min-position': lastPosition });
    expect(res.status).toBe(200);
    const stats = chatbotStatsSchema.parse(res.body);
    expect(stats.period).toEqual({ from: '2026-03-10', to: '2026-03-11' });
    expect(stats.totals).toEqual({
      sessions: 7, messages: 10, resolvedSessions: 4, resolutionRate: 0.5714, escalatedSessions: 1, escalationRate: 0.1429,
      ratedSessions: 6, averageSatisfaction: 4, medianFirstAnswerMs: 1400, questions: 5, unansweredQuestions: 2,
    });
    expect(stats.daily).toEqual([
      { day: '2026-03-10', sessions: 4, resolvedSessions: 2, resolutionRate: 0.5 },
      { day: '2026-03-11', sessions: 3, resolvedSessions: 2, resolutionRate: 0.6667 },
    ]);
    // Top questions group wordings by their keywords (spec §9 extraction).
    expect(stats.topQuestions[0]).toMatchObject({ question: '배송은 언제 와요?', count: 3, unanswered: 0 });
    expect(stats.topQuestions[1]).toMatchObject({ count: 2, unanswered: 2 });
    expect(stats.topQuestions.every((q) => q.keywords.length <= 10 && q.keywords.every((k) => k.length > 1))).toBe(true);
    expect(stats.unanswered).toHaveLength(1);
    expect(stats.unanswered[0]).toMatchObject({ question: '펫보험 되나요', count: 2, sessionId: unanswered.sessionId, logId: unanswered.logId, entry: null, answeredNowBy: null });

    // One day, and the default period (the last 7 days up to today, day 3).
    const one = chatbotStatsSchema.parse((await admin.get(`${CHATBOT_STATS_PATH}?from=2026-03-11&to=2026-03-11`)).body);
    expect(one.totals).toMatchObject({ sessions: 3, resolvedSessions: 2, resolutionRate: 0.6667 });
    const week = chatbotStatsSchema.parse((await admin.get(CHATBOT_STATS_PATH)).body);
    expect(week.period).toEqual({ from: '2026-03-06', to: '2026-03-12' });
    expect(week.daily).toHaveLength(7);
    expect(week.totals.sessions).toBe(8);
    const empty = chatbotStatsSchema.parse((await admin.get(`${CHATBOT_STATS_PATH}?from=2026-01-01&to=2026-01-02`)).body);
    expect(empty.totals).toMatchObject({ sessions: 0, resolutionRate: null, escalationRate: null, averageSatisfaction: null, medianFirstAnswerMs: null });
  });

  it('the period is checked, in Korean', async () => {
    const admin = await as('admin');
    const bad = await admin.get(`${CHATBOT_STATS_PATH}?from=2026-13-01`);
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors.from).toBe('날짜는 YYYY-MM-DD 형식으로 입력해주세요.');
    const reversed = await admin.get(`${CHATBOT_STATS_PATH}?from=2026-03-11&to=2026-03-10`);
    expect((reversed.body as { errors: Record<string, string> }).errors.to).toBe('종료일은 시작일보다 빠를 수 없습니다.');
    const long = await admin.get(`${CHATBOT_STATS_PATH}?from=2024-01-01&to=2026-03-10`);
    expect((long.body as { errors: Record<string, string> }).errors.from).toBe('기간은 최대 366일까지 조회할 수 있습니다.');
  });

  it('role × route: stats and the entry from a source are admins only; the widget settings are public', async () => {
    for (const role of ['guest', 'user', 'seller'] as const) {
      const c = await as(role);
      const expected = role === 'guest' ? 401 : 403;
      expect((await c.get(CHATBOT_STATS_PATH)).status).toBe(expected);
      expect((await c.post(CHATBOT_KNOWLEDGE_PATH, { source: { kind: 'question', ...unanswered }, question: PET, answer: '변경 가능합니다.' })).status).toBe(expected);
      expect((await c.request('PUT', '/api/admin/settings/chatbot', { body: DEFAULT_CHATBOT_SETTINGS })).status).toBe(expected);
      const settings = await c.get(CHATBOT_SETTINGS_PATH);
      expect(settings.status).toBe(200);
      expect(chatbotPublicSettingsSchema.parse(settings.body)).toEqual(DEFAULT_CHATBOT_SETTINGS);
    }
  });

  it('an unanswered question becomes a 대기 entry with its source; it answers only after approval; once per question', async () => {
    const admin = await as('admin');
    const user = await as('user');
    const body = { source: { kind: 'question', ...unanswered }, category: '기타', question: PET, answer: '휴대폰 보험은 통신사 부가서비스로 가입할 수 있습니다.', keywords: ['보험', '가입'] };
    const created = await admin.post(CHATBOT_KNOWLEDGE_PATH, body);
    expect(created.status).toBe(201);
    const { id } = created.body as Answer;
    const all = knowledgeEntriesSchema.parse((await admin.get('/api/knowledge-base', pos(created))).body);
    expect(all.find((e) => e.id === id)).toMatchObject({ status: '대기', sourceInquiryId: chatQuestionSource(unanswered.sessionId, unanswered.logId), question: PET, category: '기타' });
    const search = async (after: { body: unknown }) => knowledgeSearchResultsSchema.parse((await user.post('/api/knowledge-base/search', { query: PET }, pos(after))).body);
    expect((await search(created)).some((h) => h.id === id)).toBe(false);
    const stats = chatbotStatsSchema.parse((await admin.get(`${CHATBOT_STATS_PATH}?from=2026-03-10&to=2026-03-11`, pos(created))).body);
    expect(stats.unanswered[0]!.entry).toEqual({ id, status: '대기' });

    // Twice: 409; an answered question: 409; an unknown one: 404; a bad body: Korean field errors.
    expect((await admin.post(CHATBOT_KNOWLEDGE_PATH, body)).status).toBe(409);
    const answered = await chat(await as('user'), { question: '배송은 언제 와요?', knowledgeId: 'kb-delivery-time' });
    const refused = await admin.post(CHATBOT_KNOWLEDGE_PATH, { ...body, source: { kind: 'question', sessionId: answered.sessionId, logId: answered.logId } });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe('지식 베이스가 이미 답변한 질문입니다.');
    expect((await admin.post(CHATBOT_KNOWLEDGE_PATH, { ...body, source: { kind: 'question', sessionId: 'no-such-chat', logId: 'no-such-log' } })).status).toBe(404);
    const invalid = await admin.post(CHATBOT_KNOWLEDGE_PATH, { ...body, answer: '짧' });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { errors: Record<string, string> }).errors.answer).toBe('답변을 2자 이상 입력해주세요');

    // Reviewed on /admin-knowledge-base: an edit keeps the source; approval makes the bot answer it.
    const edited = await admin.request('PUT', `/api/knowledge-base/${id}`, { body: { category: '기타', question: PET, answer: '휴대폰 보험은 개통 후 30일 안에 통신사 부가서비스로 가입할 수 있습니다.', keywords: ['보험', '가입'] } });
    expect(edited.status).toBe(200);
    const approved = await admin.post(`/api/knowledge-base/${id}/review`, { status: '승인' });
    expect(approved.status).toBe(200);
    expect((await search(approved))[0]).toMatchObject({ id, sourceInquiryId: chatQuestionSource(unanswered.sessionId, unanswered.logId), answer: '휴대폰 보험은 개통 후 30일 안에 통신사 부가서비스로 가입할 수 있습니다.' });
    const after = chatbotStatsSchema.parse((await admin.get(`${CHATBOT_STATS_PATH}?from=2026-03-10&to=2026-03-11`, pos(approved))).body);
    expect(after.unanswered[0]).toMatchObject({ entry: { id, status: '승인' }, answeredNowBy: { id, question: PET } });
  });

  it('a resolved inquiry becomes a 대기 entry with sourceInquiryId; an open one is refused', async () => {
    const admin = await as('admin');
    const user = await as('user');
    const filed = await user.post('/api/inquiries', { category: '계정문제', title: '비밀번호를 잊었어요', content: '비밀번호를 잊어버렸는데 어떻게 찾나요?' });
    const inquiryId = (filed.body as Answer).id;
    const body = { source: { kind: 'inquiry', inquiryId }, category: '계정문제', question: '비밀번호를 잊었어요', answer: '로그인 화면의 비밀번호 찾기를 이용해주세요.' };
    const open = await admin.post(CHATBOT_KNOWLEDGE_PATH, body, pos(filed));
    expect(open.status).toBe(409);
    expect((open.body as { message: string }).message).toBe('답변이 완료된 문의만 지식 베이스에 추가할 수 있습니다.');
    const resolved = await admin.request('PATCH', `/api/inquiries/${inquiryId}`, { body: { status: '완료', resolutionNote: '로그인 화면의 비밀번호 찾기를 이용해주세요.' } });
    expect(resolved.status).toBe(200);
    const today = new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);
    const before = chatbotStatsSchema.parse((await admin.get(`${CHATBOT_STATS_PATH}?from=${today}&to=${today}`, pos(resolved))).body);
    expect(before.resolvedInquiries.find((i) => i.id === inquiryId)).toMatchObject({ title: '비밀번호를 잊었어요', resolutionNote: '로그인 화면의 비밀번호 찾기를 이용해주세요.', entry: null });
    const created = await admin.post(CHATBOT_KNOWLEDGE_PATH, body);
    expect(created.status).toBe(201);
    const entries = knowledgeEntriesSchema.parse((await admin.get('/api/knowledge-base', pos(created))).body);
    expect(entries.find((e) => e.id === (created.body as Answer).id)).toMatchObject({ status: '대기', sourceInquiryId: inquiryId });
    const after = chatbotStatsSchema.parse((await admin.get(`${CHATBOT_STATS_PATH}?from=${today}&to=${today}`, pos(created))).body);
    expect(after.resolvedInquiries.find((i) => i.id === inquiryId)!.entry).toEqual({ id: (created.body as Answer).id, status: '대기' });
    expect((await admin.post(CHATBOT_KNOWLEDGE_PATH, { ...body, source: { kind: 'inquiry', inquiryId: 'no-such-inquiry' } })).status).toBe(404);
  });
});

describe('chatbot settings (the chatbot section of the site settings)', () => {
  it('saved with history, answered to the widget, and the threshold decides what the knowledge search answers', async () => {
    const admin = await as('admin');
    const guest = await as('guest');
    const question = { query: '배송은 언제 와요?' };
    const hits = knowledgeSearchResultsSchema.parse((await guest.post('/api/knowledge-base/search', question)).body);
    expect(hits[0]!.id).toBe('kb-delivery-time');
    const best = hits[0]!.score;
    expect(best).toBeLessThan(5);

    // Korean errors on the fields.
    const bad = await admin.request('PUT', '/api/admin/settings/chatbot', { body: { matchThreshold: 7, replyDelayMinMs: 500, replyDelayMaxMs: 1500, handoffWaitSeconds: 0 } });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toMatchObject({
      matchThreshold: '답변 기준 점수는 0.5에서 5 사이로 입력해주세요. (소수점 한 자리까지)',
      replyDelayMinMs: '답변 지연 시간은 1,000밀리초에서 2,000밀리초 사이로 입력해주세요.',
      handoffWaitSeconds: '상담원 연결 대기 시간은 1초에서 300초 사이로 입력해주세요.',
    });
    const order = await admin.request('PUT', '/api/admin/settings/chatbot', { body: { matchThreshold: 1, replyDelayMinMs: 1800, replyDelayMaxMs: 1200, handoffWaitSeconds: 3 } });
    expect((order.body as { errors: Record<string, string> }).errors.replyDelayMaxMs).toBe('최대 지연 시간은 최소 지연 시간보다 짧을 수 없습니다.');

    // A threshold above the best match: no answer (the widget then offers an agent).
    const strict = { matchThreshold: Math.min(5, Math.ceil(best * 10 + 1) / 10), replyDelayMinMs: 1500, replyDelayMaxMs: 1500, handoffWaitSeconds: 10 };
    const saved = await admin.request('PUT', '/api/admin/settings/chatbot', { body: strict });
    expect(saved.status).toBe(200);
    expect(knowledgeSearchResultsSchema.parse((await guest.post('/api/knowledge-base/search', question, pos(saved))).body)).toEqual([]);
    expect(chatbotPublicSettingsSchema.parse((await guest.get(CHATBOT_SETTINGS_PATH, pos(saved))).body)).toEqual(strict);
    expect(adminSettingsSchema.parse((await admin.get('/api/admin/settings', pos(saved))).body).chatbot).toEqual(strict);
    const history = settingsHistorySchema.parse((await admin.get('/api/admin/settings/history', pos(saved))).body);
    expect(history[0]).toMatchObject({ section: 'chatbot', actor: { userId: 'admin-1' } });
    expect(history[0]!.changes).toContainEqual({ field: 'matchThreshold', from: 1, to: strict.matchThreshold });
    expect(history[0]!.changes).toContainEqual({ field: 'replyDelayMaxMs', from: 2000, to: 1500 });

    // Back below it: answered again.
    const lenient = await admin.request('PUT', '/api/admin/settings/chatbot', { body: { ...strict, matchThreshold: 0.5 } });
    expect(knowledgeSearchResultsSchema.parse((await guest.post('/api/knowledge-base/search', question, pos(lenient))).body)[0]!.id).toBe('kb-delivery-time');
  });
});
