import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { reviewableShopsSchema, shopReviewsSchema, type ShopReviewInput } from '@phonemarket/contracts';
import { apiFetch } from './client';

/**
 * Shop reviews (issue 41): read by the store page, the seller dashboard and the order page (each a
 * feature of its own), so they live in shared/. The answers' positions ride on the reads that follow.
 */
const commandAnswer = z.object({ id: z.string(), position: z.string() });
export const shopReviewsPath = (sellerId: string) => `/api/shops/${encodeURIComponent(sellerId)}/reviews`;
const reviewablePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/shop-reviews`;

export const useShopReviews = (sellerId: string | undefined) => useQuery({
  queryKey: [shopReviewsPath(sellerId ?? '')],
  queryFn: ({ signal }) => apiFetch(shopReviewsPath(sellerId ?? ''), { schema: shopReviewsSchema, signal }),
  enabled: Boolean(sellerId),
});

/** The shops of one of the buyer's orders and which are reviewed (`open` once 구매확정). */
export const useReviewableShops = (orderId: string, enabled: boolean) => useQuery({
  queryKey: [reviewablePath(orderId)],
  queryFn: ({ signal }) => apiFetch(reviewablePath(orderId), { schema: reviewableShopsSchema, signal }),
  enabled,
});

export function useWriteShopReview(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, key }: { values: ShopReviewInput; key: string }) =>
      apiFetch(reviewablePath(orderId), { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [reviewablePath(orderId)] }),
  });
}

export function useAnswerShopReview(sellerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, content }: { reviewId: string; content: string }) =>
      apiFetch(`/api/shop-reviews/${encodeURIComponent(reviewId)}/answer`, { method: 'POST', body: { content }, schema: commandAnswer }),
    onSuccess: () => client.invalidateQueries({ queryKey: [shopReviewsPath(sellerId)] }),
  });
}

export function useHideShopReview(sellerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      apiFetch(`/api/admin/shop-reviews/${encodeURIComponent(reviewId)}/hide`, { method: 'POST', body: { reason }, schema: commandAnswer }),
    onSuccess: () => client.invalidateQueries({ queryKey: [shopReviewsPath(sellerId)] }),
  });
}
