import { CHATBOT_STATS_PATH, chatbotStatsSchema } from '@phonemarket/contracts/chatbotAdmin.ts';
import { summarize } from './stats.ts';

/**
 * Issue 29's figure on a running embedded product: `GET /api/admin/chatbot/stats` (the admin's
 * /admin/chatbot) over `sessions` chats of the demo buyer, each with two logged questions (one of
 * four the knowledge base answers, one of three it does not) and most rated, read `reads` times for
 * the default 7 days and for 90 days: every read sums the sessions, groups the questions by their
 * keywords and runs the matcher on the unanswered ones.
 */
interface Jar { cookie: string }

async function call(baseUrl: string, method: string, path: string, jar: Jar, body?: unknown): Promise<{ body: unknown; position?: string }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar.cookie ? { cookie: jar.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (set.length) jar.cookie = [...jar.cookie.split('; ').filter((c) => c && !set.some((s) => s.split('=')[0] === c.split('=')[0])), ...set].join('; ');
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  const parsed = text ? JSON.parse(text) as { position?: string } : null;
  return { body: parsed, position: parsed?.position };
}

const ANSWERED = ['배송은 언제 와요?', '환불은 어떻게 신청하나요?', '회원가입은 어떻게 하나요?', '배송 언제 와요'];
const UNANSWERED = ['펫보험 되나요?', '매장 주차 가능한가요', '케이스 색상 추가 되나요'];

export async function chatbotStatsFigures(baseUrl: string, opts: { sessions: number; reads: number }) {
  const buyer: Jar = { cookie: '' };
  const admin: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', buyer, { role: 'user' });
  await call(baseUrl, 'POST', '/api/auth/demo', admin, { role: 'admin' });
  let last = '0';
  const run = Date.now().toString(36);
  for (let i = 0; i < opts.sessions; i++) {
    const sessionId = `bench-${run}-${i}`;
    await call(baseUrl, 'POST', '/api/chat-sessions', buyer, { id: sessionId, tags: [] });
    await call(baseUrl, 'POST', '/api/chatbot-logs', buyer, { id: `q1-${run}-${i}`, sessionId, userQuestion: ANSWERED[i % ANSWERED.length], botAnswer: '안내', knowledgeId: 'kb-delivery-time', responseTime: 1000 + (i % 900) });
    const r = await call(baseUrl, 'POST', '/api/chatbot-logs', buyer, { id: `q2-${run}-${i}`, sessionId, userQuestion: UNANSWERED[i % UNANSWERED.length], botAnswer: '죄송합니다', knowledgeId: null, responseTime: 1200 });
    last = r.position ?? last;
    if (i % 4 !== 3) last = (await call(baseUrl, 'PATCH', `/api/chat-sessions/${sessionId}`, buyer, { satisfactionScore: 1 + (i % 5) })).position ?? last;
  }
  // Caught up, and the matcher index warm.
  const first = chatbotStatsSchema.parse((await fetch(`${baseUrl}${CHATBOT_STATS_PATH}`, { headers: { cookie: admin.cookie, 'x-min-position': last } }).then((r) => r.json())));
  if (first.totals.sessions < opts.sessions) throw new Error(`stats counted ${first.totals.sessions} sessions of ${opts.sessions}`);
  const today = first.period.to;
  const from90 = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  const ms: number[] = [];
  for (let i = 0; i < opts.reads; i++) {
    const path = i % 2 ? `${CHATBOT_STATS_PATH}?from=${from90}&to=${today}` : CHATBOT_STATS_PATH;
    const t = performance.now();
    const res = await fetch(baseUrl + path, { headers: { cookie: admin.cookie } });
    await res.arrayBuffer();
    ms.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  }
  return { stats: summarize(ms), totals: first.totals };
}
