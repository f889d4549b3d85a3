import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponsSchema, ordersSchema, pointsSchema, sellerOffersSchema, type OrderListItem } from '@phonemarket/contracts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';
import type { TestClient } from '../support/testServer.ts';
import { approvedSeller, demoClient, listOffers, marketTerms, newBuyer } from './support/actors.ts';
import { concurrently, expectAnswered, modelCommands, modelParams, positionTracker, startModelServer, type ModelServer } from './support/modelHarness.ts';

/**
 * Issue 43 model (a): cart → checkout → cancel → 반품 against stock, points and coupons, through the
 * HTTP API (ADR 023). Each run: a new approved seller lists two offers with 2 and 1 units; three new
 * buyers (1,000 P and the 10,000원 welcome coupon each) add, check out with points and coupon, cancel,
 * get delivered and return; races fire several buyers' checkouts (or one order's cancels) at once, in
 * the order fast-check's scheduler picks. The model is the conservation law; after every command:
 *  - never oversold, never negative: each offer's stock ≥ 0 and stock + units in orders not cancelled = what was listed;
 *  - every won accounted for: a buyer's balance = 1,000 − points of their orders not cancelled/returned, ≥ 0;
 *    the coupon is used by at most one such order, and marked used exactly then; each order's
 *    오늘 결제 = items − points − coupon ≥ 0;
 *  - every order a 201 answered exists, and no other.
 * At the end of the run a fresh projections:rebuild equals the served read models.
 */
const model = modelParams('checkout model', { runs: 40, budgetMs: 35_000, maxCommands: 20 });
const ADDRESS = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card', ...PAID_TODAY };
const WELCOME_POINTS = 1_000;
const LIVE_FOR_POINTS = (o: OrderListItem) => !['cancelled', 'payment_failed', 'returned'].includes(o.status);
const HOLDS_UNITS = (o: OrderListItem) => !['cancelled', 'payment_failed'].includes(o.status);

interface Model { offers: { id: string; listed: number }[]; orders: { id: string; buyer: number }[] }
interface Real { seller: TestClient; buyers: (TestClient & { id: string })[]; s: fc.Scheduler; pos: ReturnType<typeof positionTracker> }

/** What the runs did (printed at the end: a model that never reached a state proves nothing about it). */
const seen = { placed: 0, refusedCheckouts: 0, raceWinners: 0, cancelled: 0, delivered: 0, returned: 0 };
let server: ModelServer;
let admin: TestClient;
let terms: string[];
beforeAll(async () => {
  server = await startModelServer();
  admin = await demoClient(server, 'admin');
  terms = await marketTerms(server, 'galaxy-s26-ultra');
});
afterAll(async () => { await server?.close(); });



async function ordersOf(buyer: TestClient, real: Real) {
  return ordersSchema.parse((await buyer.get('/api/orders?limit=100', real.pos.headers())).body).orders;
}

