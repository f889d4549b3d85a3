import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOffersSchema, sellerOrdersSchema, type SellerOrders } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/**
 * `GET /api/seller/orders` (판매 관리, 배송 관리): a seller reads the orders holding their lines (only
 * those lines), ships the ones that are wholly theirs with the order route of issue 12, and never
 * sees another seller's orders.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '', paymentMethod: 'transfer', ...PAID_TODAY };
const put = (c: TestClient, p: string, body: unknown) => c.request('PUT', p, { body });

async function sellerOrders(c: TestClient, query = '', after?: { body: unknown }): Promise<SellerOrders> {
  const r = await c.get(`/api/seller/orders${query}`, after ? minPosition(after) : {});
  expect(r.status).toBe(200);
  return sellerOrdersSchema.parse(r.body);
}

/** The demo seller's own offer (listed on a market offer's terms) and a seeded seller's offer of the same model. */
async function offers(seller: TestClient) {
  const market = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers;
  const terms = market.find((o) => o.condition === 'new' && o.carrier === 'KT')!;
  const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 50_000, stock: 5 });
  expect(listed.status).toBe(201);
  return { own: (listed.body as { id: string }).id, other: market.find((o) => o.seller.id !== 'seller-1')!.offerId, listed };
}

async function buy(buyer: TestClient, productIds: string[]): Promise<{ id: string; position: string }> {
  for (const productId of productIds) expect((await buyer.post('/api/cart/items', { productId })).status).toBe(201);
  const placed = await buyer.post('/api/orders', address);
  expect(placed.status).toBe(201);
  return placed.body as { id: string; position: string };
}

describe('GET /api/seller/orders', () => {
  it('guest 401, buyer 403, admin 403 (no store); a bad status is 400 in Korean', async () => {
    expect((await server.client().get('/api/seller/orders')).status).toBe(401);
    expect((await (await registeredBuyer(server, 'so-buyer')).get('/api/seller/orders')).status).toBe(403);
    expect((await (await demoSignedIn(server, 'admin')).get('/api/seller/orders')).status).toBe(403);
    const bad = await (await demoSignedIn(server, 'seller')).get('/api/seller/orders?status=lost');
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors.status).toBe('주문 상태를 확인해주세요.');
  });

  it("lists the orders holding the seller's lines, only those lines; the whole address only for an order they ship; they ship it", async () => {
    const seller = await demoSignedIn(server, 'seller');
    const { own, other, listed } = await offers(seller);
    expect((await sellerOrders(seller, '', listed)).orders).toEqual([]);

    const solo = await buy(await registeredBuyer(server, 'so-solo'), [own]);
    const mixed = await buy(await registeredBuyer(server, 'so-mixed'), [own, other]);
    const elsewhere = await buy(await registeredBuyer(server, 'so-else'), [other]);

    const mine = await sellerOrders(seller, '', { body: elsewhere });
    expect(mine.orders.map((o) => o.id)).toEqual([mixed.id, solo.id]);
    const soloOrder = mine.orders.find((o) => o.id === solo.id)!;
    const mixedOrder = mine.orders.find((o) => o.id === mixed.id)!;
    expect(mixedOrder.items.map((i) => i.productId)).toEqual([own]);
    expect(mixedOrder.sellerSubtotal).toBe(mixedOrder.items[0]!.unitPrice * mixedOrder.items[0]!.quantity);
    // The wholly-theirs order is shipped by them and shows where to; the mixed one is the admin's to move on.
    expect(soloOrder).toMatchObject({ shippable: true, shipping: { recipient: '김민수', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호' } });
    expect(mixedOrder).toMatchObject({ shippable: false, shipping: { recipient: '김*수', addressDetail: '***' } });
    expect(mine.summary).toEqual({ toShip: 2, shipped: 0, delivered: 0, sales: soloOrder.sellerSubtotal + mixedOrder.sellerSubtotal });

    // No buyer account id anywhere in the seller's answer (the schema would drop it: read the raw body);
    // the seller's lines carry the seller's name as shoppers see it on the offer.
    const raw = await seller.get('/api/seller/orders', minPosition({ body: elsewhere }));
    expect(JSON.stringify(raw.body)).not.toMatch(/buyerId/);
    const shownName = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers.find((o) => o.offerId === own)!.seller.storeName;
    expect(shownName).not.toBe('');
    expect(mine.orders.flatMap((o) => o.items.map((i) => i.sellerName))).toEqual([shownName, shownName]);

    // Another seller (an approved applicant) sees none of them.
    const admin = await demoSignedIn(server, 'admin');
    const applicant = await registeredBuyer(server, 'so-applicant');
    const applied = await applicant.post('/api/seller-applications', {
      applicantName: '다른셀러', email: `so-applicant-${Date.now()}@example.kr`, phone: '010-2345-6789', businessNumber: '220-81-62517',
      businessType: 'individual', storeName: '다른폰', storeDescription: '', experience: '', documents: [],
    });
    expect(applied.status).toBe(201);
    const approved = await put(admin, `/api/seller-applications/${(applied.body as { id: string }).id}`, { status: 'approved', reviewNotes: '승인' });
    expect(approved.status).toBe(200);
    expect((await sellerOrders(applicant, '', approved)).orders).toEqual([]);
    expect((await put(applicant, `/api/orders/${solo.id}/status`, { status: 'preparing' })).status).toBe(404);

    // The seller ships their order: 배송준비중, then 배송중 with the courier and tracking number.
    expect((await put(seller, `/api/orders/${mixed.id}/status`, { status: 'preparing' })).status).toBe(404);
    expect((await moveOrder(seller, solo.id, 'ready')).status).toBe(200);
    const shipped = await put(seller, `/api/orders/${solo.id}/status`, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(shipped.status).toBe(200);
    const after = await sellerOrders(seller, '?status=shipped', shipped);
    expect(after.orders.map((o) => o.id)).toEqual([solo.id]);
    expect(after.orders[0]).toMatchObject({ status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012', shippable: false, shipping: { addressDetail: '***' } });
    expect(after.summary).toMatchObject({ toShip: 1, shipped: 1, delivered: 0 });
  });
});
