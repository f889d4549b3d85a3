/**
 * Issue 43, part 3: a soak of 10,000 Socket.IO clients on one embedded server (query-api's realtime),
 * signed-in and guests, in the ranking (the tabs that show it), user (signed-in: cart and notification pushes)
 * and chat rooms, while pushes go out at a steady rate for 5 minutes.
 *
 * The clients run in child processes (bench/src/sockets10kClient.ts: the wire protocol over `ws`, no
 * socket.io-client objects, so the clients' CPU does not decide the p99 on a shared host), each spreading
 * its sockets over 8 loopback source addresses of its own (127.0.<process>.2–9), and the server in a
 * process of its own (bench/src/soakServer.ts, asked for its memory over IPC, after a full GC), so the RSS
 * figures are the server's alone. Each tab shows a page: a share of them (BENCH_SOCKETS_RANKING_SHARE, default
 * a quarter: bench/src/rankingPages.ts) one that shows the live ranking, and only those follow it (ADR 023,
 * seventh session). Each second: a view of a phone from a new address (a ranking change →
 * `ranking:update` to the sockets that follow the ranking), a cart change of one signed-in account, in turn (→ `cart:updated` to its
 * sockets), and an agent's message in one of the chats (→ `chat:message` to that chat's sockets).
 *
 * Keys: push_10k_p99_ms (every arrival at every socket, since its trigger was sent), connect_10k_s (all
 * connected), rss_per_socket_kb (server RSS growth with every socket connected, per socket),
 * rss_after_disconnect_pct (server RSS after all disconnected against its start, both after a last-resort
 * GC: V8 keeps the pages it freed resident until a memory-reducing GC, ADR 023), rss_kept_after_disconnect_pct
 * (the same after a regular full GC), held_after_disconnect_pct (heap + external), and the server's and
 * the clients' CPU over the pushes' wall time.
 *
 * Environment: BENCH_SOCKETS (default 10,000), BENCH_SOCKETS_SECONDS (default 300; 30 for a quick try),
 * BENCH_SOCKETS_CLIENTS (client processes, default 2), BENCH_SOCKETS_RANKING_SHARE (of the tabs, those that
 * show the live ranking, 0–1, default 0.25; 1: every socket, as measured before the ranking room), BENCH_SOCKETS_ACCOUNTS (the accounts the signed-in sockets
 * belong to: default one per two of them, 2,500 at 10,000 sockets; 1 = the demo buyer holds them all),
 * BENCH_SOCKETS_PROFILE (a folder: the soak server writes a V8 CPU profile there when it ends). Open files: the server holds one descriptor per
 * socket: `ulimit -n` must exceed BENCH_SOCKETS plus a few hundred (raise it in the shell that runs
 * `npm run bench`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { call, sleep, type Jar } from './httpClient.ts';
import { rankingShareOf, showsRanking } from './rankingPages.ts';
import { round, summarize, type Summary } from './stats.ts';
import { socketSplit } from './socketSplit.ts';
import { HISTOGRAM_MS, PUSH_KINDS, type ClientAnswer, type ClientRequest, type PushKind, type SocketPlan } from './sockets10kClient.ts';
import type { BroadcastRecord, RankingPushCounts, RssByMapping, SocketWrites, SoakServerAnswer, SoakServerMessage } from './soakServer.ts';

/** `rankingShare`: of the tabs, those on a page that shows the live ranking (bench/src/rankingPages.ts). */
export interface SocketsSoakOptions { sockets: number; seconds: number; clients: number; chats: number; accounts: number; rankingShare: number; log: (msg: string) => void }

/** Signed-in sockets per account by default: a real user has a tab or two open (ADR 023, "The soak's accounts"). */
export const TABS_PER_ACCOUNT = 2;
/** The signed-in sockets of `sockets`: the odd ones (see `plans` in `socketsSoak`; chat customers' are among the even). */
export const signedInSockets = (sockets: number) => Math.floor(sockets / 2);
/** BENCH_SOCKETS_ACCOUNTS, else one account per two signed-in sockets (1: the demo buyer holds them all, as measured before 2026-11-29). */
export const accountsOf = (given: string | undefined, sockets: number) =>
  given ? Number(given) : Math.max(1, Math.ceil(signedInSockets(sockets) / TABS_PER_ACCOUNT));

