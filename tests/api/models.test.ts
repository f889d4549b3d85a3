import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartSchema, countedAnswerSchema, modelDetailSchema, modelListSchema, modelOffersSchema, priceHistorySchema, productDetailSchema, productListSchema, searchSuggestionsSchema,
  type ModelOffer, type ModelSummary,
} from '@phonemarket/contracts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** Issue 10: models, offers priced by the one pricing module, price history, and the cart showing the same figures. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const get = async (path: string) => server.client().get(path);
const q = encodeURIComponent;
const models = async (query = '') => modelListSchema.parse((await get(`/api/models?limit=100${query}`)).body);
const offers = async (id: string, query = '') => modelOffersSchema.parse((await get(`/api/models/${id}/offers${query}`)).body).offers;

describe('GET /api/models', () => {
  it('answers one item per model with its lowest price, lowest monthly, offer and seller counts', async () => {
    const list = await models();
    expect(list.total).toBeGreaterThanOrEqual(40);
    expect(new Set(list.models.map((m) => m.id)).size).toBe(list.models.length);
    const products = productListSchema.parse((await get('/api/products?limit=100&q=' + q('갤럭시 S26 울트라'))).body).products
      .filter((p) => p.modelId === 'galaxy-s26-ultra');
    const s26u = list.models.find((m) => m.id === 'galaxy-s26-ultra')!;
    // the card's figures are the offers' figures: the lowest of them, counted per offer and seller
    expect(s26u.lowestPrice).toBe(Math.min(...products.map((p) => p.price)));
    // 최저 월 compares like with like: new units on a carrier plan (issue 30)
    expect(s26u.lowestMonthly).toBe(Math.min(...products.filter((p) => p.condition === 'new' && p.carrier !== '자급제').map((p) => p.monthly ?? Infinity)));
    expect(s26u.lowestMonthlyKind).toBe('plan');
    expect(s26u.lowestToday).toBeNull();
    expect(s26u.offerCount).toBe(products.length);
    expect(s26u.sellerCount).toBe(new Set(products.map((p) => p.seller.name)).size);
    expect(products.find((p) => p.id === s26u.cheapestOfferId)?.price).toBe(s26u.lowestPrice);
  });

  it.each([
    ['&brand=apple', (m: ModelSummary) => m.brand === 'Apple'],
    ['&storage=1024', (m: ModelSummary) => m.storages.every((s) => s === 1024)],
    ['&budget=60000', (m: ModelSummary) => m.lowestMonthly <= 60_000],
    ['&chip=' + q('신상품'), (m: ModelSummary) => m.isNew],
    ['&carrier=' + q('자급제') + '&condition=used', () => true],
    ['&joinType=' + q('번호이동') + '&carrier=KT', () => true],
    ['&q=' + q('아이폰'), (m: ModelSummary) => m.brand === 'Apple'],
  ])('filters by %s', async (query, matches) => {
    const all = await models();
    const list = await models(query);
    expect(list.models.length).toBeGreaterThan(0);
    expect(list.total).toBeLessThan(all.total + (query.includes('carrier=KT') ? 1 : 0));
    expect(list.models.every(matches)).toBe(true);
  });

  it('a filter narrows each model to its matching offers (lowest KT 번호이동 price, not the lowest overall)', async () => {
    const kt = (await models('&carrier=KT&joinType=' + q('번호이동'))).models.find((m) => m.id === 'galaxy-s26-ultra')!;
    const ktOffers = await offers('galaxy-s26-ultra', `?carrier=KT&joinType=${q('번호이동')}`);
    expect(kt.offerCount).toBe(ktOffers.length);
  });

  it.each([
    ['priceAsc', (a: ModelSummary, b: ModelSummary) => a.lowestPrice <= b.lowestPrice],
    ['priceDesc', (a: ModelSummary, b: ModelSummary) => a.lowestPrice >= b.lowestPrice],
    ['new', (a: ModelSummary, b: ModelSummary) => a.releasedAt >= b.releasedAt],
    ['score', (a: ModelSummary, b: ModelSummary) => a.score >= b.score],
  ])('sorts by %s', async (sort, inOrder) => {
    const list = await models(`&sort=${sort}`);
    for (let i = 1; i < list.models.length; i++) expect(inOrder(list.models[i - 1]!, list.models[i]!)).toBe(true);
  });

  it('the 신상품 tab: only new-condition models released in the last 6 months', async () => {
    const list = await models(`&chip=${q('신상품')}&condition=new&sort=new`);
    const sixMonthsAgo = new Date(Date.now() - 183 * 86_400_000).toISOString().slice(0, 10);
    expect(list.models.map((m) => m.id)).toEqual(expect.arrayContaining(['galaxy-z-fold8', 'iphone-18-pro']));
    for (const m of list.models) expect(m.releasedAt >= sixMonthsAgo).toBe(true);
  });

  it.each(['sort=cheapest', 'page=0', 'limit=101', 'carrier=Verizon', 'storage=64', 'budget=lots', 'brand=Nokia', 'condition=mint', 'joinType=x', 'chip=x', 'sort=new&sort=score'])(
    'refuses %s with 400 and a Korean message', async (query) => {
      const res = await get(`/api/models?${query}`);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/[가-힣]/);
      expect(Object.values((res.body as { errors?: Record<string, string> }).errors ?? {}).join(' ')).toMatch(/[가-힣]/);
    });

  it('pages never overlap and cover total', async () => {
    const all = await models();
    const seen = new Set<string>();
    for (let page = 1; (page - 1) * 7 < all.total; page++) {
      for (const m of modelListSchema.parse((await get(`/api/models?limit=7&page=${page}`)).body).models) {
        expect(seen.has(m.id)).toBe(false);
        seen.add(m.id);
      }
    }
    expect(seen.size).toBe(all.total);
  });
});

