import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { wishlistSchema, type Wishlist } from '@phonemarket/contracts';
import { apiFetch } from './client';

/** 찜 (server state, per account): the product page's heart and my shopping's '찜' tab share it. */
export const WISHLIST_PATH = '/api/wishlist';
export const WISHLIST_QUERY_KEY = [WISHLIST_PATH] as const;
const commandAnswer = z.object({ id: z.string(), position: z.string() });

export function getWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return apiFetch(WISHLIST_PATH, { schema: wishlistSchema, signal });
}

/** `GET /api/wishlist` — not requested for guests. */
export function useWishlist(enabled: boolean) {
  return useQuery({ queryKey: WISHLIST_QUERY_KEY, queryFn: ({ signal }) => getWishlist(signal), enabled });
}

/** `PUT`/`DELETE /api/wishlist/{productId}` (idempotent on the server). */
export function useToggleWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, wished }: { productId: string; wished: boolean }) =>
      apiFetch(`${WISHLIST_PATH}/${encodeURIComponent(productId)}`, { method: wished ? 'PUT' : 'DELETE', schema: commandAnswer }),
    onSuccess: () => client.invalidateQueries({ queryKey: WISHLIST_QUERY_KEY }),
  });
}
