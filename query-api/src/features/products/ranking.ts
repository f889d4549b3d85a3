import {
  PRODUCTS, PRODUCT_RANKING_ID, RANKINGS, withChanges, type DocStore, type ProductDoc, type RankingDoc,
} from '@phonemarket/projector';
import { listItem, type ProductListItem } from './productView.ts';

export type RankingItem = ProductListItem & { rank: number; change: 'up' | 'down' | 'same'; changeValue: number };

/** The live top list: ranked by the projector, joined with current product data. */
export async function currentRanking(docs: DocStore): Promise<RankingItem[]> {
  const ranking = await docs.collection<RankingDoc>(RANKINGS).get(PRODUCT_RANKING_ID);
  if (!ranking) return [];
  const products = docs.collection<ProductDoc>(PRODUCTS);
  const items: RankingItem[] = [];
  for (const ranked of withChanges(ranking.entries, ranking.previousRanks)) {
    const product = await products.get(ranked.productId);
    if (product) items.push({ ...listItem(product), rank: ranked.rank, change: ranked.change, changeValue: ranked.changeValue });
  }
  return items;
}
