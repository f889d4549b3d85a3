import type { StoredEvent } from '@phonemarket/events';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';
import { handling } from '../docProjection.ts';
import {
  RANKING_SIZE, SIGNAL_WEIGHTS, addToBaseline, addToWindow, bucketsOfWindow, compareCandidates, eventTimeMs, hourOf, periodOf, rankProducts, ranksOf, windowOfBuckets, windowScore,
  type Buckets, type Candidate, type HourWindow,
} from './rankingRules.ts';

export const RANKING_SIGNALS = 'rankingSignals';
export const RANKINGS = 'rankings';
export const PRODUCT_RANKING_ID = 'products';

interface SignalDoc extends Doc { buckets: Buckets; productScore: number; _pos: number }
export interface RankingDoc extends Doc {
  entries: Candidate[];
  baseline: Omit<Candidate, 'score'>[];
  /** Ranks at the start of the current period: `change` is measured against them. */
  previousRanks: Record<string, number>;
  hour: number;
  period: number;
  updatedAt: string | null;
  _pos: number;
}

const emptyRanking = (): RankingDoc => ({
  _id: PRODUCT_RANKING_ID, entries: [], baseline: [], previousRanks: {}, hour: 0, period: 0, updatedAt: null, _pos: 0,
});

/** The events `signalOf` reads. */
const RANKING_SIGNAL_TYPES = ['ProductViewed'] as const;

/** Which events are ranking signals, and for which product. More arrive with wishlists, quotes and orders. */
function signalOf(event: StoredEvent): { productId: string; weight: number } | null {
  switch (event.type) {
    case 'ProductViewed':
      return { productId: event.data.productId, weight: SIGNAL_WEIGHTS.view };
    default:
      return null;
  }
}

/**
 * Working state per document store. The projector is the only writer of these collections, so the
 * model keeps them in memory while it runs and writes what changed once per batch (`flush`), instead
 * of reading and rewriting the ranking document for every view.
 */
interface WorkingState {
  ranking: RankingDoc;
  signals: Map<string, SignalDoc>;
  /** Each product's weights by hour once touched (its doc's `buckets` is then written from it at flush). */
  windows: Map<string, HourWindow>;
  dirtySignals: Set<string>;
  rankingDirty: boolean;
}
const working = new WeakMap<DocStore, Promise<WorkingState>>();

async function load(docs: DocStore): Promise<WorkingState> {
  // Working copies (stored documents are frozen); their fields are replaced, never changed in place.
  const stored = await docs.collection<RankingDoc>(RANKINGS).get(PRODUCT_RANKING_ID);
  const ranking = stored ? { ...stored } : emptyRanking();
  const signals = new Map((await docs.collection<SignalDoc>(RANKING_SIGNALS).find({})).map((d) => [d._id, { ...d }]));
  return { ranking, signals, windows: new Map(), dirtySignals: new Set(), rankingDirty: false };
}

function windowOf(state: WorkingState, doc: SignalDoc): HourWindow {
  let window = state.windows.get(doc._id);
  if (!window) state.windows.set(doc._id, (window = windowOfBuckets(doc.buckets)));
  return window;
}
const stateOf = (docs: DocStore) => {
  let state = working.get(docs);
  if (!state) working.set(docs, (state = load(docs)));
  return state;
};