/** The conservation law, polled: processes (refunds, released units) follow their command within moments. */
async function checkInvariants(m: Model, r: Real) {
  await expect.poll(async () => {
    const problems: string[] = [];
    const all: (OrderListItem & { buyer: number })[] = [];
    for (const [i, b] of r.buyers.entries()) {
      const orders = await ordersOf(b, r);
      all.push(...orders.map((o) => ({ ...o, buyer: i })));
      const points = pointsSchema.parse((await b.get('/api/me/points', r.pos.headers())).body).balance;
      const spent = orders.filter(LIVE_FOR_POINTS).reduce((sum, o) => sum + o.amounts.points, 0);
      if (points < 0) problems.push(`buyer ${i}: negative points ${points}`);
      if (points !== WELCOME_POINTS - spent) problems.push(`buyer ${i}: balance ${points} ≠ ${WELCOME_POINTS} − ${spent} spent in live orders`);
      const coupon = couponsSchema.parse((await b.get('/api/me/coupons', r.pos.headers())).body).coupons.find((c) => c.couponId === 'welcome');
      const holders = orders.filter((o) => LIVE_FOR_POINTS(o) && o.couponId === 'welcome');
      if (holders.length > 1) problems.push(`buyer ${i}: the welcome coupon in ${holders.length} orders`);
      if (coupon && coupon.used !== (holders.length === 1)) problems.push(`buyer ${i}: coupon used=${coupon.used} with ${holders.length} live orders holding it`);
      for (const o of orders) {
        const a = o.amounts;
        if (a.total < 0 || a.points < 0 || a.coupon < 0) problems.push(`order ${o.id}: negative amounts ${JSON.stringify(a)}`);
        if (a.payNow !== a.items - a.points - a.coupon) problems.push(`order ${o.id}: 오늘 결제 ${a.payNow} ≠ ${a.items} − ${a.points} − ${a.coupon}`);
      }
    }
    const offers = sellerOffersSchema.parse((await r.seller.get('/api/seller/offers', r.pos.headers())).body).offers;
    for (const o of m.offers) {
      const stock = offers.find((x) => x.id === o.id)?.stock;
      const held = all.filter(HOLDS_UNITS).flatMap((x) => x.items).filter((i) => i.productId === o.id).reduce((sum, i) => sum + i.quantity, 0);
      if (stock === undefined || stock < 0) problems.push(`offer ${o.id}: stock ${stock}`);
      else if (stock + held !== o.listed) problems.push(`offer ${o.id}: stock ${stock} + ${held} in orders ≠ ${o.listed} listed`);
    }
    const known = new Set(m.orders.map((o) => o.id));
    const seen = new Set(all.map((o) => o.id));
    for (const id of known) if (!seen.has(id)) problems.push(`order ${id} answered 201 but is not listed`);
    for (const id of seen) if (!known.has(id)) problems.push(`order ${id} listed but no 201 answered it`);
    return problems;
  }, { timeout: 5_000, interval: 100 }).toEqual([]);
}

const orderOf = (m: Model, k: number) => (m.orders.length ? m.orders[k % m.orders.length]! : null);

const command = modelCommands(checkInvariants);
const hasOrders = (m: Readonly<Model>) => m.orders.length > 0;

const addToCart = (buyer: number, offer: number, quantity: number) => command(`AddToCart(buyer ${buyer}, offer ${offer}, ×${quantity})`, async (m, r) => {
  const res = await r.buyers[buyer]!.post('/api/cart/items', { productId: m.offers[offer]!.id, quantity });
  r.pos.saw(res);
  expectAnswered(res, 'AddToCart');
});

const checkout = (buyer: number, usePoints: number, coupon: boolean) => command(`Checkout(buyer ${buyer}, ${usePoints} P${coupon ? ', coupon' : ''})`, async (m, r) => {
  const res = await r.buyers[buyer]!.post('/api/orders', { ...ADDRESS, usePoints, ...(coupon ? { couponId: 'welcome' } : {}) });
  r.pos.saw(res);
  expectAnswered(res, 'Checkout');
  if (res.status === 201) { seen.placed++; m.orders.push({ id: (res.body as { id: string }).id, buyer }); } else seen.refusedCheckouts++;
});

/** Every buyer named adds one unit of the offer, then all check out at once (with points and the coupon). */
const raceCheckout = (offer: number, buyers: number[], usePoints: number) => command(`RaceCheckout(offer ${offer}, buyers ${buyers.join('+')}, ${usePoints} P)`, async (m, r) => {
  for (const b of buyers) r.pos.saw(await r.buyers[b]!.post('/api/cart/items', { productId: m.offers[offer]!.id, quantity: 1 }));
  const answers = await concurrently(r.s, buyers.map((b) => () => r.buyers[b]!.post('/api/orders', { ...ADDRESS, usePoints, couponId: 'welcome' })));
  for (const [i, res] of answers.entries()) {
    r.pos.saw(res);
    expectAnswered(res, `RaceCheckout #${i}`);
    if (res.status === 201) { seen.raceWinners++; m.orders.push({ id: (res.body as { id: string }).id, buyer: buyers[i]! }); }
  }
});

