/**
 * The bare Socket.IO server beside the product's pushes (issue 44): the same library and transport,
 * nothing else. `POST /broadcast[?room=…]` emits its JSON body to every socket, or to a room's (beside
 * push_1k: a ranking change → the sockets of 1,000 that follow it); a socket's `relay` goes to the others in its room (beside chat_rtt: customer →
 * agent → customer, the agent answering each question as it arrives).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { openBareLog } from './bareAppend.ts';

export const BARE_EVENTS = { join: 'bare:join', relay: 'bare:relay' } as const;

export interface Relayed { room: string; from: 'customer' | 'agent'; content: string }

export interface BareSocketServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `appendTo`: a file for a bare SQLite log (bareAppend.ts, the event store's journal settings): each
 * relayed line is first stored there as one row in its own transaction, then relayed — the chat
 * baseline that also stores what it relays, as the product must before it delivers (ADR 009).
 */
export async function startBareSocketServer(broadcastEvent = 'bare:broadcast', opts: { appendTo?: string } = {}): Promise<BareSocketServer> {
  const log = opts.appendTo ? openBareLog(opts.appendTo) : null;
  const revisions = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    if (req.method !== 'POST' || url.pathname !== '/broadcast') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(204).end();
      const room = url.searchParams.get('room');
      (room ? ioServer.to(room) : ioServer).emit(broadcastEvent, JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
    });
  });
  const ioServer = new Server(server, { path: '/socket.io', serveClient: false });
  ioServer.on('connection', (socket) => {
    socket.on(BARE_EVENTS.join, (room: string, ack: (ok: boolean) => void) => { void socket.join(room); ack(true); });
    socket.on(BARE_EVENTS.relay, (m: Relayed) => {
      if (log) {
        const revision = revisions.get(m.room) ?? 0;
        revisions.set(m.room, revision + 1);
        log.appendOne({ id: randomUUID(), stream: `bare-chat-${m.room}`, revision, type: 'BareLineRelayed', data: JSON.stringify(m), metadata: JSON.stringify({ at: new Date().toISOString() }) });
      }
      socket.to(m.room).emit(BARE_EVENTS.relay, m);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await ioServer.close();
      server.closeAllConnections();
      log?.close();
    },
  };
}

/** A websocket-only client socket, connected (the bench's sockets, product's or bare). */
export function connectSocket(baseUrl: string, cookie = ''): Promise<Socket> {
  const socket = io(baseUrl, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: cookie ? { cookie } : {} });
  return new Promise((resolve, reject) => { socket.once('connect', () => resolve(socket)); socket.once('connect_error', reject); });
}

/** `count` sockets, 50 connecting at a time. */
export async function connectSockets(baseUrl: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => connectSocket(baseUrl)))));
  }
  return sockets;
}

/**
 * ms from `trigger` until the last of `sockets` has `event`; null when the trigger did not fire
 * (answered false) or some socket had nothing within `timeoutMs`.
 */
export async function slowestArrival(sockets: readonly Socket[], event: string, trigger: () => Promise<boolean>, timeoutMs = 2_000): Promise<number | null> {
  const listeners: (() => void)[] = [];
  const arrivals = sockets.map((s) => new Promise<number>((resolve) => {
    const listener = () => resolve(performance.now());
    listeners.push(() => s.off(event, listener));
    s.once(event, listener);
  }));
  const t = performance.now();
  const fired = await trigger();
  let timer: NodeJS.Timeout | undefined;
  const all = fired ? await Promise.race([Promise.all(arrivals), new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), timeoutMs); })]) : null;
  clearTimeout(timer);
  // Only this call's listeners: a caller's own listener on the same event stays.
  for (const off of listeners) off();
  return all === null ? null : Math.max(...all) - t;
}
