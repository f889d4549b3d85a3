import type { Server, Socket } from 'socket.io';

/** What a state push did: snapshots published, socket writes made, and writes skipped because a newer snapshot replaced one a socket had not been sent yet. */
export interface SnapshotPushCounts { snapshots: number; writes: number; superseded: number }

/** Socket.IO's EVENT packet type (socket.io-parser's `PacketType.EVENT`) and Engine.IO's `message` packet type, which prefixes it on the wire. */
const SOCKET_IO_EVENT = 2;
const ENGINE_IO_MESSAGE = '4';

/**
 * An unmasked, final WebSocket text frame (RFC 6455 §5.2: a server's frames are never masked) carrying
 * `payload`, as one buffer: what Socket.IO's broadcast precomputes as a header and a payload (ws's
 * `Sender.frame`), which each socket then writes with cork, two writes and uncork.
 */
export function webSocketTextFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const header = n < 126 ? Buffer.from([0x81, n]) : n < 65_536 ? Buffer.from([0x81, 126, n >> 8, n & 0xff]) : Buffer.alloc(10);
  if (n >= 65_536) { header[0] = 0x81; header[1] = 127; header.writeBigUInt64BE(BigInt(n), 2); }
  return Buffer.concat([header, payload]);
}

/**
 * One snapshot encoded once for every socket: the Socket.IO packet (what Engine.IO sends a polling
 * client) and the whole WebSocket frame that carries it (what Engine.IO's WebSocket transport writes as
 * it is). Null when the packet has binary parts (not the ranking's JSON): then Socket.IO's broadcast writes it.
 */
function encodeOnce(io: Server, event: string, snapshot: unknown): { packet: string; options: { compress: true; preEncoded: true; wsPreEncodedFrame: Buffer[] } } | null {
  const encoded: unknown[] = io.encoder.encode({ type: SOCKET_IO_EVENT, nsp: '/', data: [event, snapshot] });
  const packet = encoded[0];
  if (encoded.length !== 1 || typeof packet !== 'string') return null;
  // `compress` as Socket.IO's broadcast leaves it (on; it matters only with per-message deflate, which is off and skips the frame).
  return { packet, options: { compress: true, preEncoded: true, wsPreEncodedFrame: [webSocketTextFrame(Buffer.from(ENGINE_IO_MESSAGE + packet))] } };
}

/**
 * The parts of a Socket.IO socket's Engine.IO connection (engine.io 6.6, its `ws` 8) that the direct write
 * reads. Not in their types (`writeBuffer` is private, `_sender` is ws's own), so each is checked before use,
 * as Engine.IO checks `_sender.sendFrame` before it writes a pre-encoded frame itself.
 */
interface EngineConnection {
  readyState?: string;
  upgrading?: boolean;
  writeBuffer?: unknown[];
  transport?: { name?: string; perMessageDeflate?: unknown; socket?: { readyState?: number; _sender?: { _queue?: unknown[]; sendFrame?: (frame: Buffer[]) => void } } };
}

/** ws's `WebSocket.OPEN`. */
const WS_OPEN = 1;

/**
 * Writes the snapshot's WebSocket frame straight to the socket's ws sender when nothing can be ahead of it
 * in Engine.IO or ws (the connection open on the WebSocket transport, not upgrading, no packet waiting in
 * Engine.IO's write buffer, ws's own queue empty, no per-message deflate): the same `sendFrame` Engine.IO
 * calls for a pre-encoded frame, without Engine.IO's per-packet bookkeeping (a packet object, its
 * `packetCreate`, `flush` and `drain` events, the write callback and its `drain`/`ready`), which was about
 * half the user time of a ranking write (ADR 023, sixth session). The frame lands in the TCP socket behind
 * whatever was written to it before, so each socket's order is kept. Anything else (a polling client,
 * a packet waiting, an upgrade) goes through Engine.IO's `write`, which queues it in order. True when written directly.
 */
