import type { DocStore } from '@phonemarket/projector';
import { createSearchIndex } from './korean.ts';
import type { ProjectionProgress } from './progress.ts';
import { catalogueIndex, summarize } from './catalogueIndex.ts';

export type ProductSearchIndex = ReturnType<typeof createSearchIndex>;

/** The Korean search index over models (one result per model, its 최저 월 납부금), rebuilt only when the catalogue changed. */
export function productSearch(docs: DocStore, progress: ProjectionProgress, clock: () => Date) {
  const catalogue = catalogueIndex(docs, progress);
  let index: Promise<ProductSearchIndex> | null = null;
  progress.onBatch(({ changed }) => { if (changed.has('catalogue')) index = null; });
  async function build(): Promise<ProductSearchIndex> {
    const c = await catalogue.get();
    const now = clock();
    return createSearchIndex([...c.models.values()].flatMap((m) => {
      const s = summarize(m, c.offersByModel.get(m.id) ?? [], now, 0);
      return s ? [{ id: m.id, name: m.name, brand: m.brand, monthly: s.lowestMonthly, aliases: m.aliases, popularity: s.score }] : [];
    }));
  }
  return {
    get(): Promise<ProductSearchIndex> {
      index ??= build().catch((err: unknown) => { index = null; throw err; });
      return index;
    },
  };
}
export type ProductSearch = ReturnType<typeof productSearch>;
