import { z } from 'zod';
import { DISCOUNT_TYPES, INSTALLMENT_MONTHS, JOIN_TYPES, MAX_CART_QUANTITY, OFFER_CARRIERS } from '@phonemarket/contracts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/** Shopping cart events. Stream `cart-<userId>`: one cart per account. */
export { MAX_CART_QUANTITY };
const quantity = z.number().int().min(1).max(MAX_CART_QUANTITY);

/**
 * A cart line is an offer (`productId` = offer id) with the buyer's choices. Version 2 (issue 10)
 * adds 가입유형, plan, 할인 방식 and 할부 months; version-1 lines read as the offer's defaults.
 */
export const cartItemAddedSchema = z.object({
  itemId: z.string().min(1),
  productId: z.string().min(1),
  quantity,
  color: z.string().min(1),
  storage: z.number().int().positive(),
  carrier: z.enum(OFFER_CARRIERS),
  joinType: z.enum(JOIN_TYPES).nullable(),
  /** The plan chosen (null: 자급제 / none). */
  planId: z.string().min(1).nullable(),
  discount: z.enum(DISCOUNT_TYPES),
  months: z.union(INSTALLMENT_MONTHS.map((m) => z.literal(m)) as [z.ZodLiteral<24>, z.ZodLiteral<30>, z.ZodLiteral<36>]),
  /** The 할부원금 when it was added (won): the cart says when the price changed since. */
  unitPrice: z.number().int().nonnegative(),
  /**
   * Issue 40: the buyer's choices about the offer's conditions — the plan after 요금제 유지 (null: the default,
   * the carrier's cheapest of the network type) and whether they will use the card deal. Absent: neither.
   */
  laterPlanId: z.string().min(1).nullable().optional(),
  cardUsed: z.boolean().optional(),
});

/** The buyer changed a line's condition choices (the later plan, the card tick) on the product page, cart or checkout. */
export const cartItemChoiceChangedSchema = z.object({ itemId: z.string().min(1), laterPlanId: z.string().min(1).nullable(), cardUsed: z.boolean() });

export const cartItemQuantityChangedSchema = z.object({ itemId: z.string().min(1), quantity });
export const cartItemRemovedSchema = z.object({ itemId: z.string().min(1) });

export const cartStreams = {
  cart: (userId: string) => streamName('cart', userId),
  /** The account a `cart-<userId>` stream belongs to. */
  cartOwner: (stream: string) => streamId('cart', stream),
} as const;

export const cartEvents = {
  CartItemAdded: defineEvent({
    stream: 'cart', schema: cartItemAddedSchema, version: 2,
    upcast: { 1: (data) => ({ joinType: null, planId: null, discount: 'subsidy', months: 24, ...(data as object) }) },
  }),
  CartItemQuantityChanged: defineEvent({ stream: 'cart', schema: cartItemQuantityChangedSchema }),
  CartItemRemoved: defineEvent({ stream: 'cart', schema: cartItemRemovedSchema }),
  CartItemChoiceChanged: defineEvent({ stream: 'cart', schema: cartItemChoiceChangedSchema }),
} as const;
