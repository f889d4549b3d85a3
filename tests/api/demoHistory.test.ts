import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, ordersSchema, productDetailSchema, publicStoreSchema, recentReviewsSchema, reviewsSchema, STORE_REVIEWS_SHOWN } from '@phonemarket/contracts';
import { seedOffers } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import { DEMO_ORDERS, demoOrderId } from '@phonemarket/command-api/features/orders/demoOrders.ts';
import { demoSignedIn } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { until } from '../support/until.ts';

/**
 * The shared demo (DEMO=1, s60): a first start seeds a past of confirmed orders at several shops, so
 * '거래 N건' varies from shop to shop; their units come out of the offers' stock, their dates are weeks
 * ago, and a second start on the same data seeds nothing again. (A start without DEMO=1 has none:
 * shopDeals.test.ts's first case reads 0 deals for a seeded shop on the usual test server.)
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ DEMO: '1' }); }, 120_000);
afterAll(async () => { await server?.close(); });

const DAY_MS = 24 * 60 * 60 * 1000;
const dealsPlanned = new Map<string, number>();
for (const o of DEMO_ORDERS) dealsPlanned.set(o.shopId, (dealsPlanned.get(o.shopId) ?? 0) + 1);
const NEW_SHOPS = ['seller-sindorim-phoneplus', 'seller-daegu-dongseongro', 'seller-1'];

/** Every demo order as an admin reads it, once the read side has all of them confirmed. */
async function demoOrders(s: TestServer) {
  const admin = await demoSignedIn(s, 'admin');
  const list = await until('the demo orders, confirmed', async () => {
    const res = ordersSchema.parse((await admin.get('/api/admin/orders')).body);
    const demo = res.orders.filter((o) => o.id.startsWith('demo-order-'));
    return demo.length === DEMO_ORDERS.length && demo.every((o) => o.status === 'confirmed') ? demo : null;
  }, 60_000);
  return Promise.all(list.map(async (o) => orderSchema.parse((await admin.get(`/api/orders/${o.id}`)).body)));
}

async function trustOf(s: TestServer, shopId: string) {
  const res = await s.client().get(`/api/stores/store-${shopId}`);
  expect(res.status, shopId).toBe(200);
  return publicStoreSchema.parse(res.body).trust;
}

/** Each ordered offer's units left, from its product page. */
async function stockOf(s: TestServer, offerIds: readonly string[]) {
  return new Map(await Promise.all(offerIds.map(async (id) => [id, productDetailSchema.parse((await s.client().get(`/api/products/${id}`)).body).stock] as const)));
}

