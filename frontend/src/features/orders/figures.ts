import {
  DISCOUNT_LABELS, LINE_PAYMENT_LABELS, isCarrierLine, linePaymentOf, paymentFigures,
  type CartItem, type DiscountType, type LinePayment, type Order, type OrderItem, type OrderStatus,
} from '@phonemarket/contracts';

/**
 * What an order (or the checkout's cart) costs today and each month (issue 30), from each line's parts:
 * a carrier line paid by 할부 costs nothing today and its 월 할부금 + 월 요금 each month; by 일시불 its
 * 할부원금 today (no interest) and its 월 요금 each month; a 자급제 or used line its 할부원금 today.
 * `payToday` and `monthlyCarrier` are the contracts' `paymentFigures`; the other sums say what they hold.
 */
export interface PaymentBreakdown {
  /** Σ 할부원금 × 수량 of the lines paid today (before points and coupon): `paymentFigures().payToday`. */
  payToday: number;
  /** Σ 할부원금 × 수량 of the 할부 lines: billed by the carrier over their months. */
  installmentPrincipal: number;
  /** Σ 월 할부금 × 수량 of the 할부 lines. */
  monthlyDevice: number;
  /** Σ 월 요금 × 수량 of the carrier lines (할부 or 일시불). */
  monthlyPlan: number;
  /** 매월 통신사 청구: monthlyDevice + monthlyPlan (`paymentFigures().monthlyCarrier`). */
  monthlyCarrier: number;
  /** The 할부 months of the 할부 lines (one value when they agree). */
  installmentMonths: number[];
}

interface FigureLine { quantity: number; principal: number; monthlyDevice: number; monthlyPlan: number; months: number; payment: LinePayment }

function breakdown(lines: readonly FigureLine[]): PaymentBreakdown {
  const { payToday, monthlyCarrier } = paymentFigures(lines);
  const installment = lines.filter((l) => l.payment === 'installment');
  return {
    payToday,
    installmentPrincipal: installment.reduce((sum, l) => sum + l.principal * l.quantity, 0),
    monthlyDevice: installment.reduce((sum, l) => sum + l.monthlyDevice * l.quantity, 0),
    monthlyPlan: lines.reduce((sum, l) => sum + l.monthlyPlan * l.quantity, 0),
    monthlyCarrier,
    installmentMonths: [...new Set(installment.map((l) => l.months))].sort((a, b) => a - b),
  };
}

/** A cart line as the contracts' `isCarrierLine` reads it (a plan, not 자급제). */
export const isCarrierCartLine = (item: Pick<CartItem, 'plan' | 'carrier'>) => isCarrierLine({ planId: item.plan?.id ?? null, carrier: item.carrier });

/** What '오늘 결제할 상품 금액' sums (checkout and the order): a 자급제 or used line's price is no 할부원금 (s59). */
export const PAY_TODAY_ITEMS_HINT = '자급제·중고 상품 금액과 일시불로 고른 통신사 상품의 할부원금';

/** An order line as `isCarrierLine` reads it (lines ordered before issue 40 kept their plan's name, no planId). */
export const isCarrierOrderLine = (i: Pick<OrderItem, 'planId' | 'planName' | 'carrier'>) => isCarrierLine({ planId: i.planId ?? i.planName, carrier: i.carrier });

/** The checkout's figures: the cart's available lines, each carrier line paid as chosen (할부 unless 일시불 is chosen). */
export function checkoutBreakdown(items: readonly CartItem[], payments: Readonly<Record<string, LinePayment | undefined>>): PaymentBreakdown {
  return breakdown(items.filter((i) => i.available).map((i) => ({
    quantity: i.quantity, principal: i.quote.principal, monthlyDevice: i.quote.monthlyDevice, monthlyPlan: i.quote.monthlyPlan, months: i.quote.months,
    payment: linePaymentOf({ planId: i.plan?.id ?? null, carrier: i.carrier }, payments[i.itemId]),
  })));
}

/** An order's figures, from its lines as paid. */
export function orderBreakdown(items: readonly OrderItem[]): PaymentBreakdown {
  return breakdown(items.map((i) => ({ quantity: i.quantity, principal: i.unitPrice, monthlyDevice: i.monthlyDevice, monthlyPlan: i.monthlyPlan, months: i.months, payment: i.payment })));
}

/** '월 할부금 (24개월 할부)' when every 할부 line has the same months, else '월 할부금 (할부 상품 합계)'. */
export function monthlyDeviceLabel(months: readonly number[]): string {
  return months.length === 1 ? `월 할부금 (${months[0]}개월 할부, 연 5.9%)` : '월 할부금 (할부 상품 합계)';
}

