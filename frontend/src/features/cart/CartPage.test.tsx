import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatWon } from '../../shared/format';
import { cartAnswer, cartLine, modelOffer } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import CartPage from './CartPage';

afterEach(() => vi.unstubAllGlobals());

describe('CartPage', () => {
  it("shows the server's summary as is (the rule lives in the query API only)", async () => {
    // A summary the page could not have computed from the lines: it must be the one shown.
    stubFetch(() => json(cartAnswer([cartLine('a', { quantity: 2 }), cartLine('b')], { total: 2_345_000, discount: 123_000, monthly: 456_789 })));
    renderWithProviders(<CartPage />);
    const summary = await screen.findByTestId('cart-summary');
    expect(screen.getAllByTestId('cart-item')).toHaveLength(2);
    expect(screen.getByTestId('cart-total').textContent).toBe(formatWon(2_345_000));
    expect(screen.getByTestId('cart-monthly').textContent).toBe(formatWon(456_789));
    expect(within(summary).getByText(`-${formatWon(123_000)}`)).toBeTruthy();
    expect(within(summary).getByText(formatWon(2_345_000 + 123_000))).toBeTruthy();
    expect(within(summary).getByText('무료')).toBeTruthy();
  });

  it('each line shows its choices and its figures; a price changed after carting says so', async () => {
    const offer = modelOffer('o-512-kt', { storage: 512, planId: 'kt-5g-special', planFee: 99_000, discount: 'selective', months: 30 });
    stubFetch(() => json(cartAnswer([cartLine('a', { offer, previousPrice: 1_234_000 })])));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    expect(within(line).getByTestId('cart-terms').textContent).toBe('티타늄 블랙512GBKT번호이동5G 스페셜선택약정 25%30개월');
    expect(within(line).getByTestId('price-changed').textContent).toBe('가격이 변경되었습니다: 이전 1,234,000원');
    const quote = within(line).getByTestId('cart-quote');
    expect(quote.querySelector('[data-figure="monthlyTotal"]')?.textContent).toBe(formatWon(offer.quote.monthlyTotal));
    expect(quote.querySelector('[data-figure="monthlyPlan"]')?.textContent).toBe(formatWon(99_000 - 24_750));
  });
});