export const socketsSoakOptions = (log: (msg: string) => void, sockets = Number(process.env.BENCH_SOCKETS ?? 10_000)): SocketsSoakOptions => ({
  sockets,
  seconds: Number(process.env.BENCH_SOCKETS_SECONDS ?? 300),
  clients: Number(process.env.BENCH_SOCKETS_CLIENTS ?? 2),
  chats: 20,
  accounts: accountsOf(process.env.BENCH_SOCKETS_ACCOUNTS, sockets),
  rankingShare: rankingShareOf(process.env.BENCH_SOCKETS_RANKING_SHARE),
  log,
});

const now = () => performance.timeOrigin + performance.now();
/** TCP sockets the server may keep after the disconnects: the bench's keep-alive HTTP connections. */
const SOCKETS_LEFT_OPEN = 50;
/** Loopback source addresses per client process: one address has about 28,000 ephemeral ports. */
const SOURCE_ADDRESSES = 8;

/** The server's memory (its own process, bench/src/soakServer.ts): RSS, and JS heap + buffers (RSS keeps pages an earlier phase freed, so it can hide what the sockets take; this cannot); after a full GC when `gc`. */
export type ServerMemory = (gc: boolean, lastResort?: boolean) => Promise<{ rssMb: number; heldMb: number; arrayBuffersMb: number; heapTotalMb: number; cpuMs: number; systemCpuMs: number; rssByMapping: RssByMapping; openSockets: number }>;
/** The soak server's instrumentation: its broadcasts, its writes to the sampled sockets, the ranking push's counts; `sample` names the sockets to time. */
export interface ServerProbe { broadcasts(): Promise<{ broadcasts: BroadcastRecord[]; writes: SocketWrites; rankingPush: RankingPushCounts | null }>; sample(sids: string[]): void }

