import * as z from 'zod/mini';
import { CONDITION_CONFIRM_MESSAGE, NO_CONDITIONS, brokenConditionField, citedConditionSchema, conditionChoiceSchema, offerConditionsSchema } from './conditions.ts';
import { calendarDay, isCalendarDay } from './dates.ts';
import { koreanDayOf } from './koreanDay.ts';
import { plainName, plainText } from './text.ts';
import { photoUrl } from './reviews.ts';
import { PAYMENT_METHODS } from './payment.ts';
import { shippingAddressFields } from './addresses.ts';
import { naegujeConfirmFields } from './scamGuard.ts';
import { businessInfoSchema } from './stores.ts';
import { PRODUCT_CONDITIONS, sellerListingSchema } from './catalogue.ts';
import { USED_GRADES } from './models.ts';
import { RETURN_ROUND_TRIP_SHIPPING_FEE, RETURN_SHIPPING_NOTE, RETURN_WINDOW_DAYS } from './constants.ts';

// Plain values every product page states, defined without zod (constants.ts); importable from here as before.
export { RETURN_ROUND_TRIP_SHIPPING_FEE, RETURN_SHIPPING_NOTE, RETURN_WINDOW_DAYS };

/*
 * Shopping for real (issue 12): checkout, orders and their states, points and the welcome coupon,
 * the wishlist and notifications. Prices, totals and states are always the server's: the checkout
 * body names no price (an order is built from the server-side cart, priced by the pricing module).
 */

// ---------------------------------------------------------------------------------------------
// Orders

/**
 * 결제완료 → 배송준비 → 배송중 → 배송완료 → 구매확정; an order with carrier lines (개통) goes 결제완료 → 개통 준비
 * → 개통 완료 → 배송중 instead of 배송준비 (issue 30); a 매장 방문 order 개통 완료 → 매장 수령 완료 (its 배송완료,
 * issue 39). 취소됨 before shipping (before 개통 완료), 결제실패 (the simulated payment refused); after delivery
 * 교환/반품 요청 → 반품 진행 (승인, 회수, 검수) → 반품 완료 (refunded), or 교환 진행 (shipped again).
 */
export const ORDER_STATUSES = [
  'paid', 'preparing', 'activating', 'activated', 'shipped', 'delivered', 'confirmed', 'return_requested', 'returning', 'returned', 'exchanging', 'cancelled', 'payment_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: '결제완료', preparing: '배송준비', activating: '개통 준비', activated: '개통 완료', shipped: '배송중', delivered: '배송완료', confirmed: '구매확정',
  return_requested: '교환/반품 요청', returning: '반품 진행', returned: '반품 완료', exchanging: '교환 진행', cancelled: '취소됨', payment_failed: '결제실패',
};
/** A 매장 방문 order's 배송완료: the buyer took it at the store (issue 39). */
export const PICKED_UP_LABEL = '매장 수령 완료';
/** The status as the order says it: a 매장 방문 order's 배송완료 is 매장 수령 완료. */
export const orderStatusLabel = (status: OrderStatus, method: ActivationMethod | null | undefined): string =>
  status === 'delivered' && method === 'visit' ? PICKED_UP_LABEL : ORDER_STATUS_LABELS[status];
/** The buyer may cancel only before shipping (and before 개통 완료: a line once opened is not cancelled). */
export const CANCELLABLE_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'preparing', 'activating'];
/**
 * The buyer may review a line (once) after 배송완료 and after 구매확정: the scheduler confirms a delivered
 * order after 7 days, and Korean shops ask for the review at 구매확정 (issue 36).
 */
