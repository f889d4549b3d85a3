import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { CHAT_JOIN, CHAT_SEND, RANKING_FOLLOW, SOCKET_EVENTS, type ChatSendAnswer, type KnowledgeEntry } from '@phonemarket/contracts';
import { BARE_EVENTS, connectSocket, connectSockets, slowestArrival, startBareSocketServer, type Relayed } from './bareSocket.ts';
import { call, type Jar } from './httpClient.ts';
import { showsRanking } from './rankingPages.ts';
import type { PairsArgs, PairsResult } from './sequentialReads.ts';
import { summarize } from './stats.ts';

/**
 * Issue 13's figures on a running embedded product, each beside its bare baseline measured in
 * alternating turns (issue 44):
 *  - kb_search_p99_ms: `POST /api/knowledge-base/search` with Korean questions against 1,000 approved entries;
 *    beside it, the same question to a bare node:http server that scans the same entries with
 *    `String.includes` (kbScan);
 *  - chat_rtt_p99_ms: `chats` live chats at once (guest customers, one agent socket in every chat's room):
 *    customer → agent → customer, each line sent over the sender's socket (`chat:send`, ADR 031: decided,
 *    appended, relayed to the room) and heard as the room's `chat:message`. In each round every chat sends
 *    one message, the sends spread evenly over `windowMs` (people type at their own pace: 200 chats each
 *    writing every 2 s is 100 questions and 100 answers a second), so the figure is the round trip under
 *    that live load rather than the queue of 400 commands fired in the same millisecond; beside each
 *    round, a round of the same chats on a bare Socket.IO server relaying customer → agent → customer;
 *    after those, as information (ADR 009), as many rounds on a relay that first appends each line to a
 *    bare SQLite log (`appendLog`), as the product must store a line before anyone sees it, and as many
 *    rounds of the product's chats with every line sent as an HTTP command (the path of clients without a socket);
 *  - push_1k_p99_ms: `sockets` connected sockets, of which those on a page that shows the live ranking follow it
 *    (bench/src/rankingPages.ts, a quarter by default; ADR 023, seventh session); one ranking change → the slowest
 *    follower has `ranking:update`; beside each change, a bare Socket.IO server with as many sockets broadcasting
 *    the same payload to a room of as many.
 */

const TOPICS = ['배송', '환불', '결제', '요금제', '개통', '교환', '수리', '중고폰', '견적', '포인트', '쿠폰', '할부', '유심', '번호이동', '약정', '보험', '케이스', '충전기', '배터리', '액정'];
const MODELS = ['갤럭시 S25', '아이폰 17', '픽셀 10', '갤럭시 Z 플립7', '아이폰 16e', '갤럭시 A56', '갤럭시 Z 폴드7', '아이폰 17 프로', '샤오미 15', '갤럭시 S24 FE'];
const ASKS = ['은 어떻게 하나요?', ' 기간은 얼마나 걸리나요?', ' 비용이 궁금해요', ' 신청 방법을 알려주세요', '이 가능한가요?'];
const QUESTIONS = ['배송은 언제 와요?', '아이폰17 환불 어떻게 하나요', '갤럭시 S25 개통은 얼마나 걸려요?', '요금제를 바꾸고 싶어요', '액정 수리 비용이 궁금해요', '중고폰 팔 수 있나요', '유심은 어디서 받나요?', '번호이동 신청 방법 알려주세요'];

export async function kbSearchFigures(baseUrl: string, opts: { entries: number; searches: number; pairs: (args: PairsArgs) => Promise<PairsResult> }) {
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
  const entries = (await call(baseUrl, 'GET', '/api/knowledge-base', admin)) as KnowledgeEntry[];
  const scan = await startKbScanServer(entries.filter((e) => e.status === '승인' && e.isActive));
  const guest: Jar = { cookie: '' };
  try {
    // Warm the index (built once per change of the knowledge base) and the scan's server.
    await call(baseUrl, 'POST', '/api/knowledge-base/search', guest, { query: QUESTIONS[0] });
    await call(scan.url, 'POST', '/search', null, { query: QUESTIONS[0] });
    // Each question to ours, then the same question to the scan, timed in the client worker (PairsArgs).
    const timed = await opts.pairs({
      pairs: Array.from({ length: opts.searches }, (_, i) => {
        const json = { query: QUESTIONS[i % QUESTIONS.length] };
        return [
          { url: `${baseUrl}/api/knowledge-base/search`, method: 'POST', json },
          { url: `${scan.url}/search`, method: 'POST', json },
        ] as const;
      }),
    });
    return { search: summarize(timed.first), hits: timed.firstHits, scan: summarize(timed.second), scanHits: timed.secondHits, scanned: scan.entries };
  } finally {
    await scan.close();
  }
}

