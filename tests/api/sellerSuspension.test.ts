import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSellersSchema, cartSchema, historySchema, rankingSchema, searchSuggestionsSchema, type ProductList } from '@phonemarket/contracts';
import { eventSchemas, openEventStore, streams } from '@phonemarket/events';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import { seedOffers } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import { offerDecider } from '@phonemarket/command-api/features/offers/offer.ts';
import { handleCommand } from '@phonemarket/command-api/shared/commandHandler.ts';
import { minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/**
 * Issue 11 gaps: the demo seller is an approved seller with a store; offer commands are the offer's
 * own seller's (or an admin's) and answer 403 while that seller is suspended; a suspended seller's
 * offers are unavailable in carts, refused by add-to-cart and checkout, and absent from search,
 * ranking and lists.
 */
const OWN_OFFER = 'offer-demo-seller-own';
const PASSWORD = 'violet-harbor-1987!';
let server: TestServer;

beforeAll(async () => {
  // One offer of the demo seller (`seller-1`), listed with the catalogue's own command before the first start.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-test-'));
  const store = await openEventStore({ dataDir });
  const base = seedOffers(new Date())[0]!.offer;
  await handleCommand(store, streams.offer(OWN_OFFER), offerDecider,
    { type: 'ListOffer', offer: eventSchemas.OfferListed.parse({ ...base, offerId: OWN_OFFER, sellerId: 'seller-1' }) },
    { actor: { userId: null, role: 'admin' }, correlationId: 'test-seed', clock: systemClock, newId: randomIds, idempotencyKey: 'test-seed:own-offer' });
  await store.close();
  server = await startTestServer({}, { dataDir });
});
afterAll(async () => { await server?.close(); });

async function demo(role: 'user' | 'seller' | 'admin') {
  const c = server.client();
  expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
  return c;
}
const put = (c: TestClient, p: string, body: unknown) => c.request('PUT', p, { body });
const after = minPosition;

/** A buyer who applies and is approved: a seller with a seller record of their own. */
async function approvedSeller(admin: TestClient) {
  const c = server.client();
  const email = `other-seller-${Date.now()}@example.kr`;
  expect((await c.post('/api/auth/register', { email, password: PASSWORD, firstName: '다른', lastName: '셀러', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
  const applied = await c.post('/api/seller-applications', {
    applicantName: '다른셀러', email, phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
    storeName: '다른폰', storeDescription: '', experience: '', documents: [],
  });
  expect(applied.status).toBe(201);
  const id = (applied.body as { id: string }).id;
  expect((await put(admin, `/api/seller-applications/${id}`, { status: 'approved', reviewNotes: '승인' })).status).toBe(200);
  return c;
}

describe('the demo seller (demo mode)', () => {
  it('is an approved seller with a store, registered once however often the server starts', async () => {
    const admin = await demo('admin');
    const mine = () => admin.get('/api/sellers').then((r) => adminSellersSchema.parse(r.body).filter((s) => s.id === 'seller-1'));
    expect(await mine()).toEqual([expect.objectContaining({ userId: 'seller-1', status: 'approved', storeId: 'store-seller-1' })]);
    // The seller's history also tells its offers and orders (issue 30); its onboarding is there once, however often the server starts.
    const onboarding = (entries: { type: string }[]) => entries.map((h) => h.type).filter((t) => t === 'SellerOnboarded' || t === 'SellerStoreOpened');
    expect(onboarding(historySchema.parse((await admin.get('/api/sellers/seller-1/history')).body))).toEqual(['SellerOnboarded', 'SellerStoreOpened']);

    server = await server.restart();
    const again = await demo('admin');
    expect(onboarding(historySchema.parse((await again.get('/api/sellers/seller-1/history')).body))).toEqual(['SellerOnboarded', 'SellerStoreOpened']);
  });
});

describe('POST /api/offers/{id}/price: the offer\'s own seller or an admin, never while suspended', () => {
  it('guest 401, buyer 403, another seller 403, own seller 201, suspended own seller 403, admin 201', async () => {
    const [admin, seller, buyer] = [await demo('admin'), await demo('seller'), await demo('user')];
    const other = await approvedSeller(admin);
    const price = (c: TestClient, p: number, offer = OWN_OFFER) => c.post(`/api/offers/${offer}/price`, { price: p, extraSubsidy: 0 });

    expect((await price(server.client(), 900_000)).status).toBe(401);
    expect((await price(buyer, 900_000, 'x')).status).toBe(403);
    expect((await price(buyer, 900_000, OWN_OFFER)).status).toBe(403);
    expect((await price(other, 900_000)).status).toBe(403);
    expect((await price(seller, 900_000, 'no-such-offer')).status).toBe(404);
    // A seeded seller's offer is not the demo seller's.
    const someoneElses = ((await server.client().get('/api/products?limit=1')).body as ProductList).products[0]!.id;
    expect((await price(seller, 900_000, someoneElses)).status).toBe(403);
    const bad = await seller.post(`/api/offers/${OWN_OFFER}/price`, { price: -1, extraSubsidy: 0 });
    expect(bad.status).toBe(400);

    expect((await price(seller, 910_000)).status).toBe(201);
    expect((await price(admin, 920_000)).status).toBe(201);

    expect((await put(admin, '/api/sellers/seller-1', { status: 'suspended', reason: '점검' })).status).toBe(200);
    const refused = await price(seller, 930_000);
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe('정지된 셀러는 상품을 등록하거나 수정할 수 없습니다.');
    expect((await price(admin, 940_000)).status).toBe(201);

    expect((await put(admin, '/api/sellers/seller-1', { status: 'approved' })).status).toBe(200);
    expect((await price(seller, 950_000)).status).toBe(201);
  });
});

describe("a suspended seller's offers in carts, checkout, search, ranking and lists", () => {
  it('the cart line reads unavailable and leaves the totals; carting and checkout are refused; search, ranking and lists drop them', async () => {
    const [admin, buyer] = [await demo('admin'), await demo('user')];
    const products = ((await server.client().get('/api/products?limit=100')).body as ProductList).products;
    const gangnam = products.find((p) => p.seller.name === '강남폰스토어 강남역점')!;
    const elsewhere = products.find((p) => p.seller.name !== '강남폰스토어 강남역점' && p.modelId !== gangnam.modelId)!;
    expect(gangnam).toBeDefined();
    expect(elsewhere).toBeDefined();
    expect((await buyer.post('/api/cart/items', { productId: gangnam.id })).status).toBe(201);
    const carted = await buyer.post('/api/cart/items', { productId: elsewhere.id });
    expect(carted.status).toBe(201);
    const before = cartSchema.parse((await buyer.get('/api/cart', after(carted))).body);
    const elsewhereLine = before.items.find((i) => i.productId === elsewhere.id)!;
    expect(before.items.every((i) => i.available && i.unavailableReason === undefined)).toBe(true);

    const rankingSellers = async () => rankingSchema.parse((await server.client().get('/api/products/ranking')).body).find((r) => r.id === gangnam.modelId)?.sellerCount;
    const rankedBefore = await rankingSellers();
    const offersOfModel = async () => ((await server.client().get(`/api/models/${gangnam.modelId}/offers`)).body as { offers: { seller: { id: string }; condition: string; carrier: string; quote: { monthlyTotal: number } }[] }).offers;

    const suspended = await put(admin, '/api/sellers/seller-gangnam-phone', { status: 'suspended', reason: '허위 매물 신고' });
    expect(suspended.status).toBe(200);

    const cart = cartSchema.parse((await buyer.get('/api/cart', after(suspended))).body);
    const line = cart.items.find((i) => i.productId === gangnam.id)!;
    expect(line).toMatchObject({ available: false, unavailableReason: '판매가 중지된 상품입니다.' });
    expect(cart.count).toBe(2);
    // Only the line still sold: on 할부 if a carrier line, else paid today (s59).
    const billed = elsewhereLine.plan !== null && elsewhereLine.carrier !== '자급제';
    expect(cart.summary).toMatchObject({
      total: elsewhereLine.price * elsewhereLine.quantity,
      payToday: billed ? 0 : elsewhereLine.price * elsewhereLine.quantity,
      monthlyCarrier: billed ? elsewhereLine.quote.monthlyTotal * elsewhereLine.quantity : 0,
      discount: (elsewhereLine.originalPrice - elsewhereLine.price) * elsewhereLine.quantity,
    });

    const again = await buyer.post('/api/cart/items', { productId: gangnam.id });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toContain('판매가 중지된 상품입니다.');
    const order = await buyer.post('/api/orders', {
      agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '', paymentMethod: 'card', ...PAID_TODAY,
    });
    expect(order.status).toBe(409);
    expect((order.body as { message: string }).message).toContain('판매가 중지된 상품');

    // Lists, the model's offers, search and ranking know the seller no more.
    const listed = ((await server.client().get('/api/products?limit=100', after(suspended))).body as ProductList).products;
    expect(listed.some((p) => p.seller.name === '강남폰스토어 강남역점')).toBe(false);
    const live = await offersOfModel();
    expect(live.some((o) => o.seller.id === 'seller-gangnam-phone')).toBe(false);
    const model = (await server.client().get(`/api/models/${gangnam.modelId}`)).body as { name: string; lowestMonthly: number; sellerCount: number };
    // 최저 월 compares like with like: new units on a carrier plan when the model has any (issue 30)
    const onPlan = live.filter((o) => o.condition === 'new' && o.carrier !== '자급제');
    expect(model.lowestMonthly).toBe(Math.min(...(onPlan.length ? onPlan : live).map((o) => o.quote.monthlyTotal)));
    const searched = searchSuggestionsSchema.parse((await server.client().get(`/api/search?q=${encodeURIComponent(model.name)}`)).body);
    expect(searched.find((s) => s.id === gangnam.modelId)?.lowestMonthly).toBe(model.lowestMonthly);
    if (rankedBefore !== undefined) expect(await rankingSellers()).toBe(rankedBefore - 1);

    // Reinstated: the line is sold again and counts.
    const back = await put(admin, '/api/sellers/seller-gangnam-phone', { status: 'approved' });
    const reinstated = cartSchema.parse((await buyer.get('/api/cart', after(back))).body);
    expect(reinstated.items.every((i) => i.available)).toBe(true);
  });
});

describe("a suspended seller's orders (s59): they still owe those paid to them", () => {
  it('GET /api/seller/orders lists the open ones and PUT /api/orders/{id}/status moves them on while suspended; finished ones drop off the list until reinstated', async () => {
    const [admin, seller, buyer] = [await demo('admin'), await demo('seller'), await registeredBuyer(server, 'suspended-seller-buyer')];
    const buy = async () => {
      expect((await buyer.post('/api/cart/items', { productId: OWN_OFFER })).status).toBe(201);
      const placed = await buyer.post('/api/orders', {
        agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '', paymentMethod: 'card', ...PAID_TODAY,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return { placed, orderId: (placed.body as { id: string }).id };
    };
    const { orderId } = await buy();
    const finished = (await buy()).orderId;
    const cancelled = await buyer.post(`/api/orders/${finished}/cancel`);
    expect(cancelled.status).toBe(200);
    const listed = await seller.get('/api/seller/orders', after(cancelled));
    expect(listed.status).toBe(200);
    expect((listed.body as { orders: { id: string }[] }).orders.map((o) => o.id)).toEqual(expect.arrayContaining([orderId, finished]));

    const suspended = await put(admin, '/api/sellers/seller-1', { status: 'suspended', reason: '점검' });
    expect(suspended.status).toBe(200);
    // The order still to ship, with the address to ship it to; the cancelled one is no longer theirs to read.
    const list = await seller.get('/api/seller/orders', after(suspended));
    expect(list.status).toBe(200);
    const orders = (list.body as { orders: { id: string; shipping: { address: string } }[] }).orders;
    expect(orders.map((o) => o.id)).toContain(orderId);
    expect(orders.map((o) => o.id)).not.toContain(finished);
    expect(orders.find((o) => o.id === orderId)!.shipping.address).toBe('서울 강남구 테헤란로 123');
    expect((await moveOrder(seller, orderId, 'ready')).status).toBe(200);
    // Someone else's order is still 404 to them.
    expect((await put(seller, '/api/orders/no-such-order/status', { status: 'preparing' })).status).toBe(404);
    expect((await put(seller, `/api/orders/${orderId}/status`, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' })).status).toBe(200);

    const back = await put(admin, '/api/sellers/seller-1', { status: 'approved' });
    expect((await seller.get('/api/seller/orders', after(back))).body).toMatchObject({ orders: expect.arrayContaining([expect.objectContaining({ id: finished })]) });
  });
});
