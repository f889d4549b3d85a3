import { describe, expect, it } from 'vitest';
import { quote } from '@phonemarket/contracts';
import { cartSummary } from './routes.ts';

const line = (price: number, originalPrice: number, quantity: number, planFee = 0) => ({
  price, originalPrice, quantity, quote: quote({ devicePrice: price, subsidy: 0, extraSubsidy: 0, planFee }, { discount: 'subsidy', months: 24 }),
});

describe('cart summary (spec §9; the browser shows it as is)', () => {
  it('total = Σ 할부원금 × quantity, discount = Σ (출고가 − 할부원금) × quantity, monthly = Σ 월 납부금 × quantity, shipping free', () => {
    expect(cartSummary([line(1_000_000, 1_200_000, 2, 69_000), line(500_000, 500_000, 1)]))
      .toEqual({ total: 2_500_000, discount: 400_000, shipping: 0, monthly: (44_276 + 69_000) * 2 + 22_138 });
  });
  it('an empty cart costs nothing', () => {
    expect(cartSummary([])).toEqual({ total: 0, discount: 0, shipping: 0, monthly: 0 });
  });
});
