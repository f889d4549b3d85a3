import { describe, expect, it } from 'vitest';
import { lineSums, paymentFigures, linePaymentOf } from './payment.ts';
import { quoteWith, INSTALLMENT_MONTHS } from './pricing.ts';

describe('paymentFigures (issue 30): 할부 or 일시불, never both', () => {
  for (const months of INSTALLMENT_MONTHS) {
    it(`${months}개월: 할부 pays nothing today and the carrier bills 월 할부금 + 요금; 일시불 pays the 할부원금 today and the carrier bills the 요금 only`, () => {
      const q = quoteWith({ devicePrice: 1_799_600, subsidy: 500_000, extraSubsidy: 75_000, planFee: 89_000 }, { months, discount: 'subsidy' });
      const line = { quantity: 2, principal: q.principal, monthlyDevice: q.monthlyDevice, monthlyPlan: q.monthlyPlan };
      expect(paymentFigures([{ ...line, payment: 'installment' }])).toEqual({ payToday: 0, monthlyCarrier: q.monthlyTotal * 2 });
      expect(paymentFigures([{ ...line, payment: 'lump' }])).toEqual({ payToday: q.principal * 2, monthlyCarrier: q.monthlyPlan * 2 });
      // 일시불 has no interest: over the months it costs less than 할부 by the interest.
      expect(q.principal).toBeLessThan(q.monthlyDevice * months);
    });
  }
  it('a 자급제 or used unit (no plan) is paid today whatever is asked; a carrier line is 할부 unless 일시불 is asked', () => {
    expect(linePaymentOf({ planId: null, carrier: '자급제' }, 'installment')).toBe('lump');
    expect(linePaymentOf({ planId: 'kt-5g', carrier: 'KT' }, undefined)).toBe('installment');
    expect(linePaymentOf({ planId: 'kt-5g', carrier: 'KT' }, 'lump')).toBe('lump');
    expect(paymentFigures([
      { quantity: 1, principal: 500_000, monthlyDevice: 0, monthlyPlan: 0, payment: 'lump' },
      { quantity: 1, principal: 1_000_000, monthlyDevice: 44_000, monthlyPlan: 69_000, payment: 'installment' },
    ])).toEqual({ payToday: 500_000, monthlyCarrier: 113_000 });
  });
});

describe('lineSums (s59): the cart summary and the order amounts are one sum', () => {
  it('a 자급제 line is paid today, a carrier line on 할부 is billed monthly; the discount is what the quote took off its own 출고가', () => {
    const carrier = quoteWith({ devicePrice: 1_200_000, subsidy: 200_000, extraSubsidy: 50_000, planFee: 69_000 }, { months: 24, discount: 'subsidy' });
    const unlocked = quoteWith({ devicePrice: 2_229_700, subsidy: 0, extraSubsidy: 50_000, planFee: 0 }, { months: 24, discount: 'subsidy' });
    const line = (q: typeof carrier, quantity: number, payment: 'installment' | 'lump') => ({
      quantity, principal: q.principal, devicePrice: q.devicePrice, monthlyDevice: q.monthlyDevice, monthlyPlan: q.monthlyPlan, payment,
    });
    expect(lineSums([line(carrier, 1, 'installment'), line(unlocked, 2, 'lump')])).toEqual({
      items: 950_000 + 2_179_700 * 2, discount: 250_000 + 50_000 * 2, payToday: 2_179_700 * 2, monthlyCarrier: carrier.monthlyTotal,
    });
  });
  it('a used unit priced at its own 판매가 (490,000원) has no 지원금, however much a new phone costs', () => {
    expect(lineSums([{ quantity: 1, principal: 490_000, devicePrice: 490_000, monthlyDevice: 21_695, monthlyPlan: 0, payment: 'lump' }]))
      .toEqual({ items: 490_000, discount: 0, payToday: 490_000, monthlyCarrier: 0 });
  });
});
