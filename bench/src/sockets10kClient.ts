/**
 * One client process of the 10,000-socket soak (bench/src/sockets10k.ts): opens its share of sockets,
 * records when each push arrives, and at the end turns arrivals into latencies against the trigger times
 * the parent sends. A process of its own, so the server's RSS is the server's alone. Messages: see
 * `ClientRequest` / `ClientAnswer`.
 *
 * The sockets speak the Socket.IO v5 / Engine.IO v4 wire protocol themselves over a WebSocket they
 * frame themselves on a plain TCP socket (websocket transport only): not socket.io-client, whose
 * objects cost the client ~10× the CPU per pushed frame (ADR 009, twelfth pass), and not `ws` either,
 * whose receiver parses each frame through a stream before its `message` event: with 5,000 sockets per
 * process becoming readable together, each socket's stamp waited for the parsing of those read before
 * it. Now each TCP read is stamped first (`now()` when its bytes reach this process's JS), then cut into
 * frames (ADR 009, fourteenth pass). What a socket does: the HTTP upgrade, the handshake (`0{…}` open →
 * `40` connect → `40{sid}`), answers each ping `2` with `3`, joins its chat with an acknowledged
 * `42<id>["chat:join",…]`, follows the ranking if its page shows it (an acknowledged `42<id>["ranking:follow"]`), and counts each `42["<event>",…` frame by its event name at its read's time
 * (the payload is not parsed: the browser's cost, not the server's). Frames to the server are masked
 * (RFC 6455 requires it) with a zero key, so their bytes are the text itself. Sockets are spread over
 * the loopback source addresses the parent gives (about 28,000 ephemeral ports each).
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { RANKING_FOLLOW } from '@phonemarket/contracts/realtime.ts';
import { CHAT_JOIN } from '@phonemarket/contracts/support.ts';
import { OPCODE, clientFrame, frames } from './wsFrames.ts';

const sendText = (socket: net.Socket, text: string) => socket.write(clientFrame(OPCODE.text, Buffer.from(text)));

export type PushKind = 'ranking:update' | 'cart:updated' | 'chat:message';
export const PUSH_KINDS: readonly PushKind[] = ['ranking:update', 'cart:updated', 'chat:message'];
/**
 * `sample`: this socket's arrivals are also kept one by one under its Engine.IO id (matched with the server's write to it).
 * `ranking`: the tab shows the live ranking, so it follows it (an acknowledged `ranking:follow`) and hears its snapshots.
 */
export interface SocketPlan { cookie: string; chat: string | null; ranking: boolean; sample: boolean }
export type ClientRequest =
  | { type: 'connect'; url: string; localAddresses: string[]; sockets: SocketPlan[] }
  | { type: 'latencies'; triggers: Record<PushKind, number[]> }
  | { type: 'disconnect' };
export type ClientAnswer =
  /** `cpuMs`: this process's CPU time so far (user + system), here and in `latencies`: what the clients spent. */
  /** `sampled`: the Engine.IO ids of the sockets planned with `sample`, whose arrivals `latencies` answers one by one (the server times its writes to them). */
  | { type: 'connected'; connected: number; failed: number; firstError: string | null; cpuMs: number; sampled: string[] }
  /** Per kind: how many arrivals took each whole millisecond (index = ms, capped at the last bucket). */
  | { type: 'latencies'; byKind: Record<PushKind, number[]>; unknownFrames: number; cpuMs: number; sampledArrivals: Record<string, Record<PushKind, number[]>> }
  | { type: 'disconnected' };

const now = () => performance.timeOrigin + performance.now();
const sockets: net.Socket[] = [];
const sampledArrivals = new Map<string, Record<PushKind, number[]>>();
const arrivals: Record<PushKind, number[]> = { 'ranking:update': [], 'cart:updated': [], 'chat:message': [] };
/** `42[…]` frames of an event this soak does not count (other pushes): reported, so a renamed event cannot hide. */
let unknownFrames = 0;
const send = (answer: ClientAnswer) => process.send!(answer);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** Frame prefixes of the counted events: `42["ranking:update",…` (a push has no ack id). */
const PREFIXES = PUSH_KINDS.map((kind) => [kind, Buffer.from(`42["${kind}"`)] as const);

function kindOf(payload: Buffer): PushKind | null {
  for (const [kind, prefix] of PREFIXES) if (payload.length > prefix.length && payload.compare(prefix, 0, prefix.length, 0, prefix.length) === 0) return kind;
  return null;
}

