import { DatabaseSync } from 'node:sqlite';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { appendedSince, logHead, openBareLog } from './bareAppend.ts';
import { callApi } from './httpClient.ts';
import { summarize } from './stats.ts';

/**
 * Issue 12's figures on a running embedded product:
 *  - checkout_per_s / checkout_p99_ms: `buyers` buyers, each with their own cart (two phones), all
 *    check out at once (`POST /api/orders`), `rounds` times, after `warmupRounds` unmeasured ones
 *    (as the autocannon sections warm up for 1 s: the first burst opens the 50 connections and
 *    runs the checkout code cold);
 *  - notify_p99_ms: an order event (the admin marks an order shipped) → `notification:new` at its
 *    buyer's socket;
 *  - checkout_stock_race_ms (issue 23): the same buyers, each with one unit of an offer that has 3
 *    left in their cart, check out at once: time until all of them are answered (exactly 3 orders,
 *    the rest 409 재고가 부족합니다, or the figure is refused).
 *  - beside checkout_p99_ms (issue 44), after each measured round: the events that round appended,
 *    read back from the product's log (`eventLog`) and appended again to a bare SQLite file (`bareLog`)
 *    as a burst of as many transactions (bareAppend.ts); checkout_vs_append_ratio is the p99 of one over
 *    the p99 of the other.
 * Stock is held since issue 23, so the phones bought are the demo seller's own offers on the market's
 * terms with enough units for every round (the seeded offers have 1–30).
 */
