import { CARRIERS, JOIN_TYPES, PRICE_ALERT_REMINDER_DAYS, UNLOCKED, type JoinType, type OfferCarrier } from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { handleCommand, loadAggregate, type CommandContext, type CommandResult } from '../../shared/commandHandler.ts';
import { defineProcess, sendTo, type ProcessCommand, type Timer } from '../../shared/process.ts';
import { runnerStartingPosition } from '../../shared/processRunner.ts';
import { loadOfferForSale, offerDecider } from '../offers/public.ts';
import { restockAlertsDecider } from './restockAlerts.ts';
import { entriesOf } from './chunkedMap.ts';
import { priceAlertIndexDecider } from './priceAlertIndex.ts';
import { priceAlertsDecider, watches, type PriceAlertsState, type SeriesPrice } from './priceAlerts.ts';
import { priceSeriesDecider, type SeriesIdentity } from './priceSeries.ts';

const DAY_MS = 86_400_000;
type OfferState = ReturnType<typeof offerDecider.initialState>;
export const seriesKey = (s: SeriesIdentity) => `${s.modelId}|${s.storage}|${s.carrier}|${s.joinType ?? '자급제'}`;
const seriesStream = (s: SeriesIdentity) => streams.priceSeries(seriesKey(s));

/** Several commands' results as one (the runner records the last position). */
function together(results: CommandResult<unknown>[], fallback: bigint): CommandResult<unknown> {
  return {
    state: null, written: results.reduce((n, r) => n + r.written, 0), events: results.flatMap((r) => r.events),
    position: results.reduce((p, r) => (r.position > p ? r.position : p), fallback),
  };
}

/**
 * An offer's event moves it in its series (issue 42): the offer as priced now (its terms in force,
 * its plans' fees, from their streams) when it is a new unit on sale, else out of the series.
 */
function priceInSeries(offerId: string): ProcessCommand {
  const command = { type: 'PriceSeriesOffer' };
  return {
    stream: `offer-${offerId}`,
    command,
    async send(store: EventStore, ctx: CommandContext) {
      const sale = await loadOfferForSale(store, offerId);
      if (!sale || sale.offer.condition !== 'new') return { state: null, position: 0n, written: 0, events: [] };
      const { modelId, storage, carrier, joinType } = sale.offer;
      const series: SeriesIdentity = { modelId, storage, carrier, joinType };
      const onSale = sale.onSale && sale.stockLeft > 0;
      const terms = onSale ? { price: sale.offer.price, extraSubsidy: sale.offer.extraSubsidy, plans: sale.offer.plans, fees: Object.fromEntries(sale.planFees) } : null;
      return handleCommand(store, seriesStream(series), priceSeriesDecider, { type: 'PriceSeriesOffer', series, offerId, terms }, ctx);
    },
  };
}

/**
 * A log written before price alerts (its offers listed, the runner's checkpoint past them): each
 * offer listed below the runner's checkpoint is priced into its series once, then
 * `PriceSeriesBackfilled` says so and later starts read one stream. Runs with the seeds at start; the
 * runner prices what lies above its checkpoint (all of a new log's offers: issue 37, a first start on
 * 50,000 offers priced each twice, here before the server answered and again in the runner), and what
 * is appended meanwhile (the same terms again change nothing).
 */
export async function backfillPriceSeries(store: EventStore, ctx: CommandContext): Promise<void> {
  const marker = streams.priceSeriesBackfill();
  if ((await store.readStream(marker)).length > 0) return;
  const runnerFrom = await runnerStartingPosition(store);
  const listed = runnerFrom > 0n ? await store.readAll({ types: ['OfferListed'] }) : [];
  const offerIds = [...new Set(listed.filter((e) => e.position <= runnerFrom).map((e) => (e.data as { offerId: string }).offerId))];
  for (const offerId of offerIds) await priceInSeries(offerId).send(store, { ...ctx, processKey: `priceSeriesBackfill|${offerId}` });
  await handleCommand(store, marker, backfillDecider, { type: 'RecordBackfill', offers: offerIds.length }, ctx);
}
const backfillDecider = {
  initialState: () => false,
  evolve: () => true,
  decide: (command: { type: 'RecordBackfill'; offers: number }, done: boolean) => (done ? [] : [{ type: 'PriceSeriesBackfilled' as const, data: { offers: command.offers } }]),
};

const OFFER_EVENTS = ['OfferListed', 'OfferPriceChanged', 'OfferDeactivated', 'OfferReactivated', 'OfferStockReserved', 'OfferStockReleased', 'OfferRestocked'] as const;

/** Offers priced, taken off or put on sale, sold out and restocked (a policy applied or reverted is a price change): each moves in its series. */
export const seriesOfferProcess = defineProcess<null, (typeof OFFER_EVENTS)[number]>({
  name: 'priceSeriesOffer',
  reactsTo: OFFER_EVENTS,
  initialState: () => null,
  evolve: (state) => state,
  decide: (event) => [priceInSeries(event.data.offerId)],
});

