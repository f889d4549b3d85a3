import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams, type EventStore, type OfferListed } from '@phonemarket/events';
import type { CARRIERS } from '@phonemarket/contracts';
import { seedCatalogue } from './seedCatalogue.ts';
import { handleCommand, type CommandContext } from './shared/commandHandler.ts';
import { seedCarrierTerms } from './features/carrierTerms/seedTerms.ts';
import { subsidyTableDecider } from './features/carrierTerms/carrierTerms.ts';
import { loadOfferForSale } from './features/offers/public.ts';
import { onboardMarketSellers, sellerDecider } from './features/sellers/public.ts';
import { offerInSeries } from './features/priceAlerts/priceAlertProcesses.ts';
import type { SeriesTerms } from './features/priceAlerts/priceSeries.ts';

/**
 * Issue 37: `priceSeriesOffer` prices an offer from its own fold, its seller, its carrier terms and its
 * own plans only (it read every catalogue plan of the carrier per offer event, through
 * `loadOfferForSale`). What it puts in the series must be what that full lookup gave, offer by offer.
 */
describe('offerInSeries: an offer priced from its own plans is priced as the full lookup prices it', () => {
  let seq = 0;
  const ctx: CommandContext = {
    actor: { userId: null, role: 'admin' }, correlationId: 'test', clock: () => new Date('2026-11-20T08:00:00Z'),
    newId: () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  };

  /** The series' terms of an offer as `priceSeriesOffer` computed them before (from `loadOfferForSale`). */
  async function fullLookup(store: EventStore, offerId: string): Promise<SeriesTerms | null | undefined> {
    const sale = await loadOfferForSale(store, offerId);
    if (!sale || sale.offer.condition !== 'new') return undefined;
    if (!(sale.onSale && sale.stockLeft > 0)) return null;
    return { price: sale.offer.price, extraSubsidy: sale.offer.extraSubsidy, plans: sale.offer.plans, fees: Object.fromEntries(sale.planFees) };
  }

  it('every seeded offer, with a seller suspended, a 공시지원금 changed and a plan without a fee: the same terms, or out of the series alike', async () => {
    const store = openSqliteEventStore(':memory:');
    await seedCatalogue(store, ctx.clock, ctx.newId);
    await onboardMarketSellers(store, ctx.clock, ctx.newId);
    await seedCarrierTerms(store, ctx.clock, ctx.newId);
    const offers = (await store.readAll({ types: ['OfferListed'] })).map((e) => e.data as OfferListed);
    const newUnits = offers.filter((o) => o.condition === 'new' && o.joinType !== null && o.plans.length > 0);
    // A seller suspended: their offers leave their series.
    const suspended = newUnits[0]!.sellerId;
    await handleCommand(store, streams.seller(suspended), sellerDecider, { type: 'ChangeSellerStatus', status: 'suspended', reason: null }, ctx);
    // A 공시지원금 changed on one table: its offers are priced with it (the carrier terms over the offer's own).
    const termed = newUnits.find((o) => o.sellerId !== suspended)!;
    const table = { modelId: termed.modelId, storage: termed.storage, carrier: termed.carrier as (typeof CARRIERS)[number], joinType: termed.joinType! };
    await handleCommand(store, streams.subsidyTable(table), subsidyTableDecider, {
      type: 'SetSubsidy', table, planId: termed.plans[0]!.planId, subsidy: 123_000, validFrom: null, validUntil: null, source: { kind: 'admin', ref: null }, today: '2026-11-20',
    }, ctx);
    // An offer naming a plan that has no stream (no fee): priced on its other plans alike.
    const unknownPlan: OfferListed = { ...termed, offerId: `${termed.offerId}-unknown-plan`, plans: [...termed.plans, { planId: 'no-such-plan', subsidy: 0 }] };
    await store.append(streams.offer(unknownPlan.offerId), [{ id: '00000000-0000-4000-9000-000000000001', type: 'OfferListed', data: unknownPlan, metadata: { actor: ctx.actor, correlationId: 'test', causationId: null, at: '2026-11-20T08:00:00.000Z' } }], { expectedRevision: 'no_stream' });

    let inSeries = 0;
    let out = 0;
    for (const offer of [...offers, unknownPlan]) {
      const before = await fullLookup(store, offer.offerId);
      const now = await offerInSeries(store, offer.offerId);
      expect(now?.terms, offer.offerId).toEqual(before);
      if (now) expect(now.series).toEqual({ modelId: offer.modelId, storage: offer.storage, carrier: offer.carrier, joinType: offer.joinType });
      if (now?.terms) inSeries++;
      else if (now) out++;
    }
    // The cases above were met: offers in their series, out of them (the suspended seller's), the changed 공시지원금.
    expect(inSeries).toBeGreaterThan(10);
    expect(out).toBeGreaterThan(0);
    expect((await offerInSeries(store, termed.offerId))?.terms?.plans[0]?.subsidy).toBe(123_000);
    expect(Object.keys((await offerInSeries(store, unknownPlan.offerId))!.terms!.fees)).not.toContain('no-such-plan');
    await store.close();
  });
});
