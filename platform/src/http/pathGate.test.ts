import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateByPath } from './pathGate.ts';

/** Features side by side as the apps mount them, each counting the requests its router was entered for. */
const entered = { chats: 0, products: 0 };
/** The router, counted each time a request enters it (with its stack, which the gate reads). */
const counting = (router: Router, key: keyof typeof entered) =>
  Object.assign((req: express.Request, res: express.Response, next: express.NextFunction) => { entered[key]++; router(req, res, next); }, { stack: router.stack }) as unknown as Router;
function app() {
  const chats = Router();
  chats.use((_req, _res, next) => { entered.chats++; next(); });
  // A router-level middleware makes its router one that could answer any path: always entered.
  const products = Router();
  products.get('/api/products/:id', (req, res) => { res.json({ product: req.params.id }); });
  products.get('/api/products', (_req, res) => { res.json({ list: true }); });
  const counted = Router();
  counted.post('/api/chat-sessions/:id/messages', (req, res) => { res.status(201).json({ chat: req.params.id }); });
  const a = express();
  a.use(gateByPath(chats));
  a.use(gateByPath(counting(products, 'products')));
  a.use(gateByPath(counted));
  a.use((_req, res) => { res.status(404).json({ message: '없음' }); });
  return a;
}

let url = '';
let close = () => {};
beforeAll(async () => {
  const server = app().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('gateByPath: a feature router entered only by paths its routes could match', () => {
  it('answers every route as before: static, with parameters, a trailing slash, any letter case', async () => {
    expect(await (await fetch(`${url}/api/products`)).json()).toEqual({ list: true });
    expect(await (await fetch(`${url}/api/products/`)).json()).toEqual({ list: true });
    expect(await (await fetch(`${url}/api/products/p1`)).json()).toEqual({ product: 'p1' });
    expect(await (await fetch(`${url}/API/Products/p2`)).json()).toEqual({ product: 'p2' });
    const posted = await fetch(`${url}/api/chat-sessions/c1/messages`, { method: 'POST' });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ chat: 'c1' });
  });

  it('a path no route of a router starts with passes it by; a router with a middleware of its own is always entered', async () => {
    const before = { ...entered };
    expect((await fetch(`${url}/api/orders/o1`)).status).toBe(404);
    expect((await fetch(`${url}/api/chat-sessions/c1/messages`, { method: 'POST' })).status).toBe(201);
    expect(entered.products - before.products).toBe(0);
    expect(entered.chats - before.chats).toBe(2);
    expect((await fetch(`${url}/Api/Products/p3`)).status).toBe(200);
    expect(entered.products - before.products).toBe(1);
  });

  it('carries the router\'s stack, so a route table read from the stack sees the routes behind the gate', () => {
    const r = Router();
    r.get('/api/a/:id', (_req, res) => { res.end(); });
    expect(gateByPath(r).stack.map((l) => l.route?.path)).toEqual(['/api/a/:id']);
  });
});
