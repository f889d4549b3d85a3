import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { salePriceOf } from '../../shared/ui/ProductCard';
import { pickSaleProducts, SaleSection } from './SaleSection';
import { product } from '../../shared/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('SaleSection', () => {
  it('picks isNew products first, topped up with brand-new ones, 4 at most', () => {
    const list = [
      product(1, { condition: 'used' }),
      product(2, { isNew: true }),
      product(3, { condition: 'new' }),
      product(4, { isNew: true }),
      product(5, { condition: 'refurbished' }),
      product(6, { condition: 'new' }),
      product(7, { condition: 'new' }),
    ];
    expect(pickSaleProducts(list).map((p) => p.id)).toEqual(['p-2', 'p-4', 'p-3', 'p-6']);
  });

  it('shows 4 products with the 85% sale price next to the struck original', async () => {
    const products = [1, 2, 3, 4, 5].map((i) => product(i, { isNew: true, price: 1_234_560 + i }));
    const { requests } = stubFetch(() => json({ products, total: 5 }));
    renderWithProviders(<SaleSection />);
    const cards = await screen.findAllByTestId('sale-card');
    expect(cards).toHaveLength(4);
    expect(requests[0]?.url).toBe('/api/products?sort=new&limit=40');
    const sale = screen.getAllByTestId('sale-price').map((el) => el.textContent);
    const original = screen.getAllByTestId('original-price').map((el) => el.textContent);
    expect(original[0]).toBe('1,234,561원');
    expect(sale[0]).toBe('1,049,370원'); // floor(1,234,561 × 0.85 / 10) × 10
    expect(salePriceOf(1_234_561)).toBe(1_049_370);
  });
});
