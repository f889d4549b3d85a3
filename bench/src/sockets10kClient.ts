/**
 * One client process of the 10,000-socket soak (bench/src/sockets10k.ts): opens its share of Socket.IO
 * clients (websocket transport, from its own loopback source address), records when each push arrives,
 * and at the end turns arrivals into latencies against the trigger times the parent sends. A process of
 * its own, so the server's RSS is the server's alone. Messages: see `ClientRequest` / `ClientAnswer`.
 */
import { io, type Socket } from 'socket.io-client';
import { CHAT_JOIN } from '@phonemarket/contracts/support.ts';

export type PushKind = 'ranking:update' | 'cart:updated' | 'chat:message';
export const PUSH_KINDS: readonly PushKind[] = ['ranking:update', 'cart:updated', 'chat:message'];
export interface SocketPlan { cookie: string; chat: string | null }
export type ClientRequest =
  | { type: 'connect'; url: string; localAddress: string; sockets: SocketPlan[] }
  | { type: 'latencies'; triggers: Record<PushKind, number[]> }
  | { type: 'disconnect' };
export type ClientAnswer =
  | { type: 'connected'; connected: number; failed: number; firstError: string | null }
  /** Per kind: how many arrivals took each whole millisecond (index = ms, capped at the last bucket). */
  | { type: 'latencies'; byKind: Record<PushKind, number[]> }
  | { type: 'disconnected' };

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
const arrivals: Record<PushKind, number[]> = { 'ranking:update': [], 'cart:updated': [], 'chat:message': [] };
const send = (answer: ClientAnswer) => process.send!(answer);

function open(url: string, localAddress: string, plan: SocketPlan): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'], reconnection: false, forceNew: true, timeout: 60_000,
    extraHeaders: plan.cookie ? { cookie: plan.cookie } : {}, localAddress,
  } as Parameters<typeof io>[1]);
  for (const kind of PUSH_KINDS) socket.on(kind, () => { arrivals[kind].push(now()); });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      if (!plan.chat) return resolve(socket);
      socket.emitWithAck(CHAT_JOIN, { sessionId: plan.chat, minPosition: '0' }).then(() => resolve(socket), reject);
    });
    socket.once('connect_error', reject);
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
      // 200 handshakes in flight at a time: a burst of 2,500 at once only queues in the server's accept backlog.
      for (let i = 0; i < msg.sockets.length; i += 200) {
        const batch = await Promise.allSettled(msg.sockets.slice(i, i + 200).map((plan) => open(msg.url, msg.localAddress, plan)));
        for (const r of batch) {
          if (r.status === 'fulfilled') sockets.push(r.value);
          else { failed++; firstError ??= r.reason instanceof Error ? r.reason.message : String(r.reason); }
        }
      }
      send({ type: 'connected', connected: sockets.length, failed, firstError });
    } else if (msg.type === 'latencies') {
      const byKind = Object.fromEntries(PUSH_KINDS.map((k) => [k, latencies(arrivals[k], msg.triggers[k])])) as Record<PushKind, number[]>;
      send({ type: 'latencies', byKind });
    } else {
      for (const s of sockets) s.disconnect();
      sockets.length = 0;
      send({ type: 'disconnected' });
    }
  })();
});