/** The carrier terms (issue 27) re-price a series at once: a table's 공시지원금 its series, a 출고가 every series of the variant. */
export const seriesTermsProcess = defineProcess<null, 'SubsidySet' | 'SubsidyTableSeeded' | 'ReleasePriceSet'>({
  name: 'priceSeriesTerms',
  reactsTo: ['SubsidySet', 'SubsidyTableSeeded', 'ReleasePriceSet'],
  initialState: () => null,
  evolve: (state) => state,
  decide(event) {
    const d = event.data;
    if (event.type === 'ReleasePriceSet') {
      const all: SeriesIdentity[] = [
        ...CARRIERS.flatMap((carrier) => JOIN_TYPES.map((joinType) => ({ modelId: d.modelId, storage: d.storage, carrier: carrier as OfferCarrier, joinType: joinType as JoinType | null }))),
        { modelId: d.modelId, storage: d.storage, carrier: UNLOCKED, joinType: null },
      ];
      return all.map((series) => sendTo(seriesStream(series), priceSeriesDecider, { type: 'ChangeSeriesReleasePrice', series, releasePrice: event.data.releasePrice }));
    }
    const series: SeriesIdentity = { modelId: event.data.modelId, storage: event.data.storage, carrier: event.data.carrier, joinType: event.data.joinType };
    const plans = event.type === 'SubsidySet' ? [{ planId: event.data.planId, subsidy: event.data.subsidy }] : event.data.plans;
    return plans.map((p) => sendTo(seriesStream(series), priceSeriesDecider, { type: 'ChangeSeriesSubsidy', series, planId: p.planId, subsidy: p.subsidy }));
  },
});

/**
 * A series' lowest moved: its model's index says whose alerts watch it, and each of those buyers'
 * alerts decide on it (one command per buyer: the daily cap is theirs). Alerts of other models are
 * not read.
 */
export const priceAlertFanoutProcess = defineProcess<null, 'PriceSeriesLowestChanged'>({
  name: 'priceAlertFanout',
  reactsTo: ['PriceSeriesLowestChanged'],
  initialState: () => null,
  evolve: (state) => state,
  decide(event) {
    const price: SeriesPrice = { ...event.data };
    const index = streams.priceAlertIndex(price.modelId);
    return [{
      stream: index,
      command: { type: 'ObservePrice' },
      async send(store, ctx) {
        const { state, position } = await loadAggregate(store, index, priceAlertIndexDecider);
        const buyers = new Set<string>();
        for (const [, a] of entriesOf(state.alerts)) if (watches(a.filter, price)) buyers.add(a.userId);
        const results = await Promise.all([...buyers].map((userId) => handleCommand(store, streams.priceAlerts(userId), priceAlertsDecider, { type: 'ObservePrice', price }, ctx)));
        return together(results, position);
      },
    }];
  },
});

type AlertEvent = 'PriceAlertSet' | 'PriceAlertRenewed' | 'PriceAlertDeleted' | 'PriceAlertExpired';

/** An alert set or renewed is indexed under its model with its expiry (and one reminder) as timers; deleted or expired, it leaves the index. */
export const priceAlertLifeProcess = defineProcess<PriceAlertsState, AlertEvent>({
  name: 'priceAlertLife',
  reactsTo: ['PriceAlertSet', 'PriceAlertRenewed', 'PriceAlertDeleted', 'PriceAlertExpired'],
  initialState: priceAlertsDecider.initialState,
  evolve: priceAlertsDecider.evolve,
  decide(event, state) {
    const userId = streams.priceAlertsOwner(event.stream);
    const alertId = event.data.alertId;
    const known = Object.hasOwn(state.alerts, alertId) ? state.alerts[alertId] : undefined;
    switch (event.type) {
      case 'PriceAlertSet':
        return [sendTo(streams.priceAlertIndex(event.data.filter.modelId), priceAlertIndexDecider, { type: 'IndexPriceAlert', alertId, userId, filter: event.data.filter })];
      case 'PriceAlertRenewed':
        return known ? [sendTo(streams.priceAlertIndex(known.filter.modelId), priceAlertIndexDecider, { type: 'IndexPriceAlert', alertId, userId, filter: known.filter })] : [];
      case 'PriceAlertDeleted':
      case 'PriceAlertExpired':
        return [sendTo(streams.priceAlertIndex(event.data.modelId), priceAlertIndexDecider, { type: 'UnindexPriceAlert', alertId })];
    }
  },
  schedule(event): Timer[] {
    if (event.type !== 'PriceAlertSet' && event.type !== 'PriceAlertRenewed') return [];
    const { alertId, expiresAt } = event.data;
    const remindAt = new Date(Date.parse(expiresAt) - PRICE_ALERT_REMINDER_DAYS * DAY_MS).toISOString();
    return [
      { dueAt: remindAt, send: sendTo(event.stream, priceAlertsDecider, { type: 'RemindPriceAlertExpiry', alertId, expiresAt }) },
      { dueAt: expiresAt, send: sendTo(event.stream, priceAlertsDecider, { type: 'ExpirePriceAlert', alertId, expiresAt }) },
    ];
  },
});

type UnitsBack = 'OfferListed' | 'OfferRestocked' | 'OfferStockReleased' | 'OfferReactivated';
const onSaleWithUnits = (s: OfferState) => s.status === 'listed' && s.active && s.stockLeft > 0;

/**
 * 재입고 알림 (issue 42 §3): an offer whose units come back (restocked, released by a cancel, put on
 * sale again) tells those waiting for it and for its model; a new listing with units, those waiting
 * for its model.
 */
export const restockAlertProcess = defineProcess<OfferState, UnitsBack>({
  name: 'restockAlert',
  reactsTo: ['OfferListed', 'OfferRestocked', 'OfferStockReleased', 'OfferReactivated'],
  initialState: offerDecider.initialState,
  evolve: offerDecider.evolve,
  decide(event, before) {
    const after = offerDecider.evolve(before, event);
    if (after.status !== 'listed' || !onSaleWithUnits(after) || onSaleWithUnits(before)) return [];
    const { modelId, offerId } = after.offer;
    return [
      ...(event.type === 'OfferListed' ? [] : [sendTo(streams.restockAlerts(`offer:${offerId}`), restockAlertsDecider, { type: 'SendRestockAlerts', modelId, offerId })]),
      sendTo(streams.restockAlerts(`model:${modelId}`), restockAlertsDecider, { type: 'SendRestockAlerts', modelId, offerId }),
    ];
  },
});
