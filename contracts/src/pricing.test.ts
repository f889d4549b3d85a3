import { describe, expect, it } from 'vitest';
import {
  INSTALLMENT_MONTHS, cheapestQuote, monthlyInstallment, quote, quoteWith, recommendedDiscount, selectiveDiscount, totalCostLabel,
  extraSubsidyLimit, extraSubsidyProblem, maxExtraSubsidy, type DiscountType, type PricingInput,
  devicePriceLabel, isPaidInFull, offerPriceOrder, priceHeadline, quoteOffer,
} from './pricing.ts';
import { modelOfferSortChoices } from './models.ts';
import { linePaymentOf } from './payment.ts';

describe('pricing: hand-worked cases', () => {
  it('1,000,000원 over 24 months at 5.9% a year is 44,276원/월', () => {
    expect(monthlyInstallment(1_000_000, 24)).toBe(44_276);
  });

  it('선택약정 25% of 69,000원 is 17,250원', () => {
    expect(selectiveDiscount(69_000)).toBe(17_250);
  });

  it('공시지원금: 1,500,000원 − 500,000원 − 추가 0 → 1,000,000원 할부원금, 44,276 + 69,000 = 113,276원/월', () => {
    const q = quote({ devicePrice: 1_500_000, subsidy: 500_000, extraSubsidy: 0, planFee: 69_000 }, { discount: 'subsidy', months: 24 });
    expect(q).toMatchObject({ principal: 1_000_000, monthlyDevice: 44_276, planDiscount: 0, monthlyPlan: 69_000, monthlyTotal: 113_276 });
    expect(q.totalCost).toBe(44_276 * 24 + 69_000 * 24);
  });

  it('선택약정 keeps the 추가지원금 and takes 25% off the plan', () => {
    const q = quote({ devicePrice: 1_100_000, subsidy: 500_000, extraSubsidy: 100_000, planFee: 69_000 }, { discount: 'selective', months: 24 });
    expect(q).toMatchObject({ subsidy: 0, principal: 1_000_000, monthlyDevice: 44_276, planDiscount: 17_250, monthlyPlan: 51_750, monthlyTotal: 96_026 });
  });

  it('a fully subsidised phone costs 0원 a month for the device, never less', () => {
    const q = quote({ devicePrice: 300_000, subsidy: 250_000, extraSubsidy: 100_000, planFee: 59_000 }, { discount: 'subsidy', months: 24 });
    expect(q.principal).toBe(0);
    expect(q.monthlyDevice).toBe(0);
    expect(q.extraSubsidy + q.subsidy).toBe(300_000);
  });

  it('longer 할부 lowers the monthly payment and raises the interest paid', () => {
    const [m24, m30, m36] = INSTALLMENT_MONTHS.map((months) => monthlyInstallment(1_000_000, months));
    expect(m24! > m30! && m30! > m36!).toBe(true);
    expect(m36! * 36).toBeGreaterThan(m24! * 24);
  });
});

describe('pricing: every total names the months it sums (issue 30)', () => {
  const input: PricingInput = { devicePrice: 1_951_400, subsidy: 676_000, extraSubsidy: 250_000, planFee: 99_000 };
  for (const months of INSTALLMENT_MONTHS) {
    for (const discount of ['subsidy', 'selective'] as const) {
      it(`${months}개월, ${discount}: each labelled figure is computed from its parts`, () => {
        const q = quote(input, { discount, months });
        expect(totalCostLabel(q.months)).toBe(`${months}개월 총비용`);
        expect(q.principal).toBe(q.devicePrice - q.subsidy - q.extraSubsidy);
        expect(q.monthlyDevice).toBe(monthlyInstallment(q.principal, months));
        expect(q.monthlyPlan).toBe(q.planFee - q.planDiscount);
        expect(q.monthlyTotal).toBe(q.monthlyDevice + q.monthlyPlan);
        // N개월 총비용: N instalments and N months of the plan, never 36 instalments with 24 months of plan.
        expect(q.totalCost).toBe(q.monthlyDevice * months + q.monthlyPlan * months);
        expect(q.totalCost).toBe(q.monthlyTotal * months);
      });
    }
  }
});

/** A small deterministic generator (tests only) for property checks. */
function* inputs(count: number): Generator<PricingInput> {
  let s = 12345;
  const next = (max: number) => { s = (s * 1103515245 + 12345) % 2147483648; return s % max; };
  for (let i = 0; i < count; i++) {
    yield { devicePrice: next(3_000_000), subsidy: next(900_000), extraSubsidy: next(400_000), planFee: next(4) === 0 ? 0 : 30_000 + next(100_000) };
  }
}

describe('pricing: the most 추가지원금 (출고가 − 공시지원금)', () => {
  it('names the most it can be; at it the 공시지원금 shown is the carrier\'s, one won above it would have shrunk it', () => {
    const terms = { devicePrice: 2_429_300, subsidy: 683_000 };
    expect(maxExtraSubsidy(terms)).toBe(1_746_300);
    expect(extraSubsidyLimit(terms)).toBe('최대 1,746,300원 (출고가 − 공시지원금)');
    expect(extraSubsidyProblem(terms, 1_746_300)).toBeNull();
    expect(extraSubsidyProblem(terms, 2_000_000)).toBe('추가지원금은 최대 1,746,300원까지 입력할 수 있습니다 (출고가 − 공시지원금).');
    expect(quote({ ...terms, extraSubsidy: 1_746_300, planFee: 0 }, { discount: 'subsidy', months: 24 }).subsidy).toBe(683_000);
    expect(quote({ ...terms, extraSubsidy: 1_746_301, planFee: 0 }, { discount: 'subsidy', months: 24 }).subsidy).toBeLessThan(683_000);
    expect(extraSubsidyProblem({ devicePrice: 900_000, subsidy: 0 }, 900_001)).toBe('추가지원금은 최대 900,000원까지 입력할 수 있습니다 (출고가).');
    // An offer's limit is on its own 판매가, and says so.
    expect(extraSubsidyLimit({ devicePrice: 1_500_000, subsidy: 500_000, priceLabel: '판매가' })).toBe('최대 1,000,000원 (판매가 − 공시지원금)');
  });
});

