import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelDetailSchema, modelOffersSchema, priceHistorySchema, quoteOffer, type ModelOffer } from '@phonemarket/contracts';
import { CARRIER_TERMS_MESSAGES, carrierTermsSchema, termsHistorySchema } from '@phonemarket/contracts/carrierTerms.ts';
import { isCalendarDay } from '@phonemarket/contracts/dates.ts';
import { seedOffers, seedPlans } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Carrier terms as data (issue 27): seeded from today's catalogue so that every offer's priced
 * figures stay what they were; an admin's 공시지원금 or 출고가 change re-prices every offer on those
 * terms (a price-history point, the cart), a CSV import with bad rows applies nothing and names
 * each row's problems in Korean; only admins reach the routes.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  admin = await demoSignedIn(server, 'admin');
});
afterAll(async () => { await server?.close(); });

const fee = new Map(seedPlans.map((p) => [p.planId, p.monthlyFee]));
async function offersOf(modelId: string, params = '', after?: { body: unknown }): Promise<ModelOffer[]> {
  const res = await server.client().get(`/api/models/${modelId}/offers${params}`, after ? minPosition(after) : undefined);
  expect(res.status).toBe(200);
  return modelOffersSchema.parse(res.body).offers;
}

describe('carrier terms', () => {
  it("before/after: with the terms seeded from today's catalogue, every offer's priced figures are the ones its own terms give, for every plan it takes", async () => {
    const seeded = seedOffers(new Date());
    const byModel = new Map<string, typeof seeded>();
    for (const s of seeded) byModel.set(s.offer.modelId, [...(byModel.get(s.offer.modelId) ?? []), s]);
    let compared = 0;
    for (const [modelId, list] of byModel) {
      const own = new Map(list.map(({ offer, changes }) => {
        const last = changes.at(-1);
        return [offer.offerId, { price: last?.price ?? offer.price, extraSubsidy: last?.extraSubsidy ?? offer.extraSubsidy ?? 0, plans: offer.plans }];
      }));
      const planIds = [...new Set(list.flatMap(({ offer }) => offer.plans.map((p) => p.planId)))];
      for (const params of ['', ...planIds.map((p) => `?plan=${p}`), '?discount=selective&months=36']) {
        const query = new URLSearchParams(params.slice(1));
        for (const served of await offersOf(modelId, params)) {
          const terms = own.get(served.offerId);
          if (!terms) continue; // a seller's own listing (the demo seller), not the seed's
          const expected = quoteOffer(terms, (id) => fee.get(id), {
            planId: query.get('plan') ?? undefined,
            ...(query.get('discount') ? { discount: 'selective' as const, months: 36 as const } : {}),
          });
          expect(served.quote, `${served.offerId} ${params}`).toEqual(expected!.quote);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(seeded.length);
  });

  it('admins read the terms: plans, 출고가 per variant, 공시지원금 per table and plan (seeded)', async () => {
    const terms = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?modelId=galaxy-s26-ultra')).body);
    expect(terms.plans.length).toBeGreaterThan(5);
    expect(terms.releasePrices.map((r) => r.storage)).toEqual(expect.arrayContaining([256]));
    const skt = terms.subsidies.filter((s) => s.carrier === 'SKT' && s.joinType === '번호이동' && s.storage === 256);
    expect(skt.length).toBeGreaterThan(0);
    expect(skt[0]).toMatchObject({ modelName: expect.any(String), source: 'seed', validFrom: null, validUntil: null });
  });

  it("a 공시지원금 change re-prices every offer on that table and plan (and no other), with a price-history point; the history says from → to", async () => {
    const terms = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?modelId=galaxy-s26-ultra&carrier=SKT')).body);
    const row = terms.subsidies.find((s) => s.joinType === '번호이동')!;
    const before = await offersOf('galaxy-s26-ultra', `?plan=${row.planId}`);
    const onTerms = before.filter((o) => o.storage === row.storage && o.carrier === 'SKT' && o.joinType === '번호이동' && o.condition === 'new');
    const others = before.filter((o) => !onTerms.includes(o));
    expect(onTerms.length).toBeGreaterThan(0);
    const subsidy = row.subsidy + 300_000;
    const changed = await admin.request('PUT', '/api/admin/carrier-terms/subsidies', {
      body: { modelId: 'galaxy-s26-ultra', storage: row.storage, carrier: 'SKT', joinType: '번호이동', planId: row.planId, subsidy, validFrom: '2026-11-01', validUntil: '2026-12-31' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await offersOf('galaxy-s26-ultra', `?plan=${row.planId}&discount=subsidy`, changed);
    for (const o of onTerms) {
      const now = after.find((a) => a.offerId === o.offerId)!;
      expect(now.quote.subsidy, o.offerId).toBe(Math.min(subsidy, now.quote.devicePrice - now.quote.extraSubsidy));
      expect(now.quote.principal).toBe(now.quote.devicePrice - now.quote.subsidy - now.quote.extraSubsidy);
    }
    for (const o of others) {
      const now = (await offersOf('galaxy-s26-ultra', `?plan=${row.planId}`)).find((a) => a.offerId === o.offerId)!;
      expect(now.quote, o.offerId).toEqual(o.quote);
    }
    // The same figure again changes nothing.
    const again = await admin.request('PUT', '/api/admin/carrier-terms/subsidies', {
      body: { modelId: 'galaxy-s26-ultra', storage: row.storage, carrier: 'SKT', joinType: '번호이동', planId: row.planId, subsidy, validFrom: '2026-11-01', validUntil: '2026-12-31' },
    });
    expect(again.body).toMatchObject({ changed: false });
    const history = termsHistorySchema.parse((await admin.get('/api/admin/carrier-terms/history?modelId=galaxy-s26-ultra', minPosition(changed))).body);
    expect(history.changes[0]).toMatchObject({ kind: 'subsidy', planId: row.planId, from: row.subsidy, to: subsidy, source: 'admin', actor: { role: 'admin' } });
    const row2 = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?modelId=galaxy-s26-ultra&carrier=SKT')).body).subsidies
      .find((s) => s.joinType === '번호이동' && s.storage === row.storage && s.planId === row.planId)!;
    expect(row2).toMatchObject({ subsidy, validFrom: '2026-11-01', validUntil: '2026-12-31', source: 'admin' });
    // Today's lowest price of the model is the re-priced offer's.
    const points = priceHistorySchema.parse((await server.client().get('/api/models/galaxy-s26-ultra/price-history?days=30')).body).points;
    const cheapest = Math.min(...(await offersOf('galaxy-s26-ultra')).map((o) => o.quote.principal));
    expect(points.at(-1)!.lowestPrice).toBeLessThanOrEqual(cheapest);
  });

  it('a 출고가 change re-prices every new unit of the variant; the cart follows', async () => {
    const buyer = await registeredBuyer(server, 'terms');
    const offer = (await offersOf('galaxy-s25')).find((o) => o.condition === 'new' && o.carrier === 'KT')!;
    expect((await buyer.post('/api/cart/items', { productId: offer.offerId })).status).toBe(201);
    const releasePrice = offer.quote.devicePrice - 100_000;
    const changed = await admin.request('PUT', '/api/admin/carrier-terms/release-prices', { body: { modelId: 'galaxy-s25', storage: offer.storage, releasePrice } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const now = (await offersOf('galaxy-s25', '', changed)).filter((o) => o.condition === 'new' && o.storage === offer.storage);
    expect(now.length).toBeGreaterThan(1);
    for (const o of now) expect(o.quote.devicePrice, o.offerId).toBe(releasePrice);
    const cart = (await buyer.get('/api/cart', minPosition(changed))).body as { items: { productId: string; quote: { devicePrice: number } }[] };
    expect(cart.items.find((i) => i.productId === offer.offerId)!.quote.devicePrice).toBe(releasePrice);
  });

  it("a plan's monthly fee change prices every offer on that plan with it; the change is in the history; an unknown plan is 404", async () => {
    const terms = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?carrier=KT')).body);
    const plan = terms.plans.find((p) => p.planId === 'kt-5g-special')!;
    const body = { name: plan.name, monthlyFee: plan.monthlyFee + 1_000, data: plan.data, voice: plan.voice, sms: plan.sms, benefits: plan.benefits };
    const changed = await admin.request('PUT', `/api/admin/carrier-terms/plans/${plan.planId}`, { body });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ changed: true });
    const priced = await offersOf('galaxy-s26-ultra', `?carrier=KT&plan=${plan.planId}`, changed);
    expect(priced.length).toBeGreaterThan(0);
    for (const o of priced) expect(o.quote.planFee, o.offerId).toBe(plan.monthlyFee + 1_000);
    expect((await admin.request('PUT', `/api/admin/carrier-terms/plans/${plan.planId}`, { body })).body).toMatchObject({ changed: false });
    const history = termsHistorySchema.parse((await admin.get('/api/admin/carrier-terms/history?modelId=galaxy-s26-ultra', minPosition(changed))).body);
    expect(history.changes.find((c) => c.kind === 'plan')).toMatchObject({ planId: plan.planId, from: plan.monthlyFee, to: plan.monthlyFee + 1_000 });
    expect((await admin.request('PUT', '/api/admin/carrier-terms/plans/no-such-plan', { body })).status).toBe(404);
    expect((await admin.request('PUT', `/api/admin/carrier-terms/plans/${plan.planId}`, { body: { ...body, monthlyFee: -1 } })).status).toBe(400);
  });

  it("a plan renamed by an admin is shown by its new name in the product page's plan list (read after the rename)", async () => {
    const terms = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?carrier=SKT')).body);
    const plan = terms.plans.find((p) => p.planId === 'skt-5gx-prime')!;
    const detail = async (after?: { body: unknown }) => modelDetailSchema.parse((await server.client().get('/api/models/galaxy-s26-ultra', after ? minPosition(after) : undefined)).body);
    expect((await detail()).plans.find((p) => p.id === plan.planId)?.name).toBe(plan.name);
    const renamed = await admin.request('PUT', `/api/admin/carrier-terms/plans/${plan.planId}`, {
      body: { name: `${plan.name} 플러스`, monthlyFee: plan.monthlyFee, data: plan.data, voice: plan.voice, sms: plan.sms, benefits: plan.benefits },
    });
    expect(renamed.body).toMatchObject({ changed: true });
    expect((await detail(renamed)).plans.find((p) => p.id === plan.planId)).toMatchObject({ name: `${plan.name} 플러스`, monthlyFee: plan.monthlyFee });
    // The 판매처 rows priced on it name it the same way.
    const rows = await offersOf('galaxy-s26-ultra', `?carrier=SKT&plan=${plan.planId}`, renamed);
    expect(rows.length).toBeGreaterThan(0);
    for (const o of rows) expect(o.plan?.name, o.offerId).toBe(`${plan.name} 플러스`);
  });

  it('Korean errors: an unknown model or storage, a plan of another carrier, a validity that ends before it starts', async () => {
    const put = (body: Record<string, unknown>) => admin.request('PUT', '/api/admin/carrier-terms/subsidies', {
      body: { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 100_000, ...body },
    });
    expect((await put({ modelId: 'no-such-phone' })).body).toMatchObject({ message: CARRIER_TERMS_MESSAGES.unknownModel });
    expect((await put({ storage: 7 })).body).toMatchObject({ message: CARRIER_TERMS_MESSAGES.unknownModel });
    expect((await put({ planId: 'kt-5g-special' })).body).toMatchObject({ message: CARRIER_TERMS_MESSAGES.unknownPlan, errors: { planId: CARRIER_TERMS_MESSAGES.unknownPlan } });
    expect((await put({ validFrom: '2026-12-01', validUntil: '2026-11-01' })).body).toMatchObject({ message: CARRIER_TERMS_MESSAGES.validity });
    const bad = await put({ subsidy: -1, carrier: 'SK', joinType: '재가입' });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toMatchObject({ subsidy: '공시지원금은 0원 이상이어야 합니다.', carrier: expect.stringContaining('통신사는'), joinType: expect.stringContaining('가입유형은') });
  });

  it('CSV import: a bad row anywhere applies nothing and names each bad row in Korean; a good file applies every row', async () => {
    const header = '모델ID,용량,통신사,가입유형,요금제ID,공시지원금,적용시작,적용종료';
    const bad = [header,
      'galaxy-s25,256,SKT,번호이동,skt-5gx-prime,"410,000",2026-11-01,2026-12-31',
      'galaxy-s25,256GB,KT,기기변경,skt-5gx-prime,300000원',
      'no-phone,256,SKT,번호이동,skt-5gx-prime,1000',
      'galaxy-s25,256,SKT,재가입,skt-5gx-prime,열만원',
    ].join('\n');
    const refused = await admin.post('/api/admin/carrier-terms/import', { csv: bad });
    expect(refused.status).toBe(400);
    const body = refused.body as { message: string; errors: Record<string, string> };
    expect(body.message).toBe(CARRIER_TERMS_MESSAGES.csvRows);
    expect(Object.keys(body.errors)).toEqual(['3행', '4행', '5행']);
    expect(body.errors['3행']).toBe(CARRIER_TERMS_MESSAGES.unknownPlan);
    expect(body.errors['4행']).toBe(CARRIER_TERMS_MESSAGES.unknownModel);
    expect(body.errors['5행']).toContain('가입유형은');
    expect(body.errors['5행']).toContain('공시지원금');
    const history = termsHistorySchema.parse((await admin.get('/api/admin/carrier-terms/history?modelId=galaxy-s25')).body);
    expect(history.changes.some((c) => c.source === 'csv')).toBe(false);

    expect((await admin.post('/api/admin/carrier-terms/import', { csv: 'a,b,c\n1,2,3' })).body).toMatchObject({ message: CARRIER_TERMS_MESSAGES.csvHeader });
    expect((await admin.post('/api/admin/carrier-terms/import', { csv: header })).body).toMatchObject({ message: CARRIER_TERMS_MESSAGES.csvEmpty });

    // A row whose 적용시작 is a later day waits for it (counted as scheduled, listed, not in force).
    const good = [
      header, 'galaxy-s25,256,SKT,번호이동,skt-5gx-prime,"410,000",2026-11-01,2026-12-31', 'galaxy-s25,256,KT,번호이동,kt-5g-special,390000',
      'galaxy-s25,256,KT,번호이동,kt-5g-special,420000,2099-01-01,',
    ].join('\r\n');
    const imported = await admin.post('/api/admin/carrier-terms/import', { csv: good });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 3, changed: 3, scheduled: 1 });
    const after = termsHistorySchema.parse((await admin.get('/api/admin/carrier-terms/history?modelId=galaxy-s25', minPosition(imported))).body);
    expect(after.changes.filter((c) => c.source === 'csv' && c.kind === 'subsidy').map((c) => c.to).sort()).toEqual([390_000, 410_000]);
    expect(after.changes.filter((c) => c.source === 'csv' && c.kind === 'scheduledSubsidy').map((c) => [c.key, c.to])).toEqual([['galaxy-s25|256|KT|번호이동@2099-01-01', 420_000]]);
    const terms = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?modelId=galaxy-s25&carrier=KT', minPosition(imported))).body);
    expect(terms.subsidies.find((t) => t.storage === 256 && t.joinType === '번호이동' && t.planId === 'kt-5g-special')?.subsidy).toBe(390_000);
    expect(terms.scheduledSubsidies.map((t) => [t.planId, t.validFrom, t.subsidy])).toEqual([['kt-5g-special', '2099-01-01', 420_000]]);
  });

  it('issue 35: an impossible day (2026-13-45, 9999-99-99, 2027-02-31) is a Korean 400 naming the field — one change, a cancel, a CSV row — and nothing is scheduled', async () => {
    const put = (body: Record<string, unknown>) => admin.request('PUT', '/api/admin/carrier-terms/subsidies', {
      body: { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 100_000, ...body },
    });
    const fieldErrors = (r: { body: unknown }) => (r.body as { errors?: Record<string, string> }).errors ?? {};
    for (const day of ['2026-13-45', '9999-99-99', '2027-02-31', '2026-02-29', '2026-1-05', '0000-01-01']) {
      const r = await put({ validFrom: day });
      expect(r.status, day).toBe(400);
      expect(fieldErrors(r), day).toEqual({ validFrom: '적용 시작일은 2026-11-30처럼 실제 있는 날짜로 입력해주세요.' });
    }
    expect(fieldErrors(await put({ validFrom: '2026-11-01', validUntil: '2027-02-31' }))).toEqual({ validUntil: '적용 종료일은 2026-11-30처럼 실제 있는 날짜로 입력해주세요.' });
    const cancel = await admin.post('/api/admin/carrier-terms/subsidies/scheduled/cancel', {
      modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', validFrom: '2026-13-45',
    });
    expect(cancel.status).toBe(400);
    expect(Object.keys(fieldErrors(cancel))).toEqual(['validFrom']);
    const header = '모델ID,용량,통신사,가입유형,요금제ID,공시지원금,적용시작,적용종료';
    const csv = await admin.post('/api/admin/carrier-terms/import', { csv: `${header}\ngalaxy-s25,256,SKT,번호이동,skt-5gx-prime,410000,2027-02-31,` });
    expect(csv.status).toBe(400);
    expect(fieldErrors(csv)['2행']).toContain('적용 시작일은 2026-11-30처럼 실제 있는 날짜로 입력해주세요.');
    const terms = carrierTermsSchema.parse((await admin.get('/api/admin/carrier-terms?modelId=galaxy-s25&carrier=SKT')).body);
    expect(terms.scheduledSubsidies.every((t) => isCalendarDay(t.validFrom))).toBe(true);
  });

  it('issue 35: the CSV import takes the contract\'s 2,000 rows (200), refuses 2,001 with the Korean message; 2,000 long rows reach the row check, not 413', async () => {
    const header = '모델ID,용량,통신사,가입유형,요금제ID,공시지원금,적용시작,적용종료';
    const row = 'galaxy-s25,256,SKT,번호이동,skt-5gx-prime,"410,000",2026-11-01,2099-12-31';
    const rows = (n: number, line = row) => [header, ...Array.from({ length: n }, () => line)].join('\n');
    expect(JSON.stringify({ csv: rows(2_000) }).length).toBeGreaterThan(100 * 1024);
    const full = await admin.post('/api/admin/carrier-terms/import', { csv: rows(2_000) });
    expect(full.status, JSON.stringify(full.body).slice(0, 300)).toBe(200);
    expect(full.body).toMatchObject({ imported: 2_000 });
    const over = await admin.post('/api/admin/carrier-terms/import', { csv: rows(2_001) });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ message: CARRIER_TERMS_MESSAGES.tooManyRows });
    // Rows at the longest the fields allow (80-character ids, quoted figures, both days): the body still reaches the rows' check.
    const long = `${'a'.repeat(80)},"1,024",LG U+,번호이동,${'p'.repeat(80)},"10,000,000",2026-11-01,2099-12-31`;
    const longRows = await admin.post('/api/admin/carrier-terms/import', { csv: rows(2_000, long) });
    expect(longRows.status).toBe(400);
    expect((longRows.body as { message: string }).message).toBe(CARRIER_TERMS_MESSAGES.csvRows);
  });

  it('a seller lists a new unit on terms nobody sells yet (an admin added them): the table’s plans and 공시지원금, the 출고가 in force; twice is 409', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const terms = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '신규' };
    const before = await offersOf('galaxy-s25', `?carrier=SKT&joinType=${encodeURIComponent('신규')}&storage=256`);
    expect(before.filter((o) => o.condition === 'new')).toHaveLength(0);
    expect((await seller.post('/api/offers/on-terms', { ...terms, extraSubsidy: 50_000, stock: 4 })).status).toBe(404);
    const added = await admin.request('PUT', '/api/admin/carrier-terms/subsidies', { body: { ...terms, planId: 'skt-5gx-prime', subsidy: 420_000 } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const listed = await seller.post('/api/offers/on-terms', { ...terms, extraSubsidy: 50_000, stock: 4 }, minPosition(added));
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const offer = (await offersOf('galaxy-s25', `?carrier=SKT&joinType=${encodeURIComponent('신규')}&storage=256&plan=skt-5gx-prime&discount=subsidy`, listed))
      .find((o) => o.offerId === (listed.body as { id: string }).id)!;
    expect(offer).toMatchObject({ condition: 'new', stock: 4, plan: { id: 'skt-5gx-prime' }, quote: { subsidy: 420_000, extraSubsidy: 50_000 } });
    expect((await seller.post('/api/offers/on-terms', { ...terms, extraSubsidy: 0, stock: 1 })).status).toBe(409);
    expect((await seller.post('/api/offers/on-terms', { ...terms, storage: 512, extraSubsidy: 9_999_999, stock: 1 })).status).toBe(404);
    expect((await admin.post('/api/offers/on-terms', { ...terms, extraSubsidy: 0, stock: 1 })).status).toBe(403);
    expect((await (await registeredBuyer(server, 'on-terms-buyer')).post('/api/offers/on-terms', { ...terms, extraSubsidy: 0, stock: 1 })).status).toBe(403);
    expect((await server.client().post('/api/offers/on-terms', { ...terms, extraSubsidy: 0, stock: 1 })).status).toBe(401);
  });

  it('guests 401, buyers and sellers 403 on every carrier-terms route (whatever role header)', async () => {
    const clients: Record<string, TestClient> = { guest: server.client(), user: await registeredBuyer(server, 'terms-matrix'), seller: await demoSignedIn(server, 'seller') };
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/carrier-terms', undefined], ['GET', '/api/admin/carrier-terms/history', undefined],
      ['PUT', '/api/admin/carrier-terms/subsidies', { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 1 }],
      ['PUT', '/api/admin/carrier-terms/release-prices', { modelId: 'galaxy-s25', storage: 256, releasePrice: 1 }],
      ['PUT', '/api/admin/carrier-terms/plans/kt-5g-special', { name: '요금제', monthlyFee: 1, data: '1GB', voice: '기본', sms: '기본' }],
      ['POST', '/api/admin/carrier-terms/import', { csv: '' }],
      ['POST', '/api/admin/carrier-terms/subsidies/scheduled/cancel', { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', validFrom: '2026-12-01' }],
    ];
    for (const [method, route, body] of routes) {
      const statuses: Record<string, number> = {};
      for (const [role, c] of Object.entries(clients)) statuses[role] = (await c.request(method, route, { body, headers: { 'x-role': 'admin' } })).status;
      expect(statuses, `${method} ${route}`).toEqual({ guest: 401, user: 403, seller: 403 });
    }
  });
});
