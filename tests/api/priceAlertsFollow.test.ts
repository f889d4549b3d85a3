import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOffersSchema, priceAlertsSchema, priceWatchSchema } from '@phonemarket/contracts';
import { ADMIN_CARRIER_TERMS_PATH, carrierTermsSchema } from '@phonemarket/contracts/carrierTerms.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { until } from '../support/until.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Issue 42 §2: the price an alert watches (the command side's series market) follows what moves a
 * series besides offers and carrier terms: a plan's monthly fee changed, and a seller suspended and
 * reinstated (their offers leave the series and come back). Each firing here happens only if the
 * series moved on that change: without it the price the runner knows stays where it was.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
});
afterAll(async () => {
  await server?.close();
});

const q = encodeURIComponent;
const alertsOf = async (c: TestClient) => priceAlertsSchema.parse((await c.get('/api/me/alerts')).body).alerts;

/** A model's default series (its cheapest carrier one), its lowest now and a reader of it after a write. */
async function seriesOf(modelId: string) {
  const { storage, carrier, joinType } = priceWatchSchema.parse((await server.client().get(`/api/models/${modelId}/price-watch`)).body).series;
  const path = `/api/models/${modelId}/price-watch?storage=${storage}&carrier=${q(carrier)}&joinType=${q(joinType!)}`;
  const currentAfter = async (res?: { body: unknown }) => priceWatchSchema.parse((await server.client().get(path, res ? minPosition(res) : undefined)).body).current!;
  const offers = modelOffersSchema.parse((await server.client().get(`/api/models/${modelId}/offers?storage=${storage}&carrier=${q(carrier)}&joinType=${q(joinType!)}&condition=new`)).body).offers;
  return { filter: { modelId, storage, carrier, joinType }, currentAfter, cheapest: offers[0]!, offers };
}

describe('price alerts follow plan fees and sellers’ standing', () => {
  it('a lower monthly fee of the plan the lowest is priced on crosses the target: the alert fires with the new lowest', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const series = await seriesOf('galaxy-s25');
    const before = await series.currentAfter();
    const buyer = await registeredBuyer(server, 'plan-fee');
    const set = await buyer.post('/api/me/alerts', { ...series.filter, rule: { kind: 'target', unit: 'total', target: before - 1 } });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const alertId = (set.body as { id: string }).id;

    const plan = carrierTermsSchema.parse((await admin.get(`/api/admin/carrier-terms?carrier=${q(series.filter.carrier)}`)).body).plans.find((p) => p.planId === series.cheapest.plan!.id)!;
    const body = { name: plan.name, monthlyFee: plan.monthlyFee - 20_000, data: plan.data, voice: plan.voice, sms: plan.sms, benefits: plan.benefits };
    const changed = await admin.request('PUT', `${ADMIN_CARRIER_TERMS_PATH}/plans/${plan.planId}`, { body });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const lowered = await series.currentAfter(changed);
    expect(lowered).toBeLessThan(before - 1);

    const firing = await until('the firing', async () => (await alertsOf(buyer)).find((a) => a.id === alertId)?.firings[0]);
    // The command side priced the series as the read side does: the same lowest, with an offer.
    expect(firing).toMatchObject({ total: lowered, delivered: true, offerId: expect.any(String) });
  }, 60_000);

  it('the lowest offer’s seller suspended takes it out of the series; reinstated, it comes back and crosses the target', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const series = await seriesOf('galaxy-s26-ultra');
    const lowest = await series.currentAfter();
    const sellerId = series.cheapest.seller.id;
    // The series without this seller's units: dearer (else the suspension moves nothing and the test says nothing).
    const others = series.offers.filter((o) => o.seller.id !== sellerId);
    expect(others.length).toBeGreaterThan(0);

    const buyer = await registeredBuyer(server, 'standing');
    // A target the price is inside now: set inside, it has not crossed, so it waits.
    const set = await buyer.post('/api/me/alerts', { ...series.filter, rule: { kind: 'target', unit: 'total', target: lowest } });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const alertId = (set.body as { id: string }).id;

    const suspended = await admin.request('PUT', `/api/sellers/${sellerId}`, { body: { status: 'suspended', reason: '점검' } });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    const without = await series.currentAfter(suspended);
    expect(without).toBeGreaterThan(lowest);

    const reinstated = await admin.request('PUT', `/api/sellers/${sellerId}`, { body: { status: 'approved' } });
    expect(reinstated.status, JSON.stringify(reinstated.body)).toBe(200);
    expect(await series.currentAfter(reinstated)).toBe(lowest);

    // Back below the others' lowest, inside the target: one firing, on the reinstated seller's offer.
    const firing = await until('the firing', async () => (await alertsOf(buyer)).find((a) => a.id === alertId)?.firings[0]);
    expect(firing).toMatchObject({ total: lowest, delivered: true });
    expect(series.offers.find((o) => o.offerId === firing.offerId)?.seller.id).toBe(sellerId);
    expect((await alertsOf(buyer)).find((a) => a.id === alertId)!.firings).toHaveLength(1);
  }, 60_000);
});
