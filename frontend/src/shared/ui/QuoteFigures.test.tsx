import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { QuotedPrice } from '@phonemarket/contracts';
import { expectDescriptionList } from '../test/a11y';
import { renderWithProviders } from '../test/render';
import { QuoteFigures } from './QuoteFigures';

const quote: QuotedPrice = {
  discount: 'selective',
  months: 24,
  devicePrice: 1_797_400,
  subsidy: 0,
  extraSubsidy: 0,
  principal: 1_797_400,
  monthlyDevice: 79_600,
  planFee: 85_000,
  planDiscount: 21_250,
  monthlyPlan: 63_750,
  monthlyTotal: 143_350,
  totalCost: 3_440_400,
};

describe('QuoteFigures', () => {
  it('is a description list of label/figure pairs only (screen readers read each figure with its label)', () => {
    renderWithProviders(<QuoteFigures quote={quote} testId="q" />);
    const list = screen.getByTestId('q');
    expectDescriptionList(list);
    expect(list.children.length).toBeGreaterThan(5);
    const discount = [...list.children].at(-1)!;
    expect(discount.textContent).toBe('할인 방식:선택약정 25%');
  });
});
