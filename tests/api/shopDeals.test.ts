import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOffersSchema, productDetailSchema, productListSchema, publicStoreSchema } from '@phonemarket/contracts';
import { quoteRequestAnswerSchema, quoteTermsSchema, type QuoteOfferInput } from '@phonemarket/contracts/quotes.ts';
import { approvedShop, demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * '거래 N건' from real deals (s59): a shop's count of orders confirmed (구매확정), kept by the shop-trust
 * sums, is the one number the product page's 판매처 rows, the product detail, the quote cards and the store
 * page show — never the seeded profile's `deals` (2,340 for 강남폰스토어 in the seed).
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const SEEDED_SHOP = 'seller-gangnam-phone';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...PAID_TODAY };
type Answer = { status: number; body: unknown };
const at = (after?: Answer) => (after ? minPosition(after) : {});

const rows = async (after?: Answer) => modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`, at(after))).body).offers;

describe("'거래 N건' (a shop's confirmed orders)", () => {
  it('a seeded shop shows its real deals (none yet), not the seeded profile figure; every row carries its trust count', async () => {
    const market = await rows();
    const seeded = market.filter((o) => o.seller.id === SEEDED_SHOP);
    expect(seeded.length).toBeGreaterThan(0);
    for (const o of seeded) expect(o.seller.deals).toBe(0);
    for (const o of market) expect(o.seller.deals).toBe(o.seller.trust.deals);
    const list = productListSchema.parse((await server.client().get('/api/products?limit=50')).body).products;
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) expect(p.seller.deals).toBe(p.seller.trust.deals);
  });

  it('0 for a new shop; +1 once an order reaches 구매확정 (not at delivery) on the 판매처 row, the product detail, the quote card and the store page alike', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const shop = await approvedShop(server, admin, '거래세는폰');
    const terms = (await rows()).find((o) => o.condition === 'new' && o.carrier === 'SKT')!;
    const listed = await shop.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 30_000, stock: 10 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const offerId = (listed.body as { id: string }).id;

    // A quote request the shop answers, read by its buyer (the quote card).
    const asker = await registeredBuyer(server, 'deals-asker');
    const request = await asker.post('/api/quote-requests', {
      modelId: MODEL, carrier: 'SKT', joinType: '번호이동', plan: 'premium', budget: '100-150', discount: 'any',
      name: '김민수', phone_number: '010-1234-5678', email: 'deals-asker@example.kr', region: '서울', openHours: 24,
    });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    const requestId = (request.body as { id: string }).id;
    const quoteTerms = quoteTermsSchema.parse((await shop.get(`/api/quote-requests/${requestId}/terms`, minPosition(request))).body).terms;
    const t = quoteTerms.find((x) => x.carrier === 'SKT' && x.joinType === '번호이동')!;
    const offer: QuoteOfferInput = {
      storage: t.storage, carrier: t.carrier, joinType: t.joinType, planId: t.planId, discount: 'subsidy', months: 24, extraSubsidy: 50_000,
      planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false,
    };
    const submitted = await shop.post(`/api/quote-requests/${requestId}/offers`, offer);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);

    /** What each page shows as the shop's '거래 N건' after `after`. */
    const shown = async (after: Answer) => {
      const row = (await rows(after)).find((o) => o.offerId === offerId)!;
      const detail = productDetailSchema.parse((await server.client().get(`/api/products/${offerId}`, at(after))).body);
      const quote = quoteRequestAnswerSchema.parse((await asker.get(`/api/quote-requests/${requestId}`, at(after))).body);
      const store = publicStoreSchema.parse((await server.client().get(`/api/stores/${row.seller.storeId}`, at(after))).body);
      return {
        row: row.seller.deals, detail: detail.seller.deals, card: detail.seller.trust.deals,
        quote: quote.offers.find((o) => o.seller.id === shop.id)!.seller.deals, store: store.trust.deals,
      };
    };
    const all = (n: number) => ({ row: n, detail: n, card: n, quote: n, store: n });
    expect(await shown(submitted)).toEqual(all(0));

    const buyer = await registeredBuyer(server, 'deals-buyer');
    expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const placed = await buyer.post('/api/orders', address);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    const delivered = await moveOrder(shop, orderId, 'delivered');
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    // Delivered is not yet a deal: the buyer may still return the phone.
    expect(await shown(delivered)).toEqual(all(0));

    const confirmed = await buyer.post(`/api/orders/${orderId}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(await shown(confirmed)).toEqual(all(1));
  });
});
