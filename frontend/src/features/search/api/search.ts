import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/client';
import type { SearchResult } from './searchSchemas';

/** Spec §5/§9: search is queried only with at least 2 characters. */
export const SEARCH_MIN_CHARS = 2;
/**
 * The longest term the box takes: the recorded search's limit (contracts' `searchTermSchema`, 50; the
 * lookups take 100). Longer, the box answered only '검색 실패' and the results page a 400.
 */
export const SEARCH_MAX_CHARS = 50;
export const SEARCH_DEBOUNCE_MS = 150;
export const SEARCH_PATH = '/api/search';
/** Spec §2's list, shown until the server's popular searches have loaded. */
export const POPULAR_SEARCHES = ['갤럭시 S24', '아이폰 15', '10만원대'] as const;
export const POPULAR_PATH = '/api/search/popular';
export const SEARCHES_PATH = '/api/searches';

export type { SearchResult } from './searchSchemas';

const searchSchemas = () => import('./searchSchemas');

export function isSearchable(term: string): boolean {
  return term.trim().length >= SEARCH_MIN_CHARS;
}

/** `GET /api/search?q=`: the fetcher. */
export function getSearchResults(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return apiFetch(SEARCH_PATH, { params: { q }, schema: () => searchSchemas().then((s) => s.searchResultsSchema), signal });
}

/** The query (key, fetcher, when): reusable for prefetching and in tests. Disabled below 2 characters. */
export function searchQueryOptions(term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: [SEARCH_PATH, { q }],
    queryFn: ({ signal }) => getSearchResults(q, signal),
    enabled: q.length >= SEARCH_MIN_CHARS,
  });
}

/** The hook the components use. */
export function useSearchResults(term: string) {
  return useQuery(searchQueryOptions(term));
}

/** `GET /api/search/popular`: the most searched terms of the last 7 days (each finds something). Asked for when the dropdown opens. */
export function usePopularSearches(enabled: boolean) {
  return useQuery({
    queryKey: [POPULAR_PATH],
    queryFn: ({ signal }) => apiFetch(POPULAR_PATH, { schema: () => import('@phonemarket/contracts/models.ts').then((s) => s.popularSearchesSchema), signal }),
    enabled,
  });
}

/** `POST /api/searches {q}`: the results page records a search (the server counts it once per visitor per 10 minutes). */
export function recordSearch(q: string): Promise<unknown> {
  return apiFetch(SEARCHES_PATH, { method: 'POST', body: { q }, schema: () => searchSchemas().then((s) => s.searchCountedSchema) });
}
