import { describe, expect, it } from 'vitest';
import { paymentFigures, linePaymentOf } from './payment.ts';
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