/**
 * The bare baseline of the knowledge search: a node:http server holding the same approved entries,
 * answering `POST /search {query}` with the entries whose text includes the most of the question's
 * words (`String.includes` on each, no index, no scoring beyond the count), best five first.
 */
async function startKbScanServer(entries: readonly KnowledgeEntry[]): Promise<{ url: string; entries: number; close(): Promise<void> }> {
  const texts = entries.map((e) => ({ entry: e, text: `${e.question} ${e.answer} ${e.keywords.join(' ')}` }));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
      const words = query.split(/\s+/).filter(Boolean);
      const scored = texts.map(({ entry, text }) => ({ entry, score: words.filter((w) => text.includes(w)).length }))
        .filter((x) => x.score > 0).sort((x, y) => y.score - x.score).slice(0, 5);
      const body = Buffer.from(JSON.stringify(scored.map(({ entry, score }) => ({ ...entry, score }))));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    entries: entries.length,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

interface Push { sessionId: string; message: { id: string; type: string; content: string } }

/** Resolves true when `socket` has an `event` that `matches`, false after `timeoutMs` (an answer that never comes cannot hang the bench). */
function heardOn<T>(socket: Socket, event: string, matches: (payload: T) => boolean, timeoutMs = 10_000): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => { socket.off(event, listener); resolve(false); }, timeoutMs);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(true);
    };
    socket.on(event, listener);
  });
}

/** One round: chat i sends at i·windowMs/n (people type at their own pace); the round trips that came back, and the chats whose answer did not. */
async function chatRound(chats: number, windowMs: number, roundTrip: (chat: number) => Promise<number | null>): Promise<{ rtt: number[]; lost: number[] }> {
  const rtt: number[] = [];
  const lost: number[] = [];
  await Promise.all(Array.from({ length: chats }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i * windowMs) / chats));
    const ms = await roundTrip(i);
    if (ms === null) lost.push(i);
    else rtt.push(ms);
  }));
  return { rtt, lost };
}

/** The bare relay's chats: a customer socket per chat and one agent socket in every chat's room, the agent answering each question as it arrives. */
async function bareChats(url: string, rooms: readonly string[]) {
  const agent = await connectSocket(url);
  const customers: Socket[] = [];
  for (const room of rooms) {
    const customer = await connectSocket(url);
    customers.push(customer);
    await customer.emitWithAck(BARE_EVENTS.join, room);
    await agent.emitWithAck(BARE_EVENTS.join, room);
  }
  agent.on(BARE_EVENTS.relay, (m: Relayed) => {
    if (m.from === 'customer') agent.emit(BARE_EVENTS.relay, { room: m.room, from: 'agent', content: `답변 ${m.content}` } satisfies Relayed);
  });
  return {
    sockets: [agent, ...customers],
    async roundTrip(chat: number, content: string): Promise<number | null> {
      const customer = customers[chat]!;
      const room = rooms[chat]!;
      const answered = heardOn<Relayed>(customer, BARE_EVENTS.relay, (m) => m.room === room && m.from === 'agent' && m.content === `답변 ${content}`);
      const t = performance.now();
      customer.emit(BARE_EVENTS.relay, { room, from: 'customer', content } satisfies Relayed);
      return (await answered) ? performance.now() - t : null;
    },
  };
}

