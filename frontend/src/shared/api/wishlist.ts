import { queryOptions, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { wishlistSchema, type ModelSummary, type Wishlist, type WishlistItem } from '@phonemarket/contracts';
import { useSession } from '../auth/session';
import { toaster } from '../ui/toaster';
import { apiFetch } from './client';
import { describeError } from './errors';

/**
 * 찜 (server state, per account, event-sourced on the server): the hearts on model cards and the
 * product page, and my shopping's '찜' tab, all read this one cache entry.
 */
export const WISHLIST_PATH = '/api/wishlist';
export const WISHLIST_QUERY_KEY = [WISHLIST_PATH] as const;
/** Every toggle carries this key, so a heart can show its pending (optimistic) state. */
export const WISHLIST_MUTATION_KEY = [WISHLIST_PATH, 'toggle'] as const;
const commandAnswer = z.object({ id: z.string(), position: z.string() });

/** `GET /api/wishlist`. */
export function getWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return apiFetch(WISHLIST_PATH, { schema: wishlistSchema, signal });
}

/** `PUT` (wished) or `DELETE` (not) `/api/wishlist/{productId}`: idempotent on the server; an unknown id is a 404. */
export function setWishlisted(productId: string, wished: boolean) {
  return apiFetch(`${WISHLIST_PATH}/${encodeURIComponent(productId)}`, { method: wished ? 'PUT' : 'DELETE', schema: commandAnswer });
}

/** Guests have no wishlist: the query is only enabled for a signed-in session. */
export const wishlistQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: WISHLIST_QUERY_KEY, queryFn: ({ signal }) => getWishlist(signal), enabled });

/** `GET /api/wishlist` — not requested for guests. */
export function useWishlist(enabled: boolean) {
  return useQuery(wishlistQueryOptions(enabled));
}

/** What a card or page knows of a model: enough to show it in the list before the server answers. */
export type WishlistModel = Pick<ModelSummary, 'id' | 'name' | 'brand' | 'img' | 'lowestPrice'>;
export type WishlistToggle = { productId: string; wished: false } | { productId: string; wished: true; model: WishlistModel };

function withToggle(list: Wishlist, toggle: WishlistToggle): Wishlist {
  const rest = list.items.filter((i) => i.productId !== toggle.productId);
  if (!toggle.wished) return { items: rest };
  const { model } = toggle;
  const item: WishlistItem = {
    productId: toggle.productId, name: model.name, brand: model.brand, image: model.img, lowestPrice: model.lowestPrice, available: true,
    addedAt: new Date().toISOString(),
  };
  return { items: [item, ...rest] };
}

/**
 * Toggles a product's 찜, optimistically: the list changes at once, an error puts it back and says
 * why in a toast; the list is refetched (with the command's position) once no toggle is in flight.
 * Toggles of one product run one after another (`scope`), in the order they were made.
 */
export function useToggleWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: WISHLIST_MUTATION_KEY,
    scope: { id: WISHLIST_PATH },
    mutationFn: (toggle: WishlistToggle) => setWishlisted(toggle.productId, toggle.wished),
    onMutate: async (toggle) => {
      await client.cancelQueries({ queryKey: WISHLIST_QUERY_KEY });
      const previous = client.getQueryData<Wishlist>(WISHLIST_QUERY_KEY);
      if (previous) client.setQueryData<Wishlist>(WISHLIST_QUERY_KEY, withToggle(previous, toggle));
      return { previous };
    },
    onError: (error, toggle, context) => {
      if (context?.previous) client.setQueryData(WISHLIST_QUERY_KEY, context.previous);
      toaster.error({ title: toggle.wished ? '찜하지 못했습니다' : '찜을 해제하지 못했습니다', description: describeError(error) });
    },
    onSettled: () => {
      // The last toggle in flight refetches; earlier ones would overwrite the later optimistic state.
      if (client.isMutating({ mutationKey: WISHLIST_MUTATION_KEY }) === 1) return client.invalidateQueries({ queryKey: WISHLIST_QUERY_KEY });
      return undefined;
    },
  });
}

/**
 * Whether one product is in the session's wishlist: a pending toggle's value first, then the
 * server's list. Unknown (a guest, or the list not loaded yet) is `false`, on the server render
 * and in the browser alike.
 */
export function useWishlisted(productId: string): { signedIn: boolean; wished: boolean } {
  const { isAuthenticated } = useSession();
  const list = useWishlist(isAuthenticated);
  const pending = useMutationState({
    filters: { mutationKey: WISHLIST_MUTATION_KEY, status: 'pending', predicate: (m) => (m.state.variables as WishlistToggle | undefined)?.productId === productId },
    select: (m) => (m.state.variables as WishlistToggle).wished,
  });
  const latest = pending.at(-1);
  const wished = latest ?? list.data?.items.some((i) => i.productId === productId) ?? false;
  return { signedIn: isAuthenticated, wished: isAuthenticated && wished };
}
