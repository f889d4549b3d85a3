import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { SaleSection } from './SaleSection';
import { model } from '../../shared/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('SaleSection', () => {
  it('asks for the 4 newest new-condition models of the last 6 months and shows each at its real lowest offer', async () => {
    const models = [1, 2, 3, 4].map((i) => model(i, { isNew: true, lowestPrice: 1_234_560 + i, lowestMonthly: 98_760 + i, sellerCount: i }));
    const { requests } = stubFetch(() => json({ models, total: 4 }));
    renderWithProviders(<SaleSection />);
    const cards = await screen.findAllByTestId('sale-card');
    expect(cards).toHaveLength(4);
    expect(decodeURIComponent(requests[0]!.url)).toBe('/api/models?chip=신상품&condition=new&sort=new&limit=4');
    expect(cards[0]!.textContent).toContain('최저 월 98,761원');
    expect(cards[0]!.textContent).toContain('최저가 1,234,561원 · 판매처 1곳');
  });
});
