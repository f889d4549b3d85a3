import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@phonemarket/platform/config.ts';
import type { Clock } from '@phonemarket/platform/clock.ts';
import type { Logger } from '@phonemarket/platform/log/logger.ts';
import type { EventStore } from '@phonemarket/events';
import { startEmbedded } from '@phonemarket/server';
import { inject } from 'vitest';

export interface TestServer {
  url: string;
  dataDir: string;
  /** A client with its own cookie jar (one browser). */
  client(): TestClient;
  /** Stops; the data folder is removed unless `keepData`. */
  close(opts?: { keepData?: boolean }): Promise<void>;
  /** Stops and starts again on the same data folder (state must survive). */
  restart(): Promise<TestServer>;
}

export interface TestClient {
  request(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: unknown; headers: Headers }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }>;
  cookies: Map<string, string>;
}

/**
 * Settings that change neither what a first start seeds nor where it keeps it: a start with only these
 * may begin on a copy of the seeded folder (the store, the clock, DEMO and the like get a first start).
 */
const SEED_NEUTRAL_ENV = new Set([
  'SIGNUP_LIMIT_PER_HOUR', 'TRUST_PROXY', 'SESSION_IDLE_MINUTES', 'SESSION_ABSOLUTE_HOURS', 'MAX_CONNECTIONS_PER_ADDRESS',
  'LOG_LEVEL', 'ALLOWED_HOSTS', 'ALLOWED_ORIGINS', 'PUBLIC_ORIGIN',
]);

/** The folder tests/support/seededServer.globalSetup.ts had a first start seed, when this run has one. */
function seededFolder(): string | undefined {
  try {
    const dir = inject('seededServerDataDir');
    return dir && existsSync(dir) ? dir : undefined;
  } catch {
    return undefined; // not inside a vitest run with that setup
  }
}

/**
 * The embedded product on a temporary data folder and a free port, without the frontend. Unless
 * `seeded: false`, a start whose env and options leave the seeding as it is begins on a copy of the
 * run's seeded folder (ADR 030): the store a first start leaves, without ~2.5 s of CPU for seeding it.
 */
export async function startTestServer(env: Record<string, string> = {}, opts: { clock?: Clock; dataDir?: string; logger?: Logger; storeFor?: (store: EventStore) => EventStore; seeded?: boolean } = {}): Promise<TestServer> {
  const copyable = opts.seeded !== false && !opts.dataDir && !opts.clock && !opts.storeFor && Object.keys(env).every((key) => SEED_NEUTRAL_ENV.has(key));
  const seeded = copyable ? seededFolder() : undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'phonemarket-test-'));
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', ...env });
  const running = await startEmbedded(config, { clock: opts.clock, frontendDist: path.join(dataDir, 'no-frontend'), ...(opts.logger ? { logger: opts.logger } : {}), ...(opts.storeFor ? { storeFor: opts.storeFor } : {}) });
  const url = running.url;
  return {
    url,
    dataDir,
    client: () => createClient(url),
    async close(closing = {}) {
      await running.close();
      if (!closing.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await running.close();
      return startTestServer(env, { ...opts, dataDir });
    },
  };
}

export function createClient(base: string): TestClient {
  const cookies = new Map<string, string>();
  async function request(method: string, p: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Bytes (an upload) go as they are; anything else but a string is sent as JSON.
    const raw = opts.body instanceof Uint8Array;
    if (opts.body !== undefined) headers['content-type'] ??= raw ? 'application/octet-stream' : 'application/json';
    const res = await fetch(base + p, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' || raw ? opts.body as string | Uint8Array<ArrayBuffer> : JSON.stringify(opts.body),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(set)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.text();
    let body: unknown = text;
    try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
    return { status: res.status, body, headers: res.headers };
  }
  return {
    request,
    get: (p, headers) => request('GET', p, { headers }),
    post: (p, body, headers) => request('POST', p, { body, headers }),
    cookies,
  };
}
