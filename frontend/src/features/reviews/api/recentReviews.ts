import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { recentReviewsSchema, type RecentReviews } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

export const RECENT_REVIEWS_PATH = '/api/reviews';

/** `GET /api/reviews?page=`: the newest reviews of every phone, 20 a page. */
export function getRecentReviews(page: number, signal?: AbortSignal): Promise<RecentReviews> {
  return apiFetch(RECENT_REVIEWS_PATH, { schema: recentReviewsSchema, signal, params: { page: String(page) } });
}

export const recentReviewsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [RECENT_REVIEWS_PATH, page], queryFn: ({ signal }) => getRecentReviews(page, signal), placeholderData: keepPreviousData });

export function useRecentReviews(page: number) {
  return useQuery(recentReviewsQueryOptions(page));
}