describe('GET /api/models/{id}', () => {
  it('answers the model’s real variants, colours (품절 marked), specs and the options its offers cover', async () => {
    const m = modelDetailSchema.parse((await get('/api/models/galaxy-a16')).body);
    expect(m.variants).toEqual([{ storage: 128, releasePrice: 319_000 }]);
    expect(m.storages).toEqual([128]);
    expect(m.colors.some((c) => !c.available)).toBe(true);
    expect(m.specifications.display).toMatch(/형/);
    const s26u = modelDetailSchema.parse((await get('/api/models/galaxy-s26-ultra')).body);
    expect(s26u.variants.map((v) => v.storage)).toEqual([256, 512, 1024]);
    expect(s26u.carriers).toEqual(expect.arrayContaining(['SKT', 'KT', 'LG U+']));
    expect(s26u.joinTypes).toContain('번호이동');
    expect(s26u.plans.every((p) => ['SKT', 'KT', 'LG U+'].includes(p.carrier))).toBe(true);
  });

  it('404 for an unknown model, on every model route', async () => {
    for (const path of ['/api/models/no-such', '/api/models/no-such/offers', '/api/models/no-such/price-history']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect((res.body as { message: string }).message).toMatch(/[가-힣]/);
    }
  });
});

describe('GET /api/models/{id}/offers', () => {
  it('prices the offers for the chosen storage, carrier, 가입유형, plan, 할인 방식 and months, cheapest total first', async () => {
    const list = await offers('galaxy-s26-ultra', `?storage=512&carrier=KT&joinType=${q('번호이동')}&plan=kt-5g-special&discount=selective&months=36`);
    expect(list.length).toBeGreaterThan(0);
    for (const o of list) {
      expect(o).toMatchObject({ storage: 512, carrier: 'KT', joinType: '번호이동', plan: { id: 'kt-5g-special', monthlyFee: 99_000 } });
      expect(o.quote).toMatchObject({ discount: 'selective', months: 36, planDiscount: 24_750, monthlyPlan: 74_250, subsidy: 0 });
      expect(o.seller).toMatchObject({ name: expect.any(String), storeName: expect.any(String), verified: expect.any(Boolean) });
    }
    const totals = list.map((o) => o.quote.totalCost);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('without a 할인 방식 each offer gets the cheaper one', async () => {
    for (const o of await offers('galaxy-s26-ultra', '?carrier=SKT')) {
      const other = (await offers('galaxy-s26-ultra', `?carrier=SKT&plan=${o.plan!.id}&discount=${o.quote.discount === 'subsidy' ? 'selective' : 'subsidy'}`))
        .find((x) => x.offerId === o.offerId)!;
      expect(o.quote.totalCost).toBeLessThanOrEqual(other.quote.totalCost);
    }
  });

  it('자급제 and used offers have no plan and no 공시지원금', async () => {
    const list = await offers('galaxy-s25-ultra', `?carrier=${q('자급제')}`);
    expect(list.length).toBeGreaterThan(0);
    for (const o of list) expect(o).toMatchObject({ plan: null, joinType: null, quote: { subsidy: 0, planFee: 0 } });
  });

  it.each(['storage=64', 'carrier=Verizon', 'joinType=x', 'discount=half', 'months=12', 'storage=256&storage=512'])('refuses %s with 400', async (query) => {
    const res = await get(`/api/models/galaxy-s26-ultra/offers?${query}`);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/[가-힣]/);
  });
});

describe('GET /api/models/{id}/offers: a page at a time, with facets (issue 37)', () => {
  const page = async (id: string, query = '', headers: Record<string, string> = {}) => {
    const res = await server.client().get(`/api/models/${id}/offers${query}`, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return modelOffersSchema.parse(res.body);
  };
  const every = async (id: string, query = '') => (await page(id, `?limit=100${query ? `&${query.slice(1)}` : ''}`));

  /**
   * s59 lists: carrier offers by `figure` first; then the offers paid in full (자급제, 중고·리퍼: no plan, so no
   * months' 실부담 or 월 to compare with a plan's), by what is paid today. Both groups must be there.
   */
  const expectGrouped = (offers: readonly ModelOffer[], figure: (o: ModelOffer) => number) => {
    const paidInFull = offers.map((o) => o.quote.planFee === 0);
    expect(paidInFull).toEqual([...paidInFull].sort((a, b) => +a - +b));
    expect(paidInFull).toContain(true);
    expect(paidInFull).toContain(false);
    const carrier = offers.filter((o) => o.quote.planFee > 0).map(figure);
    const today = offers.filter((o) => o.quote.planFee === 0).map((o) => o.quote.principal);
    expect(carrier).toEqual([...carrier].sort((a, b) => a - b));
    expect(today).toEqual([...today].sort((a, b) => a - b));
  };

  it('answers 20 by default, cheapest 24개월 실부담 first (offers paid in full after, by their price); pages follow on; total counts every match', async () => {
    const all = await every('galaxy-s26-ultra');
    expect(all.total).toBe(all.offers.length);
    expectGrouped(all.offers, (o) => o.quote.totalCost);
    const first = await page('galaxy-s26-ultra', '?limit=3');
    const second = await page('galaxy-s26-ultra', '?limit=3&page=2');
    expect(first).toMatchObject({ sort: 'total', page: 1, limit: 3, total: all.total });
    expect([...first.offers, ...second.offers].map((o) => o.offerId)).toEqual(all.offers.slice(0, 6).map((o) => o.offerId));
    expect((await page('galaxy-s26-ultra')).offers.length).toBe(Math.min(20, all.total));
  });

  it('sorts by 월 납부금 (offers paid in full after, by their price) or 할부원금 (all alike) when asked', async () => {
    expectGrouped((await page('galaxy-s26-ultra', '?sort=monthly&limit=100')).offers, (o) => o.quote.monthlyTotal);
    // the same order from the pass over the offers (a 할인 방식 chosen is no cell's) as from the cells
    expectGrouped((await page('galaxy-s26-ultra', '?discount=subsidy&limit=100')).offers, (o) => o.quote.totalCost);
    const list = (await page('galaxy-s26-ultra', '?sort=principal&limit=100')).offers.map((o) => o.quote.principal);
    expect(list).toEqual([...list].sort((a, b) => a - b));
  });

  it('filters by storage, carrier, 가입유형, plan and condition; each facet counts its values with the other filters applied', async () => {
    const all = await every('galaxy-s26-ultra');
    const filtered = await every('galaxy-s26-ultra', `?carrier=KT&joinType=${q('번호이동')}`);
    expect(filtered.offers.length).toBeGreaterThan(0);
    for (const o of filtered.offers) expect(o).toMatchObject({ carrier: 'KT', joinType: '번호이동' });
    // The carrier facet counts 번호이동 offers of every carrier; the 가입유형 facet counts KT offers of every 가입유형.
    const byCarrier = Object.fromEntries(filtered.facets.carrier.map((f) => [f.value, f.count]));
    expect(byCarrier['KT']).toBe(filtered.total);
    expect(byCarrier['SKT']).toBe(all.offers.filter((o) => o.carrier === 'SKT' && o.joinType === '번호이동').length);
    const byJoin = Object.fromEntries(filtered.facets.joinType.map((f) => [f.value, f.count]));
    expect(byJoin['기기변경']).toBe(all.offers.filter((o) => o.carrier === 'KT' && o.joinType === '기기변경').length);
    // Unfiltered, the storage facet adds up to every offer; inStock never exceeds count.
    expect(all.facets.storage.reduce((n, f) => n + f.count, 0)).toBe(all.total);
    for (const f of all.facets.storage) expect(f.inStock).toBeLessThanOrEqual(f.count);
    expect(all.facets.condition.map((f) => f.value)).toContain('new');
    const plan = all.facets.plan[0]!.value;
    const onPlan = await every('galaxy-s26-ultra', `?plan=${plan}`);
    expect(onPlan.total).toBe(all.facets.plan[0]!.count);
    for (const o of onPlan.offers) expect(o.plan?.id).toBe(plan);
    const used = await every('galaxy-s26-ultra', '?condition=new&storage=512');
    for (const o of used.offers) expect(o).toMatchObject({ condition: 'new', storage: 512 });
  });

  it('gives the lowest figures per carrier, each its cheapest offer at its own terms', async () => {
    const all = await every('galaxy-s26-ultra');
    const lowest = (await page('galaxy-s26-ultra', '?carrier=SKT&limit=1')).lowestByCarrier;
    expect(lowest.map((l) => l.carrier).sort()).toEqual([...new Set(all.offers.map((o) => o.carrier))].sort());
    for (const l of lowest) expect(l.totalCost).toBe(Math.min(...all.offers.filter((o) => o.carrier === l.carrier).map((o) => o.quote.totalCost)));
  });

  it('a price change shows in the first page at once (read after write with X-Min-Position)', async () => {
    const before = await page('galaxy-s26-ultra', '?sort=principal&limit=1');
    const last = (await every('galaxy-s26-ultra', '?sort=principal')).offers.at(-1)!;
    const admin = server.client();
    await admin.post('/api/auth/demo', { role: 'admin' });
    const cut = last.quote.principal - before.offers[0]!.quote.principal + 1_000;
    const changed = await admin.post(`/api/offers/${last.offerId}/price`, { price: last.quote.devicePrice - cut, extraSubsidy: last.quote.extraSubsidy });
    expect(changed.status).toBe(201);
    const after = await page('galaxy-s26-ultra', '?sort=principal&limit=1', { 'x-min-position': (changed.body as { position: string }).position });
    expect(after.offers[0]!.offerId).toBe(last.offerId);
  });

  it('answers a guest, a buyer, a seller and an admin alike: the page is the catalogue\'s alone, so it is kept by position', async () => {
    const query = '?carrier=KT&sort=monthly&limit=5';
    const guest = await page('galaxy-s26-ultra', query);
    for (const role of ['user', 'seller', 'admin'] as const) {
      const client = server.client();
      expect((await client.post('/api/auth/demo', { role })).status, role).toBeLessThan(300);
      const res = await client.get(`/api/models/galaxy-s26-ultra/offers${query}`);
      expect(res.status, role).toBe(200);
      expect(modelOffersSchema.parse(res.body), role).toEqual(guest);
    }
  });

  it('refuses a bad sort, page or limit with a Korean message', async () => {
    for (const query of ['?sort=cheap', '?page=0', '?limit=101', '?limit=abc', '?condition=broken']) {
      const res = await server.client().get(`/api/models/galaxy-s26-ultra/offers${query}`);
      expect(res.status, query).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/[가-힣]/);
    }
  });
});

describe('GET /api/models/{id}/price-history', () => {
  it('answers the lowest price per day for 30, 90 or 365 days; 30 by default; anything else is a 400', async () => {
    const h30 = priceHistorySchema.parse((await get('/api/models/galaxy-z-flip7/price-history')).body);
    expect(h30.days).toBe(30);
    expect(h30.points).toHaveLength(30);
    const h90 = priceHistorySchema.parse((await get('/api/models/galaxy-z-flip7/price-history?days=90')).body);
    expect(h90.points.length).toBeGreaterThanOrEqual(85);
    expect(h90.points.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    // today's point is the model's lowest price now
    const now = (await models()).models.find((m) => m.id === 'galaxy-z-flip7')!;
    expect(h90.points.at(-1)!.lowestPrice).toBe(now.lowestPrice);
    for (const days of ['7', 'abc', '180']) expect((await get(`/api/models/galaxy-z-flip7/price-history?days=${days}`)).status).toBe(400);
  });

  it('the seeded 90 days of price changes show: some model’s lowest price moved', async () => {
    let moved = 0;
    for (const m of (await models()).models) {
      const h = priceHistorySchema.parse((await get(`/api/models/${m.id}/price-history?days=90`)).body);
      if (new Set(h.points.map((p) => p.lowestPrice)).size > 1) moved++;
    }
    expect(moved).toBeGreaterThanOrEqual(5);
  });
});

describe('cart lines are offers with choices, priced like the product page', () => {
  it('512GB + KT + 번호이동 with a plan, 선택약정 and 30 months: the cart shows the offer list’s figures; a price change after carting says so', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'user' });
    const [offer] = await offers('galaxy-s26-ultra', `?storage=512&carrier=KT&joinType=${q('번호이동')}&plan=kt-5g-special&discount=selective&months=30`) as [ModelOffer];
    const added = await c.post('/api/cart/items', {
      productId: offer.offerId, storage: 512, carrier: 'KT', joinType: '번호이동', planId: 'kt-5g-special', discount: 'selective', months: 30, color: '티타늄 블랙',
    });
    expect(added.status).toBe(201);
    let cart = cartSchema.parse((await c.get('/api/cart', { 'x-min-position': (added.body as { position: string }).position })).body);
    const line = cart.items[0]!;
    expect(line).toMatchObject({ productId: offer.offerId, modelId: 'galaxy-s26-ultra', storage: 512, carrier: 'KT', joinType: '번호이동', discount: 'selective', months: 30, color: '티타늄 블랙', previousPrice: null, available: true });
    expect(line.quote).toEqual(offer.quote);
    expect(line.plan?.id).toBe('kt-5g-special');

    // the seller lowers the price: the line shows the new figures and the old 할부원금
    const admin = server.client();
    await admin.post('/api/auth/demo', { role: 'admin' });
    const changed = await admin.post(`/api/offers/${offer.offerId}/price`, { price: offer.quote.devicePrice - 100_000, extraSubsidy: offer.quote.extraSubsidy });
    expect(changed.status).toBe(201);
    cart = cartSchema.parse((await c.get('/api/cart', { 'x-min-position': (changed.body as { position: string }).position })).body);
    expect(cart.items[0]!.previousPrice).toBe(offer.quote.principal);
    expect(cart.items[0]!.price).toBe(offer.quote.principal - 100_000);
    const after = (await offers('galaxy-s26-ultra', `?storage=512&carrier=KT&joinType=${q('번호이동')}&plan=kt-5g-special&discount=selective&months=30`)).find((o) => o.offerId === offer.offerId)!;
    expect(cart.items[0]!.quote).toEqual(after.quote);
  });

  it('refuses options that are not the offer’s, a plan it does not take, and a bad 할인 방식 or months', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'user' });
    const [offer] = await offers('galaxy-s26-ultra', '?storage=512&carrier=KT') as [ModelOffer];
    for (const [body, field] of [
      [{ storage: 256 }, 'storage'], [{ carrier: 'SKT' }, 'carrier'], [{ joinType: '신규' }, 'joinType'], [{ planId: 'skt-5gx-prime' }, 'planId'],
      [{ discount: 'half' }, 'discount'], [{ months: 12 }, 'months'],
    ] as const) {
      const res = await c.post('/api/cart/items', { productId: offer.offerId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { errors: Record<string, string> }).errors).toHaveProperty(field);
    }
  });
});