describe('the shared demo has a past (DEMO=1)', () => {
  it('its shops read different 거래 counts, from orders placed weeks ago, paid and 구매확정, whose units left the stock; a restart seeds nothing again', async () => {
    const orders = await demoOrders(server);
    const now = Date.now();
    for (const o of orders) {
      expect(o.status).toBe('confirmed');
      expect(o.paymentFailure).toBeNull();
      expect(o.trackingNumber).toMatch(/^\d{12}$/);
      expect(now - Date.parse(o.createdAt)).toBeGreaterThan(8 * DAY_MS);
      expect(now - Date.parse(o.createdAt)).toBeLessThan(61 * DAY_MS);
      expect(Date.parse(o.confirmedAt!)).toBeGreaterThan(Date.parse(o.deliveredAt!));
      expect(Date.parse(o.confirmedAt!)).toBeLessThan(now);
      expect(o.items).toHaveLength(1);
    }

    // '거래 N건' per shop: the planned counts (several different ones), and the shops left new read 0.
    const counts = new Set<number>();
    for (const [shopId, deals] of dealsPlanned) {
      const trust = await until(`${shopId}'s deals`, async () => { const t = await trustOf(server, shopId); return t.deals === deals ? t : null; });
      counts.add(trust.deals);
      expect(orders.filter((o) => o.items[0]!.sellerId === shopId)).toHaveLength(deals);
    }
    expect(counts.size).toBeGreaterThanOrEqual(5);
    for (const shopId of NEW_SHOPS) expect((await trustOf(server, shopId)).deals).toBe(0);
    // 리퍼폰마켓 has five reviews: its stars show.
    expect(await trustOf(server, 'seller-refurb-market')).toMatchObject({ reviewCount: 5, fewReviews: false });

    // Each ordered offer sold exactly the units its demo orders took (the seed's stock less them), and kept one.
    const seeded = new Map(seedOffers(new Date()).map(({ offer }) => [offer.offerId, offer.stock]));
    const units = new Map<string, number>();
    for (const o of orders) units.set(o.items[0]!.productId, (units.get(o.items[0]!.productId) ?? 0) + o.items[0]!.quantity);
    const stock = await stockOf(server, [...units.keys()]);
    for (const [offerId, taken] of units) {
      expect(stock.get(offerId), offerId).toBe(seeded.get(offerId)! - taken);
      expect(stock.get(offerId), offerId).toBeGreaterThan(0);
    }

    // A second start on the same data: the same orders, counts and stock (nothing placed or taken twice).
    server = await server.restart();
    const again = await demoOrders(server);
    expect(again.map((o) => [o.id, o.createdAt, o.items[0]!.productId]).sort()).toEqual(orders.map((o) => [o.id, o.createdAt, o.items[0]!.productId]).sort());
    for (const [shopId, deals] of dealsPlanned) expect((await trustOf(server, shopId)).deals).toBe(deals);
    expect(await stockOf(server, [...units.keys()])).toEqual(stock);
  }, 180_000);

  it("most of its orders left a product review a day after 구매확정: each phone's review list, count and average and the store pages show them; a restart adds none", async () => {
    const orders = await demoOrders(server);
    const planned = new Map(DEMO_ORDERS.map((o, n) => [demoOrderId(n), o.productReview]));
    const reviewed = orders.filter((o) => planned.get(o.id));
    // Most orders (17 of 21), mostly 4–5 stars with a 3.
    expect(reviewed.length).toBeGreaterThan(orders.length / 2);
    expect(new Set(reviewed.map((o) => planned.get(o.id)!.rating))).toEqual(new Set([3, 4, 5]));
    for (const o of orders) expect(o.items[0]!.reviewed, o.id).toBe(planned.get(o.id) !== undefined);

    // Each reviewed phone: its list holds exactly its demo orders' reviews, dated a day or so after 구매확정; its count and average.
    const byModel = new Map<string, typeof reviewed>();
    for (const o of reviewed) byModel.set(o.items[0]!.modelId, [...(byModel.get(o.items[0]!.modelId) ?? []), o]);
    const now = Date.now();
    const productReviews = async (s: TestServer, modelId: string) => reviewsSchema.parse((await s.client().get(`/api/products/${modelId}/reviews`)).body);
    for (const [modelId, its] of byModel) {
      const list = await until(`${modelId}'s reviews`, async () => { const r = await productReviews(server, modelId); return r.total === its.length ? r : null; });
      const ratings = its.map((o) => planned.get(o.id)!.rating);
      expect(list.average, modelId).toBe(Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10);
      expect(list.distribution, modelId).toEqual([1, 2, 3, 4, 5].map((star) => ratings.filter((r) => r === star).length));
      for (const o of its) {
        const review = list.reviews.find((r) => r.id.startsWith(`${o.id}-`));
        expect(review, o.id).toMatchObject({ productId: modelId, rating: planned.get(o.id)!.rating, content: planned.get(o.id)!.content, photos: [], mine: false, answer: null });
        const afterConfirm = Date.parse(review!.createdAt) - Date.parse(o.confirmedAt!);
        expect(afterConfirm, o.id).toBeGreaterThan(12 * 60 * 60 * 1000);
        expect(afterConfirm, o.id).toBeLessThan(2 * DAY_MS);
        expect(Date.parse(review!.createdAt)).toBeLessThan(now);
      }
    }

    // Each shop's store page: its figures and reviews are its orders' product reviews (the shops left new: none).
    for (const shopId of dealsPlanned.keys()) {
      const ratings = reviewed.filter((o) => o.items[0]!.sellerId === shopId).map((o) => planned.get(o.id)!.rating);
      const average = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : 0;
      const store = publicStoreSchema.parse((await server.client().get(`/api/stores/store-${shopId}`)).body);
      expect(store.figures, shopId).toMatchObject({ reviewCount: ratings.length, rating: average });
      expect(store.reviews, shopId).toMatchObject({ total: ratings.length, average });
      expect(store.reviews.items, shopId).toHaveLength(Math.min(ratings.length, STORE_REVIEWS_SHOWN));
      const contents = new Set(reviewed.filter((o) => o.items[0]!.sellerId === shopId).map((o) => planned.get(o.id)!.content));
      for (const item of store.reviews.items) expect(contents.has(item.content), `${shopId}: ${item.content}`).toBe(true);
    }
    expect(publicStoreSchema.parse((await server.client().get('/api/stores/store-seller-refurb-market')).body).figures?.reviewCount).toBe(6);
    for (const shopId of NEW_SHOPS) expect(publicStoreSchema.parse((await server.client().get(`/api/stores/store-${shopId}`)).body).figures?.reviewCount, shopId).toBe(0);

    // Every phone's newest reviews: the demo's, once each; a second start writes none again.
    const recent = async (s: TestServer) => recentReviewsSchema.parse((await s.client().get('/api/reviews')).body);
    const before = await recent(server);
    expect(before.total).toBe(reviewed.length);
    server = await server.restart();
    await demoOrders(server);
    const after = await recent(server);
    expect(after.total).toBe(reviewed.length);
    expect(after.reviews.map((r) => [r.id, r.createdAt, r.rating])).toEqual(before.reviews.map((r) => [r.id, r.createdAt, r.rating]));
    for (const [modelId, its] of byModel) expect((await productReviews(server, modelId)).total, modelId).toBe(its.length);
  }, 180_000);
});