/** `appendLog`: a file for the bare relay that also stores each line (information beside the bare baseline, ADR 009). */
export async function chatFigures(baseUrl: string, opts: { chats: number; rounds: number; windowMs?: number; appendLog?: string; httpRounds?: number;
  /** Called around the alternating rounds (a profiler started and stopped there sees the round trips, not the chats' setup). */
  aroundRounds?: { start(): Promise<void>; stop(): Promise<void> };
  /** Each timed round trip of the alternating rounds, ours or the bare relay's, when it began and ended (performance.now()): what else ran in a slow one's window. */
  onTrip?: (path: 'ours' | 'bare', start: number, end: number) => void }) {
  const windowMs = opts.windowMs ?? 2_000;
  const agent: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', agent, { role: 'admin' });
  const customers: { jar: Jar; id: string; socket?: Socket }[] = [];
  const sockets: Socket[] = [];
  const bare = await startBareSocketServer();
  const appendingBare = opts.appendLog ? await startBareSocketServer(undefined, { appendTo: opts.appendLog }) : null;
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
    const agentSocket = await connectSocket(baseUrl, agent.cookie);
    sockets.push(agentSocket);
    for (const c of customers) {
      c.socket = await connectSocket(baseUrl, c.jar.cookie);
      sockets.push(c.socket);
      const joined = (await c.socket.emitWithAck(CHAT_JOIN, { sessionId: c.id, minPosition: last })) as { ok: boolean };
      const agentJoined = (await agentSocket.emitWithAck(CHAT_JOIN, { sessionId: c.id, minPosition: last })) as { ok: boolean };
      if (!joined.ok || !agentJoined.ok) throw new Error(`could not join chat ${c.id}`);
    }
    const relay = await bareChats(bare.url, customers.map((c) => c.id));
    sockets.push(...relay.sockets);
    const appendingRelay = appendingBare ? await bareChats(appendingBare.url, customers.map((c) => c.id)) : null;
    sockets.push(...(appendingRelay?.sockets ?? []));
    // The agent answers every customer message at once (as a console would, on the push), over the
    // path the question came by: its socket (`chat:send`) or an HTTP command.
    // What went wrong with an answer that never came: the agent never heard the question, or its answer was refused.
    const heard = new Set<string>();
    const refused: string[] = [];
    const refuse = (err: unknown) => { refused.push(err instanceof Error ? err.message.slice(0, 200) : String(err)); };
    let overHttp = false;
    agentSocket.on(SOCKET_EVENTS.chatMessage, (p: Push) => {
      if (p.message.type !== 'user') return;
      heard.add(p.message.content);
      const content = `답변 ${p.message.content}`;
      if (overHttp) {
        void call(baseUrl, 'POST', `/api/chat-sessions/${p.sessionId}/messages`, agent, { content }).catch(refuse);
        return;
      }
      (agentSocket.emitWithAck(CHAT_SEND, { sessionId: p.sessionId, messageId: `${p.message.id}-a`, content }) as Promise<ChatSendAnswer>)
        .then((answer) => { if (!answer.ok) refuse(new Error(answer.message)); }, refuse);
    });
    const unheard: string[] = [];
    const rtt: number[] = [];
    const bareRtt: number[] = [];
    let lost = 0;
    let bareLost = 0;
    // CPU this process spent per round trip, ours and the relay's (both sides of each live here: server
    // and clients): what the host must give each round trip, which the p99s only show as queueing.
    let cpuMs = 0;
    let bareCpuMs = 0;
    const appendRtt: number[] = [];
    let appendCpuMs = 0;
    const httpRtt: number[] = [];
    let httpCpuMs = 0;
    let httpLost = 0;
    const cpuOf = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
      const before = process.cpuUsage();
      const result = await fn();
      const used = process.cpuUsage(before);
      return [result, (used.user + used.system) / 1000];
    };
    /** One of our chats' round trips: the customer's line over its socket (or as an HTTP command), until the agent's answer is heard. */
    const ourRoundTrip = async (chat: number, content: string, lineId: string): Promise<number | null> => {
      const c = customers[chat]!;
      const answered = heardOn<Push>(c.socket!, SOCKET_EVENTS.chatMessage, (p) => p.sessionId === c.id && p.message.type === 'agent' && p.message.content === `답변 ${content}`);
      const t = performance.now();
      if (overHttp) {
        await call(baseUrl, 'POST', `/api/chat-sessions/${c.id}/messages`, c.jar, { id: lineId, content });
      } else {
        const answer = (await c.socket!.emitWithAck(CHAT_SEND, { sessionId: c.id, messageId: lineId, content })) as ChatSendAnswer;
        if (!answer.ok) throw new Error(`chat:send refused: ${answer.message}`);
      }
      if (!(await answered)) return null;
      const ms = performance.now() - t;
      if (!overHttp) opts.onTrip?.('ours', t, t + ms);
      return ms;
    };
    await opts.aroundRounds?.start();
    // A round of the product's chats, then a round of the same chats on the bare relay.
    for (let round = 0; round < opts.rounds; round++) {
      const content = (chat: number) => `질문 ${round}-${customers[chat]!.id}`;
      const [ours, oursCpu] = await cpuOf(() => chatRound(customers.length, windowMs, (chat) => ourRoundTrip(chat, content(chat), `line-s${round}-${chat}`)));
      cpuMs += oursCpu;
      rtt.push(...ours.rtt);
      lost += ours.lost.length;
      unheard.push(...ours.lost.map(content).filter((c) => !heard.has(c)));
      // Timed the same way; the relay's round trips are only wrapped when a caller asks for each one.
      const { onTrip } = opts;
      const bareTrip = onTrip
        ? async (chat: number) => { const ms = await relay.roundTrip(chat, content(chat)); if (ms !== null) onTrip('bare', performance.now() - ms, performance.now()); return ms; }
        : (chat: number) => relay.roundTrip(chat, content(chat));
      const [base, baseCpu] = await cpuOf(() => chatRound(customers.length, windowMs, bareTrip));
      bareCpuMs += baseCpu;
      bareRtt.push(...base.rtt);
      bareLost += base.lost.length;
    }
    await opts.aroundRounds?.stop();
    // The relay that appends, and our chats over HTTP commands, after the alternating rounds (information
    // only): between them they would stretch idle HTTP connections past the server's keep-alive (5 s), so
    // a next round would open new connections and race the server closing the old ones.
    if (appendingRelay) {
      for (let round = 0; round < opts.rounds; round++) {
        const [stored, storedCpu] = await cpuOf(() => chatRound(customers.length, windowMs, (chat) => appendingRelay.roundTrip(chat, `저장 ${round}-${customers[chat]!.id}`)));
        appendCpuMs += storedCpu;
        appendRtt.push(...stored.rtt);
        bareLost += stored.lost.length;
      }
    }
    overHttp = true;
    for (let round = 0; round < (opts.httpRounds ?? opts.rounds); round++) {
      const [http, cpu] = await cpuOf(() => chatRound(customers.length, windowMs, (chat) => ourRoundTrip(chat, `HTTP ${round}-${customers[chat]!.id}`, `line-h${round}-${chat}`)));
      httpCpuMs += cpu;
      httpRtt.push(...http.rtt);
      httpLost += http.lost.length;
    }
    const trips = opts.rounds * customers.length;
    return { rtt: summarize(rtt), lost, unheard, refused, bare: summarize(bareRtt), bareLost, cpuPerRoundTripMs: cpuMs / trips, bareCpuPerRoundTripMs: bareCpuMs / trips,
      appendingBare: appendingRelay ? summarize(appendRtt) : null, appendingBareCpuPerRoundTripMs: appendCpuMs / trips,
      overHttp: httpRtt.length > 0 ? summarize(httpRtt) : null, overHttpLost: httpLost, overHttpCpuPerRoundTripMs: httpCpuMs / ((opts.httpRounds ?? opts.rounds) * customers.length || 1) };
  } finally {
    for (const s of sockets) s.disconnect();
    await bare.close();
    await appendingBare?.close();
  }
}

