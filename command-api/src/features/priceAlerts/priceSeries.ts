import { quoteOffer, type JoinType, type OfferCarrier } from '@phonemarket/contracts';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { chunkOf, emptyChunks, withEntries } from './chunkedMap.ts';

/**
 * One series' market on the command side (issue 42 §2), stream `priceSeries-<model|storage|carrier|가입유형>`:
 * what prices each new unit on sale (its terms in force and its plans' fees) and the lowest 24개월
 * 실부담 among them, priced by the one pricing module (`quoteOffer`, the headline's choice: cheapest
 * plan and 할인 방식 over 24 months). It says `PriceSeriesLowestChanged` only when the lowest moves,
 * so alerts are evaluated on moves, not on every offer event.
 *
 * The offers are kept in `SERIES_CHUNKS` maps by a hash of their id (chunkedMap.ts), each with its own
 * lowest: an offer's move copies one chunk (a 1,024th of the series: 49 offers of 50,000) and the
 * chunks' lows once, never the whole series, so the fold stays pure and the cost per offer event does
 * not grow with the series (issue 37: with 64 chunks a move of a 50,000-offer series copied 780 offers,
 * twice); a 공시지원금, 출고가 or plan fee change re-prices every offer of the series once (they are all its own).
 */
const SERIES_CHUNKS = 1_024;

export interface SeriesTerms { price: number; extraSubsidy: number; plans: { planId: string; subsidy: number }[]; fees: Record<string, number> }
interface Priced { terms: SeriesTerms; total: number }
interface Low { total: number; offerId: string }
export interface SeriesIdentity { modelId: string; storage: number; carrier: OfferCarrier; joinType: JoinType | null }
export interface PriceSeriesState {
  chunks: readonly ReadonlyMap<string, Priced>[];
  lows: readonly (Low | null)[];
  lowest: Low | null;
  /** Each Korean day's lowest at its end (the last 31 days with a move), for the 30-day average. */
  days: readonly { day: string; lowest: number | null }[];
}

export type PriceSeriesCommand =
  | { type: 'PriceSeriesOffer'; series: SeriesIdentity; offerId: string; terms: SeriesTerms | null }
  | { type: 'ChangeSeriesSubsidy'; series: SeriesIdentity; planId: string; subsidy: number }
  | { type: 'ChangeSeriesReleasePrice'; series: SeriesIdentity; releasePrice: number }
  | { type: 'ChangeSeriesPlanFee'; series: SeriesIdentity; planId: string; monthlyFee: number };

/** What the series keeps of an offer on sale: its terms in force and its plans' fees (those known). */
export const seriesTermsOf = (offer: Pick<SeriesTerms, 'price' | 'extraSubsidy' | 'plans'>, planFees: ReadonlyMap<string, number>): SeriesTerms =>
  ({ price: offer.price, extraSubsidy: offer.extraSubsidy, plans: offer.plans, fees: Object.fromEntries(planFees) });

/** 24개월 실부담 of an offer's terms (null: none of its plans has a known fee). */
export function seriesTotal(terms: SeriesTerms): number | null {
  return quoteOffer(terms, (planId) => (Object.hasOwn(terms.fees, planId) ? terms.fees[planId] : undefined))?.quote.totalCost ?? null;
}

const lower = (a: Low | null, b: Low | null) => (a === null ? b : b === null ? a : b.total < a.total || (b.total === a.total && b.offerId < a.offerId) ? b : a);
function lowOf(chunk: ReadonlyMap<string, Priced>): Low | null {
  let low: Low | null = null;
  for (const [offerId, p] of chunk) low = lower(low, { total: p.total, offerId });
  return low;
}
const lowestOf = (lows: readonly (Low | null)[]) => lows.reduce<Low | null>(lower, null);

/**
 * An offer's move as `decide` priced it, kept for the same state and move: the append's own fold and the
 * next load's fold meet them again (each copied the chunk and the lows again). Pure: the same inputs
 * give the same (kept) answer.
 */
const movedOnce = new WeakMap<PriceSeriesState, { offerId: string; terms: string; next: PriceSeriesState }>();
function withOffer(state: PriceSeriesState, offerId: string, terms: SeriesTerms | null): PriceSeriesState {
  const key = JSON.stringify(terms);
  const kept = movedOnce.get(state);
  if (kept && kept.offerId === offerId && kept.terms === key) return kept.next;
  const next = withOffers(state, [[offerId, terms]]);
  movedOnce.set(state, { offerId, terms: key, next });
  return next;
}

