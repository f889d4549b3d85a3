/**
 * Issue 38's topology on PostgreSQL, run for real on loopback ports: one throwaway PostgreSQL, two
 * command-api, two projectors (one active under the lease), two query-api, and Debian's nginx in front
 * (deploy/nginx.conf with each upstream a group of the two instances). Skipped, and said so, when the
 * PostgreSQL binaries or nginx are missing; `.ci/run` installs both, so it runs in CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '@phonemarket/contracts';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { findNginx, nginxMainConfig, nginxSiteConfig } from './support/nginx.ts';
import { freePort, startService, testSecret, type RunningService } from './support/services.ts';
import { createClient, type TestClient } from './support/testServer.ts';

const NGINX = findNginx();
const available = postgresAvailable('postgres topology') && (NGINX !== null || (console.warn('[postgres topology] skipped: nginx is not installed (apt-get install -y nginx; .ci/run does it)'), false));

describe.skipIf(!available)('every service twice on PostgreSQL behind nginx (issue 38)', () => {
  let cluster: PostgresCluster;
  let env: Record<string, string>;
  const commandApis: RunningService[] = [];
  const projectors: RunningService[] = [];
  const queryApis: RunningService[] = [];
  let nginx: ChildProcess | undefined;
  let dir = '';
  let base = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    cluster = await startPostgres();
    env = {
      EVENT_STORE_URL: await cluster.createDatabase('events'),
      READ_MODELS_URL: await cluster.createDatabase('read_models'),
      SESSION_SECRET: testSecret(), DEMO: '1', TRUST_PROXY: '1', SIGNUP_LIMIT_PER_HOUR: '1000', LOG_LEVEL: 'warn',
      DATA_DIR: '/nonexistent-not-used',
    };
    // Both command-apis start at once on an empty store (both seed the catalogue: idempotent).
    commandApis.push(...await Promise.all([0, 1].map(() => startService('command-api/src/main.ts', env))));
    projectors.push(...await Promise.all([0, 1].map(() => startService('projector/src/main.ts', env, { http: false, readyWhen: /standing by/ }))));
    queryApis.push(...await Promise.all([0, 1].map(() => startService('query-api/src/main.ts', env))));

    dir = mkdtempSync(path.join(os.tmpdir(), 'pg-topology-'));
    const port = await freePort();
    writeFileSync(path.join(dir, 'default.conf'), nginxSiteConfig({ queryApi: 'query_api', commandApi: 'command_api', listen: `127.0.0.1:${port}`, root: dir }));
    writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir, {
      upstreams: { query_api: queryApis.map((s) => new URL(s.url).host), command_api: commandApis.map((s) => new URL(s.url).host) },
    }));
    nginx = spawn(NGINX!, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${base}/api/categories`).catch(() => null))?.status === 200, 15_000, () => readFileSync(path.join(dir, 'error.log'), 'utf8'));
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    nginx?.kill('SIGTERM');
    await Promise.all([...queryApis, ...projectors, ...commandApis].map((s) => s.stop()));
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A browser on the nginx address (its Origin sent with every write, as a browser does). */
  const browser = (url = base): TestClient => {
    const c = createClient(url);
    const request = c.request;
    c.request = (method, p, opts = {}) => request(method, p, { ...opts, headers: { origin: url, ...opts.headers } });
    return c;
  };
  /** The same browser (cookies) talking to another address. */
  const moved = (c: TestClient, url: string): TestClient => {
    const m = browser(url);
    for (const [k, v] of c.cookies) m.cookies.set(k, v);
    return m;
  };
  const position = (r: { body: unknown }) => ({ 'x-min-position': (r.body as { position: string }).position });

  it('each instance serves its half on PostgreSQL: a sign-up through one command-api is signed in on every query-api, a write read back with X-Min-Position anywhere', async () => {
    const buyer = browser(commandApis[0]!.url);
    const signedUp = await buyer.post('/api/auth/register', { email: 'pg-journey@example.kr', password: 'correct-horse-77', firstName: '민수', lastName: '김' });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    for (const q of queryApis) {
      const me = await moved(buyer, q.url).get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ user: { email: 'pg-journey@example.kr' } });
    }
    const offers = await browser().get('/api/products?limit=1');
    const offerId = (offers.body as { products: { id: string }[] }).products[0]!.id;
    // Through the other command-api; read back on each query-api (X-Min-Position).
    const added = await moved(buyer, commandApis[1]!.url).post('/api/cart/items', { productId: offerId });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    for (const q of queryApis) {
      const cart = cartSchema.parse((await moved(buyer, q.url).get('/api/cart', position(added))).body);
      expect(cart.items.map((i) => i.productId)).toEqual([offerId]);
    }
    // And through nginx.
    expect(cartSchema.parse((await moved(buyer, base).get('/api/cart', position(added))).body).count).toBe(1);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs: number, detail: () => string = () => ''): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms\n${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}
