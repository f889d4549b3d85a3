/**
 * One client process of the 10,000-socket soak (bench/src/sockets10k.ts): opens its share of sockets,
 * records when each push arrives, and at the end turns arrivals into latencies against the trigger times
 * the parent sends. A process of its own, so the server's RSS is the server's alone. Messages: see
 * `ClientRequest` / `ClientAnswer`.
 *
 * The sockets speak the Socket.IO v5 / Engine.IO v4 wire protocol themselves over `ws` (websocket
 * transport only), not through socket.io-client: a socket.io-client object costs the client ~10× the
 * CPU per pushed frame (decoding, its emitter chain), and with 10,000 of them on the same two cores as
 * the server the p99 measured the clients' CPU, not the push (ADR 009, twelfth pass). What a socket does:
 * the handshake (`0{…}` open → `40` connect → `40{sid}`), answers each ping `2` with `3`, joins its chat
 * with an acknowledged `42<id>["chat:join",…]`, and stamps each `42["<event>",…]` frame with its arrival
 * time by its event name (the payload is not parsed: the browser's cost, not the server's). Sockets are
 * spread over the loopback source addresses the parent gives (about 28,000 ephemeral ports each).
 */
import WebSocket from 'ws';
import { CHAT_JOIN } from '@phonemarket/contracts/support.ts';

export type PushKind = 'ranking:update' | 'cart:updated' | 'chat:message';
export const PUSH_KINDS: readonly PushKind[] = ['ranking:update', 'cart:updated', 'chat:message'];
export interface SocketPlan { cookie: string; chat: string | null }
export type ClientRequest =
  | { type: 'connect'; url: string; localAddresses: string[]; sockets: SocketPlan[] }
  | { type: 'latencies'; triggers: Record<PushKind, number[]> }
  | { type: 'disconnect' };
export type ClientAnswer =
  /** `cpuMs`: this process's CPU time so far (user + system), here and in `latencies`: what the clients spent. */
  | { type: 'connected'; connected: number; failed: number; firstError: string | null; cpuMs: number }
  /** Per kind: how many arrivals took each whole millisecond (index = ms, capped at the last bucket). */
  | { type: 'latencies'; byKind: Record<PushKind, number[]>; unknownFrames: number; cpuMs: number }
  | { type: 'disconnected' };

const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
const arrivals: Record<PushKind, number[]> = { 'ranking:update': [], 'cart:updated': [], 'chat:message': [] };
/** `42[…]` frames of an event this soak does not count (other pushes): reported, so a renamed event cannot hide. */
let unknownFrames = 0;
const send = (answer: ClientAnswer) => process.send!(answer);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** Frame prefixes of the counted events: `42["ranking:update",…` (a push has no ack id). */
const PREFIXES = PUSH_KINDS.map((kind) => [kind, Buffer.from(`42["${kind}"`)] as const);

function kindOf(frame: Buffer): PushKind | null {
  for (const [kind, prefix] of PREFIXES) if (frame.length > prefix.length && frame.compare(prefix, 0, prefix.length, 0, prefix.length) === 0) return kind;
  return null;
}

/** Opens one socket: resolves once connected to the `/` namespace and, for a chat's customer, joined to its chat. */
function open(url: string, localAddress: string, plan: SocketPlan): Promise<WebSocket> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(wsUrl, {
    localAddress, perMessageDeflate: false, skipUTF8Validation: true, handshakeTimeout: 60_000,
    headers: plan.cookie ? { cookie: plan.cookie } : {},
  });
  return new Promise((resolve, reject) => {
    let state: 'open' | 'connecting' | 'joining' | 'ready' = 'open';
    const fail = (why: string) => { if (state !== 'ready') { reject(new Error(why)); ws.terminate(); } };
    ws.on('error', (err) => fail(err.message));
    ws.on('close', () => fail('closed during the handshake'));
    ws.on('message', (data: Buffer) => {
      const type = data[0];
      if (type === 0x32 /* '2' ping */ && data.length === 1) { ws.send('3'); return; }
      if (state === 'ready') {
        if (data[0] === 0x34 && data[1] === 0x32) { // '42': an event
          const kind = kindOf(data);
          if (kind) arrivals[kind].push(now()); else unknownFrames++;
        }
        return;
      }
      const text = data.toString('utf8');
      if (state === 'open' && text.startsWith('0{')) { state = 'connecting'; ws.send('40'); }
      else if (state === 'connecting' && text.startsWith('40')) {
        if (!plan.chat) { state = 'ready'; resolve(ws); return; }
        state = 'joining';
        ws.send(`421${JSON.stringify([CHAT_JOIN, { sessionId: plan.chat, minPosition: '0' }])}`);
      } else if (state === 'connecting' && text.startsWith('44')) fail(`connect refused: ${text.slice(2, 200)}`);
      else if (state === 'joining' && text.startsWith('431')) {
        const [answer] = JSON.parse(text.slice(3)) as [{ ok: boolean; message?: string }];
        if (answer.ok) { state = 'ready'; resolve(ws); } else fail(`chat:join refused: ${answer.message ?? ''}`);
      }
    });
  });
}

export const HISTOGRAM_MS = 60_000;

/** Latencies of the arrivals, as a histogram: each since the last trigger of its kind at or before it (pushes are a second or more apart). */
function latencies(times: number[], triggers: number[]): number[] {
  const sorted = [...triggers].sort((a, b) => a - b);
  const out = new Array<number>(HISTOGRAM_MS + 1).fill(0);
  for (const t of times) {
    let lo = 0, hi = sorted.length - 1, found = -1;
    while (lo <= hi) { const mid = (lo + hi) >> 1; if (sorted[mid]! <= t) { found = mid; lo = mid + 1; } else hi = mid - 1; }
    if (found >= 0) out[Math.min(HISTOGRAM_MS, Math.floor(t - sorted[found]!))]!++;
  }
  return out;
}

process.on('message', (msg: ClientRequest) => {
  void (async () => {
    if (msg.type === 'connect') {
      let failed = 0;
      let firstError: string | null = null;
      // 200 handshakes in flight at a time: a burst of thousands at once only queues in the server's accept backlog.
      for (let i = 0; i < msg.sockets.length; i += 200) {
        const batch = await Promise.allSettled(msg.sockets.slice(i, i + 200).map((plan, j) =>
          open(msg.url, msg.localAddresses[(i + j) % msg.localAddresses.length]!, plan)));
        for (const r of batch) {
          if (r.status === 'fulfilled') sockets.push(r.value);
          else { failed++; firstError ??= r.reason instanceof Error ? r.reason.message : String(r.reason); }
        }
      }
      send({ type: 'connected', connected: sockets.length, failed, firstError, cpuMs: cpuMs() });
    } else if (msg.type === 'latencies') {
      const cpu = cpuMs();
      const byKind = Object.fromEntries(PUSH_KINDS.map((k) => [k, latencies(arrivals[k], msg.triggers[k])])) as Record<PushKind, number[]>;
      send({ type: 'latencies', byKind, unknownFrames, cpuMs: cpu });
    } else {
      // Socket.IO's disconnect packet (`41`), then the close: the server drops the socket as a browser leaving would.
      const closed = sockets.map((ws) => new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.send('41');
        ws.close();
      }));
      await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, 30_000))]);
      sockets.length = 0;
      send({ type: 'disconnected' });
    }
  })();
});
