import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { RANKING_FOLLOW } from '@phonemarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './support/testServer.ts';
import { freePort, startService, testSecret, type RunningService } from './support/services.ts';
import { findNginx, nginxMainConfig, nginxSiteConfig } from './support/nginx.ts';

/**
 * The web front of distributed mode (deploy/nginx.conf, the `web` service of docker-compose.yml),
 * run for real with Debian's nginx in front of the services started as separate processes on the
 * embedded stores: command-api alone, and the read side (projector + query-api, tests/support/readSide.ts).
 * The routing rules are read from deploy/nginx.conf; only the upstream addresses, the port and the
 * static root are replaced.
 */

const NGINX = findNginx();
if (!NGINX) {
  const reason = 'nginx is not installed (apt-get install -y nginx; .ci/run does it)';
  if (process.env.CI) throw new Error(`tests/nginx.test.ts must run in CI: ${reason}`);
  console.warn(`[skipped] tests/nginx.test.ts: ${reason}`);
}

/** Can we use a second loopback address (Linux: all of 127/8)? Then nginx talks to the services from it, like a separate host. */
function canBind(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, address, () => probe.close(() => resolve(true)));
  });
}

const ASSET_JS = `console.log(${JSON.stringify('폰마켓 '.repeat(300))});\n`;

