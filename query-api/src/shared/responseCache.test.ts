import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuth } from '@phonemarket/platform/auth/session.ts';
import { systemClock } from '@phonemarket/platform/clock.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { withFastLane } from '@phonemarket/platform/http/fastLane.ts';
import { openSqliteSessionStore } from '@phonemarket/platform/sessions/sqlite.ts';
import type { ProjectionProgress } from './progress.ts';
import { readYourWrites } from './readYourWrites.ts';
import { cacheByPosition } from './responseCache.ts';

/**
 * The position cache and the fast lane in front of Express (issue 44): a kept answer is served
 * without Express (the route and every middleware after the front are not reached) and with the
 * headers and log line Express gives it; anything the lane cannot vouch for goes to Express.
 */

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => { if (!server) return resolve(); server.close(() => resolve()); server.closeAllConnections(); }));

async function start() {
  let position = 5n;
  let epoch = '2026-05-30';
  const progress: ProjectionProgress = { position: () => position, waitFor: async (p) => p <= position, onBatch: () => () => {}, close: async () => {} };
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>); done(); } });
  const auth = createAuth({ sessions: openSqliteSessionStore(':memory:'), secret: 'test-secret-test-secret-test-secret', idleMs: 60_000, absoluteMs: 60_000, secureCookies: false, clock: systemClock });
  const app = createHttpApp({ auth, trustProxy: false, allowedOrigins: [], allowedHosts: [], logger: pino({ level: 'debug' }, sink) });
  const counts = { express: 0, route: 0 };
  app.use((_req, _res, next) => { counts.express++; next(); });
  app.use('/api', readYourWrites(progress));
  const cache = cacheByPosition(progress, (p) => p.startsWith('/api/things'), () => epoch);
  app.use(cache);
  app.get('/api/things', (_req, res) => { counts.route++; res.json({ things: ['하나', '둘'], at: String(position), since: epoch }); });
  app.post('/api/things', (_req, res) => { res.status(201).json({ ok: true }); });
  finishHttpApp(app);
  server = createServer(withFastLane(app, cache.lookup));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, counts, lines, move: () => { position += 1n; }, nextDay: (day: string) => { epoch = day; } };
}

const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'date' && name !== 'x-correlation-id');

describe('cacheByPosition with the fast lane', () => {
  it('serves a kept answer without Express, with the same headers and bytes, until the position moves', async () => {
    const s = await start();
    const made = await fetch(`${s.base}/api/things`);
    const madeBody = await made.text();
    expect(s.counts).toEqual({ express: 1, route: 1 });
    const kept = await fetch(`${s.base}/api/things`, { headers: { 'x-correlation-id': 'abc' } });
    expect(await kept.text()).toBe(madeBody);
    expect(s.counts).toEqual({ express: 1, route: 1 });
    expect(kept.headers.get('x-correlation-id')).toBe('abc');
    expect(headersOf(kept)).toEqual(headersOf(made));
    expect(kept.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    s.move();
    const next = await fetch(`${s.base}/api/things`);
    expect(JSON.parse(await next.text())).toEqual({ things: ['하나', '둘'], at: '6', since: '2026-05-30' });
    expect(s.counts).toEqual({ express: 2, route: 2 });
  });

  it('makes a kept answer again when its epoch moves at the same position (신상품 is a matter of the day)', async () => {
    const s = await start();
    await fetch(`${s.base}/api/things`);
    await fetch(`${s.base}/api/things`);
    expect(s.counts).toEqual({ express: 1, route: 1 });
    s.nextDay('2026-05-31');
    expect(JSON.parse(await (await fetch(`${s.base}/api/things`)).text())).toEqual({ things: ['하나', '둘'], at: '5', since: '2026-05-31' });
    expect(s.counts).toEqual({ express: 2, route: 2 });
    // Kept again under the new day, and served by the fast lane from then on.
    expect(JSON.parse(await (await fetch(`${s.base}/api/things`)).text())).toMatchObject({ since: '2026-05-31' });
    expect(s.counts).toEqual({ express: 2, route: 2 });
  });

  it('leaves to Express what it cannot vouch for: other methods, cookies, bodies, another query, another host, a position not reached', async () => {
    const s = await start();
    await fetch(`${s.base}/api/things`);
    const express = async (init: RequestInit & { path?: string }, status: number) => {
      const before = s.counts.express;
      const res = await fetch(`${s.base}${init.path ?? '/api/things'}`, init);
      await res.arrayBuffer();
      expect(res.status).toBe(status);
      return s.counts.express - before;
    };
    expect(await express({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, 201)).toBe(1);
    expect(await express({ headers: { cookie: 'other=1' } }, 200)).toBe(1);
    expect(await express({ method: 'HEAD' }, 200)).toBe(1);
    expect(await express({ path: '/api/things?page=2' }, 200)).toBe(1);
    expect(await express({ headers: { 'x-min-position': '7' } }, 200)).toBe(1);
    expect(await express({ headers: { 'x-min-position': 'x' } }, 400)).toBe(1); // readYourWrites refuses it
    expect(await express({ headers: { 'x-min-position': '5' } }, 200)).toBe(0);
    // Another Host (fetch cannot send one): refused by the front, before the counter.
    const foreign = await new Promise<number>((resolve, reject) => {
      get(`${s.base}/api/things`, { headers: { host: 'rebind.attacker.example' } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
    });
    expect(foreign).toBe(421);
    expect(s.counts.express).toBe(7);
  });

  it('logs the answers it gives as Express does (a debug line with the id, method, path and status)', async () => {
    const s = await start();
    await fetch(`${s.base}/api/things`, { headers: { 'x-correlation-id': 'made' } });
    await fetch(`${s.base}/api/things`, { headers: { 'x-correlation-id': 'kept' } });
    await vi.waitFor(() => expect(s.lines).toHaveLength(2));
    expect(s.lines.map((l) => [l.level, l.msg, l.req, l.res])).toEqual([
      [20, 'request completed', { id: 'made', method: 'GET', url: '/api/things' }, { statusCode: 200 }],
      [20, 'request completed', { id: 'kept', method: 'GET', url: '/api/things' }, { statusCode: 200 }],
    ]);
  });
});
