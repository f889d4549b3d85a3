import * as z from 'zod/mini';

export const CART_PATH = '/api/cart';

/** One line of `GET /api/cart` (spec §9 cart item). `price` is the unit price when added; `originalPrice` the listed price now. */
export const cartItemSchema = z.object({
  itemId: z.string(),
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  quantity: z.number(),
  color: z.string(),
  storage: z.number(),
  carrier: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** Computed by the query API (total = Σ price × quantity, discount = Σ (original − price) × quantity, shipping free); the browser shows it as is. */
export const cartSummarySchema = z.object({ total: z.number(), discount: z.number(), shipping: z.number() });
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** `GET /api/cart`. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  count: z.number(),
  summary: cartSummarySchema,
});
export type Cart = z.infer<typeof cartSchema>;
