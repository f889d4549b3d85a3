import * as z from 'zod/mini';
import { PRODUCT_CONDITIONS, sellerListingSchema } from './catalogue.ts';
import { JOIN_TYPES, OFFER_CARRIERS, USED_GRADES, breakdownSchema, offerChoiceSchema, offerPlanSchema, priceQuoteSchema } from './models.ts';
import { NO_CONDITIONS, conditionChoiceSchema, offerConditionsSchema } from './conditions.ts';
import { DISCOUNT_TYPES } from './pricing.ts';

export { CART_PATH, cartItemChoicePath } from './constants.ts';

/**
 * One line of `GET /api/cart`: an offer (`productId` is the offer id, as in `GET /api/products`)
 * with the options the buyer chose — colour, plan, 할인 방식, 할부 months (storage, carrier and
 * 가입유형 are the offer's own) — priced now by the pricing module (`quote`), so the cart shows the
 * product page's figures. `price` is the 할부원금 now and `originalPrice` the 출고가 (spec §9 cart
 * item); `previousPrice` is the 할부원금 when it was carted if that differs ('가격이 변경되었습니다').
 * `available` is false when the offer is no longer sold (its seller suspended, say): the summary leaves it
 * out and checkout refuses it until it is removed.
 * Issue 12 (checkout/orders) builds on this shape: an order line is a cart line's offer + choices + quote.
 */
export const cartItemSchema = z.object({
  itemId: z.string(),
  productId: z.string(),
  modelId: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  quantity: z.number(),
  color: z.string(),
  storage: z.number(),
  carrier: z.enum(OFFER_CARRIERS),
  joinType: z.nullable(z.enum(JOIN_TYPES)),
  plan: z.nullable(offerPlanSchema),
  discount: z.enum(DISCOUNT_TYPES),
  months: z.number(),
  seller: z.object({ id: z.string(), name: z.string() }),
  quote: priceQuoteSchema,
  /** Issue 40: the line's conditions (checkout asks the buyer to confirm them) and its figure's lines. */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
  breakdown: breakdownSchema,
  /**
   * The buyer's choices about the conditions, part of the line (priced in `quote`; checkout orders them):
   * the plan after 요금제 유지 (null: the default) and whether they will use the card deal.
   */
  choice: z._default(conditionChoiceSchema, { laterPlanId: null, cardUsed: false }),
  /** The plans the buyer may move to after 요금제 유지, cheapest first, the one priced marked (empty: no 요금제 유지). */
  laterPlans: z._default(z.array(z.object({ id: z.string(), name: z.string(), monthlyFee: z.number(), priced: z.boolean() })), []),
  previousPrice: z.nullable(z.number()),
  /** Units of the offer left to sell now (0: 품절; a quantity above it cannot be ordered). */
  stockLeft: z.number(),
  available: z.boolean(),
  /**
   * Issue 39: the unit as it is — 새 제품, 중고 or 리퍼, its grade, and for a seller's own listing its photos, title,
   * battery and the seller's own 보증/반품 terms (null: a catalogue offer, shown with the standard price table).
   */
  condition: z._default(z.enum(PRODUCT_CONDITIONS), 'new'),
  grade: z._default(z.nullable(z.enum(USED_GRADES)), null),
  listing: z._default(z.nullable(sellerListingSchema), null),
  /** Only on an unavailable line: why, in Korean ('판매가 중지된 상품입니다.', '품절된 상품입니다.'); such a line counts in no summary total. */
  unavailableReason: z.optional(z.string()),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * Computed by the query API from the lines' quotes with the order's own sum (`lineSums`): total = Σ 할부원금 × quantity,
 * discount = Σ (출고가 − 할부원금) × quantity (a used unit's 판매가 is its 출고가: no 지원금), `payToday` = what checkout charges
 * today with every carrier line on 할부 (자급제·중고 lines in full), `monthlyCarrier` = what the carrier then bills each
 * month; shipping free. The browser shows it as is.
 */
export const cartSummarySchema = z.object({ total: z.number(), discount: z.number(), shipping: z.number(), payToday: z.number(), monthlyCarrier: z.number() });
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** `GET /api/cart`. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  count: z.number(),
  summary: cartSummarySchema,
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * `POST /api/cart/items`: an offer and the buyer's choices. `storage`/`carrier`/`joinType`, when
 * sent, must be the offer's (the product page sends what it showed; a mismatch is a 400).
 */
export const MAX_CART_QUANTITY = 99;
export const addCartItemSchema = z.extend(offerChoiceSchema, {
  productId: z.string().check(z.minLength(1, { error: '상품을 선택해주세요.' })),
  quantity: z.optional(z.number().check(z.int({ error: '수량은 정수여야 합니다.' }), z.minimum(1, { error: '수량은 1개 이상이어야 합니다.' }), z.maximum(MAX_CART_QUANTITY, { error: `최대 ${MAX_CART_QUANTITY}개까지 담을 수 있습니다.` }))),
  color: z.optional(z.string().check(z.minLength(1))),
  storage: z.optional(z.number()),
  carrier: z.optional(z.string()),
  joinType: z.optional(z.nullable(z.string())),
  /** Issue 40: the plan after 요금제 유지 (absent or null: the default) and the card tick, as the product page showed them. */
  laterPlanId: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))),
  cardUsed: z.optional(z.boolean({ error: '카드 할인 사용 여부를 확인해주세요.' })),
});
export type AddCartItem = z.infer<typeof addCartItemSchema>;

/** `PUT /api/cart/items/{itemId}/choice` (issue 40, path `cartItemChoicePath`): the line's plan after 요금제 유지 (null: the default) and card tick. */
export const cartItemChoiceSchema = z.object({
  laterPlanId: z.nullable(z.string({ error: '이후 요금제를 확인해주세요.' }).check(z.trim(), z.minLength(1, { error: '이후 요금제를 확인해주세요.' }), z.maxLength(100, { error: '이후 요금제를 확인해주세요.' }))),
  cardUsed: z.boolean({ error: '카드 할인 사용 여부를 확인해주세요.' }),
});
export type CartItemChoice = z.output<typeof cartItemChoiceSchema>;
/** The Korean answers when a choice does not fit the line's offer. */
export const CART_CHOICE_MESSAGES = {
  noPlanKeep: '요금제 유지 조건이 없는 상품은 이후 요금제를 고를 수 없습니다.',
  laterPlan: '이 통신사의 요금제 중에서 이후 요금제를 골라주세요.',
  noCard: '이 판매 조건에는 카드 제휴 할인이 없습니다.',
} as const;
