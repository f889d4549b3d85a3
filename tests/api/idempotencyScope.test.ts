import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '@phonemarket/platform/auth/visitor.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Issue 23 L8: a guest's Idempotency-Key was scoped by the key alone, so two strangers who happened to
 * send the same key collided (the second got 422). A guest's key is now theirs: their visitor cookie,
 * else their address (ADR 008).
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

/** A guest's POST from a chosen loopback address (127.0.0.x), with an optional Cookie header. */
function guestPost(p: string, body: unknown, opts: { key: string; from?: string; cookie?: string }): Promise<{ status: number; body: unknown }> {
  const url = new URL(p, server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: opts.from ?? '127.0.0.1',
      headers: {
        'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'idempotency-key': opts.key,
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) as unknown : null }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const visitor = (n: number) => `${VISITOR_COOKIE}=${`visitor${n}`.padEnd(43, 'x')}`;

describe("a guest's Idempotency-Key belongs to that visitor", () => {
  it('two guests from different addresses with the same key and different bodies both succeed', async () => {
    const key = 'shared-guest-key-0001';
    expect((await guestPost('/api/searches', { q: '갤럭시' }, { key, from: '127.0.0.21' })).status).toBe(201);
    expect((await guestPost('/api/searches', { q: '아이폰' }, { key, from: '127.0.0.22' })).status).toBe(201);
    // Each guest's own key still guards their own requests.
    expect((await guestPost('/api/searches', { q: '픽셀' }, { key, from: '127.0.0.21' })).status).toBe(422);
    expect((await guestPost('/api/searches', { q: '갤럭시' }, { key, from: '127.0.0.21' })).status).toBe(200);
  });

  it('two guests behind one address are told apart by their visitor cookies', async () => {
    const key = 'shared-guest-key-0002';
    expect((await guestPost('/api/searches', { q: '갤럭시 폴드' }, { key, cookie: visitor(1) })).status).toBe(201);
    expect((await guestPost('/api/searches', { q: '갤럭시 플립' }, { key, cookie: visitor(2) })).status).toBe(201);
    const again = await guestPost('/api/searches', { q: '아이폰 프로' }, { key, cookie: visitor(1) });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: expect.stringMatching(/Idempotency-Key/) });
  });

  it('a guest without a cookie is the address: another body under their key is still 422', async () => {
    const key = 'shared-guest-key-0003';
    expect((await guestPost('/api/searches', { q: '아이패드' }, { key, from: '127.0.0.23' })).status).toBe(201);
    expect((await guestPost('/api/searches', { q: '맥북' }, { key, from: '127.0.0.23' })).status).toBe(422);
  });
});
