import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { FOREIGN_HOST_MESSAGE } from '@phonemarket/platform/http/hosts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Issue 23 M2, DNS rebinding: a page on rebind.attacker.example points its name at 127.0.0.1 and
 * talks to the embedded server as its own origin (Origin and Host both say rebind.attacker.example).
 * Every route and the Socket.IO handshake answer 421 to a Host that is neither loopback nor configured
 * (ALLOWED_HOSTS, PUBLIC_ORIGIN); the demo sign-in needs a loopback Host even for a configured one.
 */

interface Answer { status: number; body: unknown; headers: Record<string, string | string[] | undefined> }

/** One request to the server's address with the Host (and other headers) a browser under that name would send. */
function send(base: string, method: string, p: string, opts: { host?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(p, base);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname, port: url.port, path: url.pathname + url.search, method,
      headers: {
        ...(opts.host ? { host: opts.host } : {}),
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...opts.headers,
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
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

/** A raw WebSocket upgrade of the Socket.IO handshake: the status line the server answers. */
function upgrade(base: string, host: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
      socket.write([
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1', `Host: ${host}`, `Origin: http://${host}`, 'Upgrade: websocket', 'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13', '', '',
      ].join('\r\n'));
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => {
      text += c;
      if (text.includes('\r\n')) { resolve(text.slice(0, text.indexOf('\r\n'))); socket.destroy(); }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
  });
}

const refused = { status: 421, body: { message: FOREIGN_HOST_MESSAGE } };

let server: TestServer;
let port = '';
beforeAll(async () => {
  server = await startTestServer();
  port = new URL(server.url).port;
});
afterAll(async () => { await server?.close(); });

describe('the default embedded server answers only the names of this machine', () => {
  it('a rebinding page (Host and Origin rebind.attacker.example) gets 421 in Korean from the demo sign-in, and no session', async () => {
    const host = `rebind.attacker.example:${port}`;
    const demo = await send(server.url, 'POST', '/api/auth/demo', { host, body: { role: 'admin' }, headers: { origin: `http://${host}` } });
    expect(demo).toMatchObject(refused);
    expect(demo.headers['set-cookie']).toBeUndefined();
    expect(FOREIGN_HOST_MESSAGE).toMatch(/[가-힣]/);
  });

  it('every kind of route: reads, writes, pages, pictures, unknown paths and the Socket.IO handshake', async () => {
    const host = `rebind.attacker.example:${port}`;
    for (const [method, p] of [
      ['GET', '/api/site'], ['GET', '/api/auth/me'], ['GET', '/api/products?limit=1'], ['GET', '/api/seller/orders'], ['GET', '/api/admin/users'],
      ['POST', '/api/auth/login'], ['PUT', '/api/orders/x/status'], ['GET', '/'], ['GET', '/images/brands/samsung.svg'], ['GET', '/no/such/path'],
      ['GET', '/socket.io/?EIO=4&transport=polling'],
    ] as const) {
      expect(await send(server.url, method, p, { host, headers: { origin: `http://${host}` } }), `${method} ${p}`).toMatchObject(refused);
    }
    expect(await upgrade(server.url, host)).toMatch(/^HTTP\/1\.1 421/);
    // Another port of the same name, a bare name, an address-like name and a missing-looking one: all refused.
    for (const other of ['rebind.attacker.example', `localhost.attacker.example:${port}`, `127.0.0.1.nip.io:${port}`, `evil@127.0.0.1:${port}`]) {
      expect((await send(server.url, 'GET', '/api/site', { host: other })).status, other).toBe(421);
    }
  });

  it('loopback names and addresses on any port pass: localhost, 127.0.0.1, [::1]', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost', 'LOCALHOST:1234', `127.0.0.2:${port}`]) {
      expect((await send(server.url, 'GET', '/api/site', { host })).body, host).toMatchObject({ demo: true });
    }
    expect((await send(server.url, 'GET', '/socket.io/?EIO=4&transport=polling', { host: `localhost:${port}` })).status).toBe(200);
    expect(await upgrade(server.url, `localhost:${port}`)).toMatch(/^HTTP\/1\.1 101/);
    const signIn = await send(server.url, 'POST', '/api/auth/demo', { host: `localhost:${port}`, body: { role: 'user' }, headers: { origin: `http://localhost:${port}` } });
    expect(signIn.status).toBe(200);
  });
});

