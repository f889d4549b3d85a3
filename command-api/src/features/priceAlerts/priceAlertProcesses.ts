import { CARRIERS, JOIN_TYPES, PRICE_ALERT_REMINDER_DAYS, UNLOCKED, type JoinType, type OfferCarrier, type PriceAlertRule } from '@phonemarket/contracts';
import { streams, type EventStore, type EventType, type PriceAlertFilter, type StoredEvent } from '@phonemarket/events';
import { handleCommand, handleCommandsTogether, loadAggregate, loadAggregates, type CommandContext, type CommandResult } from '../../shared/commandHandler.ts';
import { defineProcess, sendTo, type ProcessCommand, type Timer } from '../../shared/process.ts';
import { runnerStartingPosition } from '../../shared/processRunner.ts';
import { loadOfferSeriesTerms, offerDecider } from '../offers/public.ts';
import { restockAlertsDecider } from './restockAlerts.ts';
import { offersOfSeller, seriesTakingPlan } from './offerListings.ts';
import { alertsCrossedBy, priceAlertIndexDecider } from './priceAlertIndex.ts';
import { priceAlertsDecider, type PriceAlertsState, type SeriesPrice } from './priceAlerts.ts';
import { priceSeriesDecider, seriesTermsOf, type PriceSeriesCommand, type SeriesIdentity, type SeriesTerms } from './priceSeries.ts';

