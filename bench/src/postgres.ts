/**
 * PostgreSQL figures (issue 38, ADR 024), on a throwaway cluster started here with production
 * durability (fsync and synchronous commit on): appends with 1 and 8 writers, a rebuild of the
 * rebuild section's log copied into PostgreSQL (replayed from PostgreSQL, written back in one
 * transaction), the time for a standby projector process to take over after `kill -9`, and a push's
 * way across instances: a write through one command-api process to a socket on a query-api process.
 * Beside the appends: this disk's flush time (what bounds a durable writer) and the same appends with
 * the WAL on tmpfs — a software-only ceiling, labelled as such, never the product's figure (ADR 024).
 * Skipped, with a note, when the PostgreSQL binaries are missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { connectPostgresEventStore, openSqliteEventStore, type PostgresEventStoreOptions } from '@phonemarket/events';
import { copyEvents } from '@phonemarket/events/copyEvents.ts';
import { findPostgres, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { allReadModels, CHECKPOINTS, connectPostgresDocStore, PROJECTOR_ID, type CheckpointDoc } from '@phonemarket/projector';
import { rebuildIntoPostgres } from '@phonemarket/projector/postgresProjector.ts';
import { appendThroughputOn } from './append.ts';
import { summarize } from './stats.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function postgresFigures(opts: { rebuildLog: string; set: (key: string, value: number, digits?: number) => void; note: (text: string) => void; log: (text: string) => void }): Promise<void> {
  const probe = findPostgres();
  if (!probe.ok) {
    opts.note(`PostgreSQL figures skipped: ${probe.reason}`);
    return;
  }
  // The disk's flush time bounds durable appends: one sequential writer makes at most one per flush.
  const flushMs = diskFlushMs(tmpdir());
  opts.set('pg_fsync_ms', flushMs, 2);
  opts.note(`disk flush (8 kB write + fdatasync in ${tmpdir()}, where the cluster's WAL is; median of ${DISK_FLUSH_SAMPLES}): ${flushMs.toFixed(2)} ms → at most ${Math.round(1_000 / flushMs)} durable commits/s one after another`);
  const cluster = await startPostgres({ durable: true });
  try {
    for (const [writers, key] of [[1, 'pg_append_per_s_1_writer'], [8, 'pg_append_per_s_8_writers']] as const) {
      const trials = await appendTrials(cluster, writers, 'durable');
      opts.set(key, Math.max(...trials), 0);
      opts.note(`PostgreSQL append, ${writers} writer(s): trials ${trials.join(', ')} events/s (4,000 single-event appends each, fsync on, synchronous_commit on, WAL on the disk: the product's default and figure)`);
    }
    // The option EVENT_STORE_SYNCHRONOUS_COMMIT=off (ADR 029), on the same disk: answered before the
    // WAL flush, as the embedded SQLite store (WAL, synchronous=NORMAL) answers before its fsync.
    for (const [writers, key] of [[1, 'pg_append_per_s_1_writer_synchronous_commit_off'], [8, 'pg_append_per_s_8_writers_synchronous_commit_off']] as const) {
      const trials = await appendTrials(cluster, writers, 'async_commit', { synchronousCommit: false });
      opts.set(key, Math.max(...trials), 0);
      opts.note(`PostgreSQL append, ${writers} writer(s), EVENT_STORE_SYNCHRONOUS_COMMIT=off (not the default; the last ~0.6 s of answered appends are lost if the server or machine crashes): trials ${trials.join(', ')} events/s`);
    }
    // The same code with the WAL on tmpfs: what the software does when a flush costs nothing. NOT durable,
    // never the product's figure — the ceiling a disk with a faster flush would approach (ADR 024).
    const memoryWal = await startPostgres({ durable: true, walInMemory: true });
    try {
      for (const [writers, key] of [[1, 'pg_append_per_s_1_writer_wal_tmpfs'], [8, 'pg_append_per_s_8_writers_wal_tmpfs']] as const) {
        const trials = await appendTrials(memoryWal, writers, 'tmpfs');
        opts.set(key, Math.max(...trials), 0);
        opts.note(`SOFTWARE-ONLY CEILING, not durable: PostgreSQL append, ${writers} writer(s), WAL on tmpfs (/dev/shm): trials ${trials.join(', ')} events/s`);
      }
    } finally {
      await memoryWal.stop();
    }

    const eventsUrl = await cluster.createDatabase('rebuild_events');
    const readModelsUrl = await cluster.createDatabase('rebuild_read_models');
    const sqlite = openSqliteEventStore(opts.rebuildLog);
    const events = await connectPostgresEventStore(eventsUrl);
    const docs = await connectPostgresDocStore(readModelsUrl);
    try {
      const copied = await copyEvents(sqlite, events);
      opts.log(`  copied ${copied.events} events into PostgreSQL`);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const serverCpu = clusterCpuMs(cluster.port);
      const r = await rebuildIntoPostgres(events, docs, allReadModels);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const nodeCpuMs = (used.user + used.system) / 1_000;
      const pgCpuMs = clusterCpuMs(cluster.port) - serverCpu;
      opts.set('pg_rebuild_per_s', (r.events / ms) * 1000, 0);
      opts.set('pg_rebuild_cpu_ms', nodeCpuMs + pgCpuMs, 0);
      opts.note(`PostgreSQL rebuild: ${r.events} events replayed from PostgreSQL in ${Math.round(r.ms)} ms, then every read model written in one transaction: ${Math.round(ms)} ms wall; CPU ${Math.round(nodeCpuMs)} ms Node (all threads) + ${Math.round(pgCpuMs)} ms PostgreSQL = ${Math.round((r.events / (nodeCpuMs + pgCpuMs)) * 1000)} events per CPU-second`);

      // Failover: two projector processes; kill -9 the active one; time until the other is active.
      const env = { ...process.env, EVENT_STORE_URL: eventsUrl, READ_MODELS_URL: readModelsUrl, LOG_LEVEL: 'error', SESSION_SECRET: 'b'.repeat(16) + 'Qm2Lx7Vb4Nc1Rt8Wy5Pz3Hs6Jd0Fg' };
      const outputs: string[] = [];
      const children = [0, 1].map((i) => {
        const child = spawn(process.execPath, ['projector/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        outputs[i] = '';
        child.stdout.on('data', (d: Buffer) => { outputs[i] = `${outputs[i] ?? ''}${d}`; });
        child.stderr.on('data', (d: Buffer) => { outputs[i] = `${outputs[i] ?? ''}${d}`; });
        return child;
      });
      try {
        const activeIndex = async () => {
          for (;;) {
            const i = outputs.findIndex((o) => /projector active/.test(o));
            if (i >= 0) return i;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        };
        const first = await activeIndex();
        const killedAt = performance.now();
        children[first]!.kill('SIGKILL');
        const other = 1 - first;
        let leasedMs = NaN;
        while (!/projector active/.test(outputs[other]!)) {
          if (Number.isNaN(leasedMs) && /projector lease taken/.test(outputs[other]!)) leasedMs = performance.now() - killedAt;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const failoverMs = performance.now() - killedAt;
        opts.set('projector_failover_ms', failoverMs, 0);
        const cp = await docs.collection<CheckpointDoc>(CHECKPOINTS).get(PROJECTOR_ID);
        // The standby says how it took over (s61: warm — only what was committed since its last step — or a full load).
        const how = /\((warm takeover|full load at takeover)[^)]*\)/.exec(outputs[other]!)?.[0] ?? '';
        opts.note(`projector failover: standby active ${Math.round(failoverMs)} ms after kill -9 — lease taken after ${Math.round(leasedMs)} ms (the dead holder's lease expiring: ≤ 2.5 s TTL + a 100 ms claim poll), then ${Math.round(failoverMs - leasedMs)} ms bringing the read models up to date and starting ${how}; checkpoint ${cp?.position ?? 'none'}`);
      } finally {
        for (const child of children) child.kill('SIGKILL');
      }
      await crossInstancePush(await cluster.createDatabase('push_events'), await cluster.createDatabase('push_read_models'), opts);
    } finally {
      await sqlite.close();
      await events.close();
      await docs.close();
    }
  } finally {
    await cluster.stop();
  }
}

/**
 * CPU time (ms) used so far by the cluster listening on `port` (Linux /proc; 0 elsewhere): its
 * postmaster's own and its reaped children's (backends that ended), and its running children's.
 */
