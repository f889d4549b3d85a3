import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelDetailSchema, modelListSchema, type ModelOffers } from '@phonemarket/contracts';
import { calculatorPhonesSchema } from '@phonemarket/contracts/calculator.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** Issue 30 §5: the price calculator's phones are the models the shop sells, one per storage, at the model's 출고가. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const get = async (path: string) => server.client().get(path);

describe('GET /api/calculator/phones', () => {
  it('answers one phone per model × storage, each at the model\'s 출고가 for that storage', async () => {
    const res = await get('/api/calculator/phones');
    expect(res.status).toBe(200);
    const { phones } = calculatorPhonesSchema.parse(res.body);
    const models = modelListSchema.parse((await get('/api/models?limit=100')).body);
    expect(models.total).toBeLessThanOrEqual(100);
    const expected: string[] = [];
    for (const m of models.models) {
      const detail = modelDetailSchema.parse((await get(`/api/models/${m.id}`)).body);
      for (const v of detail.variants) {
        expected.push(`${m.id}:${v.storage}`);
        const phone = phones.find((p) => p.id === `${m.id}:${v.storage}`);
        expect(phone, `${m.id} ${v.storage}`).toBeDefined();
        expect(phone!.releasePrice).toBe(v.releasePrice);
        expect(phone!.name.startsWith(m.name)).toBe(true);
        expect(phone!.modelId).toBe(m.id);
      }
    }
    expect(phones.map((p) => p.id).sort()).toEqual(expected.sort());
    expect(new Set(phones.map((p) => p.id)).size).toBe(phones.length);
  });

  it('carries the carriers\' 공시지원금 per plan, as the offers of that model and storage price it', async () => {
    const { phones } = calculatorPhonesSchema.parse((await get('/api/calculator/phones')).body);
    const phone = phones.find((p) => p.modelId === 'galaxy-s26-ultra' && p.storage === 256)!;
    const plans = Object.keys(phone.subsidies);
    expect(plans.length).toBeGreaterThan(0);
    for (const planId of plans) {
      const res = await get(`/api/models/galaxy-s26-ultra/offers?storage=256&plan=${planId}&discount=subsidy`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const offers = (res.body as ModelOffers).offers
        .filter((o) => o.condition === 'new');
      expect(offers.length).toBeGreaterThan(0);
      // Each offer's 공시지원금 is the phone's (less only where the 추가지원금 already covers the 출고가).
      for (const o of offers) expect(o.quote.subsidy).toBe(Math.min(phone.subsidies[planId]!, o.quote.devicePrice - o.quote.extraSubsidy));
    }
  });

  it('is a public read: the same answer for a guest, without a session', async () => {
    const a = await get('/api/calculator/phones');
    const b = await server.client().get('/api/calculator/phones', { Cookie: 'sid=nobody' });
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });
});
