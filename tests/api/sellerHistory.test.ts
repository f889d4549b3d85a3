import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOffersSchema } from '@phonemarket/contracts';
import { historySchema } from '@phonemarket/contracts/admin.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** Issue 30 §6: a seller's history (admin) includes its offers, their price changes and its orders. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const SELLER = 'seller-gangnam-phone';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', memo: '', paymentMethod: 'transfer', ...PAID_TODAY };

describe('GET /api/sellers/{id}/history', () => {
  it('tells the seller\'s offers, price changes and orders (the seller\'s lines only, no buyer or address); admins only', async () => {
    const admin = await demoSignedIn(server, 'admin');
    expect((await server.client().get(`/api/sellers/${SELLER}/history`)).status).toBe(401);
    expect((await (await registeredBuyer(server, 'hist-guest')).get(`/api/sellers/${SELLER}/history`)).status).toBe(403);

    const before = historySchema.parse((await admin.get(`/api/sellers/${SELLER}/history`)).body);
    const types = new Set(before.map((e) => e.type));
    expect(types.has('SellerOnboarded')).toBe(true);
    expect(types.has('OfferListed')).toBe(true);
    expect(types.has('OfferPriceChanged')).toBe(true);
    const listed = before.find((e) => e.type === 'OfferListed')!;
    expect(listed.data).toMatchObject({ name: expect.stringMatching(/^\S.* \d+(GB|TB)$/), price: expect.any(Number) });
    expect(before.filter((e) => e.type === 'OfferPriceChanged').every((e) => typeof e.data.name === 'string')).toBe(true);

    // A buyer orders one of its offers and another seller's: the seller's history gets its own line only.
    const offers = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s26-ultra/offers')).body).offers;
    const own = offers.find((o) => o.seller.id === SELLER && o.stock > 0)!;
    const other = offers.find((o) => o.seller.id !== SELLER && o.stock > 0)!;
    const buyer = await registeredBuyer(server, 'hist-buyer');
    for (const o of [own, other]) expect((await buyer.post('/api/cart/items', { productId: o.offerId })).status).toBe(201);
    const placed = await buyer.post('/api/orders', address);
    expect(placed.status).toBe(201);
    const after = historySchema.parse((await admin.get(`/api/sellers/${SELLER}/history`, minPosition(placed as { body: { position: string } }))).body);
    const order = after.find((e) => e.type === 'OrderPlaced')!;
    expect(order.data.orderId).toBe((placed.body as { id: string }).id);
    expect(order.data.items).toEqual([expect.objectContaining({ productId: own.offerId, quantity: 1 })]);
    expect(JSON.stringify(order.data)).not.toMatch(/buyerId|shipping|테헤란로|010-1234/);
  });
});