const children: ChildProcess[] = [];
const services: RunningService[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(services.map((s) => s.stop()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!NGINX)('the web front (deploy/nginx.conf) with nginx in front of the separate services', () => {
  let base = '';
  let commandApi: RunningService;
  let readSide: RunningService;
  let nginxAddress: string | null = null;
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'data');
    // One proxy hop in front, as in docker-compose.yml.
    const env = { DATA_DIR: dataDir, SESSION_SECRET: testSecret(), TRUST_PROXY: '1' };
    commandApi = await startService('command-api/src/main.ts', env);
    services.push(commandApi);
    readSide = await startService('tests/support/readSide.ts', env);
    services.push(readSide);

    mkdirSync(path.join(dir, 'html/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'html/index.html'), '<!doctype html><html lang="ko"><title>폰마켓</title><div id="root"></div></html>\n');
    writeFileSync(path.join(dir, 'html/assets/app-1234.js'), ASSET_JS);
    writeFileSync(path.join(dir, 'html/assets/app-1234.js.gz'), gzipSync(ASSET_JS)); // what frontend/build/precompress.ts writes
    const port = await freePort();
    nginxAddress = (await canBind('127.0.0.2')) ? '127.0.0.2' : null;
    writeFileSync(path.join(dir, 'default.conf'), nginxSiteConfig({
      queryApi: new URL(readSide.url).host,
      commandApi: new URL(commandApi.url).host,
      listen: `127.0.0.1:${port}`,
      root: path.join(dir, 'html'),
    }));
    writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir, { proxyBind: nginxAddress }));
    base = `http://127.0.0.1:${port}`;
  }, 90_000);

  const nginxArgs = () => ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];

  it('nginx -t accepts the configuration', () => {
    const test = spawnSync(NGINX!, ['-t', ...nginxArgs()], { encoding: 'utf8' });
    expect(test.stderr).toMatch(/syntax is ok/);
    expect(test.stderr).toMatch(/test is successful/);
    expect(test.status).toBe(0);
  });

  it('starts and serves the built frontend: index.html for app routes, immutable assets', async () => {
    const nginx = spawn(NGINX!, [...nginxArgs(), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(nginx);
    let out = '';
    nginx.stderr?.on('data', (d: Buffer) => { out += d; });
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}:\n${out}\n${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      try { await fetch(`${base}/`); break; } catch { /* not yet */ }
      if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const index = await fetch(`${base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('폰마켓');
    const appRoute = await fetch(`${base}/products/galaxy-s25-ultra`);
    expect(appRoute.status).toBe(200);
    expect(await appRoute.text()).toContain('<div id="root">');
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The prebuilt .gz when the request accepts gzip, the plain file when it does not.
    const gz = await fetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await gz.text()).toBe(ASSET_JS);
    const plain = await fetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(ASSET_JS);
    expect((await fetch(`${base}/assets/missing-1.js`)).status).toBe(404);
  });

  it('sends reads to query-api, writes to command-api, /images to query-api', async () => {
    // Each service answers only its own half: the read side has no commands, command-api no reads.
    expect((await fetch(`${commandApi.url}/api/categories`)).status).toBe(404);
    expect((await fetch(`${readSide.url}/api/auth/logout`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/api/categories`)).status).toBe(200);
    expect((await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { origin: base } })).status).toBe(204);
    const image = await fetch(`${base}/images/brands/samsung.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/svg/);
    // the pages show the WebP renderings (ADR 009): the proxy passes them through unchanged
    const webp = await fetch(`${base}/images/phones/galaxy-s26-ultra.webp?w=400`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await webp.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it("a store picture upload passes the proxy up to command-api's own 5 MB limit (nginx's 1 MB default would cut it off)", async () => {
    // A guest's 2 MB upload reaches command-api, which answers it (401, JSON) once it has it all; beyond 6 MB nginx refuses it itself.
    const upload = (bytes: number) => fetch(`${base}/api/seller/store/images?kind=logo`, {
      method: 'POST', headers: { origin: base, 'content-type': 'image/png' }, body: new Uint8Array(bytes),
    });
    const passed = await upload(2 * 1024 * 1024);
    expect(passed.status).toBe(401);
    expect(await passed.json()).toEqual({ message: '로그인이 필요합니다.' });
    // Over 5 MB and under nginx's 6 MB: command-api checks who first (issue 35) and answers its 401 once the body has gone by
    // unread (not a 502 for a connection closed mid-upload); a seller's is its Korean 413 (tests/api/authorisationMatrix.test.ts).
    const tooLarge = await upload(5.5 * 1024 * 1024);
    expect(tooLarge.status).toBe(401);
    expect(await tooLarge.json()).toEqual({ message: '로그인이 필요합니다.' });
    expect((await upload(7 * 1024 * 1024)).status).toBe(413);
    // The other pictures and the imports pass the proxy to command-api too (its own checks, not nginx's 1 MB default).
    for (const path of ['/api/seller-products/images', '/api/buyback/orders/none/photos', '/api/orders/none/review-photos']) {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { origin: base, 'content-type': 'image/png' }, body: new Uint8Array(2 * 1024 * 1024) });
      expect(res.status, path).toBe(401);
    }
    const csv = await fetch(`${base}/api/admin/carrier-terms/import`, {
      method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ csv: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(csv.status).toBe(401);
  });

  it('journey on one port: sign up, sign out, sign in, add to cart, read it back with X-Min-Position, ranking:update over WebSocket', async () => {
    // A browser on http://127.0.0.1:<port> sends its Origin with every write: the services must see the same host and port.
    const browser = createClient(base);
    const origin = { origin: base };
    const email = `nginx-${Date.now()}@example.kr`;
    const password = 'through-the-proxy-1';
    const signUp = await browser.post('/api/auth/register', { email, password, firstName: '프록시', lastName: '웹', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }, origin);
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    expect((await browser.post('/api/auth/logout', undefined, origin)).status).toBe(204);
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    const signIn = await browser.post('/api/auth/login', { email, password }, origin);
    expect(signIn.status).toBe(200);
    const signedInAt = (signIn.body as { position: string }).position;
    const me = await browser.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email } });

    const ranking = await browser.get('/api/products/ranking', { 'x-min-position': signedInAt });
    expect(ranking.status).toBe(200);
    const list = ranking.body as { id: string }[];
    expect(list.length).toBeGreaterThan(2);

    // The ranking lists phone models; a cart line is one seller's offer of a model.
    const offers = await browser.get('/api/products?limit=1');
    expect(offers.status).toBe(200);
    const offerId = (offers.body as { products: { id: string }[] }).products[0]!.id;
    const added = await browser.post('/api/cart/items', { productId: offerId }, origin);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const cart = await browser.get('/api/cart', { 'x-min-position': (added.body as { position: string }).position });
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ count: 1, items: [{ productId: offerId, quantity: 1 }] });

    // The live ranking, through the proxy's WebSocket upgrade.
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket: Socket = io(base, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: base, cookie } });
    try {
      await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
      expect(socket.io.engine.transport.name).toBe('websocket');
      // As a page that shows the ranking does (only those are sent it).
      await socket.emitWithAck(RANKING_FOLLOW);
      const last = list.at(-1)!;
      const pushed = new Promise<{ id: string }[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no ranking:update within 10 s')), 10_000);
        socket.on('ranking:update', (update: { id: string }[]) => {
          if (update[0]?.id === last.id) { clearTimeout(timer); resolve(update); }
        });
      });
      const view = await browser.post(`/api/products/${last.id}/views`, undefined, origin);
      expect(view.status).toBe(201);
      expect((await pushed)[0]).toMatchObject({ id: last.id, rank: 1 });
    } finally {
      socket.close();
    }
  }, 60_000);

  it('passes the browser\'s Host to the services: a name that is not this machine\'s (DNS rebinding) is 421 on /api, /images and /socket.io', async () => {
    const through = (p: string, host: string, method = 'GET') => new Promise<number>((resolve, reject) => {
      const u = new URL(p, base);
      const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers: { host, origin: `http://${host}` } }, (res) => {
        res.resume().on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject).end();
    });
    const port = new URL(base).port;
    for (const [method, p] of [['GET', '/api/categories'], ['POST', '/api/auth/logout'], ['GET', '/images/brands/samsung.svg'], ['GET', '/socket.io/?EIO=4&transport=polling']] as const) {
      expect(await through(p, `rebind.attacker.example:${port}`, method), `${method} ${p}`).toBe(421);
      expect(await through(p, `localhost:${port}`, method), `${method} ${p} as localhost`).toBeLessThan(300);
    }
  });

  it('the services see the real client address, not one the client wrote in X-Forwarded-For (TRUST_PROXY=1)', async () => {
    // A guest's product view counts once per network address (command-api/src/features/rankings).
    const { body: list } = await createClient(base).get('/api/products/ranking');
    const productId = (list as { id: string }[])[1]!.id;
    const view = (url: string, headers: Record<string, string> = {}, localAddress?: string) => new Promise<boolean>((resolve, reject) => {
      const req = httpRequest(`${url}/api/products/${productId}/views`, { method: 'POST', headers, localAddress }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => { body += d; }).on('end', () => {
          if ((res.statusCode ?? 500) >= 300) reject(new Error(`${res.statusCode} ${body}`));
          else resolve((JSON.parse(body) as { counted: boolean }).counted);
        });
      });
      req.on('error', reject).end();
    });
    // This machine (127.0.0.1) views the phone, straight at command-api.
    expect(await view(commandApi.url)).toBe(true);
    // Through nginx, whatever the client writes in X-Forwarded-For, it is still 127.0.0.1: not counted again.
    expect(await view(base, { origin: base, 'x-forwarded-for': '6.6.6.6' })).toBe(false);
    expect(await view(base, { origin: base, 'x-forwarded-for': '7.7.7.7, 8.8.8.8' })).toBe(false);
    if (nginxAddress) {
      // nginx reaches the services from its own address (proxy_bind), which is another visitor: had the
      // service taken the connection's address instead of the client's, the views above would have counted.
      expect(await view(commandApi.url, {}, nginxAddress)).toBe(true);
    } else {
      console.warn('[nginx.test] 127.0.0.2 is not usable here: nginx and the client share 127.0.0.1');
    }
    // Another client address does count: one trusted hop reporting 9.9.9.9 (as nginx would for a client there).
    expect(await view(commandApi.url, { 'x-forwarded-for': '9.9.9.9' })).toBe(true);
  });
});
