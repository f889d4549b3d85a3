import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { pino } from 'pino';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { acceptCorrelationId } from '@phonemarket/platform/http/correlation.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * The holes a probe found (issue 7), each with the request that used to get through.
 * Per-address limits are exercised for real: requests leave from different loopback addresses.
 */

interface Answer { status: number; body: unknown; headers: Record<string, string | string[] | undefined> }

/** One HTTP request from a chosen local address (127.0.0.x), JSON in and out. */
function send(base: string, method: string, p: string, opts: { body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  const url = new URL(p, base);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress: opts.from ?? '127.0.0.1',
      headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...opts.headers },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let body: unknown = text;
        try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const account = (n: string, password = 'blue-walrus-sings-42') => ({ email: `sec${n}@example.kr`, password, firstName: '보안', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

describe('1. Idempotency-Key cannot take over an account', () => {
  it('the same key with another body is 422 and starts no session', async () => {
    const first = await server.client().post('/api/auth/register', account('victim'), { 'idempotency-key': 'shared-key-0001' });
    expect(first.status).toBe(201);
    const attacker = server.client();
    const takeover = await attacker.post('/api/auth/register', account('attacker', 'another-strong-pass-9'), { 'idempotency-key': 'shared-key-0001' });
    expect(takeover.status).toBe(422);
    expect(takeover.body).toEqual({ message: expect.stringMatching(/Idempotency-Key/) });
    expect(takeover.headers.get('set-cookie')).toBeNull();
    expect((await attacker.get('/api/auth/me')).status).toBe(401);
  });

  it('a replay of the same request answers the same account, and only with the right password', async () => {
    const first = await server.client().post('/api/auth/register', account('replay'), { 'idempotency-key': 'replay-key-0001' });
    const replay = server.client();
    const again = await replay.post('/api/auth/register', account('replay'), { 'idempotency-key': 'replay-key-0001' });
    expect(again.status).toBe(201);
    expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
    expect(((await replay.get('/api/auth/me')).body as { user: { email: string } }).user.email).toBe('secreplay@example.kr');
    // a different password is a different body: refused, never a session for the first account
    const wrong = server.client();
    expect((await wrong.post('/api/auth/register', account('replay', 'guessed-password-77'), { 'idempotency-key': 'replay-key-0001' })).status).toBe(422);
    expect((await wrong.get('/api/auth/me')).status).toBe(401);
  });

  it('key order in the body does not matter; a malformed key is 400 on every command', async () => {
    const body = account('order');
    await server.client().post('/api/auth/register', body, { 'idempotency-key': 'order-key-0001' });
    const reordered = { confirmAgeOver14: true, agreePrivacy: true, agreeTerms: true, lastName: body.lastName, firstName: body.firstName, password: body.password, email: body.email };
    expect((await server.client().post('/api/auth/register', reordered, { 'idempotency-key': 'order-key-0001' })).status).toBe(201);
    for (const key of ['short', 'has space in it', 'x'.repeat(129), 'semi;colon!key', '%ED%95%9C%EA%B8%80%ED%82%A4']) {
      const res = await server.client().post('/api/auth/register', account('badkey'), { 'idempotency-key': key });
      expect(res.status, key).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringMatching(/Idempotency-Key/) });
    }
    const c = server.client();
    await c.post('/api/auth/register', account('cartkey'));
    const products = (await c.get('/api/products?limit=2')).body as { products: { id: string }[] };
    expect((await c.post('/api/cart/items', { productId: products.products[0]!.id }, { 'idempotency-key': 'bad key' })).status).toBe(400);
    expect((await c.post('/api/cart/items', { productId: products.products[0]!.id }, { 'idempotency-key': 'cart-key-0001' })).status).toBe(201);
    const other = await c.post('/api/cart/items', { productId: products.products[1]!.id }, { 'idempotency-key': 'cart-key-0001' });
    expect(other.status).toBe(422);
    // another user's identical key is their own: no clash
    const d = server.client();
    await d.post('/api/auth/register', account('cartkey2'));
    expect((await d.post('/api/cart/items', { productId: products.products[1]!.id }, { 'idempotency-key': 'cart-key-0001' })).status).toBe(201);
  });
});

describe('2. Demo admin only on this machine unless DEMO=1', () => {
  it('embedded mode listens on loopback by default; distributed mode on all interfaces', () => {
    expect(loadConfig({ DATA_DIR: server.dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: server.dataDir }).demo).toBe('loopback');
    expect(loadConfig({ DATA_DIR: server.dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: server.dataDir, EVENT_STORE_URL: 'kurrentdb://k:2113', SESSION_SECRET: 'z'.repeat(8) + 'k9Qm2Lx7Vb4Nc1Rt8Wy5Pz3Hs6Jd0Fg' }).demo).toBe('off');
    expect(loadConfig({ DATA_DIR: server.dataDir, DEMO: '1' }).demo).toBe('public');
  });

  it('a client from another address (through a trusted proxy) cannot use the demo sign-in; /api/site says so', async () => {
    const s = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const remote = { 'x-forwarded-for': '203.0.113.7' };
      const res = await send(s.url, 'POST', '/api/auth/demo', { body: { role: 'admin' }, headers: remote });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.stringMatching(/데모/) });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await send(s.url, 'GET', '/api/site', { headers: remote })).body).toMatchObject({ demo: false });
      expect((await send(s.url, 'GET', '/api/site')).body).toMatchObject({ demo: true });
      expect((await send(s.url, 'POST', '/api/auth/demo', { body: { role: 'admin' } })).status).toBe(200);
    } finally {
      await s.close();
    }
    const open = await startTestServer({ TRUST_PROXY: '1', DEMO: '1' });
    try {
      expect((await send(open.url, 'GET', '/api/site', { headers: { 'x-forwarded-for': '203.0.113.7' } })).body).toMatchObject({ demo: true });
    } finally {
      await open.close();
    }
    const off = await startTestServer({ DEMO: '0' });
    try {
      expect((await send(off.url, 'GET', '/api/site')).body).toMatchObject({ demo: false });
    } finally {
      await off.close();
    }
  });

  it('DEMO=1 prints a warning at start', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-demo-'));
    const child = spawn(process.execPath, ['server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DEMO: '1', PORT: '0', DATA_DIR: dataDir, FRONTEND_DIST: path.join(dataDir, 'none'), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const onData = (d: Buffer) => { output += String(d); if (/WARNING: DEMO=1/.test(output)) resolve(); };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', () => reject(new Error(`exited before warning:\n${output}`)));
        setTimeout(() => reject(new Error(`no warning in 60 s:\n${output}`)), 60_000);
      });
      expect(output).toMatch(/listening on 127\.0\.0\.1/);
    } finally {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 70_000);

  it('the demo sign-in is rate-limited per address with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 31; i++) {
      last = await send(server.url, 'POST', '/api/auth/demo', { body: { role: 'user' }, from: '127.0.0.20' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('3. Only the configured proxy hops are trusted', () => {
  it('rotating a client-written X-Forwarded-For does not dodge the sign-in limit', async () => {
    const s = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        // as compose's nginx forwards it: whatever the client wrote, then the real peer it saw
        const res = await send(s.url, 'POST', '/api/auth/login', {
          body: { email: `nobody${i}@example.kr`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `10.0.${i}.1, 198.51.100.7` },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((st) => st === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      // a different real client behind the same proxy is not affected
      const other = await send(s.url, 'POST', '/api/auth/login', { body: { email: 'nobody@example.kr', password: 'wrong-password' }, headers: { 'x-forwarded-for': '198.51.100.8' } });
      expect(other.status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('TRUST_PROXY=true (trust the client-written end) is refused at start', () => {
    expect(() => loadConfig({ DATA_DIR: server.dataDir, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ DATA_DIR: server.dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: server.dataDir, TRUST_PROXY: '10.0.0.2, 10.0.0.3' }).trustProxy).toEqual(['10.0.0.2', '10.0.0.3']);
  });
});

describe('4. Brute force: sign-up and sign-in limits per address, no lock-out of the owner', () => {
  it('sign-up is limited per address, with Retry-After; another address may still sign up', async () => {
    const s = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '5' });
    try {
      const statuses: number[] = [];
      let last: Answer | undefined;
      for (let i = 0; i < 6; i++) {
        last = await send(s.url, 'POST', '/api/auth/register', { body: account(`mass${i}`), from: '127.0.0.2' });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.body).toEqual({ message: expect.stringMatching(/가입 요청이 너무 많습니다/) });
      expect((await send(s.url, 'POST', '/api/auth/register', { body: account('elsewhere'), from: '127.0.0.3' })).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('five wrong passwords from one address block that address for the account, not the owner elsewhere', async () => {
    await send(server.url, 'POST', '/api/auth/register', { body: account('owner'), from: '127.0.0.4' });
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 6; i++) {
      last = await send(server.url, 'POST', '/api/auth/login', { body: { email: 'secowner@example.kr', password: `guess-${i}-password` }, from: '127.0.0.5' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(server.url, 'POST', '/api/auth/login', { body: { email: 'secowner@example.kr', password: 'blue-walrus-sings-42' }, from: '127.0.0.5' })).status).toBe(429);
    const owner = await send(server.url, 'POST', '/api/auth/login', { body: { email: 'secowner@example.kr', password: 'blue-walrus-sings-42' }, from: '127.0.0.6' });
    expect(owner.status).toBe(200);
  });

  it('one address guessing across many accounts is stopped after 20 failures', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await send(server.url, 'POST', '/api/auth/login', { body: { email: `spray${i}@example.kr`, password: 'Winter2026!' }, from: '127.0.0.7' })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });

  it('many failures from many addresses slow the account down but the owner still gets in', async () => {
    await send(server.url, 'POST', '/api/auth/register', { body: account('slowed'), from: '127.0.0.8' });
    for (let i = 0; i < 12; i++) {
      await send(server.url, 'POST', '/api/auth/login', { body: { email: 'secslowed@example.kr', password: 'not-the-password' }, from: `127.0.1.${i + 1}` });
    }
    const started = Date.now();
    const owner = await send(server.url, 'POST', '/api/auth/login', { body: { email: 'secslowed@example.kr', password: 'blue-walrus-sings-42' }, from: '127.0.0.9' });
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('5. Socket.IO refuses other sites', () => {
  it('a handshake from another Origin with an admin cookie is refused; our own origin connects', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'admin' });
    const cookie = `pm_sid=${c.cookies.get('pm_sid')}`;
    const evil = io(server.url, { transports: ['websocket'], extraHeaders: { cookie, origin: 'http://evil.example' }, reconnection: false });
    const refused = await new Promise<boolean>((resolve) => { evil.on('connect', () => resolve(false)); evil.on('connect_error', () => resolve(true)); });
    evil.close();
    expect(refused).toBe(true);
    const polling = io(server.url, { transports: ['polling'], extraHeaders: { cookie, origin: 'http://evil.example' }, reconnection: false });
    const refusedPolling = await new Promise<boolean>((resolve) => { polling.on('connect', () => resolve(false)); polling.on('connect_error', () => resolve(true)); });
    polling.close();
    expect(refusedPolling).toBe(true);
    const own = io(server.url, { transports: ['websocket'], extraHeaders: { cookie, origin: server.url }, reconnection: false });
    await new Promise<void>((resolve, reject) => { own.on('connect', () => resolve()); own.on('connect_error', reject); });
    expect(own.connected).toBe(true);
    own.close();
  });
});

describe('6. Client-given keys never reach inherited properties', () => {
  it('PATCH/DELETE of __proto__, constructor, toString cart lines answer 404 and append nothing', async () => {
    const c = server.client();
    await c.post('/api/auth/register', account('proto'));
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const patch = await c.request('PATCH', `/api/cart/items/${key}`, { body: { quantity: 2 } });
      expect(patch.status).toBe(404);
      expect(patch.body).toEqual({ message: '장바구니에 없는 상품입니다.' });
      expect((await c.request('DELETE', `/api/cart/items/${key}`)).status).toBe(404);
      expect((await c.post(`/api/products/${key}/views`)).status).toBe(404);
      expect((await c.get(`/api/products/${key}`)).status).toBe(404);
      expect((await c.get(`/api/brands/${key}`)).status).toBe(404);
      expect((await c.get(`/images/phones/${key}`)).status).toBe(404);
    }
    expect(((await c.get('/api/cart')).body as { items: unknown[] }).items).toEqual([]);
  });
});

describe('8. Correlation ids are capped', () => {
  it('keeps a short plain id and replaces a long or odd one', async () => {
    expect(acceptCorrelationId('abc-123_x.y')).toBe('abc-123_x.y');
    for (const bad of ['x'.repeat(65), 'a b', 'line\nbreak', '<script>', '']) expect(acceptCorrelationId(bad)).not.toBe(bad);
    const res = await server.client().get('/api/categories', { 'x-correlation-id': 'z'.repeat(500) });
    expect(res.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect((await server.client().get('/api/categories', { 'x-correlation-id': 'trace-42' })).headers.get('x-correlation-id')).toBe('trace-42');
  });
});

describe('9. HTTP hygiene', () => {
  it('sends helmet headers with a CSP that forbids framing and inline scripts', async () => {
    const res = await server.client().get('/api/categories');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('every unknown path under any method is JSON in Korean, and so are 413 and 431', async () => {
    const c = server.client();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const p of ['/foo', '/api/foo', '/']) {
        const res = await c.request(method, p, { body: {} });
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(res.body).toEqual({ message: '요청하신 경로를 찾을 수 없습니다.' });
      }
    }
    const big = await c.post('/api/auth/login', { email: 'a@b.kr', password: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: '요청 본문이 너무 큽니다.' });
    const huge = await send(server.url, 'GET', '/api/categories', { headers: { 'x-filler': 'y'.repeat(40_000) } });
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({ message: '요청 헤더가 너무 큽니다.' });
  });
});

describe('10. Slow clients do not hold the server', () => {
  it('ten slow-body connections are closed within 30 s', async () => {
    const u = new URL(server.url);
    const sockets: Socket[] = [];
    const closed = Array.from({ length: 10 }, () => new Promise<number>((resolve) => {
      const started = Date.now();
      const socket = connect({ host: u.hostname, port: Number(u.port) }, () => {
        socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
      });
      socket.on('error', () => {});
      socket.resume(); // reads whatever comes: the connection ends when the server closes it
      socket.on('close', () => resolve(Date.now() - started));
      sockets.push(socket);
    }));
    const durations = await Promise.all(closed);
    expect(Math.max(...durations)).toBeLessThan(30_000);
  }, 40_000);

  it('caps open connections per address in embedded mode', async () => {
    const s = await startTestServer({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
    const u = new URL(s.url);
    const open = (from: string) => new Promise<Socket>((resolve) => {
      const socket = connect({ host: u.hostname, port: Number(u.port), localAddress: from }, () => resolve(socket));
      socket.on('error', () => {});
    });
    try {
      const held = [await open('127.0.0.30'), await open('127.0.0.30'), await open('127.0.0.30')];
      const extra = await open('127.0.0.30');
      const extraClosed = await new Promise<boolean>((resolve) => { extra.on('close', () => resolve(true)); setTimeout(() => resolve(false), 2_000); });
      expect(extraClosed).toBe(true);
      expect((await send(s.url, 'GET', '/api/categories', { from: '127.0.0.31' })).status).toBe(200);
      for (const h of held) h.destroy();
    } finally {
      await s.close();
    }
  });
});

describe('11. CSRF check: scheme and host, forwarded host only from a trusted proxy', () => {
  it('X-Forwarded-Host is ignored without a trusted proxy; another scheme is another origin', async () => {
    const spoofed = await server.client().post('/api/auth/demo', { role: 'user' }, { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(spoofed.status).toBe(403);
    const https = await server.client().post('/api/auth/demo', { role: 'user' }, { origin: server.url.replace('http:', 'https:') });
    expect(https.status).toBe(403);
    expect((await server.client().post('/api/auth/demo', { role: 'user' }, { origin: server.url })).status).toBe(200);
  });
});

describe('12. Data files are private', () => {
  it('events.sqlite, sessions.sqlite and the generated secret are mode 0600', () => {
    for (const f of ['events.sqlite', 'sessions.sqlite', 'session-secret']) {
      expect((statSync(path.join(server.dataDir, f)).mode & 0o777).toString(8), f).toBe('600');
    }
  });
});

describe('13. Structured logs carry the correlation id and no secrets', () => {
  it('logs JSON lines with the request id, never a password, cookie or session id', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
    const s = await startTestServer({ LOG_LEVEL: 'debug' }, { logger: pino({ level: 'debug' }, sink) });
    try {
      const c = s.client();
      await c.post('/api/auth/register', account('logged', 'secret-horse-battery-9'), { 'x-correlation-id': 'trace-register-1' });
      await c.post('/api/auth/login', { email: 'seclogged@example.kr', password: 'wrong-secret-horse-0' }, { 'x-correlation-id': 'trace-login-1' });
      await c.get('/api/auth/me', { 'x-correlation-id': 'trace-me-1' });
      const sid = c.cookies.get('pm_sid')!;
      const all = lines.join('\n');
      expect(all).toContain('trace-register-1');
      expect(all).toContain('trace-login-1');
      expect(all).not.toContain('secret-horse-battery-9');
      expect(all).not.toContain('wrong-secret-horse-0');
      expect(all).not.toContain(sid.split('.')[0]!);
      expect(all).not.toMatch(/pm_sid=/);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      const me = lines.map((l) => JSON.parse(l) as { req?: { id?: string; url?: string } }).find((l) => l.req?.url === '/api/auth/me');
      expect(me?.req?.id).toBe('trace-me-1');
    } finally {
      await s.close();
    }
  });
});
