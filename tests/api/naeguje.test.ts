import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeWith } from '@phonemarket/command-api/shared/commandHandler.ts';
import type { EventStore } from '@phonemarket/events';
import { NAEGUJE_WARNING, modelOffersSchema, naegujeAccountsSchema, type Cart } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { PAID_TODAY } from '../support/checkout.ts';

/**
 * The 내구제 warning (issue 41 §5): a buyer opening more than 2 carrier lines in 30 days must confirm a
 * plain-Korean warning — the server refuses the order without it and loses nothing — and admins see such
 * accounts (`GET /api/admin/naeguje-accounts`).
 */
let server: TestServer;
/**
 * Once armed, reads of a buyer's line stream are answered late, as on a networked store (KurrentDB, PostgreSQL): when
 * `armed` of them are in flight, or after `LATENCY_MS`. The embedded store answers at once, so two requests in one
 * process would otherwise run one after the other and never meet; here both reads can be answered before either
 * request writes. (Commands on one stream queue within a process, so a second read may come only after the first.)
 */
const LATENCY_MS = 1000;
const gate = { armed: 0, waiting: [] as (() => void)[] };
const openGate = () => {
  gate.armed = 0;
  for (const release of gate.waiting.splice(0)) release();
};
const gated = (store: EventStore) => storeWith(store, {
  readStream: async (stream, options) => {
    if (gate.armed > 0 && stream.startsWith('buyerLines-')) {
      await new Promise<void>((resolve) => {
        gate.waiting.push(resolve);
        if (gate.waiting.length === 1) setTimeout(openGate, LATENCY_MS);
        if (gate.waiting.length >= gate.armed) openGate();
      });
    }
    return store.readStream(stream, options);
  },
});
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }, { storeFor: gated }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
// PAID_TODAY confirms the warning for other tests; here it is left out.
const { naegujeConfirmed: _confirmed, ...paidToday } = PAID_TODAY;
const checkout = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...paidToday };

let offer: Promise<string> | null = null;
/** A carrier-line offer (KT, new) with enough units for every order here. */
function carrierOffer() {
  offer ??= (async () => {
    const seller = await demoSignedIn(server, 'seller');
    const market = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`)).body).offers;
    const terms = market.find((o) => o.condition === 'new' && o.carrier === 'KT')!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 20_000, stock: 50 });
    expect(listed.status).toBe(201);
    return (listed.body as { id: string }).id;
  })();
  return offer;
}

async function orderOneLine(buyer: TestClient, body: Record<string, unknown> = checkout) {
  expect((await buyer.post('/api/cart/items', { productId: await carrierOffer() })).status).toBe(201);
  return buyer.post('/api/orders', body);
}

describe('내구제 warning', () => {
  it('two lines in 30 days need nothing; the third is refused with the warning (400 on naegujeConfirmed, the cart kept) until confirmed; admins then see the account', async () => {
    const buyer = await registeredBuyer(server, 'naeguje');
    for (let i = 0; i < 2; i++) {
      const placed = await orderOneLine(buyer);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    const refused = await orderOneLine(buyer);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: NAEGUJE_WARNING, errors: { naegujeConfirmed: NAEGUJE_WARNING } });
    expect(NAEGUJE_WARNING).toContain('내구제');
    // Nothing lost: the line is still in the cart; an unticked box is the same refusal.
    const cart = (await buyer.get('/api/cart')).body as Cart;
    expect(cart.items).toHaveLength(1);
    expect((await buyer.post('/api/orders', { ...checkout, naegujeConfirmed: false })).status).toBe(400);
    const confirmed = await buyer.post('/api/orders', { ...checkout, naegujeConfirmed: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);

    const admin = await demoSignedIn(server, 'admin');
    const listed = naegujeAccountsSchema.parse((await admin.get('/api/admin/naeguje-accounts', minPosition(confirmed))).body).items;
    expect(listed.find((a) => a.userId === buyer.id)).toMatchObject({ peakLines: 3, confirmations: 1, lastOrderId: (confirmed.body as { id: string }).id, name: expect.any(String) });
  });

  it('role × route: GET /api/admin/naeguje-accounts is admins only (guest 401, buyer and seller 403, in Korean); an account within the limit is not listed', async () => {
    const buyer = await registeredBuyer(server, 'naeguje-two');
    expect((await orderOneLine(buyer)).status).toBe(201);
    const last = await orderOneLine(buyer);
    expect(last.status).toBe(201);
    expect((await server.client().get('/api/admin/naeguje-accounts')).status).toBe(401);
    for (const c of [buyer, await demoSignedIn(server, 'seller')]) {
      const r = await c.get('/api/admin/naeguje-accounts');
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ message: expect.stringMatching(/[가-힣]/) });
    }
    const admin = await demoSignedIn(server, 'admin');
    const listed = naegujeAccountsSchema.parse((await admin.get('/api/admin/naeguje-accounts', minPosition(last))).body).items;
    expect(listed.some((a) => a.userId === buyer.id)).toBe(false);
  });

  it('the race: two quote accepts of one buyer at the same instant (both reads answered before either writes), one line before: exactly one passes unconfirmed, the other gets the warning', async () => {
    const buyer = await registeredBuyer(server, 'naeguje-race');
    expect((await orderOneLine(buyer)).status).toBe(201);
    const ready = [await quoteReady(buyer, 'SKT'), await quoteReady(buyer, 'KT')];
    // Each alone would pass (1 line before + 1 = 2); both at once would make 3 unconfirmed.
    gate.armed = 2;
    const answers = await Promise.all(ready.map(({ requestId, offerId }) =>
      buyer.post(`/api/quote-requests/${requestId}/accept`, { offerId, fulfilment: 'visit', conditionsConfirmed: [offerId] })));
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toMatchObject({ message: NAEGUJE_WARNING, errors: { naegujeConfirmed: NAEGUJE_WARNING } });
    // The one refused goes through once the buyer confirms.
    const refused = ready[answers.findIndex((a) => a.status === 400)]!;
    const confirmed = await buyer.post(`/api/quote-requests/${refused.requestId}/accept`, { offerId: refused.offerId, fulfilment: 'visit', conditionsConfirmed: [refused.offerId], naegujeConfirmed: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  });
});

/** A buyer's quote request with the demo shop's offer on the market's first `carrier` 번호이동 terms, ready to accept. */
async function quoteReady(buyer: TestClient, carrier: 'SKT' | 'KT') {
  const seller = await demoSignedIn(server, 'seller');
  const request = await buyer.post('/api/quote-requests', {
    modelId: MODEL, carrier, joinType: '번호이동', plan: 'premium', budget: 'any', discount: 'any', name: '김민수', phone_number: '010-1234-5678', openHours: 24,
  });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  const requestId = (request.body as { id: string }).id;
  const terms = ((await seller.get(`/api/quote-requests/${requestId}/terms`, minPosition(request))).body as { terms: { storage: number; carrier: string; joinType: string; planId: string }[] }).terms
    .find((t) => t.carrier === carrier && t.joinType === '번호이동')!;
  const offered = await seller.post(`/api/quote-requests/${requestId}/offers`, {
    storage: terms.storage, carrier: terms.carrier, joinType: terms.joinType, planId: terms.planId, discount: 'subsidy', months: 24, extraSubsidy: 50_000,
    planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false,
  });
  expect(offered.status, JSON.stringify(offered.body)).toBe(201);
  const offerId = (offered.body as { id: string }).id;
  await buyer.get(`/api/quote-requests/${requestId}`, minPosition(offered));
  return { requestId, offerId };
}
