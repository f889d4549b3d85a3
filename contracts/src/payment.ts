import type { LinePayment } from './orders.ts';

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
