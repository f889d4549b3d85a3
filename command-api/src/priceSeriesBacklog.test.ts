import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams, toNewEvent, type DomainEvent, type EventStore, type OfferListed } from '@phonemarket/events';
import { seedCatalogue } from './seedCatalogue.ts';
import { handleCommand, loadAggregate, type CommandContext } from './shared/commandHandler.ts';
import { startCommandProcessRunner } from './processes.ts';
import { seedCarrierTerms } from './features/carrierTerms/seedTerms.ts';
import { onboardMarketSellers, sellerDecider } from './features/sellers/public.ts';
import { offerInSeries, seriesKey } from './features/priceAlerts/priceAlertProcesses.ts';
import { priceSeriesDecider } from './features/priceAlerts/priceSeries.ts';
import { getIn } from './features/priceAlerts/chunkedMap.ts';

/**
 * Issue 37: a first start on a market's log runs the whole log through the process runner. The series
 * process prices an offer as it is now, so an offer event followed in the log by a price change of the
 * same offer sends nothing (the change does it), and a seller onboarded before listing leaves its later
 * listings to price themselves. The series must end as one-by-one pricing leaves them: each offer as it
 * is now.
 */
describe('the series of a backlog, its events of one offer coalesced', () => {
  const clock = () => new Date('2026-11-20T08:00:00Z');
  const ctx: CommandContext = { actor: { userId: null, role: 'admin' }, correlationId: 'test', clock, newId: randomUUID };
  const meta = { actor: ctx.actor, correlationId: 'test', causationId: null, at: '2026-11-20T08:00:00.000Z' };
  const append = (store: EventStore, stream: string, event: DomainEvent) => store.append(stream, [toNewEvent(event, randomUUID(), meta)], { expectedRevision: 'any' });

  /** The series' offers as the series stream's fold holds them, against each offer as `offerInSeries` prices it now. */
  async function seriesMatchOffers(store: EventStore, offerIds: readonly string[]) {
    for (const offerId of offerIds) {
      const now = await offerInSeries(store, offerId);
      if (!now) continue;
      const series = (await loadAggregate(store, streams.priceSeries(seriesKey(now.series)), priceSeriesDecider)).state;
      expect(getIn(series.chunks, offerId)?.terms ?? null, offerId).toEqual(now.terms);
    }
  }
  /** The events whose processes priced `offerId` into its series (each `PriceSeriesOfferPriced`'s cause). */
  const pricedBy = async (store: EventStore, offerId: string) =>
    (await store.readAll({ types: ['PriceSeriesOfferPriced'] })).filter((e) => (e.data as { offerId: string }).offerId === offerId).map((e) => e.metadata.causationId);
  const lastEventOf = async (store: EventStore, offerId: string) => (await store.readStream(streams.offer(offerId))).at(-1)!.id;

  it('three price changes of an offer in the backlog: priced once, as the last change left it; a seller onboarded before its listing: the listing prices it; later changes live as before', async () => {
    const store = openSqliteEventStore(':memory:');
    await seedCatalogue(store, clock, randomUUID);
    await onboardMarketSellers(store, clock, randomUUID);
    await seedCarrierTerms(store, clock, randomUUID);
    const offers = (await store.readAll({ types: ['OfferListed'] })).map((e) => e.data as OfferListed);
    const changed = offers.filter((o) => o.condition === 'new' && o.plans.length > 0).slice(0, 5);
    for (const o of changed) {
      for (const extra of [10_000, 20_000, 30_000]) {
        await append(store, streams.offer(o.offerId), { type: 'OfferPriceChanged', data: { offerId: o.offerId, price: o.price, extraSubsidy: o.extraSubsidy + extra, effectiveAt: meta.at } });
      }
    }
    // A new shop onboarded, then its offer listed (the market's log): the seller's event leaves the offer to its listing.
    await handleCommand(store, streams.seller('new-shop'), sellerDecider, {
      type: 'RegisterSeller', initialStatus: 'approved', storeId: 'store-new-shop', sellerId: 'new-shop', userId: null, applicationId: null,
      name: '새 가게', email: 'new-shop@example.kr', phone: null, businessNumber: null, storeName: '새폰', storeDescription: null,
    }, ctx);
    const newShops: OfferListed = { ...changed[0]!, offerId: 'offer-of-new-shop', sellerId: 'new-shop' };
    await append(store, streams.offer(newShops.offerId), { type: 'OfferListed', data: newShops });

    const runner = await startCommandProcessRunner(store, { clock, newId: randomUUID, timerPollMs: 0 });
    expect(await runner.waitThrough(await store.headPosition(), 60_000)).toBe(true);
    const all = [...offers.map((o) => o.offerId), newShops.offerId];
    await seriesMatchOffers(store, all);
    // Priced once each, by the offer's last event of the backlog (its listing and first two changes sent nothing), and
    // the new shop's offer by its listing, not by the seller's onboarding before it.
    for (const o of changed) expect(await pricedBy(store, o.offerId), o.offerId).toEqual([await lastEventOf(store, o.offerId)]);
    expect(await pricedBy(store, newShops.offerId)).toEqual([await lastEventOf(store, newShops.offerId)]);
    expect((await offerInSeries(store, changed[0]!.offerId))?.terms?.extraSubsidy).toBe(changed[0]!.extraSubsidy + 30_000);

    // Live: each change is its own last, so each is priced.
    await append(store, streams.offer(changed[0]!.offerId), { type: 'OfferPriceChanged', data: { offerId: changed[0]!.offerId, price: changed[0]!.price, extraSubsidy: 0, effectiveAt: meta.at } });
    expect(await runner.waitThrough(await store.headPosition(), 60_000)).toBe(true);
    await seriesMatchOffers(store, [changed[0]!.offerId]);
    expect((await pricedBy(store, changed[0]!.offerId)).at(-1)).toBe(await lastEventOf(store, changed[0]!.offerId));
    await runner.close();
    await store.close();
  });
});
