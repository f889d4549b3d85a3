import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { latestSnapshotPush } from './latestSnapshotPush.ts';

/** A real Socket.IO server and `n` websocket clients, each recording the snapshots and the room messages it hears, in order. */
async function setUp(n: number) {
  const http: HttpServer = createServer();
  const io = new Server(http);
  io.on('connection', (socket) => { void socket.join('everyone'); });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: { socket: Socket; snapshots: number[]; notes: number[] }[] = [];
  for (let i = 0; i < n; i++) {
    const socket = connect(url, { transports: ['websocket'], reconnection: false });
    const client = { socket, snapshots: [] as number[], notes: [] as number[] };
    socket.on('state', (v: number) => client.snapshots.push(v));
    socket.on('note', (v: number) => client.notes.push(v));
    await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
    clients.push(client);
  }
  // Every socket in the room before any push (the join is asynchronous on the server).
  await until(() => (io.of('/').adapter.rooms.get('everyone')?.size ?? 0) === n);
  cleanups.push(async () => { for (const c of clients) c.socket.disconnect(); await io.close(); });
  return { io, clients };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

/** Polls `done` every 5 ms, at most 10 s. */
async function until(done: () => boolean) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 10_000) throw new Error('condition not met within 10 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);

describe('latestSnapshotPush', () => {
  it('ends every socket at the latest snapshot, in increasing order, skipping only snapshots a newer one replaced', async () => {
    const { io, clients } = await setUp(30);
    const push = latestSnapshotPush<number>(io, 'state', { slice: 4 });
    // 60 snapshots: three in one turn, then one a turn, while the slices of 4 sockets are still being written.
    push.publish(1); push.publish(2); push.publish(3);
    for (let v = 4; v <= 60; v++) { await new Promise((r) => setImmediate(r)); push.publish(v); }
    await until(() => clients.every((c) => c.snapshots.at(-1) === 60));

    for (const c of clients) expect(increasing(c.snapshots), c.snapshots.join(',')).toBe(true);
    const counts = push.counts();
    const received = clients.reduce((n, c) => n + c.snapshots.length, 0);
    expect(counts.snapshots).toBe(60);
    expect(counts.writes).toBe(received);
    // Snapshots 1 and 2 reached no one (3 replaced them in the same turn), and far fewer writes than 60 × 30.
    expect(clients.some((c) => c.snapshots.includes(1) || c.snapshots.includes(2))).toBe(false);
    expect(received).toBeLessThan(60 * 30);
    expect(counts.superseded + received).toBeGreaterThanOrEqual(60 * 30 - 2 * 30);
  });

  it('never coalesces room messages: every socket hears every note, in order, while a snapshot is written in slices', async () => {
    const { io, clients } = await setUp(20);
    const push = latestSnapshotPush<number>(io, 'state', { slice: 1 });
    for (let v = 1; v <= 50; v++) {
      push.publish(v);
      io.to('everyone').emit('note', v);
      await new Promise((r) => setImmediate(r));
    }
    await until(() => clients.every((c) => c.notes.length === 50 && c.snapshots.at(-1) === 50));
    for (const c of clients) {
      expect(c.notes).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(increasing(c.snapshots)).toBe(true);
    }
  });

  it('writes in slices with turns of the loop between them: a room message sent after the first slice reaches the last socket before the snapshot does', async () => {
    const { io, clients } = await setUp(20);
    const push = latestSnapshotPush<number>(io, 'state', { slice: 5 });
    const order: string[] = [];
    const last = clients.at(-1)!;
    last.socket.on('state', () => order.push('state'));
    last.socket.on('note', () => order.push('note'));
    push.publish(1);
    // One turn: the first slice (5 sockets) is written; 15 are still pending.
    await new Promise((r) => setImmediate(r));
    expect(push.counts().writes).toBe(5);
    io.to('everyone').emit('note', 1);
    await until(() => order.length === 2);
    expect(order).toEqual(['note', 'state']);
  });

  it('encodes each snapshot once for all its sockets and slices, never per socket or per slice, and snapshots replaced in the same turn not at all', async () => {
    const { io, clients } = await setUp(30);
    const encode = io.encoder.encode.bind(io.encoder);
    let encodedStates = 0;
    io.encoder.encode = (packet) => {
      if ((packet.data as unknown[] | undefined)?.[0] === 'state') encodedStates++;
      return encode(packet);
    };
    const push = latestSnapshotPush<number>(io, 'state', { slice: 4 });
    push.publish(1);
    await until(() => clients.every((c) => c.snapshots.at(-1) === 1));
    expect(push.counts().writes).toBe(30);
    expect(encodedStates).toBe(1);
    push.publish(2); push.publish(3); push.publish(4);
    await until(() => clients.every((c) => c.snapshots.at(-1) === 4));
    expect(encodedStates).toBe(2);
  });

  it('frames snapshots of every WebSocket length class (7-bit, 16-bit and 64-bit lengths) so that clients read them whole', async () => {
    const { io, clients } = await setUp(3);
    const push = latestSnapshotPush<string>(io, 'state', { slice: 2 });
    const heard: string[][] = clients.map(() => []);
    clients.forEach((c, i) => c.socket.on('state', (v: string) => heard[i]!.push(v)));
    // Frames of 104, 124 and 134 bytes (the 7-bit length ends at 125), 1,214 and 70,014 (past the 16-bit one); Korean is 3 bytes a character.
    const sizes = ['가'.repeat(30), 'x'.repeat(110), 'y'.repeat(120), '폰'.repeat(400), 'z'.repeat(70_000)];
    for (const v of sizes) {
      push.publish(v);
      await until(() => heard.every((h) => h.at(-1) === v));
    }
    for (const h of heard) expect(h).toEqual(sizes);
  });

  it('writes a snapshot to a WebSocket client directly, without an Engine.IO packet per socket; a polling client gets it through Engine.IO, in order with its room messages', async () => {
    const { io, clients } = await setUp(6);
    const polling = connect(`http://127.0.0.1:${(io.httpServer.address() as AddressInfo).port}`, { transports: ['polling'], reconnection: false });
    const heardByPolling: string[] = [];
    polling.on('state', (v: number) => heardByPolling.push(`state ${v}`));
    polling.on('note', (v: number) => heardByPolling.push(`note ${v}`));
    await new Promise<void>((resolve, reject) => { polling.on('connect', () => resolve()); polling.on('connect_error', reject); });
    cleanups.push(async () => { polling.disconnect(); });
    await until(() => (io.of('/').adapter.rooms.get('everyone')?.size ?? 0) === 7);
    /** Engine.IO packets carrying a snapshot, per connection transport. */
    const enginePackets = { websocket: 0, polling: 0 };
    for (const socket of io.of('/').sockets.values()) {
      socket.conn.on('packetCreate', (packet: { data?: unknown }) => {
        if (typeof packet.data === 'string' && packet.data.startsWith('2["state"')) enginePackets[socket.conn.transport.name as 'websocket' | 'polling']++;
      });
    }
    const push = latestSnapshotPush<number>(io, 'state', { slice: 3 });
    for (let v = 1; v <= 5; v++) {
      push.publish(v);
      io.to('everyone').emit('note', v);
      await until(() => clients.every((c) => c.snapshots.at(-1) === v) && heardByPolling.includes(`state ${v}`));
    }
    for (const c of clients) expect(c.snapshots).toEqual([1, 2, 3, 4, 5]);
    expect(enginePackets).toEqual({ websocket: 0, polling: 5 });
    // Each note goes out at once and its snapshot on the loop's next turn: the polling client's packets keep that order.
    expect(heardByPolling).toEqual([1, 2, 3, 4, 5].flatMap((v) => [`note ${v}`, `state ${v}`]));
  });

  it('puts a snapshot behind the room messages Engine.IO still holds for a socket that reads slowly (never ahead of them on the wire)', async () => {
    const { io, clients } = await setUp(2);
    const slow = clients[0]!;
    const heard: string[] = [];
    slow.socket.on('note', (v: string) => heard.push(`note ${v.length}`));
    slow.socket.on('state', (v: number) => heard.push(`state ${v}`));
    // The client stops reading its TCP socket (socket.io-client's WebSocket, ws's net.Socket underneath).
    const tcp = (slow.socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }).ws._socket;
    tcp.pause();
    // A message larger than loopback's buffers stays partly in the server's socket, so Engine.IO holds the next one.
    const big = 'x'.repeat(32 * 1024 * 1024);
    const [serverSide] = await io.in(slow.socket.id!).fetchSockets();
    serverSide!.emit('note', big);
    serverSide!.emit('note', 'held');
    const push = latestSnapshotPush<number>(io, 'state', { slice: 1 });
    push.publish(1);
    await until(() => push.counts().writes === 2);
    await until(() => clients[1]!.snapshots.at(-1) === 1);
    tcp.resume();
    await until(() => heard.length === 3);
    expect(heard).toEqual([`note ${big.length}`, 'note 4', 'state 1']);
  });

  it('skips a socket that left before its slice and still sends the rest', async () => {
    const { io, clients } = await setUp(10);
    const push = latestSnapshotPush<number>(io, 'state', { slice: 2 });
    const leaving = clients.pop()!;
    push.publish(7);
    leaving.socket.disconnect();
    await until(() => clients.every((c) => c.snapshots.at(-1) === 7));
    await until(() => io.of('/').sockets.size === 9);
    push.publish(8);
    await until(() => clients.every((c) => c.snapshots.at(-1) === 8));
    expect(push.counts().writes).toBeLessThanOrEqual(19);
  });

  it('with a room, writes only to its members: one that leaves before its slice is skipped, one that joins gets the next snapshot', async () => {
    const { io, clients } = await setUp(12);
    const push = latestSnapshotPush<number>(io, 'state', { slice: 2, room: 'ranking' });
    const members = clients.slice(0, 6);
    const others = clients.slice(6);
    io.in(members.map((c) => c.socket.id!)).socketsJoin('ranking');
    push.publish(1);
    // Leaves after the publish, before any slice is written (the first goes out on the next turn).
    const leaving = members.pop()!;
    io.in(leaving.socket.id!).socketsLeave('ranking');
    await until(() => members.every((c) => c.snapshots.at(-1) === 1));
    expect(push.counts().writes).toBe(5);
    // Heard by all after any snapshot written to them before it: what the others heard by then is all they were sent.
    io.to('everyone').emit('note', 1);
    await until(() => clients.every((c) => c.notes.length === 1));
    for (const c of [...others, leaving]) expect(c.snapshots).toEqual([]);

    const joining = others[0]!;
    io.in(joining.socket.id!).socketsJoin('ranking');
    push.publish(2);
    await until(() => [...members, joining].every((c) => c.snapshots.at(-1) === 2));
    io.to('everyone').emit('note', 2);
    await until(() => clients.every((c) => c.notes.length === 2));
    expect(joining.snapshots).toEqual([2]);
    for (const c of [...others.slice(1), leaving]) expect(c.snapshots).toEqual([]);
    expect(push.counts().writes).toBe(11);
  });
});
