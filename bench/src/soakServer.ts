/**
 * The embedded product in a process of its own for the 10,000-socket soak (bench/src/sockets10k.ts), so
 * the RSS the soak reports is the server's alone (not the bench's, nor its HTTP clients'). Started with
 * `--expose-gc` by `startSoakServer`; over IPC it answers its memory, after a full GC when asked.
 * argv[2]: the data directory; argv[3]: how many accounts to make for the signed-in sockets (bench/src/soakAccounts.ts;
 * none when 1 or less: the demo buyer's sessions then hold every signed-in socket).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from '@phonemarket/server';
import { Adapter, type BroadcastOptions } from 'socket.io-adapter';
import { waitForProcessesCaughtUp } from '../../tests/support/processesCaughtUp.ts';
import { seedSoakAccounts } from './soakAccounts.ts';

/** `lastResort`: the GC V8 runs when memory runs out (gives back what it pools, compacts), instead of a regular full GC. */
export type SoakServerMessage = { type: 'memory'; gc: boolean; lastResort?: boolean } | { type: 'broadcasts' } | { type: 'sample'; sids: string[] } | { type: 'close' };
/** Per sampled socket (its Engine.IO id), per event: when each frame was handed to its socket (ms since the epoch). */
export type SocketWrites = Record<string, Record<string, number[]>>;
/** The product's ranking push counts (snapshots, socket writes, writes a newer snapshot replaced), when it keeps them. */
export interface RankingPushCounts { snapshots: number; writes: number; superseded: number }
/** One Socket.IO broadcast on the server: its event, when it began and when its last socket's write was handed on (ms since the epoch), to how many sockets, its payload's JSON length (what each socket's frame carries, near enough). */
export interface BroadcastRecord { event: string; startedAt: number; endedAt: number; sockets: number; bytes: number }
/**
 * `heldMb`: JS heap used + external memory (which counts ArrayBuffers and Buffers, `arrayBuffersMb` among
 * it): what the process holds, unlike RSS, which also counts pages kept after they were freed — V8's
 * committed heap (`heapTotalMb`, which it gives back only gradually) and the C allocator's.
 */
export type SoakServerAnswer = { type: 'ready'; url: string; accountCookies: string[]; accountsSeconds: number } | { type: 'memory'; rssMb: number; heldMb: number; arrayBuffersMb: number; heapTotalMb: number; cpuMs: number; systemCpuMs: number; rssByMapping: RssByMapping; openSockets: number } | { type: 'broadcasts'; broadcasts: BroadcastRecord[]; writes: SocketWrites; rankingPush: RankingPushCounts | null } | { type: 'closed' };

const dataDir = process.argv[2];
const accounts = Number(process.argv[3] ?? 1);
if (!dataDir || !process.send) throw new Error('usage: forked by startSoakServer with a data directory');
/**
 * Every broadcast timed where Socket.IO makes it (the adapter's `broadcast`: the frame encoded once, then
 * written to each socket of the room), so the soak can split a push's latency into the product's part
 * (trigger → broadcast) and the write loop's (bench instrumentation in this process only).
 */
const broadcasts: BroadcastRecord[] = [];
const now = () => performance.timeOrigin + performance.now();
const broadcast = Adapter.prototype.broadcast;
Adapter.prototype.broadcast = function timedBroadcast(this: Adapter, packet: { data?: unknown }, opts: BroadcastOptions) {
  const startedAt = now();
  // The room sizes (a socket in two of the rooms counted twice; the soak's pushes name one room or none).
  const sockets = opts.rooms.size ? [...opts.rooms].reduce((n, room) => n + (this.rooms.get(room)?.size ?? 0), 0) : this.sids.size;
  broadcast.call(this, packet, opts);
  const event = Array.isArray(packet.data) && typeof packet.data[0] === 'string' ? packet.data[0] : '?';
  const endedAt = now();
  broadcasts.push({ event, startedAt, endedAt, sockets, bytes: JSON.stringify(packet.data).length });
};
/**
 * The write to each sampled socket, timed where its WebSocket frame is handed to the socket's ws sender
 * (`Sender.sendFrame` of the ws that engine.io uses): every Socket.IO write over WebSocket ends there, a
 * room broadcast's through Engine.IO and the ranking push's, which writes its encoded frame there directly
 * when Engine.IO holds nothing for the socket (ADR 023, sixth session) — so the soak can tell a push's
 * server part (trigger → this socket's write) from the client's (write → the client process's read of it)
 * for the same socket. A sender is known by its Engine.IO socket's id from `setTransport` (the transport
 * each connection writes through). The ranking push's writes of one snapshot (one frame buffer shared by
 * every socket) are also recorded as one broadcast: it does not go through the adapter.
 */
