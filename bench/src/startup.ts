/**
 * Start and restart figures (issue 28): the product in a child process (`node server/src/main.ts`,
 * as `npm start` runs it once the frontend is built), timed from the spawn to its first
 * `GET /api/products` answer; its RSS then; a clean stop (SIGTERM: the read models are snapshotted)
 * or a `kill -9`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { streams, toNewEvent } from '@phonemarket/events';
import { WRITER_CACHE } from './catalogueLog.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIRST_ANSWER = '/api/products?limit=1';

export interface RunningProduct {
  pid: number;
  url: string;
  /** Spawn to the first 200 of `GET /api/products`. */
  startMs: number;
  /** Resident memory right after that answer. */
  rssMb: number;
  /** SIGTERM, resolved when the process exited; answers how long the stop took. */
  stop(): Promise<number>;
  /** SIGKILL (`kill -9`), resolved when the process is gone. */
  kill(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Whether something listens on the port: a TCP connect, closed at once. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function startProduct(dataDir: string, opts: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<RunningProduct> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', FRONTEND_DIST: path.join(dataDir, 'no-frontend'), ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => { gone = true; });
  const deadline = started + (opts.timeoutMs ?? 15 * 60_000);
  for (;;) {
    if (gone) throw new Error(`the product on ${dataDir} exited before answering`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product on ${dataDir} did not answer within ${opts.timeoutMs} ms`);
    }
    // Until the port takes connections, a bare connect asks (~0.15 ms of CPU against a refused fetch's ~0.75 ms): the
    // bench shares the host's two cores with the product it times, and polls every 10 ms for seconds.
    const status = await accepts(port) ? await fetch(`${url}${FIRST_ANSWER}`).then(async (r) => { await r.arrayBuffer(); return r.status; }, () => 0) : 0;
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startMs = performance.now() - started;
  return {
    pid: child.pid!,
    url,
    startMs,
    rssMb: rssMb(child.pid!),
    async stop() {
      const t = performance.now();
      child.kill('SIGTERM');
      await exited;
      return performance.now() - t;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Appends `count` views (new visitors, one transaction, the embedded adapter's row format) to the
 * log of a running product, as another process would; answers the log's head after them.
 */
export function appendViews(file: string, count: number, modelIds: readonly string[], tag: string): bigint {
  const db = new DatabaseSync(file, { timeout: 10_000 });
  try {
    db.exec(`PRAGMA cache_size = ${WRITER_CACHE}`);
    const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    db.exec('BEGIN IMMEDIATE');
    const at = Date.now();
    for (let i = 0; i < count; i++) {
      const productId = modelIds[i % modelIds.length]!;
      const visitorKey = `${tag}${i.toString(36).padStart(8, '0')}`;
      const event = toNewEvent({ type: 'ProductViewed', data: { productId, visitorKey } }, randomUUID(), {
        actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(at + i).toISOString(),
      });
      insert.run(event.id, streams.productVisitor(productId, visitorKey), 0, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata));
    }
    db.exec('COMMIT');
    const row = db.prepare('SELECT MAX(position) AS head FROM events').get() as { head: number | bigint };
    return BigInt(row.head);
  } finally {
    db.close();
  }
}

/** Waits until the product's read models include `position` (X-Min-Position, ADR read-your-writes). */
export async function waitForPosition(url: string, position: bigint, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const res = await fetch(`${url}${FIRST_ANSWER}`, { headers: { 'x-min-position': position.toString() } });
    await res.arrayBuffer();
    if (res.ok && res.headers.get('x-projection-lagging') !== 'true') return;
  }
  throw new Error(`the product did not reach position ${position} within ${timeoutMs} ms`);
}