export const REVIEWABLE_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'confirmed'];
/** An order's review form (the product page's reviews tab with `?review=<orderId>`): /orders' 리뷰 작성 and the 구매확정 notification. */
export const reviewFormPath = (modelId: string, orderId: string) => `/product/${encodeURIComponent(modelId)}?review=${encodeURIComponent(orderId)}`;
/** What the order's seller (or an admin) moves it on to; `picked_up`: a 매장 방문 order taken at the store (its 배송완료). */
export const ORDER_STATUS_UPDATES = ['preparing', 'activating', 'activated', 'shipped', 'delivered', 'picked_up'] as const;
export type OrderStatusUpdate = (typeof ORDER_STATUS_UPDATES)[number];
export const ORDER_STATUS_UPDATE_LABELS: Record<OrderStatusUpdate, string> = {
  preparing: '배송준비', activating: '개통 준비', activated: '개통 완료', shipped: '배송중', delivered: '배송완료', picked_up: PICKED_UP_LABEL,
};
/** 구매확정 by itself this long after 배송완료 (the scheduler), unless a 교환/반품 is asked for. */
export const AUTO_CONFIRM_AFTER_DAYS = 7;
export const RETURN_KINDS = ['exchange', 'return'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_LABELS: Record<ReturnKind, string> = { exchange: '교환', return: '반품' };
/**
 * A 반품 (issue 39): 요청 → 승인 → 회수 (택배 with its 송장, or 매장 반납) → 검수 → 환불; or 거절. A 교환 is
 * 요청 → 승인 (then shipped again) or 거절.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'collecting', 'inspected', 'refunded', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: '처리 대기', approved: '승인 · 회수 대기', collecting: '회수 중', inspected: '검수 완료', refunded: '환불 완료', rejected: '거절',
};
/** What a 반품 refunds: what was paid today less the 왕복 배송비 when the buyer changed their mind. */
export function returnRefund(payNow: number, defective: boolean): { amount: number; shippingFee: number } {
  const shippingFee = defective ? 0 : Math.min(RETURN_ROUND_TRIP_SHIPPING_FEE, payNow);
  return { amount: payNow - shippingFee, shippingFee };
}
/** How a 반품 comes back: the courier with its 송장, or the buyer brings it to the store (매장 반납). */
export const RETURN_COLLECTION_METHODS = ['courier', 'store'] as const;
export type ReturnCollectionMethod = (typeof RETURN_COLLECTION_METHODS)[number];
export const RETURN_COLLECTION_LABELS: Record<ReturnCollectionMethod, string> = { courier: '택배 회수', store: '매장 반납' };

export const ALREADY_ORDERED_MESSAGE = '이미 주문된 장바구니입니다.';

export const COURIERS = ['CJ대한통운', '한진택배', '롯데택배', '우체국택배', '로젠택배'] as const;

/** Points (P): 1,000 on sign-up, 1% of the amount paid today at 구매확정 (floored; a 반품 earns none). */
export const WELCOME_POINTS = 1000;
export const DELIVERY_POINTS_RATE = 0.01;
/** The welcome coupon: 10,000원 off an order of 300,000원 or more, once. */
export const WELCOME_COUPON = { couponId: 'welcome', name: '신규가입 10,000원 할인 쿠폰', discount: 10_000, minOrder: 300_000 } as const;

/**
 * What is wrong with spending `points` (null: nothing): a whole number ≥ 0, no more than the balance and
 * no more than is left to pay today after the coupon. `message` is the answer's, `field` the usePoints
 * field's. The wallet refuses with it; the checkout says it before its 결제 확인, so the dialog never
 * names an amount the server would refuse.
 */
export function pointsProblem(points: number, { balance, payable }: { balance: number; payable: number }): { message: string; field: string } | null {
  if (!Number.isInteger(points) || points < 0) return { message: '포인트는 0 이상의 정수로 입력해주세요.', field: '포인트는 0 이상의 정수로 입력해주세요.' };
  if (points > balance) return { message: '보유 포인트보다 많이 사용할 수 없습니다.', field: `보유 포인트(${balance.toLocaleString('ko-KR')} P)보다 많이 사용할 수 없습니다.` };
  if (points > payable) return { message: '결제 금액보다 많은 포인트를 사용할 수 없습니다.', field: '결제 금액보다 많은 포인트를 사용할 수 없습니다.' };
  return null;
}

/**
 * How a carrier-contract line is paid (issue 30): 할부 — nothing today, the carrier bills the 월 할부금
 * with the plan each month; 일시불 — the 할부원금 today, no interest, the carrier bills the plan only.
 * 자급제 and used units are always paid today (`lump`).
 */
export const LINE_PAYMENTS = ['installment', 'lump'] as const;
export type LinePayment = (typeof LINE_PAYMENTS)[number];
export const LINE_PAYMENT_LABELS: Record<LinePayment, string> = { installment: '할부', lump: '일시불' };

/** 개통 (issue 30): 유심 or eSIM, and 택배 개통 or 매장 방문. */
export const SIM_TYPES = ['usim', 'esim'] as const;
export type SimType = (typeof SIM_TYPES)[number];
export const SIM_TYPE_LABELS: Record<SimType, string> = { usim: '유심', esim: 'eSIM' };
export const ACTIVATION_METHODS = ['delivery', 'visit'] as const;
export type ActivationMethod = (typeof ACTIVATION_METHODS)[number];
export const ACTIVATION_METHOD_LABELS: Record<ActivationMethod, string> = { delivery: '택배 개통', visit: '매장 방문' };
/** The carrier a 번호이동 line leaves (알뜰폰: an MVNO). */
export const CURRENT_CARRIERS = ['SKT', 'KT', 'LG U+', '알뜰폰'] as const;
export type CurrentCarrier = (typeof CURRENT_CARRIERS)[number];

/** 개통 fields' Korean errors, shared by the schema and the server's cart-dependent checks. */
export const ACTIVATION_MESSAGES = {
  holderName: '명의자 이름을 입력해주세요.',
  holderMismatch: '명의자가 회원 이름과 다릅니다. 가족 명의라면 가족 명의 확인에 체크해주세요.',
  holderBirthDate: '명의자 생년월일을 YYYY-MM-DD 형식으로 입력해주세요.',
  currentCarrier: '번호이동 전 통신사를 선택해주세요.',
  currentNumber: '번호이동할 휴대폰 번호를 010-0000-0000 형식으로 입력해주세요.',
  sim: '유심 또는 eSIM을 선택해주세요.',
  activation: '개통 방법을 선택해주세요.',
  visitSlot: '매장 방문 일시를 선택해주세요.',
  visitSlotOffered: '매장 방문 일시는 내일부터 2주 안의 영업시간(10~19시) 중에서 선택해주세요.',
  payments: '결제 방식을 확인해주세요.',
  /** 번호이동 to the carrier the number is with already (issue 39). */
  samePort: (carrier: string) => `지금 쓰는 통신사(${carrier})로는 번호이동할 수 없습니다. 같은 통신사에서 휴대폰만 바꾸시려면 가입 유형을 기기변경으로 선택해주세요.`,
} as const;

/** A carrier line opens one line (one 개통, one number): one unit each (issue 39); a second phone is a second line. */
export const CARRIER_LINE_ONE_UNIT_MESSAGE = '통신사 개통 상품은 회선마다 1대씩 주문할 수 있습니다. 한 대 더 필요하시면 개통할 회선마다 따로 주문해주세요.';

const isPastDate = (text: string) => isCalendarDay(text) && Date.parse(`${text}T00:00:00Z`) < Date.now();

/** 매장 방문 hours: 10–19시, each slot the start of an hour (`YYYY-MM-DD HH:00`). */
export const VISIT_HOURS = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19] as const;
/** How many days ahead a 매장 방문 may be booked, from tomorrow (Korea time). */
export const VISIT_DAY_COUNT = 14;
const VISIT_SLOT = /^(\d{4}-\d{2}-\d{2}) (\d{2}):00$/;

