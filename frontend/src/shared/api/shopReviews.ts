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
/** An order's shops (`order`) or a buyback's buying shop (`buyback`, the phone's seller reviews it after payout). */
export type ShopReviewDeal = 'order' | 'buyback';
const reviewablePath = (orderId: string, kind: ShopReviewDeal = 'order') =>
  (kind === 'order' ? `/api/orders/${encodeURIComponent(orderId)}/shop-reviews` : `/api/buyback/orders/${encodeURIComponent(orderId)}/shop-review`);

export const useShopReviews = (sellerId: string | undefined) => useQuery({
  queryKey: [shopReviewsPath(sellerId ?? '')],
  queryFn: ({ signal }) => apiFetch(shopReviewsPath(sellerId ?? ''), { schema: shopReviewsSchema, signal }),
  enabled: Boolean(sellerId),
});

/** The shops of one of the buyer's orders (or the buyback's shop) and which are reviewed (`open` once 구매확정 or paid). */
export const useReviewableShops = (orderId: string, enabled: boolean, kind: ShopReviewDeal = 'order') => useQuery({
  queryKey: [reviewablePath(orderId, kind)],
  queryFn: ({ signal }) => apiFetch(reviewablePath(orderId, kind), { schema: reviewableShopsSchema, signal }),
  enabled,
});

export function useWriteShopReview(orderId: string, kind: ShopReviewDeal = 'order') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, key }: { values: ShopReviewInput; key: string }) =>
      apiFetch(reviewablePath(orderId, kind), { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [reviewablePath(orderId, kind)] }),
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
