import { PHONE_MODELS, PRODUCT_RANKING_ID, RANKINGS, withChanges, type PhoneModelDoc, type RankingDoc } from '@phonemarket/projector';
import type { RankingItem } from '@phonemarket/contracts';
import type { QueryDeps } from '../../shared/deps.ts';
import { catalogueIndex, summarize } from '../../shared/catalogueIndex.ts';

export type { RankingItem };

/** The live top list of models: ranked by the projector, joined with each model's offers now. */
export async function currentRanking(deps: Pick<QueryDeps, 'docs' | 'progress' | 'clock'>): Promise<RankingItem[]> {
  const { docs } = deps;
  const [index, now] = [await catalogueIndex(docs, deps.progress).get(), deps.clock()];
  const ranking = await docs.collection<RankingDoc>(RANKINGS).get(PRODUCT_RANKING_ID);
  if (!ranking) return [];
  const ranked = withChanges(ranking.entries, ranking.previousRanks);
  const views = await docs.collection<PhoneModelDoc>(PHONE_MODELS).find({ _id: { $in: ranked.map((r) => r.productId) } });
  const viewCount = new Map(views.map((m) => [m._id, m.viewCount]));
  return ranked.flatMap((r) => {
    const model = index.models.get(r.productId);
    const summary = model && summarize(model, index.offersByModel.get(model.id) ?? [], now, viewCount.get(model.id) ?? 0);
    return summary ? [{ ...summary, rank: r.rank, change: r.change, changeValue: r.changeValue }] : [];
  });
}
