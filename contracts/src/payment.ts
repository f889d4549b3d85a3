import type { LinePayment } from './orders.ts';

// How an order is paid today (a small module: the site's settings and checkout read it without the order schemas).
export const PAYMENT_METHODS = ['card', 'transfer', 'deposit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: '카드', transfer: '계좌이체', deposit: '무통장입금' };

/** Simulated payment: one card payment may not exceed this (a refusal is `PaymentFailed` with a Korean reason). */
export const CARD_PAYMENT_LIMIT = 10_000_000;

/**
 * Buying a phone the Korean way (issue 30): a carrier-contract line is paid by 할부 (nothing today; the
 * carrier bills 월 할부금 + 요금 each month) or 일시불 (the 할부원금 today, no interest; the carrier bills
 * the 요금 only). 자급제 and used units are paid today. One function for the server's order and the
 * checkout page's figures.
 */
export interface PayableLine {
  quantity: number;
  /** 할부원금 per unit. */
  principal: number;
  /** 월 할부금 and 월 요금 per unit (0 without a plan). */
  monthlyDevice: number;
  monthlyPlan: number;
  payment: LinePayment;
}

/** A line sold with a carrier contract (a plan): it may be paid by 할부. */
export const isCarrierLine = (line: { planId: string | null; carrier: string }) => line.planId !== null && line.carrier !== '자급제';

/** How a line is paid: a carrier line as the buyer chose (할부 unless 일시불 is asked for), any other line today. */
export const linePaymentOf = (line: { planId: string | null; carrier: string }, requested: LinePayment | undefined): LinePayment =>
  isCarrierLine(line) ? (requested ?? 'installment') : 'lump';

/** `payToday`: Σ 할부원금 of the lines paid today (before points and coupon); `monthlyCarrier`: what the carrier bills each month. */
export function paymentFigures(lines: readonly PayableLine[]): { payToday: number; monthlyCarrier: number } {
  let payToday = 0;
  let monthlyCarrier = 0;
  for (const l of lines) {
    if (l.payment === 'installment') {
      monthlyCarrier += (l.monthlyDevice + l.monthlyPlan) * l.quantity;
    } else {
      payToday += l.principal * l.quantity;
      monthlyCarrier += l.monthlyPlan * l.quantity;
    }
  }
  return { payToday, monthlyCarrier };
}

/** A line as the cart's summary and the order's amounts sum it: its 출고가 (판매가 of a used unit) beside its 할부원금. */
export interface SummedLine extends PayableLine {
  /** The quote's `devicePrice` per unit: 출고가 of a new unit, the asking price (판매가) of a used or refurbished one. */
  devicePrice: number;
}

/**
 * The one sum of a cart's or an order's lines (s59): `items` Σ 할부원금, `discount` Σ (출고가 − 할부원금) — the
 * 지원금 the quote took off, so a used unit's 판매가 below a new phone's 출고가 is no 지원금 — and `paymentFigures`'
 * `payToday` and `monthlyCarrier`. The cart's summary and the placed order's amounts are this, so they agree.
 */
export function lineSums(lines: readonly SummedLine[]): { items: number; discount: number; payToday: number; monthlyCarrier: number } {
  let items = 0;
  let discount = 0;
  for (const l of lines) {
    items += l.principal * l.quantity;
    discount += Math.max(0, l.devicePrice - l.principal) * l.quantity;
  }
  return { items, discount, ...paymentFigures(lines) };
}