const PASSWORD = 'violet-harbor-1987!';
const ADDRESS = { agreeToOrder: true, recipient: '김벤치', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', paymentMethod: 'transfer',
  // 일시불 with the 개통 details carrier lines need (issue 30).
  payment: 'lump', holderName: '김벤치', holderBirthDate: '1990-05-05', holderIsFamily: true, currentCarrier: '알뜰폰', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery', naegujeConfirmed: true };

const call = callApi;

/** Polls the log (a second connection) until the process runner's checkpoint reaches its head. */
async function runnerCaughtUp(file: string, timeoutMs: number): Promise<void> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const started = Date.now();
    const deadline = started + timeoutMs;
    for (;;) {
      const at = (db.prepare("SELECT checkpoint FROM leases WHERE name = 'processRunner'").get() as { checkpoint: number | null } | undefined)?.checkpoint ?? -1;
      if (at >= logHead(file)) {
        process.stderr.write(`shopping: the process runner caught up with the start's log in ${Date.now() - started} ms\n`);
        return;
      }
      if (Date.now() > deadline) throw new Error(`the process runner is at ${at} of ${logHead(file)} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    db.close();
  }
}

export async function shoppingFigures(baseUrl: string, opts: { buyers: number; rounds: number; warmupRounds?: number; notifySamples: number; eventLog: string; bareLog: string }) {
  const seller = (await call(baseUrl, 'POST', '/api/auth/demo', null, { role: 'seller' })).cookie!;
  const units = opts.buyers * ((opts.warmupRounds ?? 1) + opts.rounds);
  const [first, second, raced] = await listOwnOffers(baseUrl, seller, [units, units, 3]);
  const products = [{ id: first! }, { id: second! }];
  const buyers: string[] = [];
  for (let i = 0; i < opts.buyers; i++) {
    buyers.push((await call(baseUrl, 'POST', '/api/auth/register', null, { email: `shopper${i}@example.kr`, password: PASSWORD, firstName: `${i}`, lastName: '벤치', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).cookie!);
  }
  // A new log's start leaves the process runner a backlog (issue 42: the seed's offers priced into
  // their price series, once listed and again when their shop is onboarded): the rounds time checkout, not it.
  await runnerCaughtUp(opts.eventLog, 180_000);
  const checkoutMs: number[] = [];
  const bareMs: number[] = [];
  let bareEvents = 0;
  const bare = openBareLog(opts.bareLog);
  const orders: { orderId: string; buyer: number }[] = [];
  let wallMs = 0;
  const warmup = opts.warmupRounds ?? 1;
  for (let round = 0; round < warmup + opts.rounds; round++) {
    const measured = round >= warmup;
    for (const cookie of buyers) for (const p of products) await call(baseUrl, 'POST', '/api/cart/items', cookie, { productId: p.id });
    const head = logHead(opts.eventLog);
    const started = performance.now();
    await Promise.all(buyers.map(async (cookie, buyer) => {
      const t = performance.now();
      const placed = await call(baseUrl, 'POST', '/api/orders', cookie, ADDRESS);
      if (measured) checkoutMs.push(performance.now() - t);
      orders.push({ orderId: (placed.json as { id: string }).id, buyer });
    }));
    if (measured) {
      wallMs += performance.now() - started;
      // Then the same events, the bare way (alternating with the checkouts round by round).
      const groups = appendedSince(opts.eventLog, head, logHead(opts.eventLog));
      bareEvents += groups.flat().length;
      bareMs.push(...bare.burst(groups));
    }
  }
  bare.close();

  const admin = (await call(baseUrl, 'POST', '/api/auth/demo', null, { role: 'admin' })).cookie!;
  const sockets: Socket[] = [];
  try {
    const samples = orders.slice(0, opts.notifySamples);
    const socketOf = new Map<number, Socket>();
    for (const { buyer } of samples) {
      if (socketOf.has(buyer)) continue;
      const s = io(baseUrl, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: buyers[buyer]! } });
      sockets.push(s);
      socketOf.set(buyer, s);
    }
    await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => { s.once('connect', () => resolve()); s.once('connect_error', reject); })));
    const notifyMs: number[] = [];
    for (const { orderId, buyer } of samples) {
      // A carrier phone is opened (개통 준비 → 개통 완료) before it ships (issue 30).
      await call(baseUrl, 'PUT', `/api/orders/${orderId}/status`, admin, { status: 'activating' });
      await call(baseUrl, 'PUT', `/api/orders/${orderId}/status`, admin, { status: 'activated', activatedOn: '2026-11-20', numberLast4: '1234' });
      const socket = socketOf.get(buyer)!;
      const started = performance.now();
      const heard = new Promise<number>((resolve) => {
        const listener = (payload: { notification?: { link?: string | null } }) => {
          if (payload.notification?.link === `/orders/${orderId}`) {
            socket.off(SOCKET_EVENTS.notificationNew, listener);
            resolve(performance.now());
          }
        };
        socket.on(SOCKET_EVENTS.notificationNew, listener);
      });
      await call(baseUrl, 'PUT', `/api/orders/${orderId}/status`, admin, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: `BENCH${orderId.slice(0, 8)}` });
      notifyMs.push((await heard) - started);
    }
    const stockRaceMs = await stockRace(baseUrl, buyers, raced!);
    return { checkout: summarize(checkoutMs), bareAppend: summarize(bareMs), bareEvents, checkoutPerSec: (checkoutMs.length / wallMs) * 1000, orders: checkoutMs.length, notify: summarize(notifyMs), stockRaceMs };
  } finally {
    for (const s of sockets) s.disconnect();
  }
}

/** The demo seller lists offers of their own on the terms of new phones on the market, with `stocks[i]` units each; their ids. */
async function listOwnOffers(baseUrl: string, seller: string, stocks: number[]): Promise<string[]> {
  const { products } = (await call(baseUrl, 'GET', '/api/products?limit=50', null)).json as { products: { id: string; condition: string }[] };
  const ids: string[] = [];
  for (const p of products.filter((x) => x.condition === 'new')) {
    if (ids.length === stocks.length) break;
    const res = await answer(baseUrl, 'POST', '/api/offers', seller, { sameTermsAs: p.id, extraSubsidy: 0, stock: stocks[ids.length] });
    if (res.status === 201) ids.push((res.json as { id: string }).id);
  }
  if (ids.length < stocks.length) throw new Error('not enough market terms to list the bench offers');
  return ids;
}

/** Every buyer carts one unit of an offer with 3 left, then all check out at once: ms until the last answer. */
async function stockRace(baseUrl: string, buyers: string[], offerId: string): Promise<number> {
  for (const cookie of buyers) await call(baseUrl, 'POST', '/api/cart/items', cookie, { productId: offerId });
  const started = performance.now();
  const statuses = await Promise.all(buyers.map(async (cookie) => (await answer(baseUrl, 'POST', '/api/orders', cookie, ADDRESS)).status));
  const ms = performance.now() - started;
  const placed = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  if (placed !== 3 || refused !== buyers.length - 3) throw new Error(`stock race: ${placed} orders and ${refused} × 409 of ${buyers.length} (want 3 and ${buyers.length - 3})`);
  return ms;
}

/** Like `callApi`, but an error status is an answer too. */
async function answer(baseUrl: string, method: string, path: string, cookie: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(baseUrl + path, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
