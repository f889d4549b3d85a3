import { z } from 'zod';
import { NO_CONDITIONS, PRODUCT_CONDITIONS, businessInfoSchema, offerConditionsSchema, orderLineListingSchema, ACTIVATION_METHODS, CURRENT_CARRIERS, JOIN_TYPES, LINE_PAYMENTS, PAYMENT_METHODS, RETURN_COLLECTION_METHODS, RETURN_KINDS, SIM_TYPES } from '@phonemarket/contracts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/*
 * Shopping for real (issue 12). Streams: `order-<orderId>` (one order), `wallet-<userId>` (points and
 * coupons), `wishlist-<userId>` (찜). The cart stream gets `CartCheckedOut`: the checkout marker that
 * empties the cart, appended at the cart's expected revision so one checkout of a cart wins.
 */
const won = z.number().int().nonnegative();
const id = z.string().min(1);

export const orderLineSchema = z.object({
  itemId: id,
  productId: id,
  modelId: z.string(),
  name: z.string(),
  brand: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: won,
  originalPrice: won,
  color: z.string(),
  storage: z.number().int().nonnegative(),
  carrier: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  discount: z.string(),
  months: z.number().int().positive(),
  monthlyTotal: won,
  sellerId: z.string(),
  sellerName: z.string(),
  /** Version 2 (issue 30): 가입유형 (null: 자급제), how it is paid, and the monthly parts of `monthlyTotal`. */
  joinType: z.enum(JOIN_TYPES).nullable(),
  payment: z.enum(LINE_PAYMENTS),
  monthlyDevice: won,
  monthlyPlan: won,
  /**
   * Issue 40, the 계약 조건서: the line's conditions as the buyer confirmed them, the buyer's later plan
   * (null: the default) and card choice, and the 실부담 of the line's months and of 24 months.
   * Absent in older orders: none confirmed, no figure.
   */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
  conditionsConfirmed: z.boolean().default(false),
  laterPlanId: z.string().nullable().default(null),
  cardUsed: z.boolean().default(false),
  totalCost: won.nullable().default(null),
  totalCost24: won.nullable().default(null),
  /** 공시지원금 (통신사) and 추가지원금 (판매점) of one unit, and the 할부원금's 출고가 (null in older orders). */
  subsidy: won.nullable().default(null),
  extraSubsidy: won.nullable().default(null),
  devicePrice: won.nullable().default(null),
  /** The plan's monthly fee and the later plan's (after 요금제 유지): what '요금제를 N개월 뒤 바꾸면' is computed from. */
  planFee: won.nullable().default(null),
  laterPlanFee: won.nullable().default(null),
  /**
   * What the 계약 조건서 names, as it was when ordered (a later rename or edit changes no contract): the plan
   * after 요금제 유지 (the buyer's or the default; null without 요금제 유지) and the 판매점's 사업자 정보.
   * Null in orders from before they were kept: the contract reads today's.
   */
  laterPlanName: z.string().nullable().optional(),
  sellerBusiness: z.nullable(businessInfoSchema).optional(),
  /**
   * Issue 39: a seller's own (used) listing as it was shown when sold — condition, grade, title, photos, battery
   * and the seller's 보증/반품 terms (a later edit changes no order); null for a catalogue offer. Absent in
   * orders from before it was kept: the order reads the listing as it is now.
   */
  listingAsSold: z.nullable(orderLineListingSchema).optional(),
  /**
   * s59: the unit's condition when sold (새상품, 리퍼, 중고), so the order and its 계약 조건서 name its device price
   * (`devicePriceLabel`: a used unit's 판매가, not a new phone's 출고가). Absent in older orders (and a quote's new
   * phone): the seller's own listing's condition, else new.
   */
  condition: z.enum(PRODUCT_CONDITIONS).optional(),
  /**
   * s62: the plan's 개통비 when ordered (the carrier bills it once, on the first month; 0: none, and for a line
   * without a plan). Absent in older orders: unknown, and the order shows none (never a wrong 0).
   */
  setupFee: won.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;
/** An order line's 계약 조건서 fields as an order from before issue 40 reads them (none confirmed, no figure). */
export const NO_CONTRACT_TERMS = {
  conditions: NO_CONDITIONS, conditionsConfirmed: false, laterPlanId: null, cardUsed: false, totalCost: null, totalCost24: null,
  subsidy: null, extraSubsidy: null, devicePrice: null, planFee: null, laterPlanFee: null,
} as const satisfies Partial<OrderLine>;

/** 개통 of the order's carrier lines (issue 30); personal: shown masked but to the buyer, the order's sellers and admins. */
export const orderActivationSchema = z.object({
  holderName: z.string().min(1),
  holderBirthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  holderIsFamily: z.boolean(),
  currentCarrier: z.enum(CURRENT_CARRIERS).nullable(),
  currentNumber: z.string().nullable(),
  sim: z.enum(SIM_TYPES),
  method: z.enum(ACTIVATION_METHODS),
  visitSlot: z.string().nullable(),
});
export type OrderActivation = z.infer<typeof orderActivationSchema>;

export const orderPlacedSchema = z.object({
  orderId: id,
  buyerId: id,
  items: z.array(orderLineSchema).min(1),
  /**
   * `items`: Σ 할부원금 × quantity of every line; `payNow` (= `total`): what is charged today — the
   * 일시불 and paid-today lines, less points and coupon; `monthlyCarrier`: what the carrier bills each
   * month (할부: 월 할부금 + 요금; 일시불: 요금).
   */
  amounts: z.object({ items: won, discount: won, points: won, coupon: won, total: won, payNow: won, monthlyCarrier: won }),
  shipping: z.object({
    recipient: z.string(), phone: z.string(), postcode: z.string(), address: z.string(), addressDetail: z.string(), memo: z.string().nullable(),
  }),
  paymentMethod: z.enum(PAYMENT_METHODS),
  couponId: z.string().nullable(),
  activation: orderActivationSchema.nullable(),
});

/** Version 1 orders (before issue 30) were paid in full today: every line 일시불, nothing billed monthly. */
export const upcastOrderPlacedV1 = (data: unknown) => {
  const v1 = data as { items: Record<string, unknown>[]; amounts: { total: number } & Record<string, number> } & Record<string, unknown>;
  return {
    ...v1,
    items: v1.items.map((i) => ({ joinType: null, payment: 'lump', monthlyDevice: 0, monthlyPlan: 0, ...i })),
    amounts: { payNow: v1.amounts.total, monthlyCarrier: 0, ...v1.amounts },
    activation: null,
  };
};

/**
 * The checkout's commit point. `order` (since the crash-gap fix) is the order it commits to, priced and
 * paid: the wallet spend and `OrderPlaced` that follow on their own streams are completed from it by
 * the next checkout of the cart if the process stopped in between. Markers written before carry none.
 */
export const cartCheckedOutSchema = z.object({ orderId: id, itemIds: z.array(id), order: orderPlacedSchema.optional() });

/**
 * A checkout begun (issue 23): the order it will place, appended on the cart before any stock is
 * taken, so units taken for an order that never committed can always be found and put back. It ends
 * with the marker `CartCheckedOut` (same order) or `CartCheckoutAbandoned` (units released).
 */
export const cartCheckoutStartedSchema = z.object({ orderId: id, order: orderPlacedSchema });
export const CHECKOUT_ABANDON_REASONS = ['out_of_stock', 'superseded', 'expired'] as const;
export const cartCheckoutAbandonedSchema = z.object({ orderId: id, reason: z.enum(CHECKOUT_ABANDON_REASONS) });

export const orderStreams = {
  order: (orderId: string) => streamName('order', orderId),
  orderId: (stream: string) => streamId('order', stream),
  wallet: (userId: string) => streamName('wallet', userId),
  walletOwner: (stream: string) => streamId('wallet', stream),
  wishlist: (userId: string) => streamName('wishlist', userId),
  wishlistOwner: (stream: string) => streamId('wishlist', stream),
  /** What an account has read of its notifications. */
  notificationReads: (userId: string) => streamName('notificationReads', userId),
  notificationReader: (stream: string) => streamId('notificationReads', stream),
} as const;

const couponSchema = z.object({ couponId: id, name: z.string(), discount: won, minOrder: won });

export const orderEvents = {
  CartCheckedOut: defineEvent({ stream: 'cart', schema: cartCheckedOutSchema }),
  CartCheckoutStarted: defineEvent({ stream: 'cart', schema: cartCheckoutStartedSchema }),
  CartCheckoutAbandoned: defineEvent({ stream: 'cart', schema: cartCheckoutAbandonedSchema }),
  OrderPlaced: defineEvent({ stream: 'order', schema: orderPlacedSchema, version: 2, upcast: { 1: upcastOrderPlacedV1 } }),
  PaymentCaptured: defineEvent({ stream: 'order', schema: z.object({ orderId: id, method: z.enum(PAYMENT_METHODS), amount: won, approvalNumber: z.string() }) }),
  PaymentFailed: defineEvent({ stream: 'order', schema: z.object({ orderId: id, method: z.enum(PAYMENT_METHODS), reason: z.string().min(1) }) }),
  OrderPreparationStarted: defineEvent({ stream: 'order', schema: z.object({ orderId: id }) }),
  OrderShipped: defineEvent({ stream: 'order', schema: z.object({ orderId: id, courier: z.string().min(1), trackingNumber: z.string().min(1) }) }),
  /**
   * s62: the seller (or an admin) corrects the 송장 of an order 배송중 — a mistyped number or the wrong courier — with
   * the reason; the one before is kept so the history reads old → new. The buyer's 배송 조회 follows the new one.
   */
  ShipmentTrackingCorrected: defineEvent({
    stream: 'order',
    schema: z.object({
      orderId: id, courier: z.string().min(1), trackingNumber: z.string().min(1), previousCourier: z.string(), previousTrackingNumber: z.string(), reason: z.string().min(1),
    }),
  }),
  /**
   * 배송완료. Issue 39: `receivedBy` the buyer's 수령 확인 (absent: the seller or an admin said so); `atStore`: a 매장
   * 방문 order taken at the store (매장 수령 완료).
   */
  OrderDelivered: defineEvent({ stream: 'order', schema: z.object({ orderId: id, receivedBy: z.enum(['buyer']).optional(), atStore: z.boolean().optional() }) }),
  /** `by`: 판매자 취소 (the order's seller cannot fulfil it) or an admin's; absent: the buyer cancelled. The refund and units are the same. */
  OrderCancelled: defineEvent({ stream: 'order', schema: z.object({ orderId: id, reason: z.string(), by: z.enum(['seller', 'admin']).optional() }) }),
  // Issue 30: 개통, 구매확정 and 교환/반품.
  OrderActivationStarted: defineEvent({ stream: 'order', schema: z.object({ orderId: id }) }),
  OrderActivated: defineEvent({ stream: 'order', schema: z.object({ orderId: id, activatedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), numberLast4: z.string().regex(/^\d{4}$/) }) }),
  OrderConfirmed: defineEvent({ stream: 'order', schema: z.object({ orderId: id, automatic: z.boolean() }) }),
  OrderReturnRequested: defineEvent({
    stream: 'order',
    schema: z.object({
      orderId: id, returnId: id, kind: z.enum(RETURN_KINDS), reason: z.string().min(1), defective: z.boolean(), photos: z.array(z.string()).max(5),
      /** Issue 40: the condition of the order's 계약 조건서 it cites as broken or disputed, as the order stored it (absent in older events: none). */
      brokenCondition: z.object({ ref: z.string().min(1), label: z.string().min(1) }).nullable().optional(),
    }),
  }),
  OrderReturnApproved: defineEvent({ stream: 'order', schema: z.object({ orderId: id, returnId: id, note: z.string().nullable() }) }),
  OrderReturnRejected: defineEvent({ stream: 'order', schema: z.object({ orderId: id, returnId: id, note: z.string().min(1) }) }),
  /** Issue 39: a 반품 comes back — by courier with its 송장, or brought to the store (매장 반납). */
  OrderReturnCollectionRegistered: defineEvent({
    stream: 'order',
    schema: z.object({ orderId: id, returnId: id, method: z.enum(RETURN_COLLECTION_METHODS), courier: z.string().min(1).nullable(), trackingNumber: z.string().min(1).nullable() }),
  }),
  /** The returned phone is back with the seller and checked (검수): its units go back on sale, the refund follows. */
  OrderReturnInspected: defineEvent({ stream: 'order', schema: z.object({ orderId: id, returnId: id, note: z.string().nullable() }) }),
  /**
   * What was charged today given back through the order's payment (a 반품). Issue 39: after 검수, less the 왕복
   * 배송비 of a 단순 변심 반품 (`shippingFee`; absent in older events: none). s59: `cancelled` — the whole 오늘 결제 of
   * an order cancelled before shipping (by anyone), appended by the cancel's process; absent: a 반품's.
   */
  PaymentRefunded: defineEvent({
    stream: 'order',
    schema: z.object({ orderId: id, amount: won, method: z.enum(PAYMENT_METHODS), shippingFee: won.optional(), returnId: id.optional(), cancelled: z.literal(true).optional() }),
  }),
  WelcomeBenefitsGranted: defineEvent({ stream: 'wallet', schema: z.object({ points: won, coupon: couponSchema }) }),
  PointsSpent: defineEvent({ stream: 'wallet', schema: z.object({ orderId: id, amount: won }) }),
  PointsRefunded: defineEvent({ stream: 'wallet', schema: z.object({ orderId: id, amount: won }) }),
  /** `source` (issue 26): a purchase's 1 % (absent in older events), or a phone sold to a shop (`buyback`, the buyback order's id). */
  PointsEarned: defineEvent({ stream: 'wallet', schema: z.object({ orderId: id, amount: won, source: z.enum(['purchase', 'buyback']).optional() }) }),
  CouponRedeemed: defineEvent({ stream: 'wallet', schema: z.object({ orderId: id, couponId: id }) }),
  CouponRestored: defineEvent({ stream: 'wallet', schema: z.object({ orderId: id, couponId: id }) }),
  WishlistItemAdded: defineEvent({ stream: 'wishlist', schema: z.object({ productId: id }) }),
  WishlistItemRemoved: defineEvent({ stream: 'wishlist', schema: z.object({ productId: id }) }),
  NotificationRead: defineEvent({ stream: 'notificationReads', schema: z.object({ notificationId: id }) }),
  /** Every notification up to `before` (the time the account asked) is read. */
  AllNotificationsRead: defineEvent({ stream: 'notificationReads', schema: z.object({ before: z.iso.datetime() }) }),
} as const;