/** The series with each offer priced with its terms (or out of it: null), in order; each chunk touched copied once, the lows once. */
function withOffers(state: PriceSeriesState, offers: readonly (readonly [string, SeriesTerms | null])[]): PriceSeriesState {
  const chunks = withEntries(state.chunks, offers.map(([offerId, terms]) => {
    const total = terms === null ? null : seriesTotal(terms);
    return [offerId, terms === null || total === null ? undefined : { terms, total }] as const;
  }));
  if (chunks === state.chunks) return state;
  const touched = new Set(offers.map(([offerId]) => chunkOf(offerId, chunks.length)));
  const lows = state.lows.slice();
  for (const i of touched) lows[i] = lowOf(chunks[i]!);
  // The lowest of the chunks not touched is the one before, unless its chunk was touched: then all the chunks' lows again.
  const lowest = state.lowest === null || !touched.has(chunkOf(state.lowest.offerId, chunks.length))
    ? [...touched].reduce<Low | null>((low, i) => lower(low, lows[i]!), state.lowest)
    : lowestOf(lows);
  return { ...state, chunks, lows, lowest };
}

/**
 * A terms change as the series applies it: `key` names it (the same key, the same change), `apply`
 * changes one offer's terms (the same object back when it does not touch them).
 */
interface TermsChange { key: string; apply: (terms: SeriesTerms) => SeriesTerms }

/**
 * The state after a terms change, computed once per state and change: `decide` prices it, then the
 * append's own fold and the next load's fold meet the same state and change again (three times
 * 20,000 quotes before). The fold stays pure: the same inputs give the same (kept) answer.
 */
const repricedOnce = new WeakMap<PriceSeriesState, Map<string, PriceSeriesState>>();
function repriced(state: PriceSeriesState, change: TermsChange): PriceSeriesState {
  let byChange = repricedOnce.get(state);
  if (!byChange) repricedOnce.set(state, (byChange = new Map()));
  let next = byChange.get(change.key);
  if (!next) byChange.set(change.key, (next = repricedNow(state, change.apply)));
  return next;
}

/** Every offer re-priced with `change` (a 공시지원금, 출고가 or plan fee change): once, whatever it touches. */
function repricedNow(state: PriceSeriesState, change: (terms: SeriesTerms) => SeriesTerms): PriceSeriesState {
  const chunks = state.chunks.map((chunk) => {
    let next: Map<string, Priced> | null = null;
    for (const [offerId, p] of chunk) {
      const terms = change(p.terms);
      if (terms === p.terms) continue;
      next ??= new Map(chunk);
      const total = seriesTotal(terms);
      if (total === null) next.delete(offerId);
      else next.set(offerId, { terms, total });
    }
    return next ?? chunk;
  });
  const lows = chunks.map((c, i) => (c === state.chunks[i] ? state.lows[i]! : lowOf(c)));
  return { ...state, chunks, lows, lowest: lowestOf(lows) };
}

const withSubsidy = (planId: string, subsidy: number): TermsChange => ({
  key: `subsidy|${planId}|${subsidy}`,
  apply: (t) => (t.plans.some((p) => p.planId === planId && p.subsidy !== subsidy) ? { ...t, plans: t.plans.map((p) => (p.planId === planId ? { planId, subsidy } : p)) } : t),
});
const withReleasePrice = (releasePrice: number): TermsChange => ({
  key: `releasePrice|${releasePrice}`,
  apply: (t) => (t.price === releasePrice ? t : { ...t, price: releasePrice }),
});
/** A plan's new monthly fee (`PlanDefined` again): the offers taking that plan are priced with it. */
const withPlanFee = (planId: string, monthlyFee: number): TermsChange => ({
  key: `planFee|${planId}|${monthlyFee}`,
  apply: (t) => (Object.hasOwn(t.fees, planId) && t.fees[planId] !== monthlyFee ? { ...t, fees: { ...t.fees, [planId]: monthlyFee } } : t),
});

function withDay(state: PriceSeriesState, at: string): PriceSeriesState {
  const day = koreanDayOf(at);
  const lowest = state.lowest?.total ?? null;
  const days = state.days.at(-1)?.day === day ? state.days.with(-1, { day, lowest }) : [...state.days, { day, lowest }].slice(-31);
  return { ...state, days };
}

