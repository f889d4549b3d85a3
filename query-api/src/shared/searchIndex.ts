import type { SearchSuggestion } from '@phonemarket/contracts';
import type { DocStore } from '@phonemarket/projector';
import { createSearchIndex } from './korean.ts';
import type { ProjectionProgress } from './progress.ts';
import { catalogueIndex, summarize } from './catalogueIndex.ts';

/** The figures a suggestion's headline reads (`searchSuggestionSchema`): the model's list summary's. */
type HeadlineFigures = Pick<SearchSuggestion, 'lowestPrice' | 'lowestMonthly' | 'lowestMonthlyKind' | 'lowestToday'>;

/**
 * The Korean search index over models, its matches answered as suggestions (`SearchSuggestion`: one per model with its
 * list headline's figures, `summarize`'s, so a model sold only 자급제 or used reads '최저 일시불', as the lists do).
 */
export interface ProductSearchIndex {
  search(query: string, limit?: number): SearchSuggestion[];
  readonly size: number;
}

/**
 * The index, rebuilt only when the catalogue changed; ties are broken by the price the suggestion shows: the model's
 * 최저 월 납부금, or after those its 오늘 결제 금액 when it is sold only paid in full (s61; before, that model's made-up 월).
 */
export function productSearch(docs: DocStore, progress: ProjectionProgress, clock: () => Date) {
  const catalogue = catalogueIndex(docs, progress);
  let index: Promise<ProductSearchIndex> | null = null;
  progress.onBatch(({ changed }) => { if (changed.has('catalogue')) index = null; });
  async function build(): Promise<ProductSearchIndex> {
    const c = await catalogue.get();
    const now = clock();
    const figures = new Map<string, HeadlineFigures>();
    const korean = createSearchIndex([...c.models.values()].flatMap((m) => {
      const s = summarize(m, c.offersByModel.get(m.id) ?? [], now, 0);
      if (!s) return [];
      figures.set(m.id, { lowestPrice: s.lowestPrice, lowestMonthly: s.lowestMonthly, lowestMonthlyKind: s.lowestMonthlyKind, lowestToday: s.lowestToday });
      // Ties are ordered by the figure the suggestion shows: a model sold only paid in full by its 오늘 결제 금액 (s61).
      const headline = s.lowestToday === null ? { kind: 'monthly' as const, amount: s.lowestMonthly } : { kind: 'today' as const, amount: s.lowestToday };
      return [{ id: m.id, name: m.name, brand: m.brand, headline, aliases: m.aliases, popularity: s.score }];
    }));
    return {
      search: (query, limit) => korean.search(query, limit).map((r) => ({ id: r.id, name: r.name, brand: r.brand, ...figures.get(r.id)! })),
      size: korean.size,
    };
  }
  return {
    get(): Promise<ProductSearchIndex> {
      index ??= build().catch((err: unknown) => { index = null; throw err; });
      return index;
    },
  };
}
export type ProductSearch = ReturnType<typeof productSearch>;