/**
 * A line's terms (issue 30): 통신사 · 가입유형 · 요금제 · 할인 방식 · 할부 N개월 (or 일시불); a 자급제 line has
 * no 가입유형, plan or 할인 방식.
 */
export function lineTerms(i: Pick<OrderItem, 'carrier' | 'joinType' | 'planName' | 'discount' | 'payment' | 'months'>): string {
  const discount = i.planName && Object.hasOwn(DISCOUNT_LABELS, i.discount) ? DISCOUNT_LABELS[i.discount as DiscountType] : null;
  const paid = i.payment === 'lump' ? LINE_PAYMENT_LABELS.lump : `${LINE_PAYMENT_LABELS.installment} ${i.months}개월`;
  return [i.carrier, i.joinType, i.planName, discount, paid].filter(Boolean).join(' · ');
}

/** A discount shown as what it takes off: '-80,000원' (0 stays '0원'). */
export const minusWon = (n: number, format: (n: number) => string) => (n > 0 ? `-${format(n)}` : format(0));

/**
 * What went back to the buyer's payment: a 반품 완료's refund (less a 단순 변심's 왕복 배송비; the whole 오늘 결제
 * until the refund is recorded), a cancelled order's whole 오늘 결제 (cancelled before shipping); null otherwise.
 * `at`: when its `PaymentRefunded` recorded it (s59: a cancel's too), null before. The order's page, its cancel
 * note and 주문 관리 all read it, so they show the same amount.
 */
export function refundOf(o: Pick<Order, 'status' | 'returns' | 'amounts' | 'cancellation'>): { amount: number; shippingFee: number; at: string | null } | null {
  if (o.status === 'cancelled') {
    const recorded = o.cancellation?.refund ?? null;
    return { amount: recorded?.amount ?? o.amounts.payNow, shippingFee: 0, at: recorded?.at ?? null };
  }
  if (o.status !== 'returned') return null;
  const refund = o.returns.find((r) => r.refund)?.refund ?? null;
  return { amount: refund?.amount ?? o.amounts.payNow, shippingFee: refund?.shippingFee ?? 0, at: refund?.at ?? null };
}

/** What an order's page says of its carrier lines once the carrier bills none of them: the box, the 할부 row and each line. */
export interface CarrierBillEnded {
  /** 매월 통신사 청구's box. */
  monthly: string;
  /** The 오늘 결제 box's 할부 row (what was left out of today's payment): its label and hint. */
  installment: string;
  installmentHint: string;
  /** Under a carrier line's figures. */
  line: string;
  /** Above the 계약 조건서's lines (the terms as confirmed, which stay as they were). */
  contract: string;
}

const BILL_ENDED: Partial<Record<OrderStatus, CarrierBillEnded>> = {
  // Cancelled before 개통 (CANCELLABLE_ORDER_STATUSES end at 개통 준비): no line was opened, so nothing is billed.
  cancelled: {
    monthly: '주문이 취소되어 통신사에 청구되는 금액이 없습니다.',
    installment: '할부 (개통 전 취소 · 청구 없음)',
    installmentHint: '주문이 취소되어 개통되지 않았고, 할부원금은 통신사에 청구되지 않습니다.',
    line: '주문이 취소되어 개통되지 않았습니다 · 통신사 청구 없음',
    contract: '이 주문은 취소되어 개통되지 않았습니다. 아래 할부와 요금제 조건으로 통신사에 청구되는 금액은 없습니다.',
  },
  // Returned (issue 39): the line was given back.
  returned: {
    monthly: '반품이 완료되어 통신사에 청구되는 금액이 없습니다.',
    installment: '할부 (반품 완료 · 청구 없음)',
    installmentHint: '반품이 완료되어 할부원금은 통신사에 청구되지 않습니다.',
    line: '반품이 완료되었습니다 · 통신사 청구 없음',
    contract: '이 주문은 반품이 완료되었습니다. 아래 할부와 요금제 조건으로 통신사에 청구되는 금액은 없습니다.',
  },
};

/**
 * A cancelled or returned order: the carrier bills none of its lines, so no page may read a 매월 청구 or '통신사가 매월
 * 청구' of it (s60: a cancelled mixed order's 오늘 결제 box still listed '할부 (통신사가 매월 청구)'). Null while its
 * carrier lines are billed. The order's page, 주문 내역, 주문 관리 and the 계약 조건서 read it.
 */
export const carrierBillEnded = (status: OrderStatus): CarrierBillEnded | null => BILL_ENDED[status] ?? null;