function writeFrameDirectly(conn: EngineConnection, frame: Buffer[]): boolean {
  const transport = conn.transport;
  const ws = transport?.socket;
  const sender = ws?._sender;
  if (conn.readyState !== 'open' || conn.upgrading !== false || conn.writeBuffer?.length !== 0) return false;
  if (transport?.name !== 'websocket' || transport.perMessageDeflate || ws?.readyState !== WS_OPEN) return false;
  if (typeof sender?.sendFrame !== 'function' || sender._queue?.length !== 0) return false;
  sender.sendFrame(frame);
  return true;
}

/**
 * A push of state (the live ranking) to every socket of the `/` namespace, or of one room (`opts.room`: the
 * sockets of pages that show it; one that leaves the room before its write is skipped): every socket ends at the
 * latest snapshot, and a socket that one snapshot has not reached yet when a newer one is published gets
 * only the newer one (latest wins: the ranking is state, not a stream of events; notifications and chat
 * go through `io.to(room).emit` and are never coalesced). The writes go out in slices of `slice` sockets
 * with a turn of the event loop between them, so a room push (a notification, a chat message) and the
 * requests waiting on the loop go out between two slices instead of behind 10,000 writes (ADR 023).
 *
 * A snapshot is encoded once, by the first slice that writes it, into its Socket.IO packet and one WebSocket frame
 * buffer, and each pending socket's Engine.IO connection is handed that same packet: no room lookups
 * (`io.to(ids)` looked up a room per socket id), no per-slice encoding, and one `write` per socket
 * instead of cork, two writes, uncork and a `writev` (ADR 023, "The write loop"); written directly to the
 * socket's WebSocket when nothing is queued ahead of it (`writeFrameDirectly`).
 */
export function latestSnapshotPush<T>(io: Server, event: string, opts: { slice?: number; room?: string } = {}) {
  const slice = opts.slice ?? 500;
  const { room } = opts;
  const sockets: Map<string, Socket> = io.of('/').sockets;
  /** The sockets a snapshot is for: the room's members, or every socket. */
  const audience = (): Iterable<string> => (room === undefined ? sockets.keys() : io.of('/').adapter.rooms.get(room) ?? []);
  let latest: T | undefined;
  /** `latest` encoded (null: Socket.IO's broadcast writes it); undefined until the first slice after a publish asks for it, so snapshots replaced in the same turn are never encoded. */
  let encoded: ReturnType<typeof encodeOnce> | undefined;
  /** Socket ids still to be sent `latest`, in the order they will be: a still-pending id keeps its place when a newer snapshot comes. */
  const pending = new Set<string>();
  let writing = false;
  const counts: SnapshotPushCounts = { snapshots: 0, writes: 0, superseded: 0 };

  function writeSlice() {
    if (encoded === undefined) encoded = encodeOnce(io, event, latest);
    let written = 0;
    const fallback: string[] = [];
    for (const id of pending) {
      pending.delete(id);
      const socket = sockets.get(id);
      if (!socket || (room !== undefined && !socket.rooms.has(room))) continue;
      if (!encoded) fallback.push(id);
      // Else Engine.IO queues it behind any packet the socket has not written yet, as Socket.IO's broadcast does.
      else if (!writeFrameDirectly(socket.conn as unknown as EngineConnection, encoded.options.wsPreEncodedFrame)) socket.conn.write(encoded.packet, encoded.options);
      if (++written === slice) break;
    }
    if (fallback.length) io.to(fallback).emit(event, latest);
    counts.writes += written;
    if (pending.size) setImmediate(writeSlice);
    else writing = false;
  }

  return {
    /** Sends `snapshot` to every connected socket (of the room), instead of any older one a socket has not been sent yet. */
    publish(snapshot: T) {
      latest = snapshot;
      encoded = undefined;
      counts.snapshots++;
      counts.superseded += pending.size;
      for (const id of audience()) pending.add(id);
      if (!writing && pending.size) { writing = true; setImmediate(writeSlice); }
    },
    counts: (): SnapshotPushCounts => ({ ...counts }),
  };
}
