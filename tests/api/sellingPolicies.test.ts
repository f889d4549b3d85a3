import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOffersSchema, type ModelOffer } from '@phonemarket/contracts';
import { carrierTermsSchema } from '@phonemarket/contracts/carrierTerms.ts';
import { channelCreatedSchema, channelDeliveryAnswerSchema } from '@phonemarket/contracts/channels.ts';
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
const koreanDay = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);

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
    expect(policy.applications[0]!.shopRows).toEqual([{ offerId: target.offerId, extraSubsidy: extra, previous: target.quote.extraSubsidy }]);
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
});
