import { Router } from 'express';
import { z } from 'zod';
import type { SearchSuggestion } from '@phonemarket/contracts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import type { ProductSearch } from '../../shared/searchIndex.ts';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT = 10;

const searchQuery = z.object({
  q: z.string({ error: '검색어를 입력해주세요.' }).trim()
    .min(SEARCH_MIN_LENGTH, { error: `검색어는 ${SEARCH_MIN_LENGTH}자 이상 입력해주세요.` })
    .max(100, { error: '검색어는 100자 이하로 입력해주세요.' }),
});

/**
 * GET /api/search?q= -> `SearchSuggestion[]` (id, name, brand and the list headline's figures: `lowestMonthly`, or
 * `lowestToday` for a model sold only paid in full), best match first, at most 10.
 */
export function searchRoutes(search: ProductSearch): Router {
  const router = Router();
  router.get('/api/search', async (req, res) => {
    const { q } = parseInput(searchQuery, { q: typeof req.query.q === 'string' ? req.query.q : undefined }, '검색어를 확인해주세요.');
    const index = await search.get();
    res.json(index.search(q, SEARCH_LIMIT) satisfies SearchSuggestion[]);
  });
  return router;
}
