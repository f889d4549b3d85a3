import {
  PRODUCTS, PRODUCT_RANKING_ID, RANKINGS, withChanges, type DocStore, type ProductDoc, type RankingDoc,
} from '@phonemarket/projector';
import type { RankingItem } from '@phonemarket/contracts';
import { listItem } from './productView.ts';

export type { RankingItem };

/** The live top list: ranked by the projector, joined with current product data. */
export async function currentRanking(docs: DocStore): Promise<RankingItem[]> {
  const ranking = await docs.collection<RankingDoc>(RANKINGS).get(PRODUCT_RANKING_ID);
  if (!ranking) return [];
  const ranked = withChanges(ranking.entries, ranking.previousRanks);
  const found = await docs.collection<ProductDoc>(PRODUCTS).find({ _id: { $in: ranked.map((r) => r.productId) } });
  const byId = new Map(found.map((p) => [p._id, p]));
  return ranked.flatMap((r) => {
    const product = byId.get(r.productId);
    return product ? [{ ...listItem(product), rank: r.rank, change: r.change, changeValue: r.changeValue }] : [];
  });
}
