import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOffersSchema, type ModelOffer } from '@phonemarket/contracts';
import { carrierTermsSchema, subsidyAnswerSchema } from '@phonemarket/contracts/carrierTerms.ts';
import { channelCreatedSchema, channelDeliveryAnswerSchema } from '@phonemarket/contracts/channels.ts';
import { koreanDayOf as koreanDay } from '@phonemarket/contracts/koreanDay.ts';
import { POLICY_REQUEST_MESSAGES, pricePoliciesSchema, pricePolicySchema } from '@phonemarket/contracts/sellingPolicies.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Price policies (issue 27): a signed delivery's batch → a policy written from it → approved (the
 * carrier terms and every offer on them re-priced, the application recorded) → reverted (every
 * figure exactly as before); an approved policy expires at the end of its last day (the scheduler),
 * which restores the figures too; admins only.
 */
let now = Date.now();
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }, { clock: () => new Date(now) });
  admin = await demoSignedIn(server, 'admin');
});
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const DAY_MS = 24 * 3_600_000;

/** Each call registers a channel of its own (numbered: the same ids on every run). */
let channels = 0;
async function batchId(): Promise<string> {
  const channelId = `policy-${++channels}`;
  const { apiKey } = channelCreatedSchema.parse((await admin.post('/api/admin/channels', { channelId, channelName: '정책방', allowedImageTypes: ['image/png'] })).body);
  const png = (await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64');
  const body = JSON.stringify({ deliveryId: 'p-1', images: [{ contentType: 'image/png', base64: png }] });
  const ts = String(Math.floor(now / 1000));
  const res = await server.client().request('POST', `/api/channels/${channelId}/webhook`, {
    body, headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': `sha256=${createHmac('sha256', apiKey).update(ts + body).digest('hex')}` },
  });
  expect(res.status).toBe(201);
  return channelDeliveryAnswerSchema.parse(res.body).id;
}

async function offers(after?: { body: unknown }): Promise<ModelOffer[]> {
  const res = await server.client().get(`/api/models/${MODEL}/offers?carrier=SKT&joinType=${encodeURIComponent('번호이동')}`, after ? minPosition(after) : undefined);
  return modelOffersSchema.parse(res.body).offers;
}

async function tableRow() {
  const terms = carrierTermsSchema.parse((await admin.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=SKT`)).body);
  return terms.subsidies.find((s) => s.joinType === '번호이동')!;
}

describe('price policies', () => {
  it('draft from a batch → approve (terms and offers re-priced, the application recorded) → revert (every figure as before)', async () => {
    const batch = await batchId();
    const row = await tableRow();
    const before = await offers();
    const today = koreanDay(now);
    const draft = await admin.post('/api/admin/price-policies', {
      sourceImageBatchId: batch, policyName: '11월 SKT 번호이동', description: '대리점 단가표', validFrom: today, validUntil: today,
      rows: [{ modelId: MODEL, storage: row.storage, carrier: 'SKT', joinType: '번호이동', planId: row.planId, subsidy: row.subsidy + 200_000 }],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = (draft.body as { id: string }).id;
    expect(pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`, minPosition(draft))).body)).toMatchObject({ status: 'draft', sourceImageBatchId: batch, applications: [] });

    const approved = await admin.post(`/api/admin/price-policies/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const during = await offers(approved);
    const changed = during.filter((o) => o.storage === row.storage && o.plan?.id === row.planId);
    expect(changed.length).toBeGreaterThan(0);
    for (const o of changed) expect(o.quote.discount === 'selective' || o.quote.subsidy === Math.min(row.subsidy + 200_000, o.quote.devicePrice - o.quote.extraSubsidy)).toBe(true);
    expect(JSON.stringify(during)).not.toEqual(JSON.stringify(before));
    const policy = pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`, minPosition(approved))).body);
    expect(policy.status).toBe('approved');
    expect(policy.applications).toEqual([expect.objectContaining({ result: 'applied', revertedAt: null, rows: [expect.objectContaining({ subsidy: row.subsidy + 200_000, previous: row.subsidy })] })]);
    expect((await tableRow())).toMatchObject({ subsidy: row.subsidy + 200_000, source: 'policy', validFrom: today, validUntil: today });
    expect((await admin.post(`/api/admin/price-policies/${id}/approve`)).status).toBe(409);

    const reverted = await admin.post(`/api/admin/price-policies/${id}/revert`, { reason: '단가표 오류' });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(await offers(reverted)).toEqual(before);
    expect((await tableRow())).toMatchObject({ subsidy: row.subsidy, validFrom: row.validFrom, validUntil: row.validUntil });
    const after = pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`, minPosition(reverted))).body);
    expect(after.status).toBe('reverted');
    expect(after.applications[0]).toMatchObject({ result: 'reverted', revertedBy: expect.any(String) });
    expect(after.history.map((h) => [h.status, h.note])).toEqual([['draft', null], ['approved', null], ['reverted', '단가표 오류']]);
    expect(pricePoliciesSchema.parse((await admin.get(`/api/admin/price-policies?batch=${batch}`)).body).policies.map((p) => p.id)).toEqual([id]);
  });

  it("a shop policy sets a shop's offers' 추가지원금; the revert restores each exactly; a used unit or an unknown offer is refused", async () => {
    const batch = await batchId();
    const before = await offers();
    const target = before.find((o) => o.condition === 'new')!;
    const today = koreanDay(now);
    const bad = await admin.post('/api/admin/price-policies', { sourceImageBatchId: batch, policyName: '판매점', validFrom: today, validUntil: today, shopRows: [{ offerId: 'no-such-offer', extraSubsidy: 1 }] });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors['shopRows.0']).toBe(POLICY_REQUEST_MESSAGES.offerNotFound);
    expect((await admin.post('/api/admin/price-policies', { sourceImageBatchId: batch, policyName: '빈 정책', validFrom: today, validUntil: today })).body)
      .toMatchObject({ errors: { rows: POLICY_REQUEST_MESSAGES.noRows } });
    const extra = target.quote.extraSubsidy + 70_000;
    const draft = await admin.post('/api/admin/price-policies', { sourceImageBatchId: batch, policyName: '강남점 추가지원', validFrom: today, validUntil: today, shopRows: [{ offerId: target.offerId, extraSubsidy: extra }] });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = (draft.body as { id: string }).id;
    const approved = await admin.post(`/api/admin/price-policies/${id}/approve`);
    expect(approved.status).toBe(200);
    expect((await offers(approved)).find((o) => o.offerId === target.offerId)!.quote.extraSubsidy).toBe(extra);
    const policy = pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`, minPosition(approved))).body);
    expect(policy.applications[0]!.shopRows).toEqual([{ offerId: target.offerId, extraSubsidy: extra, previous: target.quote.extraSubsidy, finalPrice: null, planId: null }]);
    const reverted = await admin.post(`/api/admin/price-policies/${id}/revert`, {});
    expect(reverted.status).toBe(200);
    expect(await offers(reverted)).toEqual(before);
  });

  it('the scheduler expires an approved policy at the end of its last Korean day and restores the figures', async () => {
    const batch = await batchId();
    const row = await tableRow();
    const before = await offers();
    const today = koreanDay(now);
    const draft = await admin.post('/api/admin/price-policies', {
      sourceImageBatchId: batch, policyName: '하루 정책', validFrom: today, validUntil: today,
      rows: [{ modelId: MODEL, storage: row.storage, carrier: 'SKT', joinType: '번호이동', planId: row.planId, subsidy: row.subsidy + 50_000 }],
    });
    const id = (draft.body as { id: string }).id;
    const approved = await admin.post(`/api/admin/price-policies/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(await offers(approved)).not.toEqual(before);
    now += 25 * 3_600_000; // past the end of the Korean day
    admin = await demoSignedIn(server, 'admin'); // a session does not outlive a day
    await expect.poll(async () => pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`)).body).status, { timeout: 10_000, interval: 200 }).toBe('expired');
    await expect.poll(async () => JSON.stringify(await offers()), { timeout: 10_000, interval: 200 }).toBe(JSON.stringify(before));
  });

  it("a 공시지원금 an admin sets with a validUntil ends with that Korean day: the figure before comes back (the scheduler)", async () => {
    const row = await tableRow();
    const before = await offers();
    const today = koreanDay(now);
    const set = await admin.request('PUT', '/api/admin/carrier-terms/subsidies', {
      body: { modelId: MODEL, storage: row.storage, carrier: 'SKT', joinType: '번호이동', planId: row.planId, subsidy: row.subsidy + 30_000, validFrom: today, validUntil: today },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await offers(set)).not.toEqual(before);
    now += 25 * 3_600_000;
    admin = await demoSignedIn(server, 'admin');
    await expect.poll(async () => (await tableRow()).subsidy, { timeout: 10_000, interval: 200 }).toBe(row.subsidy);
    expect(await tableRow()).toMatchObject({ source: 'expiry', validUntil: null });
    await expect.poll(async () => JSON.stringify(await offers()), { timeout: 10_000, interval: 200 }).toBe(JSON.stringify(before));
  });

  it('Korean errors: an unknown batch, a row on terms that do not exist, a validity ending before it starts; guests 401, buyers and sellers 403', async () => {
    const row = { modelId: MODEL, storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 1 };
    const base = { sourceImageBatchId: 'none', policyName: '정책', validFrom: '2026-11-01', validUntil: '2026-11-30', rows: [row] };
    expect((await admin.post('/api/admin/price-policies', base)).body).toMatchObject({ message: POLICY_REQUEST_MESSAGES.batchNotFound });
    const batch = await batchId();
    const noTerms = await admin.post('/api/admin/price-policies', { ...base, sourceImageBatchId: batch, rows: [{ ...row, joinType: '신규', storage: 1024 }] });
    expect(noTerms.status).toBe(400);
    expect(Object.keys((noTerms.body as { errors: Record<string, string> }).errors)).toEqual(['rows.0']);
    expect((await admin.post('/api/admin/price-policies', { ...base, sourceImageBatchId: batch, validUntil: '2026-10-01' })).body)
      .toMatchObject({ errors: { validUntil: POLICY_REQUEST_MESSAGES.validity } });
    // Issue 35: an impossible day is a Korean 400 naming its field (it used to roll over or reach the scheduler as an Invalid Date).
    for (const [field, day] of [['validFrom', '2026-13-45'], ['validFrom', '9999-99-99'], ['validUntil', '2027-02-31'], ['validUntil', '2026-11-31']] as const) {
      const impossible = await admin.post('/api/admin/price-policies', { ...base, sourceImageBatchId: batch, validFrom: '2026-11-01', validUntil: '2099-12-31', [field]: day });
      expect(impossible.status, `${field} ${day}`).toBe(400);
      expect((impossible.body as { errors: Record<string, string> }).errors[field], `${field} ${day}`)
        .toBe(`${field === 'validFrom' ? '적용 시작일' : '적용 종료일'}은 2026-11-30처럼 실제 있는 날짜로 입력해주세요.`);
    }

    const clients: Record<string, TestClient> = { guest: server.client(), user: await registeredBuyer(server, 'policy'), seller: await demoSignedIn(server, 'seller') };
    for (const [method, route, body] of [
      ['GET', '/api/admin/price-policies', undefined], ['GET', '/api/admin/price-policies/x', undefined], ['POST', '/api/admin/price-policies', base],
      ['POST', '/api/admin/price-policies/x/approve', undefined], ['POST', '/api/admin/price-policies/x/revert', {}],
    ] as const) {
      const statuses: Record<string, number> = {};
      for (const [role, c] of Object.entries(clients)) statuses[role] = (await c.request(method, route, { body, headers: { 'x-role': 'admin' } })).status;
      expect(statuses, `${method} ${route}`).toEqual({ guest: 401, user: 403, seller: 403 });
    }
  });

  it('a final-price row: the offer sells for that 할부원금 on that plan (추가지원금 = 출고가 − 공시지원금 − 할부원금); too high, no plan or a plan it lacks are refused; the revert restores it', async () => {
    const batch = await batchId();
    const before = await offers();
    const target = before.find((o) => o.condition === 'new' && o.plan !== null && o.quote.discount === 'subsidy' && o.quote.principal > 100_000)!;
    const planId = target.plan!.id;
    const finalPrice = target.quote.principal - 100_000;
    const today = koreanDay(now);
    const base = { sourceImageBatchId: batch, policyName: '성지 시세', validFrom: today, validUntil: today };
    const max = target.quote.devicePrice - target.quote.subsidy;
    const tooHigh = await admin.post('/api/admin/price-policies', { ...base, finalPriceRows: [{ offerId: target.offerId, planId, finalPrice: max + 1 }] });
    expect(tooHigh.status).toBe(400);
    expect((tooHigh.body as { errors: Record<string, string> }).errors['finalPriceRows.0']).toBe(
      `판매점 상품 ${target.offerId}의 최종가(할부원금)는 출고가에서 공시지원금을 뺀 ${max.toLocaleString('ko-KR')}원보다 클 수 없습니다.`,
    );
    expect((await admin.post('/api/admin/price-policies', { ...base, finalPriceRows: [{ offerId: target.offerId, finalPrice }] })).body)
      .toMatchObject({ errors: { 'finalPriceRows.0': '요금제 아이디를 입력해주세요. 할부원금은 요금제마다 다릅니다.' } });
    expect((await admin.post('/api/admin/price-policies', { ...base, finalPriceRows: [{ offerId: target.offerId, planId: 'no-plan', finalPrice }] })).body)
      .toMatchObject({ errors: { 'finalPriceRows.0': '이 상품에 없는 요금제입니다.' } });
    expect((await admin.post('/api/admin/price-policies', { ...base, finalPriceRows: [{ offerId: target.offerId, planId, finalPrice: -1 }] })).status).toBe(400);

    const draft = await admin.post('/api/admin/price-policies', { ...base, finalPriceRows: [{ offerId: target.offerId, planId, finalPrice }] });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = (draft.body as { id: string }).id;
    const approved = await admin.post(`/api/admin/price-policies/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const sold = (await offers(approved)).find((o) => o.offerId === target.offerId && o.plan?.id === planId)!;
    expect(sold.quote.principal).toBe(finalPrice);
    expect(sold.quote.extraSubsidy).toBe(target.quote.extraSubsidy + 100_000);
    const policy = pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`, minPosition(approved))).body);
    expect(policy.finalPriceRows).toEqual([{ offerId: target.offerId, planId, finalPrice, conditions: null }]);
    expect(policy.applications[0]!.shopRows).toEqual([{ offerId: target.offerId, extraSubsidy: target.quote.extraSubsidy + 100_000, previous: target.quote.extraSubsidy, finalPrice, planId }]);
    const reverted = await admin.post(`/api/admin/price-policies/${id}/revert`, {});
    expect(reverted.status).toBe(200);
    expect(await offers(reverted)).toEqual(before);
  });

  it('approved before its first day: scheduled (nothing changes), applied by the scheduler at the start of that Korean day; one reverted before its day never applies', async () => {
    const row = await tableRow();
    const before = await offers();
    const tomorrow = koreanDay(now + DAY_MS);
    const later = koreanDay(now + 4 * DAY_MS);
    const draftOf = async (name: string, subsidy: number) => {
      const res = await admin.post('/api/admin/price-policies', {
        sourceImageBatchId: await batchId(), policyName: name, validFrom: tomorrow, validUntil: later,
        rows: [{ modelId: MODEL, storage: row.storage, carrier: 'SKT', joinType: '번호이동', planId: row.planId, subsidy }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: string }).id;
    };
    const id = await draftOf('내일부터', row.subsidy + 80_000);
    const cancelledId = await draftOf('취소될 정책', row.subsidy + 90_000);
    const approved = await admin.post(`/api/admin/price-policies/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ changed: true, scheduled: true });
    expect(pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`, minPosition(approved))).body)).toMatchObject({ status: 'scheduled', applications: [] });
    expect(await offers(approved)).toEqual(before);
    expect(await tableRow()).toMatchObject({ subsidy: row.subsidy });
    const second = await admin.post(`/api/admin/price-policies/${cancelledId}/approve`);
    expect(second.body).toMatchObject({ scheduled: true });
    const cancelled = await admin.post(`/api/admin/price-policies/${cancelledId}/revert`, { reason: '단가 취소' });
    expect(cancelled.status).toBe(200);
    expect(pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${cancelledId}`, minPosition(cancelled))).body)).toMatchObject({ status: 'reverted', applications: [] });

    now += DAY_MS + 3_600_000; // into the first day (Korea)
    admin = await demoSignedIn(server, 'admin');
    await expect.poll(async () => pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`)).body).status, { timeout: 10_000, interval: 200 }).toBe('approved');
    const applied = pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${id}`)).body);
    expect(applied.applications).toEqual([expect.objectContaining({ result: 'applied', appliedBy: null, rows: [expect.objectContaining({ subsidy: row.subsidy + 80_000, previous: row.subsidy })] })]);
    await expect.poll(async () => (await tableRow()).subsidy, { timeout: 10_000, interval: 200 }).toBe(row.subsidy + 80_000);
    expect(pricePolicySchema.parse((await admin.get(`/api/admin/price-policies/${cancelledId}`)).body).status).toBe('reverted');
    const reverted = await admin.post(`/api/admin/price-policies/${id}/revert`, {});
    expect(reverted.status).toBe(200);
    expect(await offers(reverted)).toEqual(before);
  });

  it('a 공시지원금 from a later day waits in the schedule (offers keep today’s figure) and is set at the start of that day; one cancelled before never is', async () => {
    const row = await tableRow();
    const before = await offers();
    const tomorrow = koreanDay(now + DAY_MS);
    const body = { modelId: MODEL, storage: row.storage, carrier: 'SKT', joinType: '번호이동', planId: row.planId };
    const set = await admin.request('PUT', '/api/admin/carrier-terms/subsidies', { body: { ...body, subsidy: row.subsidy + 40_000, validFrom: tomorrow } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(subsidyAnswerSchema.parse(set.body)).toMatchObject({ changed: true, scheduled: true });
    const other = await admin.request('PUT', '/api/admin/carrier-terms/subsidies', { body: { ...body, subsidy: row.subsidy + 45_000, validFrom: koreanDay(now + 2 * DAY_MS) } });
    expect(subsidyAnswerSchema.parse(other.body).scheduled).toBe(true);
    const terms = carrierTermsSchema.parse((await admin.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=SKT`, minPosition(other))).body);
    expect(terms.scheduledSubsidies.filter((s) => s.planId === row.planId && s.storage === row.storage && s.joinType === '번호이동').map((s) => [s.validFrom, s.subsidy]))
      .toEqual([[tomorrow, row.subsidy + 40_000], [koreanDay(now + 2 * DAY_MS), row.subsidy + 45_000]]);
    expect(await tableRow()).toMatchObject({ subsidy: row.subsidy });
    expect(await offers(other)).toEqual(before);
    const cancel = await admin.post('/api/admin/carrier-terms/subsidies/scheduled/cancel', { ...body, validFrom: koreanDay(now + 2 * DAY_MS) });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const again = await admin.post('/api/admin/carrier-terms/subsidies/scheduled/cancel', { ...body, validFrom: koreanDay(now + 2 * DAY_MS) });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: '예약된 공시지원금 변경을 찾을 수 없습니다.' });

    now += 3 * DAY_MS; // past both days: only the one not cancelled is set
    admin = await demoSignedIn(server, 'admin');
    await expect.poll(async () => (await tableRow()).subsidy, { timeout: 10_000, interval: 200 }).toBe(row.subsidy + 40_000);
    expect(await tableRow()).toMatchObject({ validFrom: tomorrow, source: 'admin' });
    await expect.poll(async () => carrierTermsSchema.parse((await admin.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=SKT`)).body).scheduledSubsidies.length, { timeout: 10_000, interval: 200 }).toBe(0);
    await expect.poll(async () => JSON.stringify(await offers()) !== JSON.stringify(before), { timeout: 10_000, interval: 200 }).toBe(true);
  });
  it('issue 40: a shop row may require a plan and months: approved, the offer carries them and its 실부담 counts them; a row naming a plan the offer lacks is refused; the revert takes them away', async () => {
    const target = (await offers()).find((o) => o.condition === 'new' && o.plan && o.conditions.planKeep === null)!;
    const planId = target.plan!.id;
    const keep = { planKeep: { planId, months: 6 }, addOns: [{ name: '안심보험', monthlyFee: 5_000, months: 6 }] };
    const wrong = await admin.post('/api/admin/price-policies', {
      sourceImageBatchId: await batchId(), policyName: '조건 정책', validFrom: koreanDay(now), validUntil: koreanDay(now + 3 * DAY_MS),
      shopRows: [{ offerId: target.offerId, extraSubsidy: target.quote.extraSubsidy + 50_000, conditions: { planKeep: { planId: 'kt-5g-special', months: 6 } } }],
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('요금제 유지의 요금제는 이 상품이 받는 요금제 중 하나여야 합니다.');
    const drafted = await admin.post('/api/admin/price-policies', {
      sourceImageBatchId: await batchId(), policyName: '조건 정책', validFrom: koreanDay(now), validUntil: koreanDay(now + 3 * DAY_MS),
      shopRows: [{ offerId: target.offerId, extraSubsidy: target.quote.extraSubsidy + 50_000, conditions: keep }],
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    const id = (drafted.body as { id: string }).id;
    const approved = await admin.post(`/api/admin/price-policies/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const after = (await offers(approved)).find((o) => o.offerId === target.offerId)!;
    expect(after.conditions).toMatchObject(keep);
    expect(after.quote.extraSubsidy).toBe(target.quote.extraSubsidy + 50_000);
    expect(after.breakdown.find((l) => l.label === '부가서비스 안심보험')).toMatchObject({ amount: 30_000, payer: 'buyer' });
    expect(after.breakdown.reduce((sum, l) => sum + l.amount, 0)).toBe(after.quote.totalCost);
    const reverted = await admin.post(`/api/admin/price-policies/${id}/revert`, { reason: '조건 철회' });
    expect(reverted.status).toBe(200);
    await expect.poll(async () => (await offers(reverted)).find((o) => o.offerId === target.offerId)!.conditions.planKeep).toBeNull();
    const back = (await offers(reverted)).find((o) => o.offerId === target.offerId)!;
    expect(back.quote).toEqual(target.quote);
  });
});