const DAY_MS = 86_400_000;
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
 * Where an offer stands in its series now: its series and its terms there (its terms in force, its own
 * plans' fees, from their streams) while it is a new unit on sale, null terms when it is out of it; null
 * when it is in no series (not listed, or no new unit).
 */
export async function offerInSeries(store: EventStore, offerId: string): Promise<{ series: SeriesIdentity; terms: SeriesTerms | null } | null> {
  const sale = await loadOfferSeriesTerms(store, offerId);
  if (!sale || sale.offer.condition !== 'new') return null;
  const { modelId, storage, carrier, joinType } = sale.offer;
  return { series: { modelId, storage, carrier, joinType }, terms: sale.priced && seriesTermsOf(sale.priced.offer, sale.priced.planFees) };
}

/** An offer's event moves it in its series (issue 42): in it as priced now when it is a new unit on sale, else out of it. */
function priceInSeries(offerId: string, trigger?: { position: bigint; revision?: bigint }): ProcessCommand {
  const command = { type: 'PriceSeriesOffer' };
  return {
    stream: `offer-${offerId}`,
    command,
    async send(store: EventStore, ctx: CommandContext) {
      const nothing = { state: null, position: 0n, written: 0, events: [] };
      // It prices the offer as it is now, so a price change of the offer after the trigger, already in the log
      // (a backlog: a first start on a market's log), will send the same or newer: that one does it. The log
      // keeps it, and the runner's checkpoint cannot pass it before it ran, so a stop or a takeover loses nothing.
      if (trigger && (await store.readStream(streams.offer(offerId), { from: trigger.revision === undefined ? 0n : trigger.revision + 1n })).some((e) => e.type === 'OfferPriceChanged' && e.position > trigger.position)) return nothing;
      const now = await offerInSeries(store, offerId);
      if (!now) return nothing;
      return handleCommand(store, seriesStream(now.series), priceSeriesDecider, { type: 'PriceSeriesOffer', series: now.series, offerId, terms: now.terms }, ctx);
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

/** Buyers whose alert states a start folds ahead (the folds a decider keeps are 10,000 streams; the most recent buyers first). */
const WARM_BUYERS = 5_000;

/**
 * The buyers' alert states and the models' alert indexes folded once at start (issue 42): a series'
 * move then reads only what was appended to them since (one query for all the buyers it reaches)
 * instead of folding a thousand buyers' streams and a 10,000-alert index cold inside the move. The
 * start does not wait for it (it yields between batches); a warm that fails costs a cold load later.
 */
export async function warmPriceAlertFolds(store: EventStore): Promise<void> {
  const set = await store.readAll({ types: ['PriceAlertSet'] });
  const buyers = [...new Set(set.map((e) => e.stream).reverse())].slice(0, WARM_BUYERS);
  const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (let i = 0; i < buyers.length; i += 500) {
    await loadAggregates(store, buyers.slice(i, i + 500), priceAlertsDecider);
    await yieldToRequests();
  }
  const indexes = new Set((await store.readAll({ types: ['PriceAlertIndexed'] })).map((e) => e.stream));
  for (const index of indexes) {
    await loadAggregate(store, index, priceAlertIndexDecider);
    await yieldToRequests();
  }
}

/** A process that keeps no state of its own: what it sends depends on the trigger alone. */
function statelessProcess<T extends EventType>(name: string, reactsTo: readonly T[], decide: (event: Extract<StoredEvent, { type: T }>) => ProcessCommand[]) {
  return defineProcess<null, T>({ name, reactsTo, initialState: () => null, evolve: (state) => state, decide });
}

type OfferState = ReturnType<typeof offerDecider.initialState>;
const onSaleWithUnits = (s: OfferState) => s.status === 'listed' && s.active && s.stockLeft > 0;

/**
 * A process over an offer's own stream (its instance state the offer as folded so far): `decide`
 * sees the offer before and after the event, so it can tell a move that matters from one that does not.
 */
function offerProcess<T extends OfferEvent>(name: string, reactsTo: readonly T[], decide: (before: OfferState, after: OfferState, event: Extract<StoredEvent, { type: T }>) => ProcessCommand[]) {
  return defineProcess<OfferState, T>({
    name, reactsTo, initialState: offerDecider.initialState, evolve: offerDecider.evolve,
    decide: (event, before) => decide(before, offerDecider.evolve(before, event), event),
  });
}
type OfferEvent = (typeof OFFER_EVENTS)[number];
const OFFER_EVENTS = ['OfferListed', 'OfferPriceChanged', 'OfferDeactivated', 'OfferReactivated', 'OfferStockReserved', 'OfferStockReleased', 'OfferRestocked'] as const;

/**
 * Offers priced, taken off or put on sale, sold out and restocked (a policy applied or reverted is a
 * price change): each moves in its series. Only an event that changes the offer's terms or whether it
 * is on sale with units does any work: a checkout's reservation that leaves units (most of them) sends
 * nothing, reads nothing beyond the offer's own fold.
 */
export const seriesOfferProcess = offerProcess('priceSeriesOffer', OFFER_EVENTS, (before, after, event) =>
  event.type === 'OfferListed' || event.type === 'OfferPriceChanged' || onSaleWithUnits(before) !== onSaleWithUnits(after) ? [priceInSeries(event.data.offerId, event)] : []);

/**
 * A seller suspended or reinstated (in or out of 'approved'), or onboarded approved: their new units
 * leave or join their series. Onboarding matters on a new log, where the catalogue's offers are listed
 * before their shops are onboarded (so their `OfferListed` found them not on sale yet).
 */
export const seriesSellerProcess = statelessProcess('priceSeriesSeller', ['SellerStatusChanged', 'SellerOnboarded'], (event) => {
  const { sellerId } = event.data;
  const moved = event.type === 'SellerOnboarded' ? event.data.status === 'approved' : (event.data.from === 'approved') !== (event.data.to === 'approved');
  if (!moved) return [];
  return [{
    stream: streams.seller(sellerId),
    command: { type: 'PriceSeriesOffer' },
    async send(store, ctx) {
      const results: CommandResult<unknown>[] = [];
      // One key per offer: two offers of one series are two commands to its stream.
      // Offers listed after this event are priced by their own listing, which reads the seller as it is then (a backlog).
      for (const offerId of await offersOfSeller(store, sellerId, event.position)) results.push(await priceInSeries(offerId, { position: event.position }).send(store, { ...ctx, processKey: `${ctx.processKey ?? ''}|${offerId}` }));
      return together(results, 0n);
    },
  }];
});

/** A plan defined again with a new monthly fee: every series with a new unit on that plan re-prices its offers taking it. */
export const seriesPlanFeeProcess = statelessProcess('priceSeriesPlanFee', ['PlanDefined'], (event) => {
  const { planId, monthlyFee } = event.data;
  return [{
    stream: streams.plan(planId),
    command: { type: 'ChangeSeriesPlanFee' },
    async send(store, ctx) {
      const commands = (await seriesTakingPlan(store, planId)).map((series) => ({ stream: seriesStream(series), command: { type: 'ChangeSeriesPlanFee', series, planId, monthlyFee } as PriceSeriesCommand }));
      return together(await handleCommandsTogether(store, priceSeriesDecider, commands, ctx), 0n);
    },
  }];
});

/** The carrier terms (issue 27) re-price a series at once: a table's 공시지원금 its series, a 출고가 every series of the variant. */
export const seriesTermsProcess = statelessProcess('priceSeriesTerms', ['SubsidySet', 'SubsidyTableSeeded', 'ReleasePriceSet'], (event) => {
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
});

/**
 * A series' lowest moved: its model's index names the alerts the move crosses (by series and by
 * threshold, `alertsCrossedBy`), and each of their buyers' alerts decide on it (one command per
 * buyer: the daily cap is theirs), appended together in one transaction. Alerts of other models,
 * of other series and those the move does not cross are not read.
 */
export const priceAlertFanoutProcess = statelessProcess('priceAlertFanout', ['PriceSeriesLowestChanged'], (event) => {
  const { previous, ...price } = event.data;
  const index = streams.priceAlertIndex(price.modelId);
  return [{
    stream: index,
    command: { type: 'ObservePrice' },
    async send(store, ctx) {
      const { state, position } = await loadAggregate(store, index, priceAlertIndexDecider);
      const buyers = new Set(alertsCrossedBy(state, { ...price, ...(previous === undefined ? {} : { previous }) }).map((w) => w.userId));
      const commands = [...buyers].map((userId) => ({ stream: streams.priceAlerts(userId), command: { type: 'ObservePrice' as const, price: price as SeriesPrice } }));
      return together(await handleCommandsTogether(store, priceAlertsDecider, commands, ctx), position);
    },
  }];
});

type AlertEvent = 'PriceAlertSet' | 'PriceAlertChanged' | 'PriceAlertRenewed' | 'PriceAlertDeleted' | 'PriceAlertExpired';

/** An alert set, renewed or given a new rule is indexed under its model with its rule, its expiry (and one reminder) as timers; deleted or expired, it leaves the index. */
export const priceAlertLifeProcess = defineProcess<PriceAlertsState, AlertEvent>({
  name: 'priceAlertLife',
  reactsTo: ['PriceAlertSet', 'PriceAlertChanged', 'PriceAlertRenewed', 'PriceAlertDeleted', 'PriceAlertExpired'],
  initialState: priceAlertsDecider.initialState,
  evolve: priceAlertsDecider.evolve,
  decide(event, state) {
    const userId = streams.priceAlertsOwner(event.stream);
    const alertId = event.data.alertId;
    const known = Object.hasOwn(state.alerts, alertId) ? state.alerts[alertId] : undefined;
    const index = (filter: PriceAlertFilter, rule: PriceAlertRule) => [sendTo(streams.priceAlertIndex(filter.modelId), priceAlertIndexDecider, { type: 'IndexPriceAlert', alertId, userId, filter, rule })];
    switch (event.type) {
      case 'PriceAlertSet':
        return index(event.data.filter, event.data.rule);
      case 'PriceAlertChanged':
        return known ? index(known.filter, event.data.rule) : [];
      case 'PriceAlertRenewed':
        return known ? index(known.filter, known.rule) : [];
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

/**
 * 재입고 알림 (issue 42 §3): an offer whose units come back (restocked, released by a cancel, put on
 * sale again) tells those waiting for it and for its model; a new listing with units, those waiting
 * for its model.
 */
export const restockAlertProcess = offerProcess('restockAlert', ['OfferListed', 'OfferRestocked', 'OfferStockReleased', 'OfferReactivated'], (before, after, event) => {
  if (after.status !== 'listed' || !onSaleWithUnits(after) || onSaleWithUnits(before)) return [];
  const { modelId, offerId } = after.offer;
  return [
    ...(event.type === 'OfferListed' ? [] : [sendTo(streams.restockAlerts(`offer:${offerId}`), restockAlertsDecider, { type: 'SendRestockAlerts', modelId, offerId })]),
    sendTo(streams.restockAlerts(`model:${modelId}`), restockAlertsDecider, { type: 'SendRestockAlerts', modelId, offerId }),
  ];
});