/** The 매장 방문 days offered at `now`: from tomorrow (Korea time), `days` of them, as YYYY-MM-DD. */
export function visitDays(now: Date = new Date(), days: number = VISIT_DAY_COUNT): string[] {
  const today = Date.parse(`${koreanDayOf(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today + (i + 1) * 86_400_000).toISOString().slice(0, 10));
}

/** A slot's form: a real day and one of the shop hours (which days are offered depends on the clock: `isOfferedVisitSlot`). */
const isVisitSlot = (slot: string) => {
  const m = VISIT_SLOT.exec(slot);
  return m !== null && isCalendarDay(m[1]!) && (VISIT_HOURS as readonly number[]).includes(Number(m[2]));
};

/** The one check of a 매장 방문 slot (checkout and a quote's accept): a shop hour on one of the days offered at `now`. */
export function isOfferedVisitSlot(slot: string, now: Date): boolean {
  return isVisitSlot(slot) && visitDays(now).includes(slot.slice(0, 10));
}

/**
 * The 개통 fields (issue 30) as a request carries them, all optional: which are required depends on the
 * line (any carrier line: the 명의자, 유심/eSIM; 번호이동: the carrier and number it leaves; 매장 방문: the
 * slot), checked by the server (`activationOf`) with `ACTIVATION_MESSAGES`. The method (택배 개통 or 매장
 * 방문) is the request's own field: the checkout's `activation`, a quote accept's `fulfilment`.
 * One shape for `checkoutSchema` and `quoteAcceptSchema`.
 */
export const activationFields = {
  holderName: z.optional(z.string({ error: ACTIVATION_MESSAGES.holderName }).check(
    z.trim(), z.minLength(2, { error: ACTIVATION_MESSAGES.holderName }), z.maxLength(20, { error: '명의자 이름은 20자 이하로 입력해주세요.' }), plainName(),
  )),
  holderBirthDate: z.optional(z.string({ error: ACTIVATION_MESSAGES.holderBirthDate }).check(z.trim(), z.refine(isPastDate, { error: ACTIVATION_MESSAGES.holderBirthDate }))),
  /** The buyer confirms that the 명의자 is family (a name other than the account's). */
  holderIsFamily: z.optional(z.boolean()),
  currentCarrier: z.optional(z.enum(CURRENT_CARRIERS, { error: ACTIVATION_MESSAGES.currentCarrier })),
  currentNumber: z.optional(z.string({ error: ACTIVATION_MESSAGES.currentNumber }).check(z.trim(), z.regex(/^010-\d{4}-\d{4}$/, { error: ACTIVATION_MESSAGES.currentNumber }))),
  sim: z.optional(z.enum(SIM_TYPES, { error: ACTIVATION_MESSAGES.sim })),
  /** 매장 방문: the day and hour (`YYYY-MM-DD HH:00`, 10–19시). */
  visitSlot: z.optional(z.string({ error: ACTIVATION_MESSAGES.visitSlot }).check(z.trim(), z.refine(isVisitSlot, { error: ACTIVATION_MESSAGES.visitSlot }))),
};
export const activationFieldsSchema = z.object(activationFields);
/** The 개통 fields as a form holds them (`ActivationFields` in the frontend) and as they are sent. */
export type ActivationFieldsInput = z.input<typeof activationFieldsSchema>;
export type ActivationFieldsValues = z.output<typeof activationFieldsSchema>;
export const ACTIVATION_FIELD_NAMES = Object.keys(activationFields) as (keyof typeof activationFields)[];

/**
 * Issue 40 (계약 조건서): the cart lines (itemIds; a quote accept: its offer id) whose conditions the buyer
 * confirmed — every line with conditions must be. One shape for checkout and quote accept. Checkout orders
 * each line with the plan after 요금제 유지 and the card tick stored on the cart line
 * (`PUT /api/cart/items/{itemId}/choice`), not `conditionChoices`, which it no longer reads.
 */
export const conditionConfirmFields = {
  conditionsConfirmed: z.optional(z.array(z.string().check(z.maxLength(200)), { error: CONDITION_CONFIRM_MESSAGE }).check(z.maxLength(50))),
  conditionChoices: z.optional(z.record(z.string().check(z.maxLength(200)), conditionChoiceSchema)),
};
/** Checkout's 주문 내용 확인 및 결제 동의 (issue 39): no order is placed or charged without it. */
export const ORDER_CONSENT_MESSAGE = '주문 내용을 확인하고 결제에 동의해주세요.';

/** `POST /api/orders` and the checkout form. No price: the server prices the cart. */
export const checkoutSchema = z.object({
  agreeToOrder: z.literal(true, { error: ORDER_CONSENT_MESSAGE }),
  ...shippingAddressFields,
  memo: z.optional(z.string({ error: '배송 메모를 확인해주세요.' }).check(z.trim(), z.maxLength(100, { error: '배송 메모는 100자 이하로 입력해주세요.' }), plainText())),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: '결제 수단을 선택해주세요.' }),
  usePoints: z.optional(z.number({ error: '사용할 포인트를 숫자로 입력해주세요.' }).check(
    z.int({ error: '포인트는 정수로 입력해주세요.' }), z.minimum(0, { error: '포인트는 0 이상이어야 합니다.' }),
  )),
  couponId: z.optional(z.nullable(z.string({ error: '쿠폰을 확인해주세요.' }).check(z.maxLength(64, { error: '쿠폰을 확인해주세요.' })))),
  /** 할부 or 일시불 for every carrier line not named in `payments` (default 할부). */
  payment: z.optional(z.enum(LINE_PAYMENTS, { error: ACTIVATION_MESSAGES.payments })),
  /** Per cart line (its itemId): 할부 or 일시불 for a carrier line; other lines are paid today whatever is sent. */
  payments: z.optional(z.record(z.string().check(z.maxLength(64)), z.enum(LINE_PAYMENTS, { error: ACTIVATION_MESSAGES.payments }))),
  // 개통: required when the cart holds a carrier line (checked by the server against the cart).
  ...activationFields,
  activation: z.optional(z.enum(ACTIVATION_METHODS, { error: ACTIVATION_MESSAGES.activation })),
  ...conditionConfirmFields,
  // Issue 41: past 2 lines in 30 days, the 내구제 warning confirmed.
  ...naegujeConfirmFields,
});
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutValues = z.output<typeof checkoutSchema>;

const courierText = z.string({ error: '택배사를 선택해주세요.' }).check(z.trim(), z.maxLength(30, { error: '택배사는 30자 이하로 입력해주세요.' }), plainText());
const trackingNumberText = z.string({ error: '송장번호를 입력해주세요.' }).check(z.trim(), z.regex(/^[0-9A-Za-z-]{6,30}$/, { error: '송장번호는 6~30자의 숫자·영문으로 입력해주세요.' }));
const courierField = z.optional(courierText);
const trackingNumberField = z.optional(trackingNumberText);

/** `PUT /api/orders/{id}/status`. Shipping needs the courier and the tracking number. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUS_UPDATES, { error: '변경할 상태를 선택해주세요.' }),
  courier: courierField,
  trackingNumber: trackingNumberField,
  /** 개통 완료: the day the line was opened and the new number's last 4 digits. */
  activatedOn: z.optional(calendarDay('개통일', '개통일을 2026-11-30처럼 실제 있는 날짜로 입력해주세요.')),
  numberLast4: z.optional(z.string().check(z.trim(), z.regex(/^\d{4}$/, { error: '개통 번호 뒤 4자리를 숫자로 입력해주세요.' }))),
});
export type OrderStatusChange = z.output<typeof orderStatusChangeSchema>;

/**
 * `POST /api/orders/{id}/tracking-correction` (s62): the order's seller (or an admin) corrects the 송장 of an order
 * 배송중 — the same 택배사 and 송장번호 rules as 발송 — and says why (the buyer reads it).
 */
export const TRACKING_CORRECTION_REASON_MAX = 100;
export const TRACKING_CORRECTION_MESSAGES = {
  courier: '택배사를 선택해주세요.',
  reason: '정정 사유를 입력해주세요.',
  reasonMax: `정정 사유는 ${TRACKING_CORRECTION_REASON_MAX}자 이하로 입력해주세요.`,
  unchanged: '지금 등록된 송장과 같습니다. 바로잡을 택배사나 송장번호를 입력해주세요.',
  notShipped: '배송중인 주문만 송장을 정정할 수 있습니다.',
} as const;
export const trackingCorrectionSchema = z.object({
  courier: courierText.check(z.minLength(1, { error: TRACKING_CORRECTION_MESSAGES.courier })),
  trackingNumber: trackingNumberText,
  reason: z.string({ error: TRACKING_CORRECTION_MESSAGES.reason }).check(
    z.trim(), z.minLength(1, { error: TRACKING_CORRECTION_MESSAGES.reason }), z.maxLength(TRACKING_CORRECTION_REASON_MAX, { error: TRACKING_CORRECTION_MESSAGES.reasonMax }), plainText(),
  ),
});
export type TrackingCorrectionInput = z.input<typeof trackingCorrectionSchema>;

/** `POST /api/orders/{id}/cancel`: why (the confirm dialog asks). */
export const CANCEL_REASONS = ['단순 변심', '주문 실수', '배송 지연', '다른 상품으로 재주문', '기타'] as const;
export const orderCancelSchema = z.object({
  reason: z.optional(z.string({ error: '취소 사유를 확인해주세요.' }).check(z.trim(), z.maxLength(100, { error: '취소 사유는 100자 이하로 입력해주세요.' }), plainText())),
});

/**
 * `POST /api/orders/{id}/seller-cancel` (판매자 취소): the order's seller (or an admin) cannot fulfil it, before it ships
 * (CANCELLABLE_ORDER_STATUSES, as the buyer's cancel). A reason from the list; '기타' needs its words (`detail`).
 */
export const SELLER_CANCEL_REASONS = ['재고 부족', '개통 불가', '배송 불가 지역', '기타'] as const;
export type SellerCancelReason = (typeof SELLER_CANCEL_REASONS)[number];
export const SELLER_CANCEL_DETAIL_MAX = 100;
export const SELLER_CANCEL_MESSAGES = {
  reason: '취소 사유를 선택해주세요.',
  detailRequired: '기타 사유를 입력해주세요.',
  detailMax: `사유는 ${SELLER_CANCEL_DETAIL_MAX}자 이하로 입력해주세요.`,
} as const;
export const sellerCancelSchema = z.object({
  reason: z.enum(SELLER_CANCEL_REASONS, { error: SELLER_CANCEL_MESSAGES.reason }),
  detail: z.optional(z.string({ error: SELLER_CANCEL_MESSAGES.detailMax }).check(
    z.trim(), z.maxLength(SELLER_CANCEL_DETAIL_MAX, { error: SELLER_CANCEL_MESSAGES.detailMax }), plainText(),
  )),
}).check(z.refine((v) => v.reason !== '기타' || (v.detail ?? '').length > 0, { error: SELLER_CANCEL_MESSAGES.detailRequired, path: ['detail'] }));
export type SellerCancelInput = z.input<typeof sellerCancelSchema>;
/** The reason the order keeps and the buyer reads: '재고 부족', '재고 부족 · 입고 지연', or the words of '기타'. */
export function sellerCancelReasonText({ reason, detail }: z.output<typeof sellerCancelSchema>): string {
  if (reason === '기타') return detail ?? reason;
  return detail ? `${reason} · ${detail}` : reason;
}
/** Who cancelled an order, as its page and history say it (absent in older events: the buyer). */
export const ORDER_CANCELLED_BY = ['buyer', 'seller', 'admin'] as const;
export type OrderCancelledBy = (typeof ORDER_CANCELLED_BY)[number];
export const ORDER_CANCELLED_BY_LABELS: Record<OrderCancelledBy, string> = { buyer: '구매자 취소', seller: '판매자 취소', admin: '관리자 취소' };

/** `POST /api/orders/{id}/returns`: 교환 or 반품 with a reason and up to 5 photos (their addresses, as a review's). */
export const RETURN_PHOTO_MAX = 5;
export const returnRequestSchema = z.object({
  kind: z.enum(RETURN_KINDS, { error: '교환 또는 반품을 선택해주세요.' }),
  reason: z.string({ error: '사유를 입력해주세요.' }).check(
    z.trim(), z.minLength(5, { error: '사유를 5자 이상 입력해주세요.' }), z.maxLength(500, { error: '사유는 500자 이하로 입력해주세요.' }), plainText(),
  ),
  /** Whether the phone is defective (free return) or the buyer changed their mind (the buyer pays the return shipping). */
  defective: z.optional(z.boolean()),
  photos: z.optional(z.array(photoUrl).check(z.maxLength(RETURN_PHOTO_MAX, { error: `사진은 ${RETURN_PHOTO_MAX}장까지 올릴 수 있습니다.` }))),
  /** Issue 40: the condition of the order's 계약 조건서 that was broken or is disputed (`citableConditions`' ref). */
  brokenCondition: brokenConditionField,
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;

/** `PUT /api/orders/{id}/returns/{returnId}`: the line's seller or an admin decides, with a note (required to refuse). */
export const returnDecisionSchema = z.object({
  decision: z.enum(['approved', 'rejected'], { error: '승인 또는 거절을 선택해주세요.' }),
  note: z.optional(z.string({ error: '메모를 확인해주세요.' }).check(z.trim(), z.maxLength(300, { error: '메모는 300자 이하로 입력해주세요.' }), plainText())),
});

/**
 * `POST /api/orders/{id}/returns/{returnId}/collection` (the buyer, the order's seller or an admin, once the 반품 is approved):
 * 택배 회수 with the courier and its 송장, or 매장 반납.
 */
export const returnCollectionSchema = z.object({
  method: z.enum(RETURN_COLLECTION_METHODS, { error: '회수 방법을 선택해주세요.' }),
  courier: courierField,
  trackingNumber: trackingNumberField,
});
export type ReturnCollectionInput = z.input<typeof returnCollectionSchema>;
/** `POST /api/orders/{id}/returns/{returnId}/inspection` (the order's seller or an admin): the phone is back and checked; the refund follows. */
export const returnInspectionSchema = z.object({
  note: z.optional(z.string({ error: '검수 메모를 확인해주세요.' }).check(z.trim(), z.maxLength(300, { error: '검수 메모는 300자 이하로 입력해주세요.' }), plainText())),
});

/** A 교환/반품 request as the order shows it: each step's time, how it comes back, and what was refunded (less the 왕복 배송비). */
export const orderReturnSchema = z.object({
  returnId: z.string(), kind: z.enum(RETURN_KINDS), reason: z.string(), defective: z.boolean(), photos: z.array(z.string()),
  status: z.enum(RETURN_STATUSES), note: z.nullable(z.string()), requestedAt: z.string(), decidedAt: z.nullable(z.string()),
  collection: z.optional(z.nullable(z.object({ method: z.enum(RETURN_COLLECTION_METHODS), courier: z.nullable(z.string()), trackingNumber: z.nullable(z.string()), at: z.string() }))),
  inspection: z.optional(z.nullable(z.object({ note: z.nullable(z.string()), at: z.string() }))),
  refund: z.optional(z.nullable(z.object({ amount: z.number(), shippingFee: z.number(), at: z.string() }))),
  /** Issue 40: the 계약 조건서's condition the request cites (null: none). */
  brokenCondition: z.optional(z.nullable(citedConditionSchema)),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

/**
 * Issue 39: an order line that is a seller's own (used) listing, as the listing was shown when it was sold —
 * its condition and grade, title, photos, battery and the seller's own 보증/반품 terms. `productId`: the line's offer.
 */
export const orderLineListingSchema = z.object({
  productId: z.string(),
  condition: z.enum(PRODUCT_CONDITIONS),
  grade: z.nullable(z.enum(USED_GRADES)),
  listing: sellerListingSchema,
});
export type OrderLineListing = z.infer<typeof orderLineListingSchema>;
/** An inquiry on an order as the order shows it (issue 40): its title and the condition it cites (the answer stays in 1:1 문의). */
export const orderInquirySchema = z.object({ inquiryId: z.string(), title: z.string(), brokenCondition: z.nullable(citedConditionSchema), at: z.string() });
export type OrderInquiry = z.infer<typeof orderInquirySchema>;

/** An order line as paid: the offer, the buyer's choices and the figures of that moment. */
export const orderItemSchema = z.object({
  productId: z.string(),
  modelId: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  quantity: z.number(),
  /** 할부원금 per unit when paid. */
  unitPrice: z.number(),
  originalPrice: z.number(),
  color: z.string(),
  storage: z.number(),
  carrier: z.string(),
  planName: z.nullable(z.string()),
  months: z.number(),
  monthlyTotal: z.number(),
  sellerId: z.string(),
  sellerName: z.string(),
  reviewed: z.boolean(),
  /** Issue 30: 가입유형 (null: 자급제), 할인 방식, how it is paid (할부/일시불) and the monthly parts. */
  joinType: z.nullable(z.string()),
  discount: z.string(),
  payment: z.enum(LINE_PAYMENTS),
  monthlyDevice: z.number(),
  monthlyPlan: z.number(),
  /** Issue 40: the conditions the buyer confirmed, and the line's 실부담 (its months; 24) when ordered (null before issue 40). */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
  conditionsConfirmed: z._default(z.boolean(), false),
  totalCost: z._default(z.nullable(z.number()), null),
  totalCost24: z._default(z.nullable(z.number()), null),
  /** What the 계약 조건서 states (null before issue 40): the plan and the buyer's later plan, the card choice, 지원금 by payer, the fees. */
  planId: z._default(z.nullable(z.string()), null),
  laterPlanId: z._default(z.nullable(z.string()), null),
  cardUsed: z._default(z.boolean(), false),
  subsidy: z._default(z.nullable(z.number()), null),
  extraSubsidy: z._default(z.nullable(z.number()), null),
  devicePrice: z._default(z.nullable(z.number()), null),
  planFee: z._default(z.nullable(z.number()), null),
  laterPlanFee: z._default(z.nullable(z.number()), null),
  /** As they were when ordered (null in older orders): the later plan's name and the 판매점's 사업자 정보. */
  laterPlanName: z._default(z.nullable(z.string()), null),
  sellerBusiness: z._default(z.nullable(businessInfoSchema), null),
  /** A seller's own listing as sold (issue 39; null: a catalogue offer, or an order from before it was kept). */
  listingAsSold: z._default(z.nullable(orderLineListingSchema), null),
  /** s59: the unit's condition when sold (older orders: their listing's, else new): `devicePriceLabel` names `originalPrice` by it. */
  condition: z._default(z.enum(PRODUCT_CONDITIONS), 'new'),
  /** s62: the plan's 개통비 when ordered (0: none or no plan); null in orders from before it was kept: unknown, shown as nothing. */
  setupFee: z._default(z.nullable(z.number()), null),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * `items`: Σ 할부원금 × quantity; `payNow` (= `total`): 오늘 결제 — the lines paid today less points and
 * coupon; `monthlyCarrier`: 매월 통신사 청구 (할부: 월 할부금 + 요금, 일시불: 요금).
 */
export const orderAmountsSchema = z.object({
  items: z.number(), discount: z.number(), points: z.number(), coupon: z.number(), total: z.number(), payNow: z.number(), monthlyCarrier: z.number(),
});

/** 개통 as the order shows it; masked (홍*동, 1990-**-**, 010-****-5678) but to the buyer, the order's sellers and admins. */
export const orderActivationSchema = z.object({
  holderName: z.string(),
  holderBirthDate: z.string(),
  holderIsFamily: z.boolean(),
  currentCarrier: z.nullable(z.enum(CURRENT_CARRIERS)),
  currentNumber: z.nullable(z.string()),
  sim: z.enum(SIM_TYPES),
  method: z.enum(ACTIVATION_METHODS),
  visitSlot: z.nullable(z.string()),
});
export type OrderActivationView = z.infer<typeof orderActivationSchema>;
export type OrderAmounts = z.infer<typeof orderAmountsSchema>;

export const shippingAddressSchema = z.object({
  recipient: z.string(), phone: z.string(), postcode: z.string(), address: z.string(), addressDetail: z.string(), memo: z.nullable(z.string()),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** `GET /api/orders/{id}` (the buyer or an admin). */
export const orderSchema = z.object({
  id: z.string(),
  /** The readable order number (`YYYYMMDD-NNNNNN`: the day it was placed, Korea time, and its number that day); the id stays in URLs. */
  orderNumber: z.string(),
  activation: z.nullable(orderActivationSchema),
  buyerId: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  items: z.array(orderItemSchema),
  amounts: orderAmountsSchema,
  shipping: shippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentFailure: z.nullable(z.string()),
  couponId: z.nullable(z.string()),
  courier: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  /** 개통 완료: the day and the new number's last 4 digits. */
  activated: z.nullable(z.object({ on: z.string(), numberLast4: z.string() })),
  deliveredAt: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
  returns: z.array(orderReturnSchema),
  /**
   * Cancelled: by whom (구매자/판매자/관리자 취소), why and when (absent in older documents; null otherwise); `refund`:
   * the 오늘 결제 its `PaymentRefunded` gave back, and when (s59; null until recorded, and for cancels before it).
   */
  cancellation: z._default(z.nullable(z.object({
    by: z.enum(ORDER_CANCELLED_BY), reason: z.string(), at: z.string(),
    refund: z._default(z.nullable(z.object({ amount: z.number(), at: z.string() })), null),
  })), null),
  /** Issue 40: the buyer's inquiries on the order, each with the 계약 조건서's condition it cites (absent in older documents: none). */
  inquiries: z.optional(z.array(orderInquirySchema)),
  cancellable: z.boolean(),
  reviewable: z.boolean(),
  /** 구매확정 now (배송완료, no 교환/반품 open). */
  confirmable: z.boolean(),
  /** 교환/반품 신청 now (배송완료, within RETURN_WINDOW_DAYS of it). */
  returnable: z.boolean(),
  /** 수령 확인 now (배송중): the buyer says it arrived, which is its 배송완료 (issue 39). */
  receivable: z.boolean(),
  /** A 매장 방문 order: the store it is taken at (its address from the store's business information; null when it gave none). */
  pickup: z.nullable(z.object({ storeName: z.string(), address: z.nullable(z.string()), phone: z.nullable(z.string()) })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** A row of `GET /api/orders` / `GET /api/admin/orders`: the address masked. */
export const orderListItemSchema = z.extend(orderSchema, { buyerName: z.optional(z.string()) });
export type OrderListItem = z.infer<typeof orderListItemSchema>;
export const ordersSchema = z.object({ orders: z.array(orderListItemSchema), total: z.number() });
export type Orders = z.infer<typeof ordersSchema>;

/**
 * `GET /api/seller/orders?status=&page=` (판매 관리, 배송 관리): the orders holding the signed-in
 * seller's items, newest first, each with only that seller's lines. `sellerSubtotal` is Σ 할부원금 ×
 * quantity of those lines; `shippable`: every line of the order is theirs and it is 결제완료 or
 * 배송준비중, so they register its shipping (`PUT /api/orders/{id}/status`) and read the whole
 * address; any other order's address stays masked.
 */
export const SELLER_ORDERS_PATH = '/api/seller/orders';
// No buyer account id: a seller knows the buyer by the masked name, and the whole address only while shipping.
// `handles`: every line is theirs, so they move it on (배송완료, 매장 수령 완료) and decide its 교환/반품.
// `sellerCancellable`: they handle it and it has not shipped (판매자 취소).
export const sellerOrderSchema = z.extend(z.omit(orderListItemSchema, { buyerId: true }), {
  sellerSubtotal: z.number(), shippable: z.boolean(), handles: z.boolean(), sellerCancellable: z._default(z.boolean(), false),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;
export const sellerOrdersSchema = z.object({
  orders: z.array(sellerOrderSchema),
  total: z.number(),
  /** Over all of the seller's orders (not only this page): 결제완료·배송준비중, 배송중, 배송완료, and Σ sellerSubtotal of the orders not cancelled, failed or returned (refunded). */
  summary: z.object({ toShip: z.number(), shipped: z.number(), delivered: z.number(), sales: z.number() }),
});
export type SellerOrders = z.infer<typeof sellerOrdersSchema>;

// ---------------------------------------------------------------------------------------------
// Points and coupons

export const pointsEntrySchema = z.object({ at: z.string(), amount: z.number(), reason: z.string(), orderId: z.nullable(z.string()) });
/** `GET /api/me/points`. */
export const pointsSchema = z.object({ balance: z.number(), history: z.array(pointsEntrySchema) });
export type Points = z.infer<typeof pointsSchema>;

export const couponSchema = z.object({
  couponId: z.string(), name: z.string(), discount: z.number(), minOrder: z.number(), used: z.boolean(), usedOrderId: z.nullable(z.string()), issuedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
/** `GET /api/me/coupons`. */
export const couponsSchema = z.object({ coupons: z.array(couponSchema) });
export type Coupons = z.infer<typeof couponsSchema>;
