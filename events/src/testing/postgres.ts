import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for tests and the bench: `initdb` into a temporary folder, `postgres`
 * on a free loopback port with its socket in that folder, removed on `stop()`. PostgreSQL refuses to
 * run as root, so under root the cluster runs as `nobody` (spawned with its uid/gid, the folder handed
 * to it); as any other user it runs as that user. The binaries are Debian's `postgresql` package (on
 * PATH or in /usr/lib/postgresql/<version>/bin); without them `findPostgres()` says why and the
 * suites skip.
 */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** A fresh database in this cluster (each test file or test its own), answered as a connection URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

export type PostgresProbe = { ok: true; bin: string } | { ok: false; reason: string };

let probed: PostgresProbe | undefined;

/** Where `initdb`, `pg_ctl` and `postgres` are: $POSTGRES_BIN, PATH, or Debian's versioned folder. */
export function findPostgres(): PostgresProbe {
  if (probed) return probed;
  const candidates = [
    ...(process.env.POSTGRES_BIN ? [process.env.POSTGRES_BIN] : []),
    ...(process.env.PATH ?? '').split(delimiter),
    ...['17', '16', '15', '14', '13'].map((v) => `/usr/lib/postgresql/${v}/bin`),
  ];
  const bin = candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')));
  probed = bin
    ? { ok: true, bin }
    : { ok: false, reason: 'PostgreSQL binaries (initdb, postgres) not found: install Debian\'s `postgresql` package or set POSTGRES_BIN' };
  return probed;
}

/** Prints one plain line when the PostgreSQL suites cannot run here; answers whether they can. */
export function postgresAvailable(suite: string): boolean {
  const probe = findPostgres();
  if (!probe.ok) console.warn(`[${suite}] skipped: ${probe.reason}`);
  return probe.ok;
}

/** The uid/gid PostgreSQL runs as: ourselves, or `nobody` when we are root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('running as root and no `nobody` user to run PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StartOptions {
  /**
   * Durability as in production (fsync on) for the bench; tests turn it off: a throwaway cluster
   * loses nothing it needs on a crash of the machine, and every commit skips a disk flush.
   */
  durable?: boolean;
  maxConnections?: number;
  /**
   * The bench's software-only ceiling: the WAL in /dev/shm (tmpfs), so a commit's flush costs no disk
   * time while fsync stays on. NOT durable (the WAL dies with the machine); never for the product.
   */
  walInMemory?: boolean;
}

export async function startPostgres(opts: StartOptions = {}): Promise<PostgresCluster> {
  const probe = findPostgres();
  if (!probe.ok) throw new Error(probe.reason);
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'pg-'));
  const data = join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  const walDir = opts.walInMemory ? mkdtempSync(join('/dev/shm', 'pg-wal-')) : null;
  if (walDir && user) chownSync(walDir, user.uid, user.gid);
  const removeAll = () => {
    rmSync(dir, { recursive: true, force: true });
    if (walDir) rmSync(walDir, { recursive: true, force: true });
  };
  const as: SpawnOptions = { ...(user ?? {}), cwd: dir, env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' } };

  const init = spawnSync(join(probe.bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync', '--no-instructions', ...(walDir ? ['-X', join(walDir, 'wal')] : [])], { ...as, encoding: 'utf8' });
  if (init.status !== 0) {
    removeAll();
    throw new Error(`initdb failed (${init.status ?? init.signal}): ${init.stderr || init.error?.message}`);
  }

  const port = await freePort();
  const settings = [
    `listen_addresses=127.0.0.1`, `port=${port}`, `unix_socket_directories=${dir}`,
    `max_connections=${opts.maxConnections ?? 200}`, 'shared_buffers=64MB',
    ...(opts.durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ];
  const server = spawn(join(probe.bin, 'postgres'), ['-D', data, ...settings.flatMap((s) => ['-c', s])], { ...as, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout?.on('data', (d: Buffer) => { log += d; });
  server.stderr?.on('data', (d: Buffer) => { log += d; });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import('pg');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill('SIGKILL');
        removeAll();
        throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  let databases = 0;
  return {
    url,
    port,
    async createDatabase(name = `test_${process.pid}_${++databases}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async stop() {
      // SIGQUIT: immediate shutdown, the cluster is thrown away anyway.
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      removeAll();
    },
  };
}
