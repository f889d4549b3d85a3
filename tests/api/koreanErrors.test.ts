import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRoutes } from '@phonemarket/command-api';
import { openSqliteEventStore } from '@phonemarket/events';
import { openReadStore } from '@phonemarket/projector';
import { queryRoutes } from '@phonemarket/query-api';
import { createAuth } from '@phonemarket/platform/auth/session.ts';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import { openRateLimits } from '@phonemarket/platform/http/rateLimits.ts';
import { openSqliteSessionStore } from '@phonemarket/platform/sessions/sqlite.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Issue 23 L4: every error answer of every route (command-api and query-api, as the embedded server mounts
 * them) is in Korean. The routes are read from the app's own router, so a route added later is walked too.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Route = { method: Method; path: string };
type Layer = Router['stack'][number];

function routesOf(stack: Layer[]): Route[] {
  const out: Route[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const methods = new Set(layer.route.stack.map((l) => l.method?.toUpperCase()));
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) if (methods.has(method)) out.push({ method, path: layer.route.path });
      continue;
    }
    const inner = (layer.handle as Partial<Pick<Router, 'stack'>>).stack;
    if (inner) out.push(...routesOf(inner));
  }
  return out;
}

/** The routes both services mount (read from routers built on throwaway stores; the requests go to the test server). */
async function routeTable(): Promise<Route[]> {
  const store = openSqliteEventStore(':memory:');
  const sessions = openSqliteSessionStore(':memory:');
  const docs = await openReadStore({});
  const rateLimits = await openRateLimits({});
  try {
    const secret = 'route-table-placeholder-'.repeat(2);
    const auth = createAuth({ sessions, secret, idleMs: 60_000, absoluteMs: 60_000, secureCookies: false, clock: systemClock });
    const progress = { position: () => 0n, waitFor: async () => true, onBatch: () => () => {}, close: async () => {} };
    const query = queryRoutes({ docs, auth, progress, clock: systemClock, demo: 'loopback', secret });
    const command = commandRoutes({ store, auth, clock: systemClock, newId: randomIds, demo: 'loopback', secret, rateLimits, signUpsPerAddressPerHour: 1 });
    return [...routesOf(query.stack), ...routesOf(command.stack)];
  } finally {
    await rateLimits.close();
    await docs.close();
    await sessions.close();
    await store.close();
  }
}

/**
 * Latin words an answer may carry: names of headers, carriers, SIM kinds and units as the product writes them,
 * and the values a query parameter takes, quoted where its message lists them (`정렬은 score, … 중 하나여야 합니다.`).
 */
const ALLOWED = new Set([
  'Idempotency', 'Key', 'ID', 'URL', 'SKT', 'KT', 'LG', 'U', 'eSIM', 'USIM', 'SIM', 'P', 'GB', 'TB',
  'score', 'priceAsc', 'priceDesc', 'new', 'popular', 'subsidy', 'selective',
  'user', 'seller', 'admin', 'active', 'suspended', 'pending', 'reviewing', 'approved', 'rejected',
]);
const latinWords = (text: string) => (text.match(/[A-Za-z]+/g) ?? []).filter((w) => !ALLOWED.has(w));

/** Each message of an error answer (`message` and every field's). */
function messagesOf(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (typeof body !== 'object' || body === null) return [];
  const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
  return [...(typeof message === 'string' ? [message] : []), ...Object.values(errors ?? {}).filter((m): m is string => typeof m === 'string')];
}

const BAD_QUERY = 'page=abc&limit=-1&status=nope&sort=nope&role=nope&carrier=nope&storage=1&joinType=nope&discount=nope&months=7&q=';

/** Bad ids (unknown, and of a shape no id has) and bad bodies (empty, wrong types, not JSON). */
const IDS = ['no-such-id-23', '!!'];
const BODIES: (string | Record<string, unknown> | undefined)[] = [
  undefined, {}, { productId: 'no-such-id-23', quantity: 'many', id: 7, content: 5, status: 'nope', rating: 'x', email: 'x', page: -1 }, '{not json',
];

describe('no answer of any route carries English text (issue 23 L4)', () => {
  it('walks every /api route with bad ids and bodies as a guest, a buyer, a seller and an admin', async () => {
    const routes = (await routeTable()).filter((r) => r.path.startsWith('/api/') && r.path !== '/api/auth/logout');
    expect(routes.length).toBeGreaterThan(60);
    const clients: [string, TestClient][] = [['guest', server.client()]];
    for (const role of ['user', 'seller', 'admin'] as const) {
      const c = server.client();
      expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
      clients.push([role, c]);
    }

    const english: string[] = [];
    let errorAnswers = 0;
    let requests = 0; // each request its own idempotency key
    for (const route of routes) {
      for (const id of IDS) {
        const url = route.path.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
        for (const [who, client] of clients) {
          for (const body of route.method === 'GET' ? [undefined] : BODIES) {
            const res = await client.request(route.method, route.method === 'GET' ? `${url}?${BAD_QUERY}` : url, {
              ...(body === undefined ? {} : { body }), headers: { 'idempotency-key': `korean-errors-${++requests}` },
            });
            if (res.status < 400) continue;
            errorAnswers++;
            for (const message of messagesOf(res.body)) {
              if (latinWords(message).length > 0) english.push(`${route.method} ${url} (${who}) ${res.status}: ${message}`);
            }
          }
        }
      }
    }
    expect(errorAnswers).toBeGreaterThan(500);
    expect([...new Set(english)]).toEqual([]);
  }, 240_000);

  it('the four routes of the finding answer 상품을 찾을 수 없습니다.', async () => {
    const buyer = server.client();
    expect((await buyer.post('/api/auth/demo', { role: 'user' })).status).toBe(200);
    const guest = server.client();
    const notFound = { message: '상품을 찾을 수 없습니다.' };
    for (const res of [
      await guest.get('/api/products/no-such-product'),
      await buyer.request('PUT', '/api/wishlist/no-such-product'),
      await buyer.request('PUT', '/api/wishlist/no such product'),
      await buyer.post('/api/cart/items', { productId: 'no-such-product' }),
      await guest.post('/api/products/no-such-product/views'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });
});
