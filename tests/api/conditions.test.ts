import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKEN_CONDITION_MESSAGE, INQUIRY_ORDER_NEEDED, NO_CONDITIONS, SELLER_ORDERS_PATH, cartSchema, inquiriesSchema, sellerOrdersSchema, modelDetailSchema, modelOffersSchema, orderSchema, sellerStoreSchema, type ModelOffer,
} from '@phonemarket/contracts';
import { ORDER_CONTRACT_NOT_FOUND, orderContractSchema } from '@phonemarket/contracts/contract.ts';
import { carrierTermsSchema } from '@phonemarket/contracts/carrierTerms.ts';
import { eventSchemas } from '@phonemarket/events';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { storeForm } from '../support/storeForm.ts';

/**
 * Issue 40, no hidden conditions: a seller's offer with 요금제 유지 and a 부가서비스 is priced with them by the
 * one pricing function (the model page, the cart); a condition only in free text is refused; checkout asks
 * the buyer to confirm each line's conditions; the order keeps them and `GET /api/orders/{id}/contract`
 * shows them to the buyer, the order's seller and admins only.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const errors = (r: { body: unknown }) => (r.body as { errors?: Record<string, string> }).errors ?? {};
const message = (r: { body: unknown }) => (r.body as { message: string }).message;
const ADD_ON = { name: 'V컬러링', monthlyFee: 9_900, months: 3 };

async function offersOf(query = '', after?: { body: unknown }): Promise<ModelOffer[]> {
  const r = await server.client().get(`/api/models/${MODEL}/offers?limit=100${query}`, after ? minPosition(after) : {});
  return modelOffersSchema.parse(r.body).offers;
}

describe('old events read as no conditions (zod defaults)', () => {
  it('an OfferListed and an order line written before issue 40 parse with none', () => {
    const listed = eventSchemas.OfferListed.parse({
      offerId: 'o', modelId: 'm', sellerId: 's', storage: 256, condition: 'new', grade: null, carrier: 'KT', joinType: '번호이동',
      plans: [], requiredMonths: 0, price: 1, extraSubsidy: 0, stock: 1, score: 50, badges: [], listedAt: '2026-11-01T00:00:00.000Z',
    });
    expect(listed.conditions).toEqual(NO_CONDITIONS);
  });
});

describe('a listing with 요금제 유지 6개월 and a 부가서비스, through checkout to the 계약 조건서', () => {
  let seller: TestClient;
  let plain: ModelOffer;
  let conditioned: ModelOffer;
  let orderId: string;
  let buyer: TestClient & { id: string };

  it('POST /api/offers refuses a 요금제 유지 of a plan the offer does not take (Korean, the field named)', async () => {
    seller = await demoSignedIn(server, 'seller');
    const terms = (await offersOf()).find((o) => o.condition === 'new' && o.carrier === 'KT' && o.plan)!;
    const bad = await seller.post('/api/offers', {
      sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 3, conditions: { planKeep: { planId: 'skt-5gx-prime', months: 6 } },
    });
    expect(bad.status).toBe(400);
    expect(errors(bad)['conditions.planKeep']).toBe('요금제 유지의 요금제는 이 상품이 받는 요금제 중 하나여야 합니다.');
    const badMonths = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 3, conditions: { planKeep: { months: 0 } } });
    expect(badMonths.status).toBe(400);
    expect(JSON.stringify(badMonths.body)).toContain('요금제 유지 개월은 1~36개월로 입력해주세요.');
  });

  it('the listed offer shows a higher 실부담 than the same terms without conditions, by exactly what the conditions cost', async () => {
    const terms = (await offersOf()).find((o) => o.condition === 'new' && o.carrier === 'KT' && o.plan && o.seller.id !== 'seller-1')!;
    const planId = terms.plan!.id;
    const listed = await seller.post('/api/offers', {
      sameTermsAs: terms.offerId, extraSubsidy: terms.quote.extraSubsidy, stock: 3,
      conditions: { planKeep: { planId, months: 6 }, addOns: [ADD_ON], settlement: { kind: 'refund', amount: 120_000, prorated: true }, breach: '유지 기간 안에 해지하면 추가지원금을 남은 개월만큼 돌려받습니다.' },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const offerId = (listed.body as { id: string }).id;
    const priced = await offersOf(`&plan=${planId}&discount=subsidy&months=24`, listed);
    plain = priced.find((o) => o.offerId === terms.offerId)!;
    conditioned = priced.find((o) => o.offerId === offerId)!;
    expect(conditioned.conditions.addOns).toEqual([ADD_ON]);
    // After the 6 months the buyer is on the carrier's cheapest plan of the network type (the default).
    const detail = modelDetailSchema.parse((await server.client().get(`/api/models/${MODEL}`)).body);
    const fee = terms.plan!.monthlyFee;
    const laterFee = Math.min(fee, ...detail.plans.filter((p) => p.carrier === 'KT' && /5g/i.test(p.id)).map((p) => p.monthlyFee));
    expect(conditioned.quote.totalCost).toBe(plain.quote.totalCost - (fee - laterFee) * 18 + 9_900 * 3);
    if (laterFee === fee) expect(conditioned.quote.totalCost).toBeGreaterThan(plain.quote.totalCost);
    // 왜 이 금액인가요?: the lines add up to the figure; the shop pays the 추가지원금, the carrier the 공시지원금.
    expect(conditioned.breakdown.reduce((s, l) => s + l.amount, 0)).toBe(conditioned.quote.totalCost);
    expect(conditioned.breakdown.find((l) => l.label === '부가서비스 V컬러링')).toMatchObject({ amount: 29_700, payer: 'buyer' });
    if (conditioned.quote.subsidy > 0) expect(conditioned.breakdown.find((l) => l.label === '공시지원금')).toMatchObject({ payer: 'carrier' });
    if (conditioned.quote.extraSubsidy > 0) expect(conditioned.breakdown.find((l) => l.label === '추가지원금')).toMatchObject({ payer: 'shop' });
    // 요금제를 N개월 뒤 바꾸면: 반환 120,000 × (6 − 2) / 6 = 80,000 after 2 months; nothing from the 6th.
    expect(conditioned.planChanges.find((r) => r.month === 2)?.settlement).toBe(80_000);
    expect(conditioned.planChanges.find((r) => r.month === 6)).toMatchObject({ settlement: 0, totalCost: conditioned.quote.totalCost });
  });

  it('the cart prices it with the same function; checkout without confirming its conditions is refused (400, Korean), nothing ordered', async () => {
    buyer = await registeredBuyer(server, 'cond');
    const carted = await buyer.post('/api/cart/items', { productId: conditioned.offerId, planId: conditioned.plan!.id, discount: 'subsidy', months: 24 });
    expect(carted.status, JSON.stringify(carted.body)).toBe(201);
    const cart = cartSchema.parse((await buyer.get('/api/cart', minPosition(carted))).body);
    const line = cart.items[0]!;
    expect(line.quote.totalCost).toBe(conditioned.quote.totalCost);
    expect(line.conditions.planKeep?.months).toBe(6);
    const body = {
      agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', paymentMethod: 'card', ...PAID_TODAY,
    };
    const refused = await buyer.post('/api/orders', body);
    expect(refused.status).toBe(400);
    expect(errors(refused).conditionsConfirmed).toMatch(/계약 조건\(요금제 유지·부가서비스 등\)을 확인하고 동의해주세요\.$/);
    expect(cartSchema.parse((await buyer.get('/api/cart')).body).items).toHaveLength(1);

    const placed = await buyer.post('/api/orders', { ...body, conditionsConfirmed: [line.itemId] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    orderId = (placed.body as { id: string }).id;
    const order = orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, minPosition(placed))).body);
    expect(order.items[0]).toMatchObject({ conditionsConfirmed: true, totalCost: conditioned.quote.totalCost, conditions: { addOns: [ADD_ON] } });
  });

  it('GET /api/orders/{id}/contract: buyer, the order\'s seller and admins 200; guest 401; another account and an unknown id 404 (Korean)', async () => {
    const url = `/api/orders/${orderId}/contract`;
    const mine = await buyer.get(url);
    expect(mine.status).toBe(200);
    const contract = orderContractSchema.parse(mine.body);
    expect(contract.viewer).toBe('buyer');
    const line = contract.lines[0]!;
    expect(line).toMatchObject({ carrier: 'KT', conditionsConfirmed: true, totalCost: conditioned.quote.totalCost, conditions: { planKeep: { months: 6 }, addOns: [ADD_ON] } });
    expect(line.conditions.breach).toContain('추가지원금');
    expect(line.support.every((s) => (s.label === '추가지원금' ? s.payer === 'shop' : s.payer === 'carrier'))).toBe(true);
    expect(line.planChanges.find((r) => r.month === 2)?.settlement).toBe(80_000);

    const asSeller = await seller.get(url);
    expect(asSeller.status).toBe(200);
    expect(orderContractSchema.parse(asSeller.body)).toMatchObject({ viewer: 'seller', lines: [{ seller: { id: 'seller-1' } }] });
    expect(orderContractSchema.parse((await (await demoSignedIn(server, 'admin')).get(url)).body).viewer).toBe('admin');
    expect((await server.client().get(url)).status).toBe(401);
    const stranger = await (await registeredBuyer(server, 'other')).get(url);
    expect(stranger.status).toBe(404);
    expect(message(stranger)).toBe(ORDER_CONTRACT_NOT_FOUND);
    const unknown = await buyer.get('/api/orders/no-such-order/contract');
    expect(unknown.status).toBe(404);
    expect(message(unknown)).toBe(ORDER_CONTRACT_NOT_FOUND);
  });
  it('a 교환/반품 cites a condition of the order\'s 계약 조건서 (issue 40): a ref the order lacks is 400 (Korean), another account 404, guest 401; the seller, admins and the history see it', async () => {
    const admin = await demoSignedIn(server, 'admin');
    let last: { body: unknown } = { body: {} };
    for (const [status, extra] of [['activating', {}], ['activated', { activatedOn: '2026-11-20', numberLast4: '4321' }], ['shipped', { courier: 'CJ대한통운', trackingNumber: '123456789012' }], ['delivered', {}]] as const) {
      const moved = await seller.request('PUT', `/api/orders/${orderId}/status`, { body: { status, ...extra } });
      expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
      last = moved;
    }
    const url = `/api/orders/${orderId}/returns`;
    const ask = { kind: 'exchange', reason: '부가서비스를 3개월 뒤에도 해지해주지 않아요', defective: false };
    const unknown = await buyer.post(url, { ...ask, brokenCondition: '0:card' });
    expect(unknown.status).toBe(400);
    expect(errors(unknown).brokenCondition).toBe(BROKEN_CONDITION_MESSAGE);
    const tooLong = await buyer.post(url, { ...ask, brokenCondition: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect((await server.client().post(url, { ...ask, brokenCondition: '0:addOn:0' })).status).toBe(401);
    const other = await (await registeredBuyer(server, 'cite')).post(url, { ...ask, brokenCondition: '0:addOn:0' });
    expect(other.status).toBe(404);
    const untouched = orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, minPosition(last))).body);
    expect(untouched).toMatchObject({ status: 'delivered', returns: [] });

    const cited = await buyer.post(url, { ...ask, brokenCondition: '0:addOn:0' });
    expect(cited.status, JSON.stringify(cited.body)).toBe(201);
    const label = `${untouched.items[0]!.name} — 부가서비스: V컬러링 월 9,900원 · 3개월`;
    const mine = orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, minPosition(cited))).body);
    expect(mine.returns[0]!.brokenCondition).toEqual({ ref: '0:addOn:0', label });
    const sellers = sellerOrdersSchema.parse((await seller.get(SELLER_ORDERS_PATH, minPosition(cited))).body);
    expect(sellers.orders.find((o) => o.id === orderId)!.returns[0]!.brokenCondition?.label).toBe(label);
    expect(orderSchema.parse((await admin.get(`/api/orders/${orderId}`, minPosition(cited))).body).returns[0]!.brokenCondition?.ref).toBe('0:addOn:0');
    const history = (await admin.get(`/api/orders/${orderId}/history`, minPosition(cited))).body as { type: string; data: Record<string, unknown> }[];
    expect(history.find((e) => e.type === 'OrderReturnRequested')?.data.brokenCondition).toEqual({ ref: '0:addOn:0', label });
  });

  it('an inquiry on the order cites a condition of its 계약 조건서 (issue 40): 400s in Korean, another account 404, guest 401; the seller, admins and the history see it', async () => {
    const ask = { category: '주문배송', title: '요금제 유지 문의', content: '6개월 유지 조건인데 3개월 만에 바꾸라고 합니다.' };
    const noOrder = await buyer.post('/api/inquiries', { ...ask, brokenCondition: '0:planKeep' });
    expect(noOrder.status).toBe(400);
    expect(errors(noOrder).brokenCondition).toBe(INQUIRY_ORDER_NEEDED);
    const lacking = await buyer.post('/api/inquiries', { ...ask, orderId, brokenCondition: '0:addOn:5' });
    expect(lacking.status).toBe(400);
    expect(errors(lacking).brokenCondition).toBe(BROKEN_CONDITION_MESSAGE);
    expect((await server.client().post('/api/inquiries', { ...ask, orderId, brokenCondition: '0:planKeep' })).status).toBe(401);
    const other = await (await registeredBuyer(server, 'ask')).post('/api/inquiries', { ...ask, orderId, brokenCondition: '0:planKeep' });
    expect(other.status).toBe(404);
    expect(message(other)).toBe('주문을 찾을 수 없습니다.');
    expect((await buyer.post('/api/inquiries', { ...ask, orderId: 'no-such-order' })).status).toBe(404);

    const asked = await buyer.post('/api/inquiries', { ...ask, orderId, brokenCondition: '0:planKeep' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const inquiryId = (asked.body as { id: string }).id;
    const order = orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, minPosition(asked))).body);
    const cited = { ref: '0:planKeep', label: `${order.items[0]!.name} — 요금제 유지: ${order.items[0]!.planName} 6개월` };
    expect(order.inquiries).toEqual([expect.objectContaining({ inquiryId, title: ask.title, brokenCondition: cited })]);
    const mine = inquiriesSchema.parse((await buyer.get('/api/inquiries', minPosition(asked))).body);
    expect(mine.find((q) => q.id === inquiryId)).toMatchObject({ orderId, brokenCondition: cited });
    const admin = await demoSignedIn(server, 'admin');
    expect(inquiriesSchema.parse((await admin.get('/api/inquiries', minPosition(asked))).body).find((q) => q.id === inquiryId)?.brokenCondition).toEqual(cited);
    const sellers = sellerOrdersSchema.parse((await seller.get(SELLER_ORDERS_PATH, minPosition(asked))).body);
    expect(sellers.orders.find((o) => o.id === orderId)!.inquiries?.[0]?.brokenCondition).toEqual(cited);
    const history = (await admin.get(`/api/orders/${orderId}/history`, minPosition(asked))).body as { type: string; data: Record<string, unknown> }[];
    expect(history.find((e) => e.type === 'InquirySubmitted')?.data).toEqual({ inquiryId, title: ask.title, brokenCondition: cited });
  });

  it('the 계약 조건서 keeps the 사업자 정보 and the later plan\'s name as they were when ordered: a later edit or rename changes no contract', async () => {
    const url = `/api/orders/${orderId}/contract`;
    const before = orderContractSchema.parse((await buyer.get(url)).body).lines[0]!;
    // The default later plan: the carrier's cheapest of the network type, named on the contract.
    const detail = modelDetailSchema.parse((await server.client().get(`/api/models/${MODEL}`)).body);
    const later = detail.plans.filter((p) => p.carrier === 'KT' && /5g/i.test(p.id)).sort((a, b) => a.monthlyFee - b.monthlyFee)[0]!;
    expect(before.laterPlanName).toBe(later.name);
    const store = sellerStoreSchema.parse((await seller.get('/api/seller/store')).body);
    expect(before.seller.business).toEqual(store.business);

    const edited = await seller.request('PUT', '/api/seller/store', { body: { ...storeForm(store), companyName: '바뀐상호 주식회사', representative: '새대표', address: '부산 해운대구 센텀로 1' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const admin = await demoSignedIn(server, 'admin');
    const plan = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?carrier=KT')).body).plans.find((p) => p.planId === later.id)!;
    const renamed = await admin.request('PUT', `/api/admin/carrier-terms/plans/${plan.planId}`, {
      body: { name: `${plan.name} 개편`, monthlyFee: plan.monthlyFee, data: plan.data, voice: plan.voice, sms: plan.sms, benefits: plan.benefits },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // Both changes are visible elsewhere (the store, the plan list) …
    expect(sellerStoreSchema.parse((await seller.get('/api/seller/store', minPosition(edited))).body).business.companyName).toBe('바뀐상호 주식회사');
    const plans = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?carrier=KT', minPosition(renamed))).body).plans;
    expect(plans.find((p) => p.planId === later.id)?.name).toBe(`${plan.name} 개편`);
    // … but the contract reads as it was signed, for the buyer and for the seller.
    for (const who of [buyer, seller]) {
      const after = orderContractSchema.parse((await who.get(url, minPosition(renamed))).body).lines[0]!;
      expect(after.laterPlanName).toBe(later.name);
      expect(after.seller.business).toEqual(before.seller.business);
      expect(after.seller.business?.companyName).not.toBe('바뀐상호 주식회사');
    }
  });
});

describe('the buyer\'s condition choices are part of the cart line (issue 40): the later plan and the card tick', () => {
  const CARD = { card: '폰마켓카드', monthlyDiscount: 10_000, requiredMonthlySpend: 300_000, months: 12 };
  let buyer: TestClient & { id: string };
  let offer: ModelOffer;
  let itemId: string;
  const cartLine = async (after?: { body: unknown }) => cartSchema.parse((await buyer.get('/api/cart', after ? minPosition(after) : {})).body).items.find((i) => i.itemId === itemId)!;

  it('POST /api/cart/items carts the later plan and the card tick, priced by the one function; a plan of another carrier or a card the offer lacks is 400 (Korean)', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const terms = (await offersOf()).find((o) => o.condition === 'new' && o.carrier === 'SKT' && o.plan && o.seller.id !== 'seller-1')!;
    const listed = await seller.post('/api/offers', {
      sameTermsAs: terms.offerId, extraSubsidy: terms.quote.extraSubsidy, stock: 5, conditions: { planKeep: { planId: terms.plan!.id, months: 6 }, card: CARD },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const planId = terms.plan!.id;
    offer = (await offersOf(`&plan=${planId}&discount=subsidy&months=24`, listed)).find((o) => o.offerId === (listed.body as { id: string }).id)!;
    buyer = await registeredBuyer(server, 'choice');
    const detail = modelDetailSchema.parse((await server.client().get(`/api/models/${MODEL}`)).body);
    // The default later plan is the cheapest SKT 5G plan; the buyer picks another SKT plan.
    const skt5g = detail.plans.filter((p) => p.carrier === 'SKT' && /5g/i.test(p.id)).sort((a, b) => a.monthlyFee - b.monthlyFee);
    const defaultLater = skt5g[0]!;
    const lte = detail.plans.find((p) => p.carrier === 'SKT' && p.id !== defaultLater.id && p.monthlyFee !== defaultLater.monthlyFee)!;
    const kt = detail.plans.find((p) => p.carrier === 'KT')!;

    const otherCarrier = await buyer.post('/api/cart/items', { productId: offer.offerId, planId, laterPlanId: kt.id });
    expect(otherCarrier.status).toBe(400);
    expect(errors(otherCarrier).laterPlanId).toBe('이 통신사의 요금제 중에서 이후 요금제를 골라주세요.');
    const noCard = await buyer.post('/api/cart/items', { productId: terms.offerId, planId, cardUsed: true });
    expect(noCard.status).toBe(400);
    expect(errors(noCard).cardUsed).toBe('이 판매 조건에는 카드 제휴 할인이 없습니다.');
    expect(cartSchema.parse((await buyer.get('/api/cart')).body).items).toHaveLength(0);

    const carted = await buyer.post('/api/cart/items', { productId: offer.offerId, planId, discount: 'subsidy', months: 24, laterPlanId: lte.id, cardUsed: true });
    expect(carted.status, JSON.stringify(carted.body)).toBe(201);
    itemId = cartSchema.parse((await buyer.get('/api/cart', minPosition(carted))).body).items[0]!.itemId;
    const line = await cartLine(carted);
    expect(line.choice).toEqual({ laterPlanId: lte.id, cardUsed: true });
    expect(line.laterPlans.find((p) => p.priced)?.id).toBe(lte.id);
    expect(line.laterPlans.every((p) => p.id.startsWith('skt-'))).toBe(true);
    // Hand-computed against the model page's figure (default later plan, no card): the LTE plan for the 18 months after
    // the 6, and the card's 10,000 × 12 off.
    expect(line.quote.cardDiscountAvailable).toBe(120_000);
    expect(line.quote.totalCost).toBe(offer.quote.totalCost + (lte.monthlyFee - defaultLater.monthlyFee) * 18 - 120_000);
    expect(line.breakdown.find((b) => b.label === '카드 제휴 할인')).toMatchObject({ amount: -120_000, payer: 'card' });
  });

  it('PUT /api/cart/items/{id}/choice re-prices the line; checkout orders what the cart showed, and the 계약 조건서 names the chosen plan', async () => {
    const ticked = await cartLine();
    const untick = await buyer.request('PUT', `/api/cart/items/${itemId}/choice`, { body: { laterPlanId: ticked.choice.laterPlanId, cardUsed: false } });
    expect(untick.status, JSON.stringify(untick.body)).toBe(200);
    const unticked = await cartLine(untick);
    expect(unticked.choice.cardUsed).toBe(false);
    expect(unticked.quote.totalCost).toBe(ticked.quote.totalCost + 120_000);
    // Bad input: Korean 400 on the field, the line as it was.
    const bad = await buyer.request('PUT', `/api/cart/items/${itemId}/choice`, { body: { laterPlanId: 'kt-5g-simple', cardUsed: true } });
    expect(bad.status).toBe(400);
    expect(errors(bad).laterPlanId).toBe('이 통신사의 요금제 중에서 이후 요금제를 골라주세요.');
    expect((await buyer.request('PUT', `/api/cart/items/${itemId}/choice`, { body: { laterPlanId: null } })).status).toBe(400);
    expect((await cartLine(untick)).choice).toEqual(unticked.choice);
    // Another account's line, or none: 404; a guest 401.
    const other = await registeredBuyer(server, 'choice-other');
    const foreign = await other.request('PUT', `/api/cart/items/${itemId}/choice`, { body: { laterPlanId: null, cardUsed: false } });
    expect(foreign.status).toBe(404);
    expect(message(foreign)).toBe('장바구니에 없는 상품입니다.');
    expect((await server.client().request('PUT', `/api/cart/items/${itemId}/choice`, { body: { laterPlanId: null, cardUsed: false } })).status).toBe(401);

    const tick = await buyer.request('PUT', `/api/cart/items/${itemId}/choice`, { body: { laterPlanId: ticked.choice.laterPlanId, cardUsed: true } });
    const shown = await cartLine(tick);
    const placed = await buyer.post('/api/orders', {
      agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', paymentMethod: 'card',
      ...PAID_TODAY, conditionsConfirmed: [itemId],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    const order = orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, minPosition(placed))).body);
    expect(order.items[0]).toMatchObject({ cardUsed: true, laterPlanId: shown.choice.laterPlanId, totalCost: shown.quote.totalCost });
    const contract = orderContractSchema.parse((await buyer.get(`/api/orders/${orderId}/contract`)).body).lines[0]!;
    expect(contract).toMatchObject({ cardUsed: true, totalCost: shown.quote.totalCost, laterPlanName: shown.laterPlans.find((p) => p.priced)!.name });
  });
});

describe('no condition only in free text', () => {
  it('a seller\'s own listing naming 요금제 유지 or 페이백 in its title or description is refused with the field to use', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const storeId = ((await seller.get('/api/seller/store')).body as { storeId: string }).storeId;
    const form = (over: Record<string, unknown>) => ({
      storeId, title: '갤럭시 S25 256GB', description: '배터리 95%', price: 650_000, brand: 'Samsung', model: 'galaxy-s25', storage: 256, condition: 'like-new',
      batteryHealth: 95, warranty: '판매자 보증 30일', returnPolicy: '수령 후 7일 이내 반품 가능',
      images: ['/images/seller-products/none.webp'], stock: 1, ...over,
    });
    const inText = await seller.post('/api/seller-products', form({ description: '요금제 유지 6개월 조건입니다' }));
    expect(inText.status).toBe(400);
    expect(errors(inText).description).toBe("조건은 본문이 아니라 '요금제 유지 (요금제·개월)' 항목에 입력해주세요.");
    const payback = await seller.post('/api/seller-products', form({ title: '갤럭시 S25 페이백 10만' }));
    expect(errors(payback).title).toBe("조건은 본문이 아니라 '추가지원금' 항목에 입력해주세요.");
    // An own listing is 자급제: no plan to keep; a card deal in its field lets the description name the card.
    const keep = await seller.post('/api/seller-products', form({ conditions: { planKeep: { months: 6 } } }));
    expect(errors(keep)['conditions.planKeep']).toBe('자급제 상품에는 요금제 유지 조건을 넣을 수 없습니다.');
    const card = await seller.post('/api/seller-products', form({
      description: '신한카드 실적 30만원 시 월 1만원 할인', conditions: { card: { card: '신한카드', monthlyDiscount: 10_000, requiredMonthlySpend: 300_000, months: 12 } },
    }));
    expect(Object.keys(errors(card))).not.toContain('description');
  });
});
