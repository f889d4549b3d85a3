import { io, type Socket } from 'socket.io-client';
import { CHAT_JOIN, SOCKET_EVENTS } from '@phonemarket/contracts';
import { call, type Jar } from './httpClient.ts';
import { summarize } from './stats.ts';

/**
 * Issue 13's figures on a running embedded product:
 *  - kb_search_p99_ms: `POST /api/knowledge-base/search` with Korean questions against 1,000 approved entries;
 *  - chat_rtt_p99_ms: `chats` live chats at once (guest customers, one agent socket in every chat's room):
 *    customer → agent → customer over HTTP commands and Socket.IO pushes. In each round every chat sends
 *    one message, the sends spread evenly over `windowMs` (people type at their own pace: 200 chats each
 *    writing every 2 s is 100 questions and 100 answers a second), so the figure is the round trip under
 *    that live load rather than the queue of 400 commands fired in the same millisecond;
 *  - push_1k_p99_ms: `sockets` connected sockets, one ranking change → the slowest socket has `ranking:update`.
 */

const TOPICS = ['배송', '환불', '결제', '요금제', '개통', '교환', '수리', '중고폰', '견적', '포인트', '쿠폰', '할부', '유심', '번호이동', '약정', '보험', '케이스', '충전기', '배터리', '액정'];
const MODELS = ['갤럭시 S25', '아이폰 17', '픽셀 10', '갤럭시 Z 플립7', '아이폰 16e', '갤럭시 A56', '갤럭시 Z 폴드7', '아이폰 17 프로', '샤오미 15', '갤럭시 S24 FE'];
const ASKS = ['은 어떻게 하나요?', ' 기간은 얼마나 걸리나요?', ' 비용이 궁금해요', ' 신청 방법을 알려주세요', '이 가능한가요?'];
const QUESTIONS = ['배송은 언제 와요?', '아이폰17 환불 어떻게 하나요', '갤럭시 S25 개통은 얼마나 걸려요?', '요금제를 바꾸고 싶어요', '액정 수리 비용이 궁금해요', '중고폰 팔 수 있나요', '유심은 어디서 받나요?', '번호이동 신청 방법 알려주세요'];

export async function kbSearchFigures(baseUrl: string, opts: { entries: number; searches: number }) {
  const admin: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', admin, { role: 'admin' });
  const existing = ((await call(baseUrl, 'GET', '/api/knowledge-base', admin)) as unknown[]).length;
  for (let i = existing; i < opts.entries; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const model = MODELS[Math.floor(i / TOPICS.length) % MODELS.length]!;
    const ask = ASKS[Math.floor(i / (TOPICS.length * MODELS.length)) % ASKS.length]!;
    const created = (await call(baseUrl, 'POST', '/api/knowledge-base', admin, {
      category: '기타', question: `${model} ${topic}${ask} (${i})`, answer: `${model} ${topic} 안내 ${i}`, keywords: [topic, model.replace(/\s+/g, '')],
    })) as { id: string };
    await call(baseUrl, 'POST', `/api/knowledge-base/${created.id}/review`, admin, { status: '승인' });
  }
  const guest: Jar = { cookie: '' };
  // Warm the index (built once per change of the knowledge base).
  await call(baseUrl, 'POST', '/api/knowledge-base/search', guest, { query: QUESTIONS[0] });
  const ms: number[] = [];
  let hits = 0;
  for (let i = 0; i < opts.searches; i++) {
    const t = performance.now();
    const results = (await call(baseUrl, 'POST', '/api/knowledge-base/search', guest, { query: QUESTIONS[i % QUESTIONS.length] })) as unknown[];
    ms.push(performance.now() - t);
    if (results.length > 0) hits++;
  }
  return { search: summarize(ms), hits };
}

function connect(baseUrl: string, cookie: string): Promise<Socket> {
  const socket = io(baseUrl, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: cookie ? { cookie } : {} });
  return new Promise((resolve, reject) => { socket.once('connect', () => resolve(socket)); socket.once('connect_error', reject); });
}

interface Push { sessionId: string; message: { type: string; content: string } }