/** Opens one socket: resolves once connected to the `/` namespace and, for a chat's customer, joined to its chat. */
function open(url: string, localAddress: string, plan: SocketPlan): Promise<net.Socket> {
  const { hostname, port, host } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress });
  socket.setNoDelay(true);
  return new Promise((resolve, reject) => {
    let state: 'upgrading' | 'open' | 'connecting' | 'joining' | 'following' | 'ready' = 'upgrading';
    let pending: Buffer | null = null;
    let mine: Record<PushKind, number[]> | null = null;
    const fail = (why: string) => { if (state !== 'ready') { state = 'ready'; reject(new Error(why)); socket.destroy(); } };
    const timer = setTimeout(() => fail('handshake timed out'), 60_000);
    const ready = () => { state = 'ready'; clearTimeout(timer); resolve(socket); };
    // Ack id 2 (the chat's join is 1): answered `432[]` once the server has the socket in the ranking room.
    const followRanking = () => { if (!plan.ranking) { ready(); return; } state = 'following'; sendText(socket, `422${JSON.stringify([RANKING_FOLLOW])}`); };
    socket.on('error', (err) => fail(err.message));
    socket.on('close', () => fail('closed during the handshake'));
    socket.on('connect', () => {
      socket.write(`GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n${plan.cookie ? `Cookie: ${plan.cookie}\r\n` : ''}\r\n`);
    });
    const onFrame = (t: number) => (opcode: number, payload: Buffer) => {
      if (opcode === OPCODE.ping) { socket.write(clientFrame(OPCODE.pong, payload)); return; }
      if (opcode !== OPCODE.text) { if (opcode === OPCODE.close) fail('closed by the server'); return; }
      if (payload.length === 1 && payload[0] === 0x32 /* '2' ping */) { sendText(socket, '3'); return; }
      if (state === 'ready') {
        if (payload[0] === 0x34 && payload[1] === 0x32) { // '42': an event
          const kind = kindOf(payload);
          if (kind) { arrivals[kind].push(t); mine?.[kind].push(t); } else unknownFrames++;
        }
        return;
      }
      const text = payload.toString('utf8');
      if (state === 'open' && text.startsWith('0{')) {
        if (plan.sample) { mine = { 'ranking:update': [], 'cart:updated': [], 'chat:message': [] }; sampledArrivals.set((JSON.parse(text.slice(1)) as { sid: string }).sid, mine); }
        state = 'connecting'; sendText(socket, '40');
      }
      else if (state === 'connecting' && text.startsWith('40')) {
        if (!plan.chat) { followRanking(); return; }
        state = 'joining';
        sendText(socket, `421${JSON.stringify([CHAT_JOIN, { sessionId: plan.chat, minPosition: '0' }])}`);
      } else if (state === 'connecting' && text.startsWith('44')) fail(`connect refused: ${text.slice(2, 200)}`);
      else if (state === 'joining' && text.startsWith('431')) {
        const [answer] = JSON.parse(text.slice(3)) as [{ ok: boolean; message?: string }];
        if (answer.ok) followRanking(); else fail(`chat:join refused: ${answer.message ?? ''}`);
      } else if (state === 'following' && text.startsWith('432')) ready();
    };
    socket.on('data', (chunk: Buffer) => {
      const t = now(); // the read's time, before any of its bytes are looked at
      let buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
      if (state === 'upgrading') {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) { pending = buffer; return; }
        const status = buffer.subarray(0, buffer.indexOf('\r\n')).toString('latin1');
        if (!status.startsWith('HTTP/1.1 101')) { fail(`upgrade refused: ${status}`); return; }
        state = 'open';
        buffer = buffer.subarray(end + 4);
      }
      pending = frames(buffer, onFrame(t));
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
      send({ type: 'connected', connected: sockets.length, failed, firstError, cpuMs: cpuMs(), sampled: [...sampledArrivals.keys()] });
    } else if (msg.type === 'latencies') {
      const cpu = cpuMs();
      const byKind = Object.fromEntries(PUSH_KINDS.map((k) => [k, latencies(arrivals[k], msg.triggers[k])])) as Record<PushKind, number[]>;
      send({ type: 'latencies', byKind, unknownFrames, cpuMs: cpu, sampledArrivals: Object.fromEntries(sampledArrivals) });
    } else {
      // Socket.IO's disconnect packet (`41`), then a close frame and the end of the TCP stream: the server drops the socket as a browser leaving would.
      const closed = sockets.map((socket) => new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        sendText(socket, '41');
        socket.end(clientFrame(OPCODE.close, Buffer.alloc(0)));
      }));
      await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, 30_000))]);
      for (const socket of sockets) socket.destroy();
      sockets.length = 0;
      send({ type: 'disconnected' });
    }
  })();
});
