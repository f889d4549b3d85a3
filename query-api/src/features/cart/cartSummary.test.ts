import { describe, expect, it } from 'vitest';
import { cartSummary } from './routes.ts';

const line = (price: number, originalPrice: number, quantity: number) => ({ price, originalPrice, quantity });

describe('cart summary (spec §9; the browser shows it as is)', () => {
  it('total = Σ price × quantity, discount = Σ (original − price) × quantity, shipping free', () => {
    expect(cartSummary([line(1_000_000, 1_200_000, 2), line(500_000, 500_000, 1)])).toEqual({ total: 2_500_000, discount: 400_000, shipping: 0 });
  });
  it('an empty cart costs nothing', () => {
    expect(cartSummary([])).toEqual({ total: 0, discount: 0, shipping: 0 });
  });
});
