import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

export const WISHLISTS = 'wishlists';
export interface WishlistDoc extends Doc { userId: string; items: { productId: string; addedAt: string }[]; _pos: number }

/** Each account's 찜 (phone models), newest first. */
export const wishlistReadModel = docProjection<WishlistDoc, 'WishlistItemAdded' | 'WishlistItemRemoved'>({
  version: 2,
  collection: WISHLISTS,
  canHandle: ['WishlistItemAdded', 'WishlistItemRemoved'],
  id: (event) => streams.wishlistOwner(event.stream),
  evolve(doc, event) {
    const items = (doc?.items ?? []).filter((i) => i.productId !== event.data.productId);
    return {
      userId: streams.wishlistOwner(event.stream),
      items: event.type === 'WishlistItemAdded' ? [{ productId: event.data.productId, addedAt: event.metadata.at }, ...items] : items,
    };
  },
  async setup(docs) {
    await docs.collection(WISHLISTS).createIndex({ 'items.productId': 1 });
  },
});
