import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatWon } from '../../shared/format';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import CartPage from './CartPage';

afterEach(() => vi.unstubAllGlobals());

const line = (itemId: string, price: number, originalPrice: number, quantity: number) => ({
  itemId, productId: 'p1', name: `갤럭시 ${itemId}`, brand: 'Samsung', image: '/images/phones/galaxy-s25.svg', price, originalPrice, quantity, color: '블랙', storage: 256, carrier: 'KT',
});

describe('CartPage', () => {
  it("shows the server's summary as is (the rule lives in the query API only)", async () => {
    // A summary the page could not have computed from the lines: it must be the one shown.
    stubFetch(() => json({ items: [line('a', 1_000_000, 1_200_000, 2), line('b', 500_000, 500_000, 1)], count: 2, summary: { total: 2_345_000, discount: 123_000, shipping: 0 } }));
    renderWithProviders(<CartPage />);
    const summary = await screen.findByTestId('cart-summary');
    expect(screen.getAllByTestId('cart-item')).toHaveLength(2);
    expect(screen.getByTestId('cart-total').textContent).toBe(formatWon(2_345_000));
    expect(within(summary).getByText(`-${formatWon(123_000)}`)).toBeTruthy();
    expect(within(summary).getByText(formatWon(2_345_000 + 123_000))).toBeTruthy();
    expect(within(summary).getByText('무료')).toBeTruthy();
  });
});
