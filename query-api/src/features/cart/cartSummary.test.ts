import { describe, expect, it } from 'vitest';
import { quote } from '@phonemarket/contracts';
import { cartSummary } from './routes.ts';

const kt = { id: 'kt-5g-basic', name: '5G 베이직', carrier: 'KT', monthlyFee: 69_000, setupFee: 0, data: '110GB', unlimited: false };
const carrierLine = (devicePrice: number, subsidy: number) => ({
  quantity: 1, carrier: 'KT' as const, plan: kt,
  quote: quote({ devicePrice, subsidy, extraSubsidy: 0, planFee: kt.monthlyFee }, { discount: 'subsidy', months: 24 }),
});
// A 자급제 or used line: no plan, its quote's devicePrice the unit's own price (출고가 new, 판매가 used).
const unlockedLine = (devicePrice: number, extraSubsidy: number, quantity: number) => ({
  quantity, carrier: '자급제' as const, plan: null,
  quote: quote({ devicePrice, subsidy: 0, extraSubsidy, planFee: 0 }, { discount: 'subsidy', months: 24 }),
});

describe('cart summary (the order\'s own sum: lineSums; the browser shows it as is)', () => {
  it('a carrier line is billed monthly (할부), a 자급제 line is paid today: no 월 납부금 for it', () => {
    const c = carrierLine(1_200_000, 200_000);
    const u = unlockedLine(490_000, 0, 2);
    expect(cartSummary([c, u])).toEqual({
      total: 1_000_000 + 980_000, discount: 200_000, shipping: 0,
      payToday: 980_000, monthlyCarrier: c.quote.monthlyDevice + 69_000,
    });
  });
  it('a used unit at 490,000원 counts no 지원금 (its 판매가 is its price, not the new phone\'s 출고가)', () => {
    expect(cartSummary([unlockedLine(490_000, 0, 1)])).toEqual({ total: 490_000, discount: 0, shipping: 0, payToday: 490_000, monthlyCarrier: 0 });
  });
  it('a 자급제 store discount (추가지원금) is the discount; the rest is paid today', () => {
    expect(cartSummary([unlockedLine(2_229_700, 50_000, 1)])).toEqual({ total: 2_179_700, discount: 50_000, shipping: 0, payToday: 2_179_700, monthlyCarrier: 0 });
  });
  it('an empty cart costs nothing', () => {
    expect(cartSummary([])).toEqual({ total: 0, discount: 0, shipping: 0, payToday: 0, monthlyCarrier: 0 });
  });
});
