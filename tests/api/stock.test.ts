import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, modelOffersSchema, sellerOffersSchema, type ModelOffer } from '@phonemarket/contracts';
import path from 'node:path';
import { openSqliteEventStore, parseEvent, streams } from '@phonemarket/events';
import { approvedShop, demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { PAID_TODAY } from '../support/checkout.ts';

/**
 * Stock is held (issue 23): an offer's units are taken by checkout and put back by a cancel before
 * shipping; nobody carts or orders more than is left; 50 buyers of the last 3 units make exactly 3 orders.
 * The demo seller lists offers of their own on the market's terms (`POST /api/offers`) with the stock set.
 */
let server: TestServer;
let seller: TestClient;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  seller = await demoSignedIn(server, 'seller');
});
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card', ...PAID_TODAY };
const message = (r: { body: unknown }) => (r.body as { message: string }).message;
const termsUsed = new Set<string>();

/** The model's 자급제 offers, then the first page of all (since s59 the 판매처 list puts 자급제 after the carriers'). */
async function modelOffers(after?: { body: unknown }): Promise<ModelOffer[]> {
  const page = async (query: string) => modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers${query}`, after ? minPosition(after) : {})).body).offers;
  const all = [...(await page(`?carrier=${encodeURIComponent('자급제')}`)), ...(await page(''))];
  return [...new Map(all.map((o) => [o.offerId, o])).values()];
}
/** A new offer of the demo seller's, on terms of the market not listed by them yet, with `stock` units. */
async function listOffer(stock: number): Promise<string> {
  // Offers with the same terms are one listing for the seller: try the market's terms until one is new to them.
  // 자급제 terms first (a unit per line is a carrier line's limit, and its order goes by 개통).
  for (const terms of (await modelOffers()).filter((o) => o.condition === 'new' && !o.offerId.includes('seller-1'))) {
    if (termsUsed.has(terms.offerId)) continue;
    termsUsed.add(terms.offerId);
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock });
    if (listed.status === 409) continue;
    expect(listed.status).toBe(201);
    return (listed.body as { id: string }).id;
  }
  throw new Error('no terms left to list');
}
async function sellerOffer(offerId: string, after?: { body: unknown }) {
  const r = await seller.get('/api/seller/offers', after ? minPosition(after) : {});
  return sellerOffersSchema.parse(r.body).offers.find((o) => o.id === offerId)!;
}

describe('stock', () => {
  it('a buyer cannot cart or order more than is left; checkout takes the units, a cancel before shipping puts them back', async () => {
    const offerId = await listOffer(1);
    const buyer = await registeredBuyer(server, 'stock');
    const two = await buyer.post('/api/cart/items', { productId: offerId, quantity: 2 });
    expect(two.status).toBe(409);
    expect(message(two)).toBe('재고가 부족합니다. (남은 수량 1개)');
    const one = await buyer.post('/api/cart/items', { productId: offerId });
    expect(one.status).toBe(201);
    // Raising the line above what is left: the same 409.
    const cart = cartSchema.parse((await buyer.get('/api/cart', minPosition(one))).body);
    const raised = await buyer.request('PATCH', `/api/cart/items/${cart.items[0]!.itemId}`, { body: { quantity: 2 } });
    expect(raised.status).toBe(409);
    expect(message(raised)).toBe('재고가 부족합니다. (남은 수량 1개)');

    const order = await buyer.post('/api/orders', address);
    expect(order.status).toBe(201);
    expect(await sellerOffer(offerId, order)).toMatchObject({ stock: 0, sold: 1 });
    expect((await modelOffers(order)).find((o) => o.offerId === offerId)).toMatchObject({ stock: 0 });

    // Sold out: nobody else can cart it.
    const other = await registeredBuyer(server, 'stock');
    const soldOut = await other.post('/api/cart/items', { productId: offerId });
    expect(soldOut.status).toBe(409);
    expect(message(soldOut)).toBe('재고가 부족합니다. (남은 수량 0개)');

    const orderId = (order.body as { id: string }).id;
    // The order event itself names the seller (the demo seller has no catalogue profile: their seller record's name).
    const events = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    const [placed] = (await events.readStream(streams.order(orderId))).map(parseEvent);
    await events.close();
    expect(placed).toMatchObject({ type: 'OrderPlaced', data: { items: [{ sellerId: 'seller-1', sellerName: expect.stringMatching(/\S/) }] } });
    const cancelled = await buyer.post(`/api/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await sellerOffer(offerId, cancelled)).toMatchObject({ stock: 1, sold: 0 });
    expect((await other.post('/api/cart/items', { productId: offerId })).status).toBe(201);
  });

  it('a cart line carted while units were left, ordered after they ran out: 409 and nothing changes', async () => {
    const offerId = await listOffer(1);
    const [first, second] = [await registeredBuyer(server, 'late'), await registeredBuyer(server, 'late')];
    expect((await first.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    expect((await second.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    expect((await first.post('/api/orders', address)).status).toBe(201);
    const late = await second.post('/api/orders', address);
    expect(late.status).toBe(409);
    expect(message(late)).toBe('재고가 부족합니다. (남은 수량 0개)');
    // The cart keeps its line (to remove it), no order, no points spent.
    const cart = cartSchema.parse((await second.get('/api/cart')).body);
    expect(cart.items).toHaveLength(1);
    expect(((await second.get('/api/orders')).body as { orders: unknown[] }).orders).toEqual([]);
    expect(((await second.get('/api/me/points')).body as { balance: number }).balance).toBe(1000);
  });

  it('50 buyers check out the last 3 units at once: exactly 3 orders, 47 × 409, stock 0, and it holds after a restart', async () => {
    const offerId = await listOffer(3);
    const buyers: TestClient[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await registeredBuyer(server, 'race'));
    for (const b of buyers) expect((await b.post('/api/cart/items', { productId: offerId })).status).toBe(201);

    const answers = await Promise.all(buyers.map((b) => b.post('/api/orders', address)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    for (const a of answers.filter((x) => x.status === 409)) expect(message(a)).toBe('재고가 부족합니다. (남은 수량 0개)');
    const last = answers.filter((a) => a.status === 201).at(-1)!;
    expect(await sellerOffer(offerId, last)).toMatchObject({ stock: 0, sold: 3 });

    server = await server.restart();
    seller = await demoSignedIn(server, 'seller');
    expect(await sellerOffer(offerId)).toMatchObject({ stock: 0, sold: 3 });
  });

  it('50 buyers of one offer with units for all: every checkout succeeds (a popular offer is no contention error)', async () => {
    const offerId = await listOffer(60);
    const buyers: TestClient[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await registeredBuyer(server, 'popular'));
    for (const b of buyers) expect((await b.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const answers = await Promise.all(buyers.map((b) => b.post('/api/orders', address)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(await sellerOffer(offerId, answers.at(-1)!)).toMatchObject({ stock: 10, sold: 50 });
  });
});

describe('재고 수정 (PUT /api/offers/{id}/stock): a sold-out offer is restocked', () => {
  const put = (c: TestClient, offerId: string, body: unknown) => c.request('PUT', `/api/offers/${encodeURIComponent(offerId)}/stock`, { body });
  const errors = (r: { body: unknown }) => (r.body as { errors?: Record<string, string> }).errors ?? {};
  /** The buyer's page: the model's offers (all of them: earlier tests listed many of the demo seller's), read after `after`. */
  const onBuyersPage = async (offerId: string, after: { body: unknown }) =>
    modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`, minPosition(after))).body).offers.find((o) => o.offerId === offerId);

  it('guest 401, buyer 403, another seller 403, own seller 200 (admin too); bad input 400 in Korean; an unknown offer 404', async () => {
    const offerId = await listOffer(2);
    const admin = await demoSignedIn(server, 'admin');
    const otherShop = await approvedShop(server, admin, '재고수정 테스트 매장');
    expect((await put(server.client(), offerId, { stock: 5 })).status).toBe(401);
    expect((await put(await registeredBuyer(server, 'restock'), offerId, { stock: 5 })).status).toBe(403);
    expect((await put(otherShop, offerId, { stock: 5 })).status).toBe(403);
    expect((await put(seller, 'no-such-offer', { stock: 5 })).status).toBe(404);
    expect((await put(admin, 'no-such-offer', { stock: 5 })).status).toBe(404);
    expect(errors(await put(seller, offerId, { stock: 1.5 })).stock).toBe('재고는 정수여야 합니다.');
    expect(errors(await put(seller, offerId, { stock: -1 })).stock).toBe('재고는 0대 이상이어야 합니다.');
    expect(errors(await put(seller, offerId, { stock: 1000 })).stock).toBe('재고는 999대 이하여야 합니다.');
    expect(errors(await put(seller, offerId, { stock: '3' })).stock).toBe('재고를 숫자로 입력해주세요.');
    expect(await sellerOffer(offerId)).toMatchObject({ stock: 2 });

    const own = await put(seller, offerId, { stock: 4 });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: offerId, stock: 4, changed: true });
    expect((await put(seller, offerId, { stock: 4 })).body).toMatchObject({ changed: false });
    const byAdmin = await put(admin, offerId, { stock: 3 });
    expect(byAdmin.status).toBe(200);
    expect(await sellerOffer(offerId, byAdmin)).toMatchObject({ stock: 3 });
  });

  it('sold down to 0, 상품 등록 on the same terms is 409 pointing to 재고 수정; restocked, the buyer sees it in stock and orders it; the units orders hold stay theirs', async () => {
    const offerId = await listOffer(1);
    const terms = [...termsUsed].at(-1)!;
    const first = await registeredBuyer(server, 'restock');
    expect((await first.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const order = await first.post('/api/orders', address);
    expect(order.status).toBe(201);
    expect(await sellerOffer(offerId, order)).toMatchObject({ stock: 0, sold: 1 });
    expect(await onBuyersPage(offerId, order)).toMatchObject({ stock: 0 });

    const again = await seller.post('/api/offers', { sameTermsAs: terms, extraSubsidy: 0, stock: 5 });
    expect(again.status).toBe(409);
    expect(message(again)).toBe('이미 등록된 판매 조건입니다. 상품 관리에서 재고를 수정해주세요.');

    const restocked = await put(seller, offerId, { stock: 2 });
    expect(restocked.status).toBe(200);
    // Read-after-write: the buyer's page shows it in stock at once; the order's unit is still sold.
    expect(await onBuyersPage(offerId, restocked)).toMatchObject({ stock: 2 });
    expect(await sellerOffer(offerId, restocked)).toMatchObject({ stock: 2, sold: 1 });
    let lastOrder = restocked;
    for (let i = 0; i < 2; i++) {
      const buyer = await registeredBuyer(server, 'restock');
      expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
      lastOrder = await buyer.post('/api/orders', address);
      expect(lastOrder.status).toBe(201);
    }
    const late = await (await registeredBuyer(server, 'restock')).post('/api/cart/items', { productId: offerId });
    expect(late.status).toBe(409);
    expect(message(late)).toBe('재고가 부족합니다. (남은 수량 0개)');
    expect(await sellerOffer(offerId, lastOrder)).toMatchObject({ stock: 0, sold: 3 });

    // The first order cancelled before shipping: its unit comes back on top of what was set.
    const orderId = (order.body as { id: string }).id;
    const cancelled = await first.post(`/api/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await sellerOffer(offerId, cancelled)).toMatchObject({ stock: 1, sold: 2 });
  });
});
