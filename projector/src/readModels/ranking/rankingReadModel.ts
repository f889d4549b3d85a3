import type { StoredEvent } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';
import {
  SIGNAL_WEIGHTS, addToBaseline, addToBuckets, hourOf, periodOf, rankProducts, ranksOf, windowScore,
  type Buckets, type Candidate,
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

/** Which events are ranking signals, and for which product. More arrive with wishlists, quotes and orders. */
function signalOf(event: StoredEvent): { productId: string; weight: number } | null {
  switch (event.type) {
    case 'ProductViewed':
      return { productId: event.data.productId, weight: SIGNAL_WEIGHTS.view };
    default:
      return null;
  }
}

export const rankingReadModel: ReadModel = {
  name: 'ranking',
  collections: [RANKING_SIGNALS, RANKINGS],
  async apply(event, { docs, position, changed }) {
    const rankings = docs.collection<RankingDoc>(RANKINGS);
    const signals = docs.collection<SignalDoc>(RANKING_SIGNALS);
    const ranking = (await rankings.get(PRODUCT_RANKING_ID)) ?? emptyRanking();
    if (alreadyApplied(ranking, position)) return;

    if (event.type === 'ProductListed') {
      const entry = { productId: event.data.productId, productScore: event.data.score };
      await signals.update(entry.productId, { $set: { productScore: entry.productScore }, $setOnInsert: { buckets: {}, _pos: 0 } }, { upsert: true });
      ranking.baseline = addToBaseline(ranking.baseline, entry);
      return save(ranking, ranking.entries.filter((e) => e.score > 0), false);
    }

    const signal = signalOf(event);
    if (!signal) return;
    const at = Date.parse(event.metadata.at);
    const hour = hourOf(at);
    const doc = await signals.get(signal.productId);
    if (!doc || alreadyApplied(doc, position)) return;
    const buckets = addToBuckets(doc.buckets, hour, signal.weight);
    await signals.update(doc._id, { $set: { buckets, _pos: position } });

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
      candidates = (await signals.find({})).map((s) => ({ productId: s._id, productScore: s.productScore, score: windowScore(s.buckets, hour) }));
      ranking.hour = hour;
    } else {
      // Same hour: only this product's score grew, so the list plus this product are the only candidates.
      candidates = ranking.entries.filter((e) => e.score > 0 && e.productId !== doc._id);
      candidates.push({ productId: doc._id, productScore: doc.productScore, score: windowScore(buckets, hour) });
    }
    return save(ranking, candidates, periodRolled);

    async function save(r: RankingDoc, cands: Candidate[], forceChanged: boolean) {
      const before = r.entries.map((e) => e.productId).join();
      r.entries = rankProducts(cands, r.baseline);
      r._pos = position;
      await rankings.put(r);
      if (forceChanged || r.entries.map((e) => e.productId).join() !== before) changed('ranking');
    }
  },
};
