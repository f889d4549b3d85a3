import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, modelOffersSchema, sellerOffersSchema, type ModelOffer } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { PAID_TODAY } from '../support/checkout.ts';

/**
 * The seller dashboard's routes: `GET /api/seller/offers` (the signed-in seller's own offers),
 * `POST /api/offers` (sell on the terms of an offer on the market), `PUT /api/offers/{id}/active`
 * (활성/비활성). The demo seller (`seller-1`) starts with no offers. Who may call each, what each
 * refuses in Korean, and what an inactive offer means to shoppers.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const DEMO_SELLER = 'seller-1';
const put = (c: TestClient, p: string, body: unknown) => c.request('PUT', p, { body });
const message = (r: { body: unknown }) => (r.body as { message: string }).message;
const errors = (r: { body: unknown }) => (r.body as { errors?: Record<string, string> }).errors ?? {};

async function modelOffers(after?: { body: unknown }): Promise<ModelOffer[]> {
  return modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`, after ? minPosition(after) : {})).body).offers;
}
async function myOffers(seller: TestClient, after?: { body: unknown }) {
  const r = await seller.get('/api/seller/offers', after ? minPosition(after) : {});
  expect(r.status).toBe(200);
  return sellerOffersSchema.parse(r.body);
}

describe('GET /api/seller/offers', () => {
  it('guest 401, buyer 403, admin 403 (no store of their own); a seller sees their store and only their own offers', async () => {
    expect((await server.client().get('/api/seller/offers')).status).toBe(401);
    expect((await (await registeredBuyer(server, 'dash')).get('/api/seller/offers')).status).toBe(403);
    expect((await (await demoSignedIn(server, 'admin')).get('/api/seller/offers')).status).toBe(403);
    const mine = await myOffers(await demoSignedIn(server, 'seller'));
    expect(mine.seller).toMatchObject({ id: DEMO_SELLER, status: 'approved' });
    expect(mine.seller.storeName).toContain('폰가게');
    expect(mine.offers).toEqual([]);
    expect(mine.summary).toEqual({ total: 0, active: 0, inactive: 0 });
  });
});

describe('POST /api/offers: a seller sells on the terms of an offer on the market', () => {
  it('guest 401, buyer 403, admin 403; bad input 400 with Korean field errors; unknown terms 404; a used unit 409', async () => {
    const terms = (await modelOffers()).find((o) => o.condition === 'new' && o.carrier !== '자급제')!;
    const body = { sameTermsAs: terms.offerId, extraSubsidy: 100_000, stock: 5 };
    expect((await server.client().post('/api/offers', body)).status).toBe(401);
    expect((await (await registeredBuyer(server, 'lister')).post('/api/offers', body)).status).toBe(403);
    expect((await (await demoSignedIn(server, 'admin')).post('/api/offers', body)).status).toBe(403);

    const seller = await demoSignedIn(server, 'seller');
    const bad = await seller.post('/api/offers', { sameTermsAs: '', extraSubsidy: -1, stock: 0 });
    expect(bad.status).toBe(400);
    expect(errors(bad)).toEqual({ sameTermsAs: '판매 조건을 선택해주세요.', extraSubsidy: '추가지원금은 0원 이상이어야 합니다.', stock: '재고는 1대 이상이어야 합니다.' });
    expect(errors(await seller.post('/api/offers', { ...body, stock: 1.5 })).stock).toBe('재고는 정수여야 합니다.');
    const tooMuch = await seller.post('/api/offers', { ...body, extraSubsidy: terms.quote.devicePrice + 10_000 });
    expect(tooMuch.status).toBe(400);
    expect(errors(tooMuch).extraSubsidy).toBe('추가지원금은 판매가를 넘을 수 없습니다.');
    const unknown = await seller.post('/api/offers', { ...body, sameTermsAs: 'no-such-offer' });
    expect(unknown.status).toBe(404);
    expect(message(unknown)).toBe('선택한 판매 조건을 찾을 수 없습니다.');

    const used = (await server.client().get('/api/models?limit=100')).body as { models: { id: string }[] };
    let usedOffer: ModelOffer | undefined;
    for (const m of used.models) {
      usedOffer = modelOffersSchema.parse((await server.client().get(`/api/models/${m.id}/offers`)).body).offers.find((o) => o.condition !== 'new');
      if (usedOffer) break;
    }
    expect(usedOffer).toBeDefined();
    const copyUsed = await seller.post('/api/offers', { ...body, sameTermsAs: usedOffer!.offerId });
    expect(copyUsed.status).toBe(409);
    expect(message(copyUsed)).toBe('중고·리퍼 상품은 한 대뿐이라 같은 조건으로 등록할 수 없습니다.');
    expect((await myOffers(seller)).offers).toEqual([]);
  });

  it('lists it now on those terms with the seller\'s 추가지원금 and stock: in the dashboard and on the model\'s offers; the same terms twice is 409', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const terms = (await modelOffers()).find((o) => o.condition === 'new' && o.carrier === 'KT')!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 120_000, stock: 7 });
    expect(listed.status).toBe(201);
    const offerId = (listed.body as { id: string }).id;
    expect(offerId).toContain(DEMO_SELLER);

    const mine = await myOffers(seller, listed);
    expect(mine.summary).toEqual({ total: 1, active: 1, inactive: 0 });
    expect(mine.offers[0]).toMatchObject({
      id: offerId, modelId: MODEL, storage: terms.storage, carrier: 'KT', joinType: terms.joinType, condition: 'new',
      price: terms.quote.devicePrice, extraSubsidy: 120_000, stock: 7, active: true,
    });
    const onMarket = (await modelOffers(listed)).find((o) => o.offerId === offerId);
    expect(onMarket).toMatchObject({ seller: { id: DEMO_SELLER }, stock: 7, quote: { extraSubsidy: 120_000 } });
    // What the card's 할부원금 assumes (s62): the plan shoppers' headline is priced with, by name, its 할인 방식 and months
    expect(mine.offers[0]!.headlineBasis).toEqual({ planName: onMarket!.plan!.name, discount: onMarket!.quote.discount, months: 24 });
    expect(mine.offers[0]!.principal).toBe(onMarket!.quote.principal);

    const twice = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 1 });
    expect(twice.status).toBe(409);
    expect(message(twice)).toBe('이미 등록된 판매 조건입니다. 상품 관리에서 재고를 수정해주세요.');
  });
});

describe('PUT /api/offers/{id}/active: 활성/비활성', () => {
  it('guest 401, buyer 403, another seller 403, own seller and admin 200; bad input 400; an unknown offer 404', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    const own = (await myOffers(seller)).offers[0]!.id;
    const someoneElses = (await modelOffers()).find((o) => o.seller.id !== DEMO_SELLER)!.offerId;

    expect((await put(server.client(), `/api/offers/${own}/active`, { active: false })).status).toBe(401);
    expect((await put(await registeredBuyer(server, 'toggler'), `/api/offers/${own}/active`, { active: false })).status).toBe(403);
    expect((await put(seller, `/api/offers/${someoneElses}/active`, { active: false })).status).toBe(403);
    expect((await put(seller, '/api/offers/no-such-offer/active', { active: false })).status).toBe(404);
    expect((await put(admin, '/api/offers/no-such-offer/active', { active: false })).status).toBe(404);
    const bad = await put(seller, `/api/offers/${own}/active`, { active: 'no' });
    expect(bad.status).toBe(400);
    expect(errors(bad).active).toBe('활성 여부를 선택해주세요.');

    const off = await put(seller, `/api/offers/${own}/active`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: own, active: false, changed: true });
    expect((await put(seller, `/api/offers/${own}/active`, { active: false })).body).toMatchObject({ changed: false });
    const on = await put(admin, `/api/offers/${own}/active`, { active: true });
    expect(on.status).toBe(200);
    expect((await myOffers(seller, on)).offers[0]!.active).toBe(true);
  });

  it('an inactive offer is in no list, reads unavailable in carts and cannot be carted or ordered; back on sale, it is sold again', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const buyer = await registeredBuyer(server, 'shopper');
    const own = (await myOffers(seller)).offers[0]!.id;
    const carted = await buyer.post('/api/cart/items', { productId: own });
    expect(carted.status).toBe(201);

    const off = await put(seller, `/api/offers/${own}/active`, { active: false });
    expect((await modelOffers(off)).some((o) => o.offerId === own)).toBe(false);
    const mine = await myOffers(seller, off);
    expect(mine.offers[0]).toMatchObject({ id: own, active: false });
    expect(mine.summary).toEqual({ total: 1, active: 0, inactive: 1 });
    const cart = cartSchema.parse((await buyer.get('/api/cart', minPosition(off))).body);
    expect(cart.items.find((i) => i.productId === own)).toMatchObject({ available: false, unavailableReason: '판매가 중지된 상품입니다.' });
    const again = await buyer.post('/api/cart/items', { productId: own });
    expect(again.status).toBe(409);
    expect(message(again)).toContain('판매가 중지된 상품입니다.');
    const order = await buyer.post('/api/orders', {
      agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '', paymentMethod: 'card', ...PAID_TODAY,
    });
    expect(order.status).toBe(409);

    // Repricing an inactive offer is allowed; back on sale, it is listed at the new price.
    expect((await seller.post(`/api/offers/${own}/price`, { price: 1_500_000, extraSubsidy: 200_000 })).status).toBe(201);
    const on = await put(seller, `/api/offers/${own}/active`, { active: true });
    expect((await modelOffers(on)).find((o) => o.offerId === own)).toMatchObject({ quote: { devicePrice: 1_500_000, extraSubsidy: 200_000 } });
    const back = cartSchema.parse((await buyer.get('/api/cart', minPosition(on))).body);
    expect(back.items.find((i) => i.productId === own)?.available).toBe(true);
  });

  it('a price change above the price is refused with the field\'s Korean message (one schema with the dashboard\'s form)', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const own = (await myOffers(seller)).offers[0]!.id;
    const r = await seller.post(`/api/offers/${own}/price`, { price: 100_000, extraSubsidy: 200_000 });
    expect(r.status).toBe(400);
    expect(errors(r).extraSubsidy).toBe('추가지원금은 판매가를 넘을 수 없습니다.');
  });
});

describe('the 판매가 and 추가지원금 of a new phone: at most its 출고가, and the 추가지원금 at most 출고가 − 공시지원금', () => {
  it('가격 수정 above the 출고가 is refused naming it; a 추가지원금 that would shrink the 공시지원금 is refused naming the most (가격 수정 and 상품 등록); used units stay free', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    const terms = (await modelOffers()).find((o) => o.condition === 'new' && o.carrier === 'LG U+')!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 2 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const offerId = (listed.body as { id: string }).id;
    const own = (await myOffers(seller, listed)).offers.find((o) => o.id === offerId)!;
    expect(own.releasePrice).toBe(terms.quote.devicePrice);
    expect(own.maxSubsidy).toBeGreaterThan(0);
    const release = own.releasePrice;
    const most = release - own.maxSubsidy;
    const won = (n: number) => n.toLocaleString('ko-KR');

    const above = await seller.post(`/api/offers/${offerId}/price`, { price: 10_000_000, extraSubsidy: 0 });
    expect(above.status).toBe(400);
    expect(errors(above).price).toBe(`새 휴대폰의 판매가는 출고가 ${won(release)}원을 넘을 수 없습니다.`);
    // An admin is held to the same rule.
    expect((await admin.post(`/api/offers/${offerId}/price`, { price: release + 1, extraSubsidy: 0 })).status).toBe(400);
    const tooMuch = await seller.post(`/api/offers/${offerId}/price`, { price: release, extraSubsidy: most + 1 });
    expect(tooMuch.status).toBe(400);
    expect(errors(tooMuch).extraSubsidy).toBe(`추가지원금은 최대 ${won(most)}원까지 입력할 수 있습니다 (판매가 − 공시지원금).`);
    const listTooMuch = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: most + 1, stock: 1 });
    expect(listTooMuch.status).toBe(400);
    expect(errors(listTooMuch).extraSubsidy).toBe(`추가지원금은 최대 ${won(most)}원까지 입력할 수 있습니다 (판매가 − 공시지원금).`);
    expect((await myOffers(seller)).offers.find((o) => o.id === offerId)).toMatchObject({ price: release, extraSubsidy: 0 });

    const atMost = await seller.post(`/api/offers/${offerId}/price`, { price: release, extraSubsidy: most });
    expect(atMost.status).toBe(201);
    const onMarket = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`, minPosition(atMost))).body).offers.find((o) => o.offerId === offerId);
    expect(onMarket?.quote.extraSubsidy).toBe(most);

    // A used unit's price is the seller's own: above any 출고가 is still taken.
    const models = (await server.client().get('/api/models?limit=100')).body as { models: { id: string }[] };
    let used: ModelOffer | undefined;
    for (const m of models.models) {
      used = modelOffersSchema.parse((await server.client().get(`/api/models/${m.id}/offers`)).body).offers.find((o) => o.condition !== 'new');
      if (used) break;
    }
    expect((await admin.post(`/api/offers/${used!.offerId}/price`, { price: 9_000_000, extraSubsidy: 0 })).status).toBe(201);
  });
});

describe('a suspended seller', () => {
  it('still sees their dashboard (status 정지) but may not list, switch or reprice until reinstated', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    const own = (await myOffers(seller)).offers[0]!.id;
    const terms = (await modelOffers()).find((o) => o.condition === 'new' && o.carrier === 'SKT')!;
    const suspended = await put(admin, `/api/sellers/${DEMO_SELLER}`, { status: 'suspended', reason: '점검' });
    expect(suspended.status).toBe(200);
    expect((await myOffers(seller, suspended)).seller.status).toBe('suspended');
    for (const r of [
      await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 1 }),
      await put(seller, `/api/offers/${own}/active`, { active: false }),
      await seller.post(`/api/offers/${own}/price`, { price: 1_600_000, extraSubsidy: 0 }),
    ]) {
      expect(r.status).toBe(403);
      expect(message(r)).toBe('정지된 셀러는 상품을 등록하거나 수정할 수 없습니다.');
    }
    const back = await put(admin, `/api/sellers/${DEMO_SELLER}`, { status: 'approved' });
    expect((await myOffers(seller, back)).seller.status).toBe('approved');
    expect((await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 1 })).status).toBe(201);
  });
});