/** The average of the last 30 Korean days' lows (each day carries the one before; days with nothing on sale left out). */
export function average30(days: PriceSeriesState['days'], today: string, now: number | null): number | null {
  const DAY = 86_400_000;
  const start = Date.parse(`${today}T00:00:00.000Z`) - 29 * DAY;
  let carried: number | null = null;
  const byDay = new Map(days.map((d) => [d.day, d.lowest]));
  for (const d of days) if (Date.parse(`${d.day}T00:00:00.000Z`) < start) carried = d.lowest;
  let sum = 0;
  let n = 0;
  for (let t = start; t <= start + 29 * DAY; t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (byDay.has(day)) carried = byDay.get(day)!;
    const value = day === today ? now : carried;
    if (value !== null) { sum += value; n++; }
  }
  return n === 0 ? null : Math.round(sum / n);
}

const NO_OFFERS = emptyChunks<Priced>(SERIES_CHUNKS);
const NO_LOWS: readonly (Low | null)[] = new Array<Low | null>(SERIES_CHUNKS).fill(null);

export const priceSeriesDecider: Decider<PriceSeriesState, PriceSeriesCommand> = {
  // The empty chunks and lows shared by every new series (a change copies them).
  initialState: () => ({ chunks: NO_OFFERS, lows: NO_LOWS, lowest: null, days: [] }),

  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'PriceSeriesOfferPriced': return withOffer(state, event.data.offerId, event.data.offer);
      case 'PriceSeriesSubsidyChanged': return repriced(state, withSubsidy(event.data.planId, event.data.subsidy));
      case 'PriceSeriesReleasePriceChanged': return repriced(state, withReleasePrice(event.data.releasePrice));
      case 'PriceSeriesPlanFeeChanged': return repriced(state, withPlanFee(event.data.planId, event.data.monthlyFee));
      case 'PriceSeriesLowestChanged': return withDay(state, event.metadata.at);
      default: return state;
    }
  },

  // A series loaded cold (20,000 offers priced): a run of offers priced copies each chunk once, not once per offer.
  evolveAll(state, events) {
    let run: [string, SeriesTerms | null][] = [];
    const flush = (s: PriceSeriesState) => {
      if (run.length === 0) return s;
      const next = withOffers(s, run);
      run = [];
      return next;
    };
    for (const event of events) {
      if (event.type === 'PriceSeriesOfferPriced') run.push([event.data.offerId, event.data.offer]);
      else state = priceSeriesDecider.evolve(flush(state), event);
    }
    return flush(state);
  },

  decide(command, state, { now }): DomainEvent[] {
    let change: DomainEvent;
    let next: PriceSeriesState;
    switch (command.type) {
      case 'PriceSeriesOffer': {
        const known = state.chunks[chunkOf(command.offerId, state.chunks.length)]!.get(command.offerId);
        // The same terms again (a process resent, an event that moved nothing): nothing.
        if (JSON.stringify(known?.terms ?? null) === JSON.stringify(command.terms)) return [];
        change = { type: 'PriceSeriesOfferPriced', data: { offerId: command.offerId, offer: command.terms } };
        next = withOffer(state, command.offerId, command.terms);
        break;
      }
      case 'ChangeSeriesSubsidy':
        change = { type: 'PriceSeriesSubsidyChanged', data: { planId: command.planId, subsidy: command.subsidy } };
        next = repriced(state, withSubsidy(command.planId, command.subsidy));
        break;
      case 'ChangeSeriesReleasePrice':
        change = { type: 'PriceSeriesReleasePriceChanged', data: { releasePrice: command.releasePrice } };
        next = repriced(state, withReleasePrice(command.releasePrice));
        break;
      case 'ChangeSeriesPlanFee':
        change = { type: 'PriceSeriesPlanFeeChanged', data: { planId: command.planId, monthlyFee: command.monthlyFee } };
        next = repriced(state, withPlanFee(command.planId, command.monthlyFee));
        break;
      default:
        return unhandled(command);
    }
    if (next.lowest?.total === state.lowest?.total && next.lowest?.offerId === state.lowest?.offerId) {
      // A terms change that moves no offer of the series records nothing (the offers' own change does).
      return command.type === 'PriceSeriesOffer' ? [change] : next.chunks.every((c, i) => c === state.chunks[i]) ? [] : [change];
    }
    const lowest = next.lowest?.total ?? null;
    const { modelId, storage, carrier, joinType } = command.series;
    return [change, {
      type: 'PriceSeriesLowestChanged',
      data: {
        modelId, storage, carrier, joinType, lowest, offerId: next.lowest?.offerId ?? null, average30: average30(state.days, koreanDayOf(now), lowest),
        previous: state.lowest?.total ?? null,
      },
    }];
  },
};
