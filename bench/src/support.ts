import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { RANKING_FOLLOW, SOCKET_EVENTS, type KnowledgeEntry } from '@phonemarket/contracts';
import { allocationCounter } from './allocated.ts';
import { BARE_EVENTS, connectSockets, slowestArrival, startBareSocketServer } from './bareSocket.ts';
import { runChatRounds, type ChatPhase, type ChatRoundsArgs } from './chatClients.ts';
import type { Client } from './client.ts';
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

/**
 * The chats' set-up over HTTP (guest customers' sessions escalated and assigned to one admin agent) and
 * the bare relays, on this thread; the sockets and the timed rounds in the client worker when `client`
 * is given (the bench: the server keeps its thread to itself, chatClients.ts), inline otherwise.
 * `appendLog`: a file for the bare relay that also stores each line (information beside the bare baseline, ADR 009).
 */
export async function chatFigures(baseUrl: string, opts: { chats: number; rounds: number; windowMs?: number; appendLog?: string; httpRounds?: number;
  client?: Pick<Client, 'chatRounds'>;
  /** Called around the alternating rounds (a profiler started and stopped there sees the round trips, not the chats' setup). */
  aroundRounds?: { start(): Promise<void>; stop(): Promise<void> };
  /** Each timed round trip of the alternating rounds, ours or the bare relay's, when it began and ended (performance.now() of this thread). */
  onTrip?: (path: 'ours' | 'bare', start: number, end: number) => void }) {
  const agent: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', agent, { role: 'admin' });
  const customers: { id: string; cookie: string }[] = [];
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
      customers.push({ id, cookie: jar.cookie });
    }
    const args: ChatRoundsArgs = {
      baseUrl, agentCookie: agent.cookie, customers, minPosition: last, bareUrl: bare.url, appendingBareUrl: appendingBare?.url ?? null,
      rounds: opts.rounds, windowMs: opts.windowMs ?? 2_000, httpRounds: opts.httpRounds ?? opts.rounds, recordTrips: opts.onTrip !== undefined,
    };
    await opts.aroundRounds?.start();
    // This thread's (the server's) heap allocations per arm: the clients tell as each arm's round begins.
    const allocated = { ours: 0, bare: 0 };
    const counter = allocationCounter();
    let arm: ChatPhase = 'after';
    const onPhase = (phase: ChatPhase) => {
      const bytes = counter.mark();
      if (arm !== 'after') allocated[arm] += bytes;
      arm = phase;
    };
    const r = await (opts.client ? opts.client.chatRounds(args, onPhase) : runChatRounds(args, onPhase)).finally(() => counter.stop());
    await opts.aroundRounds?.stop();
    for (const trip of r.trips) opts.onTrip?.(trip.path, trip.start - performance.timeOrigin, trip.end - performance.timeOrigin);
    const trips = opts.rounds * customers.length;
    return { rtt: summarize(r.rtt), lost: r.lost, unheard: r.unheard, refused: r.refused, bare: summarize(r.bareRtt), bareLost: r.bareLost,
      cpuPerRoundTripMs: r.cpuMs / trips, bareCpuPerRoundTripMs: r.bareCpuMs / trips,
      clientCpuPerRoundTripMs: r.clientCpuMs / trips, bareClientCpuPerRoundTripMs: r.bareClientCpuMs / trips,
      faultsPerRoundTrip: r.faults / trips, bareFaultsPerRoundTrip: r.bareFaults / trips,
      allocKbPerRoundTrip: allocated.ours / 1024 / trips, bareAllocKbPerRoundTrip: allocated.bare / 1024 / trips,
      appendingBare: appendingBare ? summarize(r.appendRtt) : null, appendingBareCpuPerRoundTripMs: r.appendCpuMs / trips,
      overHttp: r.httpRtt.length > 0 ? summarize(r.httpRtt) : null, overHttpLost: r.httpLost, overHttpCpuPerRoundTripMs: r.httpCpuMs / (args.httpRounds * customers.length || 1) };
  } finally {
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
