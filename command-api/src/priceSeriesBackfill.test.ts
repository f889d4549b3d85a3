import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams } from '@phonemarket/events';
import { seedCatalogue } from './seedCatalogue.ts';
import { onboardMarketSellers } from './features/sellers/marketSellers.ts';
import { seedCarrierTerms } from './features/carrierTerms/seedTerms.ts';
import { backfillPriceSeries } from './features/priceAlerts/priceAlertProcesses.ts';

/** Issue 42's backfill of price series, and issue 37: only what the process runner will not run itself. */
describe('backfillPriceSeries', () => {
  const ctx = (n = { i: 0 }) => ({
    actor: { userId: null, role: 'admin' as const }, correlationId: 'test', clock: () => new Date('2026-11-20T09:00:00Z'),
    newId: () => `00000000-0000-4000-9000-${String(++n.i).padStart(12, '0')}`,
  });
  async function seeded() {
    const store = openSqliteEventStore(':memory:');
    let seq = 0;
    const clock = () => new Date('2026-11-20T08:00:00Z');
    const newId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
    // As a start seeds them: the catalogue, its shops approved, the carrier terms.
    await seedCatalogue(store, clock, newId);
    await onboardMarketSellers(store, clock, newId);
    await seedCarrierTerms(store, clock, newId);
    return store;
  }
  const priced = async (store: Awaited<ReturnType<typeof seeded>>) => (await store.readAll({ types: ['PriceSeriesOfferPriced'] })).length;
  const backfilled = async (store: Awaited<ReturnType<typeof seeded>>) => (await store.readStream(streams.priceSeriesBackfill())).map((e) => e.data);

  it('a log whose runner ran past its offers before price alerts existed: each of those offers is priced into its series, once', async () => {
    const store = await seeded();
    const head = await store.headPosition();
    expect(await store.leases.claim('processRunner', 'old-runner', 60_000)).toBe(true);
    expect(await store.leases.saveCheckpoint('processRunner', 'old-runner', head)).toBe(true);
    await backfillPriceSeries(store, ctx());
    const listed = new Set((await store.readAll({ types: ['OfferListed'] })).map((e) => (e.data as { offerId: string }).offerId));
    expect(await priced(store)).toBeGreaterThan(0);
    expect(await backfilled(store)).toEqual([{ offers: listed.size }]);
    const after = await store.headPosition();
    await backfillPriceSeries(store, ctx());
    expect(await store.headPosition()).toBe(after);
    await store.close();
  });

  it('a new log (no runner checkpoint): the runner will price every offer itself, so the backfill prices none', async () => {
    const store = await seeded();
    await backfillPriceSeries(store, ctx());
    expect(await priced(store)).toBe(0);
    expect(await backfilled(store)).toEqual([{ offers: 0 }]);
    await store.close();
  });
});
