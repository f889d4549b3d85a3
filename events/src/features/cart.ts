import { z } from 'zod';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';
import { carrierSchema } from './catalogue.ts';

/** Shopping cart events. Stream `cart-<userId>`: one cart per account. */
export const MAX_CART_QUANTITY = 99;
const quantity = z.number().int().min(1).max(MAX_CART_QUANTITY);

export const cartItemAddedSchema = z.object({
  itemId: z.string().min(1),
  productId: z.string().min(1),
  quantity,
  color: z.string().min(1),
  storage: z.number().int().positive(),
  carrier: carrierSchema,
  /** The price when it was added (won): a cart shows what the buyer saw. */
  unitPrice: z.number().int().nonnegative(),
});

export const cartItemQuantityChangedSchema = z.object({ itemId: z.string().min(1), quantity });
export const cartItemRemovedSchema = z.object({ itemId: z.string().min(1) });

export const cartStreams = {
  cart: (userId: string) => streamName('cart', userId),
  /** The account a `cart-<userId>` stream belongs to. */
  cartOwner: (stream: string) => streamId('cart', stream),
} as const;

export const cartEvents = {
  CartItemAdded: defineEvent({ stream: 'cart', schema: cartItemAddedSchema }),
  CartItemQuantityChanged: defineEvent({ stream: 'cart', schema: cartItemQuantityChangedSchema }),
  CartItemRemoved: defineEvent({ stream: 'cart', schema: cartItemRemovedSchema }),
} as const;
