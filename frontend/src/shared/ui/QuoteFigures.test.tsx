import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { INSTALLMENT_MONTHS, quote as priceQuote, type QuotedPrice } from '@phonemarket/contracts';
import { expectDescriptionList } from '../test/a11y';
import { renderWithProviders } from '../test/render';
import { QuoteFigures } from './QuoteFigures';

const quote: QuotedPrice = {
  keepMonths: 0, laterPlanFee: 0, laterMonthlyPlan: 0, addOnCost: 0, simFee: 0, cardDiscount: 0, cardDiscountAvailable: 0,
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

describe('QuoteFigures: 할인 방식', () => {
  it('is named for a carrier plan, and not for a 자급제 quote (no plan: no 공시지원금 or 선택약정 to choose)', () => {
    const { unmount } = renderWithProviders(<QuoteFigures quote={priceQuote({ devicePrice: 1_155_000, subsidy: 0, extraSubsidy: 0, planFee: 69_000 }, { discount: 'subsidy', months: 24 })} testId="q" />);
    expect(screen.getByTestId('q').textContent).toContain('할인 방식:공시지원금');
    unmount();
    renderWithProviders(<QuoteFigures quote={priceQuote({ devicePrice: 1_155_000, subsidy: 0, extraSubsidy: 0, planFee: 0 }, { discount: 'subsidy', months: 24 })} testId="q" />);
    const list = screen.getByTestId('q');
    expect(list.textContent).not.toContain('할인 방식');
    expectDescriptionList(list);
  });
});

/** Each dt's text → its dd's figure in won ('-80,000원' → -80000). */
function figures(list: HTMLElement): Map<string, number> {
  const out = new Map<string, number>();
  for (const dt of list.querySelectorAll('dt')) {
    const dd = dt.nextElementSibling;
    const won = dd?.textContent?.match(/^(-?)([\d,]+)원$/);
    if (won) out.set(dt.textContent ?? '', Number(won[2]!.replace(/,/g, '')) * (won[1] ? -1 : 1));
  }
  return out;
}

describe('QuoteFigures: every labelled figure adds up from its parts (issue 30)', () => {
  for (const months of INSTALLMENT_MONTHS) {
    for (const discount of ['subsidy', 'selective'] as const) {
      it(`${months}개월, ${discount}`, () => {
        const q = priceQuote({ devicePrice: 1_951_400, subsidy: 676_000, extraSubsidy: 80_000, planFee: 99_000 }, { discount, months });
        const { unmount } = renderWithProviders(<QuoteFigures quote={q} testId="q" />);
        const f = figures(screen.getByTestId('q'));
        const get = (label: string) => {
          const key = [...f.keys()].find((k) => k.startsWith(label));
          expect(key, label).toBeDefined();
          return f.get(key!)!;
        };
        // The total is labelled with the months it sums, and no other months appear in a total's label.
        expect([...f.keys()].filter((k) => k.includes('총비용'))).toEqual([`${months}개월 총비용`]);
        const subsidy = discount === 'subsidy' ? get('공시지원금') : 0;
        if (discount === 'selective') expect(f.has('공시지원금')).toBe(false);
        expect(get('할부원금')).toBe(get('출고가') + subsidy + get('추가지원금'));
        expect([...f.keys()].find((k) => k.startsWith('월 할부금'))).toBe(`월 할부금 (${months}개월, 연 5.9%)`);
        expect(get('월 납부금')).toBe(get('월 할부금') + get('월 요금'));
        expect(get(`${months}개월 총비용`)).toBe(get('월 납부금') * months);
        unmount();
      });
    }
  }
});
