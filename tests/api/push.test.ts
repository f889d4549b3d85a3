import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { createClient, startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { startService, testSecret, type RunningService } from '../support/services.ts';

/**
 * Per-user pushes through the projector's outbox (ADR 007): a change to an account's cart reaches
 * every open tab of that account, on every query-api instance, and nobody else.
 */
const sockets: Socket[] = [];
const services: RunningService[] = [];
const dirs: string[] = [];
let server: TestServer | undefined;
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
  await Promise.all(services.map((s) => s.stop()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** One open tab: a socket with the browser's session cookie, recording every `cart:updated`. */
async function tab(url: string, client: TestClient) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookieOf(client) } });
  sockets.push(socket);
  const received: unknown[] = [];
  socket.on(SOCKET_EVENTS.cartUpdated, (payload: unknown) => received.push(payload));
  await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  return { received, next: () => new Promise<unknown>((resolve) => socket.once(SOCKET_EVENTS.cartUpdated, resolve)) };
}

const withinSeconds = <T>(p: Promise<T>, s = 10) =>
  Promise.race([p, new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`no push within ${s} s`)), s * 1000))]);
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

/** The first listed product with at least 2 units left (the test carts 2). */
/** A 자급제 product with 2 units left (carted 2 at once: a carrier line is one unit, issue 39). */
async function firstProductId(url: string) {
  const res = await fetch(`${url}/api/products?limit=100`);
  return ((await res.json()) as { products: { id: string; stock: number; carrier: string }[] }).products.find((p) => p.stock >= 2 && p.carrier === '자급제')!.id;
}

describe('cart:updated', () => {
  it('embedded: both tabs of the owner hear it, another account does not', async () => {
    server = await startTestServer();
    const owner = server.client();
    const other = server.client();
    expect((await owner.post('/api/auth/demo', { role: 'user' })).status).toBe(200);
    expect((await other.post('/api/auth/demo', { role: 'seller' })).status).toBe(200);
    const [tab1, tab2, otherTab] = [await tab(server.url, owner), await tab(server.url, owner), await tab(server.url, other)];
    const productId = await firstProductId(server.url);

    const heard = Promise.all([tab1.next(), tab2.next()]);
    expect((await owner.post('/api/cart/items', { productId })).status).toBe(201);
    expect(await withinSeconds(heard)).toEqual([{ count: 1 }, { count: 1 }]);
    // the push comes after the batch is committed: a refetch shows the new count
    expect(((await owner.get('/api/cart')).body as { count: number }).count).toBe(1);
    await settle();
    expect(otherTab.received).toEqual([]);

    // and the other way round
    const heardByOther = otherTab.next();
    await other.post('/api/cart/items', { productId });
    expect(await withinSeconds(heardByOther)).toEqual({ count: 1 });
    await settle();
    expect(tab1.received).toHaveLength(1);
    expect(tab2.received).toHaveLength(1);
  });

  it('distributed: query-api instances that follow the projector by polling each push to their own sockets', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'push-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, SESSION_SECRET: testSecret() };
    const command = await startService('command-api/src/main.ts', env);
    services.push(command);
    // Two read sides (projector + query-api following its checkpoint document, as in distributed mode).
    const readA = await startService('tests/support/readSide.ts', env);
    services.push(readA);
    const readB = await startService('tests/support/readSide.ts', env);
    services.push(readB);

    const owner = createClient(command.url);
    const other = createClient(command.url);
    expect((await owner.post('/api/auth/demo', { role: 'user' })).status).toBe(200);
    expect((await other.post('/api/auth/demo', { role: 'admin' })).status).toBe(200);
    const onA = await tab(readA.url, owner);
    const onB = await tab(readB.url, owner);
    const otherOnA = await tab(readA.url, other);
    const productId = await firstProductId(readA.url);

    const heard = Promise.all([onA.next(), onB.next()]);
    expect((await owner.post('/api/cart/items', { productId, quantity: 2 })).status).toBe(201);
    expect(await withinSeconds(heard)).toEqual([{ count: 1 }, { count: 1 }]);
    await settle();
    expect(otherOnA.received).toEqual([]);
  }, 90_000);
});