/** The product in a process of its own (RSS figures that are the server's alone), answering its memory over IPC. */
export async function startSoakServer(dataDir: string, accounts: number): Promise<{ url: string; pid: number; env: NodeJS.ProcessEnv; accountCookies: string[]; accountsSeconds: number; memory: ServerMemory; probe: ServerProbe; close(): Promise<void> }> {
  const env = process.env;
  const child = fork(path.join(import.meta.dirname, 'soakServer.ts'), [dataDir, String(accounts)], { env, execArgv: [...process.execArgv, '--expose-gc', ...(process.env.BENCH_SOCKETS_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SOCKETS_PROFILE}`] : [])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T extends SoakServerAnswer['type']>(type: T) => new Promise<Extract<SoakServerAnswer, { type: T }>>((resolve, reject) => {
    const onMessage = (answer: SoakServerAnswer) => { if (answer.type === type) { child.off('exit', onExit); child.off('message', onMessage); resolve(answer as Extract<SoakServerAnswer, { type: T }>); } };
    const onExit = (code: number | null) => { child.off('message', onMessage); reject(new Error(`soak server exited (${code})`)); };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  const ready = await next('ready');
  const ask = (msg: SoakServerMessage) => { child.send(msg); };
  return {
    url: ready.url,
    accountCookies: ready.accountCookies,
    accountsSeconds: ready.accountsSeconds,
    pid: child.pid!,
    env,
    async memory(gc, lastResort) { const answer = next('memory'); ask({ type: 'memory', gc, lastResort }); const m = await answer; return { rssMb: m.rssMb, heldMb: m.heldMb, arrayBuffersMb: m.arrayBuffersMb, heapTotalMb: m.heapTotalMb, cpuMs: m.cpuMs, systemCpuMs: m.systemCpuMs, rssByMapping: m.rssByMapping, openSockets: m.openSockets }; },
    probe: {
      async broadcasts() { const answer = next('broadcasts'); ask({ type: 'broadcasts' }); const a = await answer; return { broadcasts: a.broadcasts, writes: a.writes, rankingPush: a.rankingPush }; },
      sample(sids) { ask({ type: 'sample', sids }); },
    },
    async close() { const closed = next('closed').catch(() => undefined); ask({ type: 'close' }); await closed; },
  };
}

interface Client { child: ChildProcess; ask(msg: ClientRequest): Promise<ClientAnswer> }
function startClient(): Client {
  const child = fork(path.join(import.meta.dirname, 'sockets10kClient.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    child,
    ask: (msg) => new Promise((resolve, reject) => {
      child.once('message', (answer: ClientAnswer) => resolve(answer));
      child.once('exit', (code) => reject(new Error(`socket client exited (${code})`)));
      child.send(msg);
    }),
  };
}

/** The allocator settings in `env` (`NAME=value`), for the report: a run with other settings says so. */
const allocatorSettings = (env: NodeJS.ProcessEnv) =>
  Object.entries(env).filter(([k]) => k.startsWith('MALLOC_') || k === 'GLIBC_TUNABLES' || k === 'LD_PRELOAD').map(([k, v]) => `${k}=${v}`).join(' ');

/** A request from a given loopback address: a view from a new address is a new visitor (a ranking change). */
function viewFrom(baseUrl: string, productId: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/products/${encodeURIComponent(productId)}/views`, { method: 'POST', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function summary(histogram: number[]) {
  const count = histogram.reduce((a, b) => a + b, 0);
  const at = (p: number) => {
    let seen = 0;
    for (const [ms, n] of histogram.entries()) { seen += n; if (seen >= p * count) return ms + 1; }
    return HISTOGRAM_MS;
  };
  let max = 0;
  for (const [ms, n] of histogram.entries()) if (n > 0) max = ms + 1;
  return { count, p50: count ? at(0.5) : 0, p99: count ? at(0.99) : 0, max };
}

/**
 * The server's part of each push: from its trigger to the broadcast's start (the command, the projector,
 * the outbox: the product's path) and the broadcast itself (the frame written to each socket of the
 * room), each push matched to the last trigger of its kind before it, as the clients match arrivals.
 */
function serverSplit(broadcasts: readonly BroadcastRecord[], triggers: Record<PushKind, number[]>) {
  return Object.fromEntries(PUSH_KINDS.map((kind) => {
    const sorted = [...triggers[kind]].sort((a, b) => a - b);
    // A push written in slices (the ranking, latest wins) is several broadcasts: grouped by their trigger.
    const byTrigger = new Map<number, { startedAt: number; endedAt: number }>();
    for (const b of broadcasts) {
      if (b.event !== kind) continue;
      const trigger = sorted.findLast((t) => t <= b.startedAt);
      if (trigger === undefined) continue;
      const push = byTrigger.get(trigger);
      if (push) push.endedAt = Math.max(push.endedAt, b.endedAt);
      else byTrigger.set(trigger, { startedAt: b.startedAt, endedAt: b.endedAt });
    }
    const path = [...byTrigger].map(([trigger, p]) => p.startedAt - trigger);
    const writes = [...byTrigger.values()].map((p) => p.endedAt - p.startedAt);
    const bytes = broadcasts.filter((b) => b.event === kind).map((b) => b.bytes);
    return [kind, path.length ? { pushes: path.length, path: summarize(path), writes: summarize(writes), bytes: summarize(bytes) } : null];
  })) as Record<PushKind, { pushes: number; path: Summary; writes: Summary; bytes: Summary } | null>;
}

export async function socketsSoak(baseUrl: string, opts: SocketsSoakOptions, memory: ServerMemory, probe?: ServerProbe, accountCookies: readonly string[] = []) {
  const { log } = opts;
  // Who is connected: half the sockets guests, half signed in, over `opts.accounts` accounts (default two
  // tabs each), the cart change each second rotating over them: a user room as the product sees it (an
  // account's own tabs). With one account every signed-in socket is the demo buyer's, so each cart change
  // goes to 5,000 sockets (the mix measured before 2026-11-29; ADR 023). The accounts and their sessions
  // are made by the soak server before it starts (bench/src/soakAccounts.ts).
  const buyers: { jar: Jar; cartLine: string | null }[] = [];
  if (opts.accounts <= 1) {
    const jar: Jar = { cookie: '' };
    await call(baseUrl, 'POST', '/api/auth/demo', jar, { role: 'user' });
    buyers.push({ jar, cartLine: null });
  } else {
    if (accountCookies.length !== opts.accounts) throw new Error(`${accountCookies.length} account sessions for ${opts.accounts} accounts`);
    for (const cookie of accountCookies) buyers.push({ jar: { cookie }, cartLine: null });
  }
  const agent: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', agent, { role: 'admin' });
  const chats: { id: string; jar: Jar }[] = [];
  for (let i = 0; i < opts.chats; i++) {
    const jar: Jar = { cookie: '' };
    const id = `soak-chat-${Date.now().toString(36)}-${i}`;
    await call(baseUrl, 'POST', '/api/chat-sessions', jar, { id });
    await call(baseUrl, 'POST', `/api/chat-sessions/${id}/escalate`, jar, { reason: 'soak' });
    await call(baseUrl, 'POST', `/api/chat-sessions/${id}/assign`, agent);
    chats.push({ id, jar });
  }
  const listed = (await call(baseUrl, 'GET', '/api/products?limit=100&sort=priceAsc', null)) as { products: { id: string; modelId?: string }[] };
  const productIds = [...new Set(listed.products.flatMap((p) => [p.id, ...(p.modelId ? [p.modelId] : [])]))];
  const cartOffer = listed.products[0]!.id;

  // Every 20th socket a chat customer's (10 per chat at 10,000), every other one a buyer's, the rest guests.
  // Which page each tab shows: `rankingShare` of the pairs of sockets (a guest's and a buyer's) on a page that
  // shows the live ranking, and so follow it; the others (and the chat customers, in their chat) on pages
  // without it, which are sent no ranking snapshot (ADR 023, seventh session). Sampled (the server times its
  // writes to them): 3 in 40 (a chat customer's, a buyer's and a guest's) and the first ranking pair of every 40.
  const ranking = (i: number) => (i % 20 !== 0 || opts.rankingShare >= 1) && showsRanking(Math.floor(i / 2), opts.rankingShare);
  const firstRankingPair = (i: number) => { const from = i - (i % 40); for (let j = from; j < from + 40; j += 2) if (ranking(j + 1)) return j; return -1; };
  const plans: SocketPlan[] = Array.from({ length: opts.sockets }, (_, i) => ({
    ...(i % 20 === 0 ? { cookie: chats[(i / 20) % chats.length]!.jar.cookie, chat: chats[(i / 20) % chats.length]!.id } : { cookie: i % 2 ? buyers[((i - 1) / 2) % buyers.length]!.jar.cookie : '', chat: null }),
    ranking: ranking(i),
    sample: i % 40 < 3 || i - (i % 2) === firstRankingPair(i),
  }));
  const rankingSockets = plans.filter((p) => p.ranking).length;
  const sampledSockets = plans.filter((p) => p.sample).length;

  await sleep(500);
  // The start twice: after a regular full GC, then after a last-resort one (V8's memory-reducing GC, which
  // also gives back the pages it pooled); each end is compared with the start measured the same way.
  const { rssMb: rssStartKept, heapTotalMb: committedStart } = await memory(true);
  // Heap + external too after the last-resort GC: right after a regular one it read above the connected
  // size in two runs out of four (what that GC had not yet swept, it seems), never after this one.
  const { rssMb: rssStart, heldMb: heldStart, arrayBuffersMb: buffersStart, rssByMapping: mappingStart } = await memory(true, true);
  const clients = Array.from({ length: opts.clients }, startClient);
  try {
    const t0 = performance.now();
    const connected = await Promise.all(clients.map((c, i) => c.ask({
      type: 'connect', url: baseUrl, sockets: plans.filter((_, j) => j % opts.clients === i),
      // Each process's sockets spread over loopback source addresses of their own (127.0.<process>.2–9).
      localAddresses: Array.from({ length: SOURCE_ADDRESSES }, (_, a) => `127.0.${i}.${2 + a}`),
    })));
    const connectS = (performance.now() - t0) / 1000;
    const ok = connected.reduce((n, a) => n + (a.type === 'connected' ? a.connected : 0), 0);
    const failed = connected.reduce((n, a) => n + (a.type === 'connected' ? a.failed : 0), 0);
    const firstError = connected.map((a) => (a.type === 'connected' ? a.firstError : null)).find(Boolean);
    log(`  ${ok} sockets connected in ${connectS.toFixed(1)} s (${failed} failed${firstError ? `: ${firstError}` : ''})`);
    if (ok < opts.sockets) throw new Error(`only ${ok} of ${opts.sockets} sockets connected (${firstError ?? 'no error'}); is ulimit -n above ${opts.sockets}?`);
    await sleep(1_000);
    await probe?.broadcasts(); // the connect phase's, if any: not the pushes'
    probe?.sample(connected.flatMap((a) => (a.type === 'connected' ? a.sampled : [])));
    const { rssMb: rssConnected, heldMb: heldConnected, arrayBuffersMb: buffersConnected, heapTotalMb: committedConnected, cpuMs: serverCpuStart, systemCpuMs: serverSystemCpuStart, rssByMapping: mappingConnected } = await memory(true);
    const pushStarted = performance.now();

    const triggers: Record<PushKind, number[]> = { 'ranking:update': [], 'cart:updated': [], 'chat:message': [] };
    const failures: string[] = [];
    for (let tick = 0; tick < opts.seconds; tick++) {
      const started = performance.now();
      try {
        triggers['ranking:update'].push(now());
        await viewFrom(baseUrl, productIds[tick % productIds.length]!, `127.1.${Math.floor(tick / 250)}.${1 + (tick % 250)}`);
        triggers['cart:updated'].push(now());
        const buyer = buyers[tick % buyers.length]!;
        if (buyer.cartLine) { await call(baseUrl, 'DELETE', `/api/cart/items/${buyer.cartLine}`, buyer.jar); buyer.cartLine = null; }
        else {
          await call(baseUrl, 'POST', '/api/cart/items', buyer.jar, { productId: cartOffer });
          buyer.cartLine = ((await call(baseUrl, 'GET', '/api/cart', buyer.jar)) as { items: { itemId: string }[] }).items[0]?.itemId ?? null;
        }
        triggers['chat:message'].push(now());
        await call(baseUrl, 'POST', `/api/chat-sessions/${chats[tick % chats.length]!.id}/messages`, agent, { content: `안내 ${tick}` });
      } catch (err) {
        failures.push(err instanceof Error ? err.message.slice(0, 200) : String(err));
      }
      if (tick % 30 === 0) { const m = await memory(false); log(`  soak ${tick} s, server RSS ${m.rssMb.toFixed(0)} MB, ${m.openSockets} TCP sockets open`); }
      await sleep(Math.max(0, 1_000 - (performance.now() - started)));
    }
    await sleep(2_000);
    const pushWallMs = performance.now() - pushStarted;
    const afterPushes = await memory(false);
    const serverPushCpuMs = afterPushes.cpuMs - serverCpuStart;
    const serverPushSystemCpuMs = afterPushes.systemCpuMs - serverSystemCpuStart;
    const probed = probe ? await probe.broadcasts() : null;
    const server = probed ? serverSplit(probed.broadcasts, triggers) : null;
    const answers = await Promise.all(clients.map((c) => c.ask({ type: 'latencies', triggers })));
    const perSocket = probed ? socketSplit(probed.writes, Object.assign({}, ...answers.map((a) => (a.type === 'latencies' ? a.sampledArrivals : {}))) as Record<string, Record<PushKind, number[]>>, triggers) : null;
    const merged = Object.fromEntries(PUSH_KINDS.map((k) => [k, new Array<number>(HISTOGRAM_MS + 1).fill(0)])) as Record<PushKind, number[]>;
    for (const a of answers) if (a.type === 'latencies') for (const k of PUSH_KINDS) a.byKind[k].forEach((n, ms) => { merged[k][ms]! += n; });
    const sum = (xs: ClientAnswer[], f: (a: ClientAnswer) => number) => xs.reduce((n, a) => n + f(a), 0);
    const clientsPushCpuMs = sum(answers, (a) => (a.type === 'latencies' ? a.cpuMs : 0)) - sum(connected, (a) => (a.type === 'connected' ? a.cpuMs : 0));
    const unknownFrames = answers.reduce((n, a) => n + (a.type === 'latencies' ? a.unknownFrames : 0), 0);
    const all = new Array<number>(HISTOGRAM_MS + 1).fill(0);
    for (const k of PUSH_KINDS) merged[k].forEach((n, ms) => { all[ms]! += n; });

    await Promise.all(clients.map((c) => c.ask({ type: 'disconnect' })));
    // The end is measured once the server has closed the sockets the clients left (on a starved host that
    // took longer than the few seconds once waited: the heap was measured above its connected size), then a GC.
    const closing = performance.now();
    let open = (await memory(false)).openSockets;
    while (open > SOCKETS_LEFT_OPEN && performance.now() - closing < 120_000) { await sleep(1_000); open = (await memory(false)).openSockets; }
    log(`  ${open} TCP sockets still open on the server ${((performance.now() - closing) / 1000).toFixed(1)} s after the disconnects`);
    await sleep(1_000);
    await memory(true);
    await sleep(5_000);
    const { rssMb: rssEndKept, heapTotalMb: committedEnd } = await memory(true);
    const { rssMb: rssEnd, heldMb: heldEnd, arrayBuffersMb: buffersEnd, rssByMapping: mappingEnd } = await memory(true, true);
    return {
      connectS, unknownFrames, pushWallMs, rankingSockets, sampledSockets, server, perSocket, rankingPush: probed?.rankingPush ?? null, serverPushCpuMs, serverPushSystemCpuMs, clientsPushCpuMs, triggers: PUSH_KINDS.reduce((n, k) => n + triggers[k].length, 0), rssStart, rssConnected, rssEnd, rssStartKept, rssEndKept, heldStart, heldConnected, heldEnd, buffersStart, buffersConnected, buffersEnd, committedStart, committedConnected, committedEnd, mappingStart, mappingConnected, mappingEnd, failures,
      heldPerSocketKb: ((heldConnected - heldStart) * 1e3) / opts.sockets,
      perSocketKb: ((rssConnected - rssStart) * 1e3) / opts.sockets,
      afterDisconnectPct: ((rssEnd - rssStart) / rssStart) * 100,
      keptAfterDisconnectPct: ((rssEndKept - rssStartKept) / rssStartKept) * 100,
      heldAfterDisconnectPct: ((heldEnd - heldStart) / heldStart) * 100,
      push: summary(all),
      byKind: Object.fromEntries(PUSH_KINDS.map((k) => [k, summary(merged[k])])) as Record<PushKind, ReturnType<typeof summary>>,
    };
  } finally {
    for (const c of clients) c.child.kill();
  }
}

/** The section of bench/run.ts: one call there. The server runs in a process of its own (its RSS alone is measured). */
export async function socketsSoakSection(opts: {
  dataDir: string; set: (key: string, value: number, digits?: number) => void; notes: string[]; log: (msg: string) => void;
}) {
  const soak = socketsSoakOptions(opts.log);
  const server = await startSoakServer(opts.dataDir, soak.accounts);
  opts.log(`  ${soak.accounts > 1 ? `${soak.accounts} accounts and their sessions made, ` : ''}server started and its processes caught up in ${server.accountsSeconds.toFixed(1)} s`);
  try {
    const r = await socketsSoak(server.url, soak, server.memory, server.probe, server.accountCookies);
    opts.set('push_10k_p99_ms', r.push.p99);
    opts.set('push_10k_ranking_sockets', r.rankingSockets, 0);
    opts.set('push_10k_p50_ms', r.push.p50);
    opts.set('connect_10k_s', r.connectS);
    opts.set('rss_per_socket_kb', r.perSocketKb);
    opts.set('rss_after_disconnect_pct', r.afterDisconnectPct);
    opts.set('rss_kept_after_disconnect_pct', r.keptAfterDisconnectPct);
    opts.set('held_after_disconnect_pct', r.heldAfterDisconnectPct);
    opts.set('push_10k_server_cpu_share', r.serverPushCpuMs / r.pushWallMs);
    opts.set('push_10k_clients_cpu_share', r.clientsPushCpuMs / r.pushWallMs);
    // CPU per push (per trigger) and per socket write (per arrival counted by the clients), the server's and the clients'.
    const arrivals = PUSH_KINDS.reduce((n, k) => n + r.byKind[k].count, 0);
    opts.set('push_10k_server_cpu_ms_per_push', r.serverPushCpuMs / r.triggers, 1);
    opts.set('push_10k_server_cpu_us_per_socket', (r.serverPushCpuMs * 1e3) / arrivals, 1);
    opts.set('push_10k_server_system_cpu_share', r.serverPushSystemCpuMs / r.serverPushCpuMs);
    opts.set('push_10k_clients_cpu_us_per_socket', (r.clientsPushCpuMs * 1e3) / arrivals, 1);
    if (r.perSocket) {
      // The sampled sockets: how much of the p99 is the server's (trigger → write to the socket) and how much the client's (write → read).
      opts.set('push_10k_sampled_p99_ms', r.perSocket.all.total.p99);
      opts.set('push_10k_sampled_server_p99_ms', r.perSocket.all.server.p99);
      opts.set('push_10k_sampled_client_p99_ms', r.perSocket.all.client.p99);
      opts.notes.push(`sockets soak, ${r.sampledSockets} sampled sockets (3 in 40: chat customers', buyers', guests'; and the first pair of every 40 that follows the ranking; each arrival matched with the server's write to it; ${r.perSocket.unmatched} writes unmatched, ${r.perSocket.skipped} arrivals before the first timed write): ${PUSH_KINDS.map((k) => { const x = r.perSocket!.byKind[k]; return `${k} ${x.total.count} arrivals, total p50 ${x.total.p50} / p99 ${x.total.p99}, server (trigger → write) p50 ${x.server.p50} / p99 ${x.server.p99}, client (write → read) p50 ${x.client.p50} / p99 ${x.client.p99} ms`; }).join('; ')}`);
    }
    if (r.rankingPush) opts.notes.push(`sockets soak, the ranking push: ${r.rankingPush.snapshots} snapshots, ${r.rankingPush.writes} socket writes, ${r.rankingPush.superseded} writes a newer snapshot replaced (latest wins)`);
    if (r.server) {
      // The server's part of the p99, for telling the product's path from the host's delivery (ADR 009).
      const split = PUSH_KINDS.flatMap((k) => r.server![k] ?? []);
      if (split.length) {
        opts.set('push_10k_server_path_p99_ms', Math.max(...split.map((k) => k.path.p99)));
        opts.set('push_10k_server_writes_p99_ms', Math.max(...split.map((k) => k.writes.p99)));
      }
    }
    const kinds = PUSH_KINDS.map((k) => `${k} ${r.byKind[k].count} arrivals p50 ${r.byKind[k].p50} / p99 ${r.byKind[k].p99} / max ${r.byKind[k].max} ms`).join('; ');
    if (r.server) opts.notes.push(`sockets soak, the server's part of each push (trigger → broadcast start: the command, projector and outbox; then the broadcast's writes to every socket of its room): ${PUSH_KINDS.map((k) => { const x = r.server![k]; return x ? `${k} ${x.pushes} pushes of ${round(x.bytes.p50, 0)} bytes (p50), path p50 ${round(x.path.p50, 1)} / p99 ${round(x.path.p99, 1)} ms, writes p50 ${round(x.writes.p50, 1)} / p99 ${round(x.writes.p99, 1)} ms` : `${k} no push`; }).join('; ')}`);
    opts.notes.push(`sockets soak: ${soak.sockets} sockets over ${soak.clients} client processes, signed-in ones over ${soak.accounts} account(s), ${r.rankingSockets} of them on a page that shows the live ranking (share ${soak.rankingShare}: they alone follow it and hear its snapshots), ${soak.seconds} s of pushes, the server in its own process: ${kinds}; server RSS ${r.rssStart.toFixed(0)} → ${r.rssConnected.toFixed(0)} (connected) → ${r.rssEnd.toFixed(0)} MB (all gone; start and end after a last-resort GC), after a regular full GC ${r.rssStartKept.toFixed(0)} → ${r.rssEndKept.toFixed(0)} MB; heap+external ${r.heldStart.toFixed(0)} → ${r.heldConnected.toFixed(0)} → ${r.heldEnd.toFixed(0)} MB (${r.heldPerSocketKb.toFixed(1)} KB per socket; ArrayBuffers among it ${r.buffersStart.toFixed(0)} → ${r.buffersConnected.toFixed(0)} → ${r.buffersEnd.toFixed(0)} MB); V8's committed heap ${r.committedStart.toFixed(0)} → ${r.committedConnected.toFixed(0)} → ${r.committedEnd.toFixed(0)} MB; ` +
      `resident in malloc's main heap (brk) ${(['mappingStart', 'mappingConnected', 'mappingEnd'] as const).map((k) => r[k].brk.toFixed(0)).join(' → ')} MB, in other anonymous mappings ${(['mappingStart', 'mappingConnected', 'mappingEnd'] as const).map((k) => r[k].anon.toFixed(0)).join(' → ')} MB, in files ${(['mappingStart', 'mappingConnected', 'mappingEnd'] as const).map((k) => r[k].file.toFixed(0)).join(' → ')} MB; the server's allocator settings: ${allocatorSettings(server.env) || 'defaults'}; ` +
      `CPU during the ${(r.pushWallMs / 1000).toFixed(0)} s of pushes: server ${(r.serverPushCpuMs / 1000).toFixed(1)} s (system ${(r.serverPushSystemCpuMs / 1000).toFixed(1)} s), clients ${(r.clientsPushCpuMs / 1000).toFixed(1)} s${r.unknownFrames ? `; ${r.unknownFrames} frames of other events` : ''}` +
      `${r.failures.length ? `; ${r.failures.length} triggers failed (${r.failures.slice(0, 2).join('; ')})` : ''}`);
  } finally {
    await server.close();
  }
}