export async function pushFigures(baseUrl: string, opts: { sockets: number; samples: number; rankingShare: number }) {
  const listed = (await call(baseUrl, 'GET', '/api/products?limit=100&sort=priceAsc', null)) as { products: { id: string; modelId?: string }[] };
  // The phones a view may name (a listing's id, or its model's where listings are offers of a model).
  const productIds = [...new Set(listed.products.flatMap((p) => [p.id, ...(p.modelId ? [p.modelId] : [])]))];
  const event = SOCKET_EVENTS.rankingUpdate;
  const bare = await startBareSocketServer(event);
  const sockets: Socket[] = [];
  try {
    const all = await connectSockets(baseUrl, opts.sockets);
    sockets.push(...all);
    const bareAll = await connectSockets(bare.url, opts.sockets);
    sockets.push(...bareAll);
    // The tabs that show the ranking follow it, on both servers; the others hear no snapshot, and only the followers' arrivals are timed.
    const following = (_: Socket, i: number) => showsRanking(i, opts.rankingShare);
    const ours = all.filter(following);
    const bareSockets = bareAll.filter(following);
    await Promise.all([...ours.map((s) => s.emitWithAck(RANKING_FOLLOW)), ...bareSockets.map((s) => s.emitWithAck(BARE_EVENTS.join, 'ranking'))]);
    // The payload the product pushed last, broadcast as it is by the bare server.
    let payload: unknown = null;
    ours[0]!.on(event, (p: unknown) => { payload = p; });
    const ms: number[] = [];
    const bareMs: number[] = [];
    let missed = 0;
    for (let i = 0; i < productIds.length && ms.length < opts.samples; i++) {
      // A first view of another phone from this address: a ranking change when it enters or moves in the list.
      const pushed = await slowestArrival(ours, event, () => call(baseUrl, 'POST', `/api/products/${productIds[i]}/views`, null).then(() => true, () => false));
      if (pushed === null) {
        missed++;
        continue;
      }
      ms.push(pushed);
      // Then the same payload from the bare server to as many sockets.
      const body = JSON.stringify(payload);
      const broadcast = await slowestArrival(bareSockets, event, () => fetch(`${bare.url}/broadcast?room=ranking`, { method: 'POST', body }).then((r) => r.ok, () => false));
      if (broadcast === null) throw new Error('the bare Socket.IO server did not reach every socket in 2 s');
      bareMs.push(broadcast);
    }
    return { push: summarize(ms), missed, bare: summarize(bareMs), payloadBytes: Buffer.byteLength(JSON.stringify(payload)), followers: ours.length };
  } finally {
    for (const s of sockets) s.disconnect();
    await bare.close();
  }
}