describe('pricing: properties', () => {
  it('the recommended 할인 방식 is never the more expensive one', () => {
    for (const input of inputs(400)) {
      for (const months of INSTALLMENT_MONTHS) {
        const best = recommendedDiscount(input, months);
        const other: DiscountType = best === 'subsidy' ? 'selective' : 'subsidy';
        expect(quote(input, { discount: best, months }).totalCost).toBeLessThanOrEqual(quote(input, { discount: other, months }).totalCost);
      }
    }
  });

  it('no figure is negative or fractional, and the parts add up', () => {
    for (const input of inputs(400)) {
      for (const q of [quoteWith(input), quoteWith(input, { discount: 'selective', months: 36 }), quoteWith({ ...input, devicePrice: -5, planFee: -1 })]) {
        for (const [key, value] of Object.entries(q)) {
          if (typeof value === 'number') {
            expect(value, key).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(value), key).toBe(true);
          }
        }
        expect(q.principal).toBe(q.devicePrice - q.subsidy - q.extraSubsidy);
        expect(q.monthlyTotal).toBe(q.monthlyDevice + q.monthlyPlan);
        expect(q.monthlyPlan).toBe(q.planFee - q.planDiscount);
      }
    }
  });

  it('cheapestQuote picks the lowest total cost', () => {
    const list = [...inputs(50)].map((input, i) => ({ i, quote: quoteWith(input) }));
    const best = cheapestQuote(list)!;
    expect(list.every((c) => c.quote.totalCost >= best.quote.totalCost)).toBe(true);
  });
});

describe('pricing: what a priced offer leads with (s59, ADR 017)', () => {
  it('a 자급제 offer (no plans) is paid in full: its headline is 오늘 결제 금액 = 할부원금, never a 월 납부금', () => {
    const priced = quoteOffer({ price: 490_000, extraSubsidy: 0, plans: [] }, () => undefined)!;
    expect(isPaidInFull(priced.quote)).toBe(true);
    expect(priceHeadline(priced.quote)).toEqual({ kind: 'today', label: '오늘 결제 금액', short: '일시불', amount: 490_000 });
    // The same line `linePaymentOf` pays today: one rule seen from the quote and from the line.
    expect(linePaymentOf({ planId: priced.planId, carrier: '자급제' }, 'installment')).toBe('lump');
  });
  it('a carrier offer leads with the 월 납부금 the carrier bills', () => {
    const priced = quoteOffer({ price: 1_200_000, extraSubsidy: 0, plans: [{ planId: 'kt-5g', subsidy: 300_000 }] }, () => 69_000)!;
    expect(isPaidInFull(priced.quote)).toBe(false);
    expect(priceHeadline(priced.quote)).toEqual({ kind: 'monthly', label: '월 납부금', short: '월', amount: priced.quote.monthlyTotal });
    expect(linePaymentOf({ planId: priced.planId, carrier: 'KT' }, undefined)).toBe('installment');
  });
  it('a new unit\'s price is its 출고가; a used or refurbished unit\'s is its own 판매가', () => {
    expect(devicePriceLabel('new')).toBe('출고가');
    expect(devicePriceLabel('used')).toBe('판매가');
    expect(devicePriceLabel('refurbished')).toBe('판매가');
  });
});

describe('the 판매처 list\'s sort select on a list paid in full (s60)', () => {
  it('every price sort is one order there (what is paid today), so the select reads one: 결제 금액 낮은순', () => {
    const paid = [1_797_400, 1_155_000, 1_155_000, 420_000, 980_000].map((devicePrice, i) => ({
      id: `o${i}`,
      quote: quoteWith({ devicePrice, subsidy: 0, extraSubsidy: i === 4 ? 30_000 : 0, planFee: 0, conditions: { keepMonths: 0, laterPlanFee: 0, addOns: [], card: null, cardUsed: false, simFee: i === 2 ? 8_800 : 0, settlement: null } }),
    }));
    expect(paid.every((o) => isPaidInFull(o.quote))).toBe(true);
    const order = (sort: 'total' | 'monthly' | 'principal') => [...paid].sort(offerPriceOrder(sort)).map((o) => o.id);
    expect(order('monthly')).toEqual(order('total'));
    expect(order('principal')).toEqual(order('total'));
    expect(order('total')).toEqual(['o3', 'o4', 'o1', 'o2', 'o0']);

    const choices = modelOfferSortChoices(true, 'principal');
    expect(choices.options.map((o) => o.label)).toEqual(['결제 금액 낮은순', '매장 평점순', '조건 준수율순']);
    expect(choices.value).toBe('total');
    expect(modelOfferSortChoices(true, 'rating').value).toBe('rating');
    // a list with a carrier offer keeps every sort as it was
    expect(modelOfferSortChoices(false, 'principal')).toEqual({
      value: 'principal',
      options: [
        { value: 'total', label: '24개월 실부담순' }, { value: 'monthly', label: '월 납부금순' }, { value: 'principal', label: '할부원금순' },
        { value: 'rating', label: '매장 평점순' }, { value: 'conditions', label: '조건 준수율순' },
      ],
    });
  });
});