describe('configured public hosts (ALLOWED_HOSTS, PUBLIC_ORIGIN)', () => {
  it('answers them, never the demo sign-in under them; /api/site says so', async () => {
    const s = await startTestServer({ ALLOWED_HOSTS: 'shop.example, api.shop.example:8443', PUBLIC_ORIGIN: 'https://phonemarket.example' });
    try {
      const p = new URL(s.url).port;
      for (const host of [`shop.example:${p}`, 'shop.example', 'api.shop.example:8443', 'phonemarket.example', `phonemarket.example:${p}`]) {
        expect((await send(s.url, 'GET', '/api/categories', { host })).status, host).toBe(200);
      }
      // A listed host:port allows that port only.
      expect(await send(s.url, 'GET', '/api/categories', { host: 'api.shop.example:9999' })).toMatchObject(refused);
      expect(await send(s.url, 'GET', '/api/categories', { host: `rebind.attacker.example:${p}` })).toMatchObject(refused);
      // The demo admin stays on this machine: an allowed public name is not enough.
      const demo = await send(s.url, 'POST', '/api/auth/demo', { host: `shop.example:${p}`, body: { role: 'admin' }, headers: { origin: `http://shop.example:${p}` } });
      expect(demo.status).toBe(403);
      expect(demo.body).toEqual({ message: expect.stringMatching(/데모/) });
      expect(demo.headers['set-cookie']).toBeUndefined();
      expect((await send(s.url, 'GET', '/api/site', { host: `shop.example:${p}` })).body).toMatchObject({ demo: false });
      // PUBLIC_ORIGIN is also an origin that may write (a proxy may end TLS in front).
      const write = await send(s.url, 'POST', '/api/auth/logout', { host: 'phonemarket.example', headers: { origin: 'https://phonemarket.example' } });
      expect(write.status).toBe(204);
    } finally {
      await s.close();
    }
  });

  it('behind a trusted proxy, X-Forwarded-Host must name this server too; unchecked without one', async () => {
    const s = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const p = new URL(s.url).port;
      const forwarded = { 'x-forwarded-host': 'rebind.attacker.example' };
      expect(await send(s.url, 'GET', '/api/categories', { host: `localhost:${p}`, headers: forwarded })).toMatchObject(refused);
      expect((await send(s.url, 'GET', '/api/categories', { host: `localhost:${p}`, headers: { 'x-forwarded-host': `localhost:${p}` } })).status).toBe(200);
      expect(await send(s.url, 'GET', '/socket.io/?EIO=4&transport=polling', { host: `localhost:${p}`, headers: forwarded })).toMatchObject(refused);
    } finally {
      await s.close();
    }
    // Not trusted: the header is nobody's word and is ignored.
    expect((await send(server.url, 'GET', '/api/categories', { host: `localhost:${port}`, headers: { 'x-forwarded-host': 'rebind.attacker.example' } })).status).toBe(200);
  });

  it('refuses to start with an entry that is not a host name', () => {
    const env = { DATA_DIR: server.dataDir };
    expect(() => loadConfig({ ...env, ALLOWED_HOSTS: 'https://shop.example/' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => loadConfig({ ...env, PUBLIC_ORIGIN: 'shop.example' })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ ...env, ALLOWED_HOSTS: ' Shop.Example ,, [::1]:3000 ', PUBLIC_ORIGIN: 'https://phonemarket.example' })).toMatchObject({
      allowedHosts: ['shop.example', '[::1]:3000', 'phonemarket.example'],
      allowedOrigins: ['https://phonemarket.example'],
    });
    expect(loadConfig(env).allowedHosts).toEqual([]);
    // What docker-compose.yml passes when neither is set.
    expect(loadConfig({ ...env, ALLOWED_HOSTS: 'command-api,query-api,', PUBLIC_ORIGIN: '' })).toMatchObject({ allowedHosts: ['command-api', 'query-api'], allowedOrigins: [] });
  });
});