describe('POST /api/offers/{id}/price', () => {
  it('guest 401, buyer and seller 403, bad input 400, unknown offer 404, admin 201', async () => {
    const { products } = productListSchema.parse((await get('/api/products?limit=1')).body);
    const id = products[0]!.id;
    expect((await server.client().post(`/api/offers/${id}/price`, { price: 1, extraSubsidy: 0 })).status).toBe(401);
    for (const role of ['user', 'seller'] as const) {
      const c = server.client();
      await c.post('/api/auth/demo', { role });
      expect((await c.post(`/api/offers/${id}/price`, { price: 1, extraSubsidy: 0 })).status).toBe(403);
    }
    const admin = server.client();
    await admin.post('/api/auth/demo', { role: 'admin' });
    const bad = await admin.post(`/api/offers/${id}/price`, { price: -1, extraSubsidy: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: object }).errors)).toEqual(expect.arrayContaining(['price', 'extraSubsidy']));
    expect((await admin.post('/api/offers/no-such/price', { price: 1, extraSubsidy: 0 })).status).toBe(404);
    const ok = await admin.post(`/api/offers/${id}/price`, { price: products[0]!.originalPrice - 10_000, extraSubsidy: 0 });
    expect(ok.status).toBe(201);
    const detail = productDetailSchema.parse((await admin.get(`/api/products/${id}`, { 'x-min-position': (ok.body as { position: string }).position })).body);
    expect(detail.id).toBe(id);
  });
});

