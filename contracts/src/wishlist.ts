import * as z from 'zod/mini';

/* 찜 (issue 12): its own module, so the heart on every card does not load the order schemas. */
/** One 찜 entry: a phone model (`productId` = model id, the product page's id). Unavailable when the model left the catalogue. */
export const wishlistItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  lowestPrice: z.nullable(z.number()),
  available: z.boolean(),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
/** `GET /api/wishlist`. */
export const wishlistSchema = z.object({ items: z.array(wishlistItemSchema) });
export type Wishlist = z.infer<typeof wishlistSchema>;
