import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, modelOffersSchema, orderSchema, type ModelOffer } from '@phonemarket/contracts';
import { CARRIER_TERMS_MESSAGES, carrierTermsSchema } from '@phonemarket/contracts/carrierTerms.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Issue 40, part 5: a carrier terms row (a plan's 공시지원금) may require the plan kept for months. Every offer on
 * that table and plan is priced with it by the one pricing function (the model page's 실부담 and breakdown, the
 * cart), checkout asks the buyer to confirm it and the order keeps it; set again without, it is gone.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  admin = await demoSignedIn(server, 'admin');
});
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const PATH = '/api/admin/carrier-terms/subsidies';
const errors = (r: { body: unknown }) => (r.body as { errors?: Record<string, string> }).errors ?? {};
async function offersOf(params: string, after?: { body: unknown }): Promise<ModelOffer[]> {
  const res = await server.client().get(`/api/models/${MODEL}/offers?limit=100&${params}`, after ? minPosition(after) : undefined);
  expect(res.status).toBe(200);
  return modelOffersSchema.parse(res.body).offers;
}

describe('carrier terms with a 요금제 유지, through pricing and checkout', () => {
  it('PUT …/subsidies takes a 요금제 유지 of the row\'s plan; other conditions or another plan are 400 (Korean); guest 401, buyer and seller 403', async () => {
    const terms = carrierTermsSchema.parse((await admin.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=KT`)).body);
    const row = terms.subsidies.find((s) => s.joinType === '번호이동' && s.storage === 256)!;
    const body = { modelId: MODEL, storage: 256, carrier: 'KT', joinType: '번호이동', planId: row.planId, subsidy: row.subsidy };
    const addOn = await admin.request('PUT', PATH, { body: { ...body, conditions: { addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }] } } });
    expect(addOn.status).toBe(400);
    expect(errors(addOn).conditions).toBe(CARRIER_TERMS_MESSAGES.conditionsOnlyPlanKeep);
    const other = await admin.request('PUT', PATH, { body: { ...body, conditions: { planKeep: { planId: 'kt-other-plan', months: 6 } } } });
    expect(other.status).toBe(400);
    expect(errors(other).conditions).toBe(CARRIER_TERMS_MESSAGES.conditionsPlan);
    const withKeep = { ...body, conditions: { planKeep: { months: 6 } } };
    expect((await server.client().request('PUT', PATH, { body: withKeep })).status).toBe(401);
    expect((await (await registeredBuyer(server, 'terms-cond')).request('PUT', PATH, { body: withKeep })).status).toBe(403);
    expect((await (await demoSignedIn(server, 'seller')).request('PUT', PATH, { body: withKeep })).status).toBe(403);
  });

  it('every offer on the table and plan counts it in 실부담 and shows it; the cart and checkout ask for it; the order keeps it; set again without, it is gone', async () => {
    const terms = carrierTermsSchema.parse((await admin.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=KT`)).body);
    // The dearest plan of the table, so the plan after the 6 months (the cheapest of its network type) costs less.
    const feeOf = (planId: string) => terms.plans.find((p) => p.planId === planId)?.monthlyFee ?? 0;
    const row = terms.subsidies.filter((s) => s.joinType === '번호이동' && s.storage === 256).sort((a, b) => feeOf(b.planId) - feeOf(a.planId))[0]!;
    const query = `plan=${row.planId}&discount=subsidy&months=24`;
    const onTable = (o: ModelOffer) => o.storage === 256 && o.carrier === 'KT' && o.joinType === '번호이동' && o.condition === 'new';
    const before = (await offersOf(query)).filter((o) => onTable(o) && !o.conditions.planKeep);
    expect(before.length).toBeGreaterThan(0);
    const body = { modelId: MODEL, storage: 256, carrier: 'KT', joinType: '번호이동', planId: row.planId, subsidy: row.subsidy };
    const set = await admin.request('PUT', PATH, { body: { ...body, conditions: { planKeep: { months: 6 } } } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ changed: true });
    expect((await admin.request('PUT', PATH, { body: { ...body, conditions: { planKeep: { months: 6 } } } })).body).toMatchObject({ changed: false });
    const shown = carrierTermsSchema.parse((await admin.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=KT`, minPosition(set))).body).subsidies
      .find((s) => s.joinType === '번호이동' && s.storage === 256 && s.planId === row.planId)!;
    expect(shown.conditions?.planKeep).toEqual({ planId: null, months: 6 });

    // After 6 months the buyer is on KT's cheapest plan of the network type (the default): 18 months at that fee.
    const fee = terms.plans.find((p) => p.planId === row.planId)!.monthlyFee;
    const fiveG = /5g/i.test(row.planId);
    const laterFee = Math.min(...terms.plans.filter((p) => p.carrier === 'KT' && /5g/i.test(p.planId) === fiveG).map((p) => p.monthlyFee));
    const after = await offersOf(query, set);
    for (const o of before) {
      const now = after.find((a) => a.offerId === o.offerId)!;
      expect(now.conditions.planKeep, o.offerId).toEqual({ planId: row.planId, months: 6 });
      expect(now.quote.keepMonths).toBe(6);
      expect(now.quote.totalCost).toBe(o.quote.totalCost - (fee - laterFee) * 18);
      expect(fee - laterFee).toBeGreaterThan(0);
      expect(now.breakdown.find((l) => l.label === '요금제 (유지 기간)')).toMatchObject({ amount: fee * 6, payer: 'buyer' });
    }

    const buyer = await registeredBuyer(server, 'terms-cond-buy');
    const offer = after.find((a) => a.offerId === before[0]!.offerId)!;
    const carted = await buyer.post('/api/cart/items', { productId: offer.offerId, planId: row.planId, discount: 'subsidy', months: 24 });
    expect(carted.status, JSON.stringify(carted.body)).toBe(201);
    const line = cartSchema.parse((await buyer.get('/api/cart', minPosition(carted))).body).items[0]!;
    expect(line.conditions.planKeep).toEqual({ planId: row.planId, months: 6 });
    expect(line.quote.totalCost).toBe(offer.quote.totalCost);
    const checkout = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', paymentMethod: 'card', ...PAID_TODAY };
    const refused = await buyer.post('/api/orders', checkout);
    expect(refused.status).toBe(400);
    expect(errors(refused).conditionsConfirmed).toMatch(/계약 조건\(요금제 유지·부가서비스 등\)을 확인하고 동의해주세요\.$/);
    const placed = await buyer.post('/api/orders', { ...checkout, conditionsConfirmed: [line.itemId] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = orderSchema.parse((await buyer.get(`/api/orders/${(placed.body as { id: string }).id}`, minPosition(placed))).body);
    expect(order.items[0]).toMatchObject({ conditionsConfirmed: true, conditions: { planKeep: { planId: row.planId, months: 6 } }, totalCost: offer.quote.totalCost });

    // Set again with none (what an expiry of a limited row does): the offers are priced as before.
    const cleared = await admin.request('PUT', PATH, { body: { ...body, conditions: {} } });
    expect(cleared.status).toBe(200);
    const back = await offersOf(query, cleared);
    for (const o of before) expect(back.find((a) => a.offerId === o.offerId)!.quote.totalCost, o.offerId).toBe(o.quote.totalCost);
  });
});
