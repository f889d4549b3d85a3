import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { WISHLISTS, wishlistReadModel } from './wishlistReadModel.ts';

const given = ProjectionSpecification.for(wishlistReadModel);
const wish = (type: 'WishlistItemAdded' | 'WishlistItemRemoved', productId: string) => ({ type, stream: streams.wishlist('u-1'), data: { productId } });

describe('wishlist read model', () => {
  it('keeps the 찜 newest first, a model once', async () => {
    await given([wish('WishlistItemAdded', 'galaxy-s25'), wish('WishlistItemAdded', 'iphone-17')])
      .when([wish('WishlistItemAdded', 'galaxy-s25'), wish('WishlistItemRemoved', 'iphone-17')])
      .then(expectDocuments.fromCollection(WISHLISTS).withId('u-1').toBeEqual({ userId: 'u-1', items: [{ productId: 'galaxy-s25', addedAt: '2026-11-20T10:03:00.000Z' }] }));
  });
});
