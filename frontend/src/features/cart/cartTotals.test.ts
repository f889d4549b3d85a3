import { describe, expect, it } from 'vitest';
import { cartTotals } from './CartPage';

const item = (price: number, originalPrice: number, quantity: number) => ({
  itemId: `i${price}`, productId: 'p', name: '갤럭시', brand: 'Samsung', image: '', price, originalPrice, quantity, color: '블랙', storage: 256, carrier: 'KT',
});

describe('cart totals (spec §9)', () => {
  it('total = Σ price × quantity, discount = Σ (original − price) × quantity, shipping free', () => {
    expect(cartTotals({ items: [item(1_000_000, 1_200_000, 2), item(500_000, 500_000, 1)] })).toEqual({
      productTotal: 2_900_000, discount: 400_000, shipping: 0, total: 2_500_000,
    });
  });
  it('an empty cart costs nothing', () => {
    expect(cartTotals({ items: [] })).toEqual({ productTotal: 0, discount: 0, shipping: 0, total: 0 });
  });
});