describe('GET /api/search: the header\'s suggestions read what the lists read (s60)', () => {
  const suggestions = async (term: string) => searchSuggestionsSchema.parse((await get(`/api/search?q=${q(term)}`)).body);
  const headlineOf = (m: ModelSummary) => ({ id: m.id, name: m.name, brand: m.brand, lowestPrice: m.lowestPrice, lowestMonthly: m.lowestMonthly, lowestMonthlyKind: m.lowestMonthlyKind, lowestToday: m.lowestToday });

  it('a model sold only 자급제 (a Pixel) answers its 오늘 결제 금액 (lowestToday), as its card does; a carrier model none', async () => {
    const list = new Map((await models()).models.map((m) => [m.id, m]));
    const pixels = await suggestions('픽셀');
    expect(pixels.length).toBeGreaterThan(0);
    for (const s of pixels) {
      // every figure the suggestion's headline reads is the model card's
      expect(s, s.id).toEqual(headlineOf(list.get(s.id)!));
      expect(s.lowestMonthlyKind, s.id).not.toBe('plan');
      expect(s.lowestToday, s.id).toBe(s.lowestPrice);
      expect(s).not.toHaveProperty('monthly');
    }
    expect(pixels.some((s) => s.lowestMonthlyKind === 'unlocked')).toBe(true);
    const [s26u] = (await suggestions('갤럭시 S26 울트라')).filter((s) => s.id === 'galaxy-s26-ultra');
    expect(s26u).toEqual(headlineOf(list.get('galaxy-s26-ultra')!));
    expect(s26u).toMatchObject({ lowestMonthlyKind: 'plan', lowestToday: null });
  });
});