function clusterCpuMs(port: number): number {
  const procs: { pid: number; ppid: number; cpuMs: number }[] = [];
  let postmaster = -1;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
        const isPostmaster = readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`port=${port}\0`);
        // utime stime, and for the postmaster cutime cstime too: an ended backend's time moves there when it is reaped.
        const ticks = fields.slice(11, isPostmaster ? 15 : 13).reduce((a, b) => a + b, 0);
        procs.push({ pid: Number(entry), ppid: fields[1]!, cpuMs: ticks * 10 });
        if (isPostmaster) postmaster = Number(entry);
      } catch { /* the process ended meanwhile */ }
    }
  } catch {
    return 0;
  }
  return procs.filter((p) => p.pid === postmaster || p.ppid === postmaster).reduce((sum, p) => sum + p.cpuMs, 0);
}

/** Three trials of 4,000 single-event appends by `writers` concurrent writers, each on a fresh database (events/s). */
async function appendTrials(cluster: PostgresCluster, writers: number, tag: string, storeOptions: PostgresEventStoreOptions = {}): Promise<number[]> {
  const trials: number[] = [];
  for (let trial = 0; trial < 3; trial++) {
    const store = await connectPostgresEventStore(await cluster.createDatabase(`append_${tag}_${writers}_${trial}`), { ...storeOptions, poolSize: writers + 2 });
    try {
      trials.push(Math.round((await appendThroughputOn(store, writers, Math.round(4_000 / writers))).perSecond));
    } finally {
      await store.close();
    }
  }
  return trials;
}