/** The buyer cancels an order, `times` requests at once: at most one succeeds, and the refund is made once. */
const cancel = (order: number, times: number) => command(`Cancel(order ${order}${times > 1 ? `, ${times} at once` : ''})`, async (m, r) => {
  const o = orderOf(m, order)!;
  const buyer = r.buyers[o.buyer]!;
  const answers = await concurrently(r.s, Array.from({ length: times }, () => () => buyer.post(`/api/orders/${o.id}/cancel`, { reason: '단순 변심' })));
  for (const res of answers) { r.pos.saw(res); expectAnswered(res, 'Cancel'); }
  const ok = answers.filter((a) => a.status === 200).length;
  expect(ok, 'more than one cancel succeeded').toBeLessThanOrEqual(1);
  seen.cancelled += ok;
}, hasOrders);

const deliver = (order: number) => command(`Deliver(order ${order})`, async (m, r) => {
  const res = await moveOrder(r.seller, orderOf(m, order)!.id, 'delivered');
  r.pos.saw(res);
  expectAnswered(res, 'Deliver');
  if (res.status === 200) seen.delivered++;
}, hasOrders);

const returnOrder = (order: number, approve: boolean) => command(`Return(order ${order}, ${approve ? 'approved' : 'rejected'})`, async (m, r) => {
  const o = orderOf(m, order)!;
  const asked = await r.buyers[o.buyer]!.post(`/api/orders/${o.id}/returns`, { kind: 'return', reason: '화면에 불량 화소가 있습니다', defective: true });
  r.pos.saw(asked);
  expectAnswered(asked, 'Return');
  if (asked.status !== 201) return;
  const returnId = (asked.body as { id: string }).id;
  const decided = await r.seller.request('PUT', `/api/orders/${o.id}/returns/${returnId}`, { body: approve ? { decision: 'approved' } : { decision: 'rejected', note: '사용 흔적이 있습니다' } });
  r.pos.saw(decided);
  expectAnswered(decided, 'Return decision');
  if (decided.status === 200 && approve) seen.returned++;
}, hasOrders);

const BUYERS = 3;
const buyer = fc.nat({ max: BUYERS - 1 });
const commands = fc.commands([
  fc.tuple(buyer, fc.nat({ max: 1 }), fc.integer({ min: 1, max: 3 })).map(([b, o, q]) => addToCart(b, o, q)),
  fc.tuple(buyer, fc.nat({ max: 1 }), fc.integer({ min: 1, max: 2 })).map(([b, o, q]) => addToCart(b, o, q)),
  fc.tuple(buyer, fc.constantFrom(0, 300, 1_000, 1_500), fc.boolean()).map(([b, p, c]) => checkout(b, p, c)),
  fc.tuple(buyer, fc.constantFrom(0, 300, 1_000, 1_500), fc.boolean()).map(([b, p, c]) => checkout(b, p, c)),
  fc.tuple(fc.nat({ max: 1 }), fc.uniqueArray(buyer, { minLength: 2, maxLength: BUYERS }), fc.constantFrom(0, 600)).map(([o, bs, p]) => raceCheckout(o, bs, p)),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([k, t]) => cancel(k, t)),
  fc.nat().map((k) => deliver(k)),
  fc.tuple(fc.nat(), fc.boolean()).map(([k, a]) => returnOrder(k, a)),
], { maxCommands: model.maxCommands, size: 'max' });

describe('model (a): cart, checkout, cancel and return against stock, points and coupons', () => {
  it('never oversold, never negative, every won accounted for; the rebuild equals what is served', async () => {
    const started = performance.now();
    let runs = 0;
    await fc.assert(fc.asyncProperty(fc.scheduler(), commands, async (s, cmds) => {
      runs++;
      const seller = await approvedSeller(server, admin);
      const offers = await listOffers(seller, terms, [2, 1]);
      const buyers: Real['buyers'] = [];
      for (let i = 0; i < BUYERS; i++) buyers.push(await newBuyer(server, 'checkout'));
      const setup = () => ({
        model: { offers: offers.map((id, i) => ({ id, listed: [2, 1][i]! })), orders: [] } satisfies Model,
        real: { seller, buyers, s, pos: positionTracker() } satisfies Real,
      });
      await fc.asyncModelRun(setup, cmds);
    }), model.params);
    await server.expectRebuildEqualsServed();
    model.report(started, runs);
    console.log(`  reached: ${JSON.stringify(seen)}`);
  }, 180_000);
});
