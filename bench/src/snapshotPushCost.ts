/**
 * What the ranking push costs the server per snapshot (issue 43; ADR 023, "The write loop"): a bare
 * Socket.IO server in this process, `latestSnapshotPush` writing snapshots of a ranking's size to
 * `SOCKETS` sockets held by one client process of the soak (bench/src/sockets10kClient.ts), and this
 * process's CPU time (user, and the kernel's part) from each publish until its last slice was written,
 * one snapshot at a time. `node bench/src/snapshotPushCost.ts [module]`: the push from `module` (a copy
 * of another version of query-api/src/shared/latestSnapshotPush.ts) instead of the product's, so two
 * versions compare on the same host minutes apart. Env: SOCKETS (default 5,000), PUSHES (30), BYTES
 * (the snapshot's JSON length, default 6,000: the soak's ranking).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Server } from 'socket.io';
import type { ClientAnswer, ClientRequest } from './sockets10kClient.ts';
import type * as productPush from '../../query-api/src/shared/latestSnapshotPush.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 5_000);
const PUSHES = Number(process.env.PUSHES ?? 30);
const BYTES = Number(process.env.BYTES ?? 6_000);
const modulePath = process.argv[2] ? path.resolve(process.argv[2]) : path.join(import.meta.dirname, '../../query-api/src/shared/latestSnapshotPush.ts');
const { latestSnapshotPush } = await import(pathToFileURL(modulePath).href) as typeof productPush;

const http = createServer();
const io = new Server(http);
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const client = fork(path.join(import.meta.dirname, 'sockets10kClient.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const ask = (msg: ClientRequest) => new Promise<ClientAnswer>((resolve) => { client.once('message', resolve); client.send(msg); });
const connected = await ask({ type: 'connect', url, localAddresses: Array.from({ length: 8 }, (_, a) => `127.0.9.${2 + a}`), sockets: Array.from({ length: SOCKETS }, () => ({ cookie: '', chat: null, ranking: false, sample: false })) });
if (connected.type !== 'connected' || connected.connected !== SOCKETS) throw new Error(`connected: ${JSON.stringify(connected)}`);

// Every socket (no room): a snapshot's cost per socket is what the ranking room's sockets each cost.
const push = latestSnapshotPush<{ rank: number; name: string }[]>(io, 'ranking:update');
/** A ranking of 10 models, about BYTES of JSON. */
const snapshot = (k: number) => Array.from({ length: 10 }, (_, rank) => ({ rank, name: `${k}-${'갤럭시 S25 울트라 '.repeat(Math.max(1, Math.floor(BYTES / 10 / 13)))}` }));
const cpu: { user: number; system: number; wall: number }[] = [];
for (let k = 0; k < PUSHES; k++) {
  const target = push.counts().writes + SOCKETS;
  const s = snapshot(k);
  const [c0, t0] = [process.cpuUsage(), performance.now()];
  push.publish(s);
  while (push.counts().writes < target) await new Promise((r) => setImmediate(r));
  const c = process.cpuUsage(c0);
  cpu.push({ user: c.user / 1000, system: c.system / 1000, wall: performance.now() - t0 });
  // The clients read it and the write callbacks run before the next one is timed.
  await new Promise((r) => setTimeout(r, 300));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const total = cpu.map((c) => c.user + c.system);
console.log(JSON.stringify({
  module: path.relative(process.cwd(), modulePath), sockets: SOCKETS, pushes: PUSHES, bytes: JSON.stringify(snapshot(0)).length,
  cpuMsPerPushMedian: +median(total).toFixed(1), systemMsPerPushMedian: +median(cpu.map((c) => c.system)).toFixed(1),
  cpuUsPerSocketMedian: +((median(total) * 1000) / SOCKETS).toFixed(2), wallMsPerPushMedian: +median(cpu.map((c) => c.wall)).toFixed(1),
}));
await ask({ type: 'disconnect' });
client.kill();
await io.close();