const DISK_FLUSH_SAMPLES = 200;

/** Median time of an 8 kB write + fdatasync in `dir` (what PostgreSQL's default wal_sync_method does per commit). */
function diskFlushMs(dir: string): number {
  const folder = mkdtempSync(path.join(dir, 'flush-'));
  const fd = openSync(path.join(folder, 'probe'), 'w');
  const page = Buffer.alloc(8_192, 1);
  const samples: number[] = [];
  try {
    writeSync(fd, page, 0, page.length, 0);
    fdatasyncSync(fd);
    for (let i = 0; i < DISK_FLUSH_SAMPLES; i++) {
      const started = performance.now();
      writeSync(fd, page, 0, page.length, 0);
      fdatasyncSync(fd);
      samples.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
  return summarize(samples).p50;
}

/** Starts a service process; resolves with its port once it logs that it listens (`PORT=0`: a free one). */
function startListening(entry: string, env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<number> {
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      const port = /"port":(\d+)[^\n]*listening/.exec(out);
      if (port) resolve(Number(port[1]));
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before listening:\n${out.slice(-2_000)}`)));
  });
}

/**
 * `cross_instance_push_p99_ms`: command-api A, one projector and query-api B as separate processes on
 * PostgreSQL. A buyer's socket is on B; each sample is a cart write sent to A, timed from the request
 * to the `cart:updated` on B's socket (the projector's commit NOTIFYs B, which reads the outbox).
 */
export async function crossInstancePush(eventsUrl: string, readModelsUrl: string, opts: { set: (key: string, value: number, digits?: number) => void; note: (text: string) => void }): Promise<void> {
  const SAMPLES = 200;
  const env = { ...process.env, EVENT_STORE_URL: eventsUrl, READ_MODELS_URL: readModelsUrl, DEMO: '1', SESSION_SECRET: randomBytes(32).toString('hex') };
  const children: ChildProcess[] = [];
  try {
    const commandPort = await startListening('command-api/src/main.ts', env, children);
    const projector = spawn(process.execPath, ['projector/src/main.ts'], { cwd: ROOT, env: { ...env, LOG_LEVEL: 'error' }, stdio: 'ignore' });
    children.push(projector);
    const queryPort = await startListening('query-api/src/main.ts', env, children);
    const commandUrl = `http://127.0.0.1:${commandPort}`;
    const queryUrl = `http://127.0.0.1:${queryPort}`;
    const demo = await fetch(`${commandUrl}/api/auth/demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"role":"user"}' });
    if (demo.status !== 200) throw new Error(`demo sign-in: ${demo.status}`);
    const cookie = demo.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const headers = { 'content-type': 'application/json', cookie };
    // The read side has caught up with the seeded catalogue: an offer to cart.
    let productId = '';
    for (let tries = 0; !productId; tries++) {
      const list = await (await fetch(`${queryUrl}/api/products?limit=1`)).json() as { products?: { id: string }[] };
      productId = list.products?.[0]?.id ?? '';
      if (!productId && tries > 600) throw new Error('query-api B never listed an offer');
      if (!productId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const socket = io(queryUrl, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
    try {
      const samples: number[] = [];
      /** When the write's answer came back, and how long the push took after it (which one comes first varies). */
      const answered: number[] = [];
      const afterAnswer: number[] = [];
      let itemId = '';
      for (let i = 0; i < SAMPLES + 10; i++) {
        // Alternately add the offer and take its line out again: each write is one cart:updated.
        const count = i % 2 === 0 ? 1 : 0;
        const pushed = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no cart:updated within 10 s')), 10_000);
          const listener = (p: { count: number }) => {
            if (p.count !== count) return;
            clearTimeout(timer);
            socket.off(SOCKET_EVENTS.cartUpdated, listener);
            resolve();
          };
          socket.on(SOCKET_EVENTS.cartUpdated, listener);
        });
        const started = performance.now();
        const written = count === 1
          ? await fetch(`${commandUrl}/api/cart/items`, { method: 'POST', headers, body: JSON.stringify({ productId }) })
          : await fetch(`${commandUrl}/api/cart/items/${itemId}`, { method: 'DELETE', headers });
        if (written.status >= 300) throw new Error(`cart write: ${written.status} ${await written.text()}`);
        const { position } = await written.json() as { position: string };
        const answeredMs = performance.now() - started;
        await pushed;
        const ms = performance.now() - started;
        if (i >= 10) { // the first few warm the processes up
          samples.push(ms);
          answered.push(answeredMs);
          afterAnswer.push(ms - answeredMs);
        }
        // The new line's id for the next write (read from query-api, untimed: command-api answers no reads).
        if (count === 1) itemId = await lineOf(queryUrl, cookie, position);
      }
      const s = summarize(samples);
      opts.set('cross_instance_push_p99_ms', s.p99, 0);
      const a = summarize(answered);
      const b = summarize(afterAnswer);
      opts.note(`cross-instance push (write to command-api A → cart:updated on query-api B, ${SAMPLES} sequential writes): p50 ${Math.round(s.p50)} ms, p90 ${Math.round(s.p90)} ms, p99 ${Math.round(s.p99)} ms; of which the write's answer from A p50 ${Math.round(a.p50)} / p99 ${Math.round(a.p99)} ms, and the push after it p50 ${Math.round(b.p50)} / p99 ${Math.round(b.p99)} ms`);
    } finally {
      socket.close();
    }
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}

/** The cart's one line, read from query-api as of `position` (command-api answers no reads). */
async function lineOf(queryUrl: string, cookie: string, position: string): Promise<string> {
  const cart = await (await fetch(`${queryUrl}/api/cart`, { headers: { cookie, 'x-min-position': position } })).json() as { items: { itemId: string }[] };
  if (!cart.items[0]) throw new Error('the cart has no line after its add');
  return cart.items[0].itemId;
}
