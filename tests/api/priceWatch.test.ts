import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareSchema, modelOffersSchema, nearLow, PRICE_NEAR_LOW_VERDICT, priceWatchSchema } from '@phonemarket/contracts';
import { demoSignedIn, minPosition } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** Issue 42 §1: a series' lowest 24개월 실부담 and 할부원금 per day, with the verdict when there is history enough. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const get = async (path: string) => server.client().get(path);
const q = encodeURIComponent;
const watch = async (query: string) => {
  const res = await get(`/api/models/galaxy-s26-ultra/price-watch${query}`);
  expect(res.status).toBe(200);
  return priceWatchSchema.parse(res.body);
};

describe('GET /api/models/{id}/price-watch', () => {
  it('defaults to the cheapest carrier series (자급제 after them); today is the lowest 24개월 실부담 of its new units on sale; the marked point is the window’s lowest', async () => {
    const w = await watch('?days=90');
    expect(w.choices[0]).toEqual(w.series);
    expect(w.series.carrier).not.toBe('자급제');
    const { storage, carrier, joinType } = w.series;
    const offers = modelOffersSchema.parse((await get(`/api/models/galaxy-s26-ultra/offers?storage=${storage}&carrier=${q(carrier)}&joinType=${q(joinType ?? '')}&condition=new&limit=50`)).body).offers;
    expect(w.current).toBe(Math.min(...offers.map((o) => o.quote.totalCost)));
    expect(w.points.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), total: w.current });
    expect(w.points.length).toBeGreaterThanOrEqual(85);
    // The seed's 90 days of price changes are history: some series' price moved over the window.
    let moved = 0;
    for (const c of w.choices) {
      const other = await watch(`?days=90&storage=${c.storage}&carrier=${q(c.carrier)}&joinType=${q(c.joinType ?? '')}`);
      if (new Set(other.points.map((p) => p.total)).size > 1) moved++;
    }
    expect(moved).toBeGreaterThan(0);
    const low = Math.min(...w.points.map((p) => p.total));
    expect(w.lowest).toEqual({ date: w.points.find((p) => p.total === low)!.date, total: low });
    for (const p of w.points) expect(p.principal).not.toBeNull();
  });

  it('says "최근 90일 최저가 근처" only with ≥ 35 days of history and today within 5 % of the 90-day low', async () => {
    const w90 = await watch('?days=90');
    const w30 = await watch('?days=30');
    expect(w90.historyDays).toBeGreaterThanOrEqual(35);
    const low90 = Math.min(...w90.points.map((p) => p.total));
    expect(w90.verdict).toBe(nearLow(w90.current!, low90) ? PRICE_NEAR_LOW_VERDICT : null);
    // The 30-day window reads the 90-day low for the verdict all the same.
    expect(w30.verdict).toBe(w90.verdict);
    const w365 = await watch('?days=365');
    expect(w365.points.length).toBeGreaterThanOrEqual(w90.points.length);
  });

  it('another series is its own history; 자급제 has no 가입유형', async () => {
    const w = await watch(`?storage=512&carrier=KT&joinType=${q('기기변경')}`);
    expect(w.series).toEqual({ storage: 512, carrier: 'KT', joinType: '기기변경' });
    const unlocked = await watch(`?carrier=${q('자급제')}&joinType=${q('번호이동')}`);
    expect(unlocked.series.joinType).toBeNull();
  });

  it('bad input is a 400 in Korean; an unknown model or storage a 404', async () => {
    for (const query of ['?days=7', '?carrier=KTF', `?joinType=${q('해지')}`, '?storage=abc']) {
      const res = await get(`/api/models/galaxy-s26-ultra/price-watch${query}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/[가-힣]/);
    }
    for (const path of ['/api/models/no-such/price-watch', '/api/models/galaxy-s26-ultra/price-watch?storage=64']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect((res.body as { message: string }).message).toMatch(/[가-힣]/);
    }
  });
});

describe('GET /api/compare (issue 42 §4)', () => {
  it('2–4 models side by side: specs, 출고가 and per carrier the lowest 24개월 실부담 of a new unit with its offer', async () => {
    const res = await get('/api/compare?models=galaxy-s26-ultra,galaxy-z-flip7');
    expect(res.status).toBe(200);
    const { models } = compareSchema.parse(res.body);
    expect(models.map((m) => m.id)).toEqual(['galaxy-s26-ultra', 'galaxy-z-flip7']);
    const s26 = models[0]!;
    expect(s26.specifications.display).toMatch(/\S/);
    expect(s26.variants.length).toBeGreaterThan(0);
    for (const c of s26.carriers) {
      const joinType = c.joinType ? `&joinType=${q(c.joinType)}` : '';
      const offers = modelOffersSchema.parse((await get(`/api/models/galaxy-s26-ultra/offers?carrier=${q(c.carrier)}&condition=new&limit=50`)).body).offers;
      expect(c.total).toBe(Math.min(...offers.filter((o) => o.stock > 0).map((o) => o.quote.totalCost)));
      expect(offers.some((o) => o.offerId === c.offerId)).toBe(true);
      expect(joinType === '' || c.carrier !== '자급제').toBe(true);
    }
  });

  it('each carrier’s lowest comes with its shop, its plan and the conditions it is sold on (issue 40), as the offer itself answers them', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const kt = modelOffersSchema.parse((await get('/api/models/galaxy-z-flip7/offers?carrier=KT&condition=new&limit=50')).body).offers.filter((o) => o.plan && o.stock > 0);
    const terms = kt[0]!;
    const addOn = { name: 'V컬러링', monthlyFee: 9_900, months: 3 };
    // The same terms with 300,000원 more 추가지원금 and a 부가서비스 and 요금제 유지: the carrier's new lowest.
    const listed = await seller.post('/api/offers', {
      sameTermsAs: terms.offerId, extraSubsidy: terms.quote.extraSubsidy + 300_000, stock: 3,
      conditions: { planKeep: { planId: terms.plan!.id, months: 6 }, addOns: [addOn] },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const offerId = (listed.body as { id: string }).id;
    const offer = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-z-flip7/offers?carrier=KT&condition=new&limit=50', minPosition(listed))).body).offers.find((o) => o.offerId === offerId)!;
    const res = await server.client().get('/api/compare?models=galaxy-s26-ultra,galaxy-z-flip7', minPosition(listed));
    const line = compareSchema.parse(res.body).models[1]!.carriers.find((c) => c.carrier === 'KT')!;
    expect(line).toMatchObject({ offerId, total: offer.quote.totalCost, planId: offer.plan!.id, storeName: offer.seller.storeName, conditions: offer.conditions });
    expect(line.conditions.addOns).toEqual([addOn]);
    expect(line.planNames[terms.plan!.id]).toBe(terms.plan!.name);
  });

  it('one model, five, or the same twice is a 400 in Korean; an unknown one a 404', async () => {
    for (const models of ['galaxy-s26-ultra', 'a,b,c,d,e', 'galaxy-s26-ultra,galaxy-s26-ultra', '']) {
      const res = await get(`/api/compare?models=${models}`);
      expect(res.status, models).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/비교할 모델/);
    }
    expect((await get('/api/compare?models=galaxy-s26-ultra,no-such-phone')).status).toBe(404);
  });
});