export async function chatFigures(baseUrl: string, opts: { chats: number; rounds: number; windowMs?: number }) {
  const windowMs = opts.windowMs ?? 2_000;
  const agent: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', agent, { role: 'admin' });
  const customers: { jar: Jar; id: string; socket?: Socket }[] = [];
  const sockets: Socket[] = [];
  try {
    let last = '0';
    for (let i = 0; i < opts.chats; i++) {
      const jar: Jar = { cookie: '' };
      const id = `bench-chat-${Date.now().toString(36)}-${i}`;
      await call(baseUrl, 'POST', '/api/chat-sessions', jar, { id });
      await call(baseUrl, 'POST', `/api/chat-sessions/${id}/escalate`, jar, { reason: 'bench' });
      last = ((await call(baseUrl, 'POST', `/api/chat-sessions/${id}/assign`, agent)) as { position: string }).position;
      customers.push({ jar, id });
    }
    const agentSocket = await connect(baseUrl, agent.cookie);
    sockets.push(agentSocket);
    for (const c of customers) {
      c.socket = await connect(baseUrl, c.jar.cookie);
      sockets.push(c.socket);
      const joined = (await c.socket.emitWithAck(CHAT_JOIN, { sessionId: c.id, minPosition: last })) as { ok: boolean };
      const agentJoined = (await agentSocket.emitWithAck(CHAT_JOIN, { sessionId: c.id, minPosition: last })) as { ok: boolean };
      if (!joined.ok || !agentJoined.ok) throw new Error(`could not join chat ${c.id}`);
    }
    // The agent answers every customer message at once (as a console would, on the push).
    // What went wrong with an answer that never came: the agent never heard the question, or its answer was refused.
    const heard = new Set<string>();
    const refused: string[] = [];
    agentSocket.on(SOCKET_EVENTS.chatMessage, (p: Push) => {
      if (p.message.type !== 'user') return;
      heard.add(p.message.content);
      void call(baseUrl, 'POST', `/api/chat-sessions/${p.sessionId}/messages`, agent, { content: `답변 ${p.message.content}` })
        .catch((err: unknown) => { refused.push(err instanceof Error ? err.message.slice(0, 200) : String(err)); });
    });
    const unheard: string[] = [];
    const rtt: number[] = [];
    let lost = 0;
    for (let round = 0; round < opts.rounds; round++) {
      await Promise.all(customers.map(async (c, i) => {
        await new Promise((r) => setTimeout(r, (i * windowMs) / customers.length));
        const content = `질문 ${round}-${c.id}`;
        // An answer that never comes is counted as lost after 10 s, so the bench cannot hang on it.
        const answered = new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => { c.socket!.off(SOCKET_EVENTS.chatMessage, listener); resolve(false); }, 10_000);
          const listener = (p: Push) => {
            if (p.sessionId === c.id && p.message.type === 'agent' && p.message.content === `답변 ${content}`) {
              clearTimeout(timer);
              c.socket!.off(SOCKET_EVENTS.chatMessage, listener);
              resolve(true);
            }
          };
          c.socket!.on(SOCKET_EVENTS.chatMessage, listener);
        });
        const t = performance.now();
        await call(baseUrl, 'POST', `/api/chat-sessions/${c.id}/messages`, c.jar, { content });
        if (await answered) rtt.push(performance.now() - t);
        else {
          lost++;
          if (!heard.has(content)) unheard.push(content);
        }
      }));
    }
    return { rtt: summarize(rtt), lost, unheard, refused };
  } finally {
    for (const s of sockets) s.disconnect();
  }
}

export async function pushFigures(baseUrl: string, opts: { sockets: number; samples: number }) {
  const listed = (await call(baseUrl, 'GET', '/api/products?limit=100&sort=priceAsc', null)) as { products: { id: string; modelId?: string }[] };
  // The phones a view may name (a listing's id, or its model's where listings are offers of a model).
  const productIds = [...new Set(listed.products.flatMap((p) => [p.id, ...(p.modelId ? [p.modelId] : [])]))];
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < opts.sockets; i += 50) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, opts.sockets - i) }, () => connect(baseUrl, '')))));
    }
    const ms: number[] = [];
    let missed = 0;
    for (let i = 0; i < productIds.length && ms.length < opts.samples; i++) {
      const arrivals = sockets.map((s) => new Promise<number>((resolve) => s.once(SOCKET_EVENTS.rankingUpdate, () => resolve(performance.now()))));
      const t = performance.now();
      // A first view of another phone from this address: a ranking change when it enters or moves in the list.
      const viewed = await call(baseUrl, 'POST', `/api/products/${productIds[i]}/views`, null).then(() => true, () => false);
      if (!viewed) {
        missed++;
        for (const s of sockets) s.removeAllListeners(SOCKET_EVENTS.rankingUpdate);
        continue;
      }
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000));
      const all = await Promise.race([Promise.all(arrivals), timeout]);
      if (all === null) {
        missed++;
        for (const s of sockets) s.removeAllListeners(SOCKET_EVENTS.rankingUpdate);
        continue;
      }
      ms.push(Math.max(...all) - t);
    }
    return { push: summarize(ms), missed };
  } finally {
    for (const s of sockets) s.disconnect();
  }
}