export const rankingReadModel: ReadModel = handling(['ProductListed', 'OfferListed', ...RANKING_SIGNAL_TYPES], {
  name: 'ranking',
  version: 8,
  collections: [RANKING_SIGNALS, RANKINGS],
  async setup(docs) {
    working.delete(docs); // a (re)started projector reads the stored state again
  },
  async flush(docs) {
    const state = await working.get(docs);
    if (!state) return;
    const signals = docs.collection<SignalDoc>(RANKING_SIGNALS);
    // Take the dirty marks first: events applied while this flush awaits mark them again.
    const ids = [...state.dirtySignals];
    state.dirtySignals.clear();
    const rankingDirty = state.rankingDirty;
    state.rankingDirty = false;
    // The store keeps (and freezes) a copy of each: the working objects go on changing.
    for (const id of ids) {
      const doc = state.signals.get(id)!;
      await signals.put({ ...doc, buckets: bucketsOfWindow(windowOf(state, doc)) });
    }
    if (rankingDirty) await docs.collection<RankingDoc>(RANKINGS).put({ ...state.ranking });
  },
  async apply(event, { docs, position, changed }) {
    const state = await stateOf(docs);
    const ranking = state.ranking;
    if (alreadyApplied(ranking, position)) return;

    // Ranked are models (issue 10): a model's base score is its best offer's (legacy ProductListed: the product's).
    if (event.type === 'ProductListed' || event.type === 'OfferListed') {
      const id = event.type === 'OfferListed' ? event.data.modelId : event.data.productId;
      const existing = state.signals.get(id);
      const entry = { productId: id, productScore: Math.max(event.data.score, existing?.productScore ?? 0) };
      state.signals.set(entry.productId, { _id: entry.productId, buckets: existing?.buckets ?? { hours: [], weights: [] }, productScore: entry.productScore, _pos: existing?._pos ?? 0 });
      state.dirtySignals.add(entry.productId);
      ranking.baseline = addToBaseline(ranking.baseline, entry);
      return save(ranking.entries.filter((e) => e.score > 0), false);
    }

    const signal = signalOf(event);
    if (!signal) return;
    const doc = state.signals.get(signal.productId);
    if (!doc || alreadyApplied(doc, position)) return;
    const at = eventTimeMs(event.metadata.at);
    const hour = hourOf(at);
    addToWindow(windowOf(state, doc), hour, signal.weight);
    doc._pos = position;
    state.dirtySignals.add(doc._id);

    const period = periodOf(at);
    const periodRolled = period !== ranking.period;
    if (periodRolled) {
      ranking.previousRanks = ranksOf(ranking.entries);
      ranking.period = period;
    }
    ranking.updatedAt = event.metadata.at;
    let candidates: Candidate[];
    if (hour !== ranking.hour) {
      // The window slid: every score may have dropped, so rank everything again.
      candidates = [...state.signals.values()].map((s) => ({ productId: s._id, productScore: s.productScore, score: windowScore(windowOf(state, s), hour) }));
      ranking.hour = hour;
    } else {
      const candidate = { productId: doc._id, productScore: doc.productScore, score: windowScore(windowOf(state, doc), hour) };
      const at = ranking.entries.findIndex((e) => e.productId === doc._id && e.score > 0);
      if (at >= 0) {
        // Same hour, a product already ranked for its signals: only its score grew, so it can only move up
        // among them (the products filling the list stay): what `rankProducts` gives, without ranking again.
        const moved = raised(ranking.entries, at, candidate);
        ranking.entries = moved.entries;
        ranking._pos = position;
        state.rankingDirty = true;
        if (periodRolled || moved.at !== at) changed('ranking');
        return;
      }
      const last = ranking.entries[RANKING_SIZE - 1];
      if (last && last.score > 0 && compareCandidates(last, candidate) < 0) {
        // The list is full of products ranked for their signals and this one still ranks below the last: nothing moves.
        ranking._pos = position;
        state.rankingDirty = true;
        if (periodRolled) changed('ranking');
        return;
      }
      // Same hour: only this product's score grew, so the list plus this product are the only candidates.
      candidates = ranking.entries.filter((e) => e.score > 0 && e.productId !== doc._id);
      candidates.push(candidate);
    }
    return save(candidates, periodRolled);

    function save(cands: Candidate[], forceChanged: boolean) {
      const before = ranking.entries;
      ranking.entries = rankProducts(cands, ranking.baseline);
      ranking._pos = position;
      state.rankingDirty = true;
      if (forceChanged || ranking.entries.length !== before.length || ranking.entries.some((e, i) => e.productId !== before[i]!.productId)) changed('ranking');
    }
  },
});

/** `entries` with the one at `at` replaced by `entry` (a higher score) and moved up past those it now beats (a new array: the stored one is frozen). */
function raised(entries: readonly Candidate[], at: number, entry: Candidate): { entries: Candidate[]; at: number } {
  const out = entries.slice();
  let i = at;
  while (i > 0 && compareCandidates(out[i - 1]!, entry) > 0) {
    out[i] = out[i - 1]!;
    i--;
  }
  out[i] = entry;
  return { entries: out, at: i };
}
