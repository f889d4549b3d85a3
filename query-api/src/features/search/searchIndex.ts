import { PRODUCTS, type DocStore, type ProductDoc } from '@phonemarket/projector';
import { createSearchIndex } from './korean.ts';
import type { ProjectionProgress } from '../../shared/progress.ts';

export type ProductSearchIndex = ReturnType<typeof createSearchIndex>;

/** The Korean search index over the product read model, rebuilt only when the catalogue changed. */
export function productSearch(docs: DocStore, progress: ProjectionProgress) {
  let index: Promise<ProductSearchIndex> | null = null;
  progress.onBatch(({ changed }) => { if (changed.has('catalogue')) index = null; });
  async function build(): Promise<ProductSearchIndex> {
    const products = await docs.collection<ProductDoc>(PRODUCTS).find({});
    return createSearchIndex(products.map((p) => ({
      id: p.id, name: p.name, brand: p.brand, monthly: p.monthly, aliases: p.aliases, popularity: p.score,
    })));
  }
  return {
    get(): Promise<ProductSearchIndex> {
      index ??= build();
      return index;
    },
  };
}
export type ProductSearch = ReturnType<typeof productSearch>;
