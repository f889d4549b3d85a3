import { Router } from 'express';
import { POPULAR_SEARCH_COUNT, POPULAR_SEARCH_DAYS, type PopularSearches } from '@phonemarket/contracts';
import { SEARCH_COUNTS, type SearchCountDoc } from '@phonemarket/projector';
import type { QueryDeps } from '../../shared/deps.ts';
import type { ProductSearch } from '../../shared/searchIndex.ts';

/** Shown while fewer terms were searched this week (the spec's list, kept to those that find something). */
export const FALLBACK_SEARCHES = ['갤럭시 S24', '아이폰 15', '갤럭시 S26', '아이폰 17', '갤럭시 Z 플립7'] as const;

/** `GET /api/search/popular`: the most searched terms of the last 7 days (from `SearchPerformed`) that return results. */
export function popularSearchRoutes(deps: QueryDeps, search: ProductSearch): Router {
  const router = Router();
  router.get('/api/search/popular', async (_req, res) => {
    const since = new Date(deps.clock().getTime() - (POPULAR_SEARCH_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const [counts, index] = await Promise.all([
      deps.docs.collection<SearchCountDoc>(SEARCH_COUNTS).find({ day: { $gte: since } }),
      search.get(),
    ]);
    const totals = new Map<string, { term: string; count: number }>();
    for (const c of counts) {
      const key = c.term.toLowerCase();
      const t = totals.get(key);
      if (t) t.count += c.count;
      else totals.set(key, { term: c.term, count: c.count });
    }
    const ranked = [...totals.values()].sort((a, b) => b.count - a.count || a.term.localeCompare(b.term)).map((t) => t.term);
    const terms: string[] = [];
    for (const term of [...ranked, ...FALLBACK_SEARCHES]) {
      if (terms.length >= POPULAR_SEARCH_COUNT) break;
      if (terms.some((t) => t.toLowerCase() === term.toLowerCase())) continue;
      if (index.search(term, 1).length > 0) terms.push(term); // every popular search finds something
    }
    res.json({ terms } satisfies PopularSearches);
  });
  return router;
}