describe('popular searches (the last 7 days, from search events)', () => {
  it('answers the spec’s terms that find something before anyone searched; then the most searched terms, each with results', async () => {
    const before = (await get('/api/search/popular')).body as { terms: string[] };
    expect(before.terms).toHaveLength(3);
    for (const term of before.terms) expect(((await get(`/api/search?q=${q(term)}`)).body as unknown[]).length).toBeGreaterThan(0);

    // three visitors (accounts) search 폴드7, two search 픽셀; repeats by one visitor count once
    const visitors = await Promise.all(['user', 'seller', 'admin'].map(async (role) => {
      const c = server.client();
      await c.post('/api/auth/demo', { role });
      return c;
    }));
    let position = '0';
    for (const [i, c] of visitors.entries()) {
      for (const term of i < 2 ? ['갤럭시 Z 폴드7', '픽셀'] : ['갤럭시   Z 폴드7 ']) {
        const res = await c.post('/api/searches', { q: term });
        expect(res.status).toBe(201);
        // the answer the results page parses (the contracts' one schema, s61)
        position = countedAnswerSchema.parse(res.body).position;
      }
    }
    const again = await visitors[0]!.post('/api/searches', { q: '픽셀' });
    expect(again.status).toBe(200);
    expect(countedAnswerSchema.parse(again.body)).toMatchObject({ counted: false });
    const after = (await server.client().get('/api/search/popular', { 'x-min-position': position })).body as { terms: string[] };
    expect(after.terms.slice(0, 2)).toEqual(['갤럭시 Z 폴드7', '픽셀']);
    // a term that finds nothing is never popular
    for (const c of visitors) await c.post('/api/searches', { q: 'zzzz 없는폰' });
    expect(((await get('/api/search/popular')).body as { terms: string[] }).terms).not.toContain('zzzz 없는폰');
  });

  it('refuses a search shorter than 2 characters or longer than 50 with a Korean 400', async () => {
    for (const body of [{ q: ' a ' }, { q: 'x'.repeat(51) }, {}]) {
      const res = await server.client().post('/api/searches', body);
      expect(res.status).toBe(400);
      expect((res.body as { errors: Record<string, string> }).errors.q).toMatch(/[가-힣]/);
    }
  });
});

describe('the brand catalogue shows the same price as the model card', () => {
  it('each /api/brands/{brand} entry’s price is its model’s 최저가 now', async () => {
    const { models: brandModels } = (await get('/api/brands/samsung')).body as { models: { id: string; lowestPrice: number }[] };
    const list = await models('&brand=samsung');
    expect(brandModels.length).toBeGreaterThan(0);
    for (const m of brandModels) expect(m.lowestPrice, m.id).toBe(list.models.find((x) => x.id === m.id)?.lowestPrice);
  });
});
