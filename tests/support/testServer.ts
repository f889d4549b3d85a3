import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@phonemarket/platform/config.ts';
import type { Clock } from '@phonemarket/platform/clock.ts';
import type { Logger } from '@phonemarket/platform/log/logger.ts';
import type { EventStore } from '@phonemarket/events';
import { startEmbedded } from '@phonemarket/server';

export interface TestServer {
  url: string;
  dataDir: string;
  /** A client with its own cookie jar (one browser). */
  client(): TestClient;
  close(): Promise<void>;
  /** Stops and starts again on the same data folder (state must survive). */
  restart(): Promise<TestServer>;
}

export interface TestClient {
  request(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: unknown; headers: Headers }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }>;
  cookies: Map<string, string>;
}

/** The embedded product on a temporary data folder and a free port, without the frontend. */
export async function startTestServer(env: Record<string, string> = {}, opts: { clock?: Clock; dataDir?: string; logger?: Logger; storeFor?: (store: EventStore) => EventStore } = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'phonemarket-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', ...env });
  const running = await startEmbedded(config, { clock: opts.clock, frontendDist: path.join(dataDir, 'no-frontend'), ...(opts.logger ? { logger: opts.logger } : {}), ...(opts.storeFor ? { storeFor: opts.storeFor } : {}) });
  const url = running.url;
  return {
    url,
    dataDir,
    client: () => createClient(url),
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
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