const sampled = new Map<string, Record<string, number[]>>();
const requireFromSocketIo = createRequire(createRequire(import.meta.url).resolve('socket.io'));
const requireFromEngineIo = createRequire(requireFromSocketIo.resolve('engine.io'));
type Frame = Buffer[];
const engineIo = requireFromSocketIo('engine.io') as { Socket: { prototype: { id: string; setTransport(this: { id: string }, transport: { socket?: { _sender?: object } }): unknown } } };
const senderPrototype = (requireFromEngineIo('ws') as { Sender: { prototype: { sendFrame(this: object, frame: Frame, cb?: unknown): unknown } } }).Sender.prototype;
const socketIdOfSender = new WeakMap<object, string>();
const setTransport = engineIo.Socket.prototype.setTransport;
engineIo.Socket.prototype.setTransport = function namedTransport(transport) {
  if (transport.socket?._sender) socketIdOfSender.set(transport.socket._sender, this.id);
  return setTransport.call(this, transport);
};
/** The frame's payload (server frames are unmasked: a 2-, 4- or 10-byte header; or the header as its own buffer and the payload, which ws may pass as a string). */
const payloadOf = (frame: Frame): Buffer | string => {
  if (frame.length === 2) return frame[1]!;
  const first = frame[0]!;
  const length = first[1]! & 0x7f;
  return first.subarray(length < 126 ? 2 : length === 126 ? 4 : 10);
};
/** The first characters of a payload: a Socket.IO event's begin `42["<event>"` (Engine.IO message, Socket.IO event). */
const headOf = (payload: Buffer | string) => typeof payload === 'string' ? payload.slice(0, 80) : payload.subarray(0, 80).toString('latin1');
let rankingWrites: BroadcastRecord & { frame: unknown } | null = null;
const sendFrame = senderPrototype.sendFrame;
senderPrototype.sendFrame = function timedSendFrame(frame, cb) {
  const written = sendFrame.call(this, frame, cb);
  const payload = payloadOf(frame);
  const head = headOf(payload);
  if (!head.startsWith('42["')) return written;
  const at = now();
  const event = head.slice(4, head.indexOf('"', 4));
  if (event === 'ranking:update') {
    if (rankingWrites && rankingWrites.frame === frame[0]) { rankingWrites.endedAt = at; rankingWrites.sockets++; }
    else {
      rankingWrites = { event, startedAt: at, endedAt: at, sockets: 1, bytes: payload.toString().length - 2, frame: frame[0] };
      broadcasts.push(rankingWrites);
    }
  }
  const id = socketIdOfSender.get(this);
  const times = id === undefined ? undefined : sampled.get(id);
  if (times) (times[event] ??= []).push(at);
  return written;
};

const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'error', SIGNUP_LIMIT_PER_HOUR: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '100000' });
const seeding = performance.now();
const accountCookies = accounts > 1 ? await seedSoakAccounts(config, accounts) : [];
const running = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend'), quiet: true });
// The processes of the seed and of the accounts (welcome benefits) run before the soak, not during its pushes.
await waitForProcessesCaughtUp(dataDir, 600_000);
const accountsSeconds = (performance.now() - seeding) / 1000;
/**
 * Where the resident pages are (/proc/self/smaps, MB): `brk` is the C allocator's main heap, `anon`
 * every other anonymous mapping (V8's heap pages, malloc's other arenas and its large chunks), `file`
 * mapped files (node's binary, libraries); `lazyFree` the pages given back with MADV_FREE that the kernel
 * has not yet taken (counted in RSS until it needs them). `openSockets` (in the answer): TCP sockets the
 * process still has open, so the soak measures the end once the server has closed what the clients left. Tells the allocator's retention from V8's.
 */
export interface RssByMapping { brk: number; anon: number; file: number; lazyFree: number }
function rssByMapping(): RssByMapping {
  const out = { brk: 0, anon: 0, file: 0, lazyFree: 0 };
  let kind: 'brk' | 'anon' | 'file' = 'anon';
  try {
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (header) kind = header[1] === '[heap]' ? 'brk' : header[1]!.startsWith('/') ? 'file' : 'anon';
      else if (line.startsWith('Rss:')) out[kind] += Number(line.split(/\s+/)[1]) / 1e3;
      else if (line.startsWith('LazyFree:')) out.lazyFree += Number(line.split(/\s+/)[1]) / 1e3;
    }
  } catch { /* not Linux: zeros */ }
  return out;
}

/** The process's CPU time so far (user + system): the soak reports what the server spent beside the wall time. */
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
/** The kernel's part of it (system time: on loopback a write also runs the receiving side's TCP path). */
const systemCpuMs = () => process.cpuUsage().system / 1000;
const send = (answer: SoakServerAnswer) => process.send!(answer);
send({ type: 'ready', url: running.url, accountCookies, accountsSeconds });

process.on('message', (msg: SoakServerMessage) => {
  if (msg.type === 'memory') {
    const gc = (globalThis as { gc?: (options?: { type: 'major'; execution: 'sync'; flavor?: 'last-resort' }) => void }).gc;
    if (msg.gc) gc?.(msg.lastResort ? { type: 'major', execution: 'sync', flavor: 'last-resort' } : undefined);
    const m = process.memoryUsage();
    send({ type: 'memory', rssMb: m.rss / 1e6, heldMb: (m.heapUsed + m.external) / 1e6, arrayBuffersMb: m.arrayBuffers / 1e6, heapTotalMb: m.heapTotal / 1e6, cpuMs: cpuMs(), systemCpuMs: systemCpuMs(), rssByMapping: rssByMapping(), openSockets: process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length });
  } else if (msg.type === 'broadcasts') {
    const writes = Object.fromEntries(sampled);
    for (const sid of sampled.keys()) sampled.set(sid, {});
    send({ type: 'broadcasts', broadcasts: broadcasts.splice(0).map(({ event, startedAt, endedAt, sockets, bytes }) => ({ event, startedAt, endedAt, sockets, bytes })), writes, rankingPush: (running as { rankingPushCounts?: () => RankingPushCounts }).rankingPushCounts?.() ?? null });
  } else if (msg.type === 'sample') {
    sampled.clear();
    for (const sid of msg.sids) sampled.set(sid, {});
  } else if (msg.type === 'close') {
    void running.close().finally(() => { send({ type: 'closed' }); process.exit(0); });
  }
});
