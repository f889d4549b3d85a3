import { describe, expect, it } from 'vitest';
import {
  AGE_RANGE,
  BUDGET_ADVICE_CONTRACT_MONTHS,
  BUDGET_ADVICE_MONTHLY_INCREASE,
  BUDGET_ADVICE_TOTAL_INCREASE,
  DEFAULT_CONTRACT_MONTHS,
  DEFAULT_DISCOUNTS,
  DEFAULT_MAX_MONTHLY,
  DEFAULT_MAX_TOTAL,
  FAMILY_MEMBERS_RANGE,
  MONTHLY_BUDGET_RANGE,
  TOTAL_BUDGET_RANGE,
  calculateTotalCost,
  contractLabel,
  expectedExtras,
  recommendCombinations,
  type Carrier,
  type ContractMonths,
  type CostInput,
  type Discounts,
  type Phone,
  type Plan,
  type Recommendation,
} from './cost';

/** The defaults at age 40 (neither youth nor senior): no discount applies. */
const NO_DISCOUNTS: Discounts = { ...DEFAULT_DISCOUNTS, age: 40 };

function phone(over: Partial<Phone> = {}): Phone {
  return { id: 'p1', name: 'Galaxy S25', brand: 'Samsung', price: 1_000_000, ...over };
}

function plan(over: Partial<Plan> = {}): Plan {
  return {
    id: 'l1',
    name: '5G 스탠다드',
    carrier: 'KT',
    monthlyFee: 50_000,
    setupFee: 10_000,
    data: '100GB',
    benefits: [],
    discountRate: 0,
    ...over,
  };
}

function cost(over: { phone?: Partial<Phone>; plan?: Partial<Plan>; months?: ContractMonths; discounts?: Partial<Discounts> } = {}) {
  const input: CostInput = {
    phone: phone(over.phone),
    plan: plan(over.plan),
    contractMonths: over.months ?? 24,
    discounts: { ...NO_DISCOUNTS, ...over.discounts },
  };
  return calculateTotalCost(input);
}

describe('calculateTotalCost — base amounts', () => {
  it('Samsung on KT for 24 months with no other discounts', () => {
    // gross = 1,000,000 + 50,000 × 24 + 10,000 = 2,210,000; contract 10% = 100,000
    // total = 2,110,000; monthly = 2,110,000 / 24 = 87,916.67 → 87,917
    expect(cost()).toEqual({
      totalCost: 2_110_000,
      monthlyAverage: 87_917,
      deviceCost: 1_000_000,
      monthlyCost: 50_000,
      setupFee: 10_000,
      discount: 100_000,
      discountDetails: {
        contractDiscount: 100_000,
        planDiscount: 0,
        loyaltyDiscount: 0,
        tradeInDiscount: 0,
        carrierDiscount: 0,
        paymentDiscount: 0,
        ageDiscount: 0,
        familyDiscount: 0,
        total: 100_000,
      },
    });
  });

  it('every discount at once, summed component by component', () => {
    // Apple 1,500,000 on KT 69,000/month (setup 7,200, rate 10%), 24 months,
    // existing customer, trade-in 300,000, auto-transfer, age 22, family of 3.
    // contract 150,000; loyalty 75,000; trade-in min(300,000, 450,000) = 300,000; KT+Apple 40,000;
    // plan 69,000 × 0.1 × 24 / 12 = 13,800; payment 69,000 × 2% × 24 = 33,120;
    // age 69,000 × 5% × 24 = 82,800; family 69,000 × 15% × 24 = 248,400 → total 943,120.
    // gross 1,500,000 + 1,656,000 + 7,200 = 3,163,200 → total cost 2,220,080; /24 = 92,503.33 → 92,503
    const r = cost({
      phone: { brand: 'Apple', price: 1_500_000 },
      plan: { carrier: 'KT', monthlyFee: 69_000, setupFee: 7_200, discountRate: 0.1 },
      discounts: {
        existingCustomer: true,
        tradeIn: true,
        tradeInValue: 300_000,
        paymentMethod: 'autoTransfer',
        age: 22,
        familyMembers: 3,
      },
    });
    expect(r.discountDetails).toEqual({
      contractDiscount: 150_000,
      planDiscount: 13_800,
      loyaltyDiscount: 75_000,
      tradeInDiscount: 300_000,
      carrierDiscount: 40_000,
      paymentDiscount: 33_120,
      ageDiscount: 82_800,
      familyDiscount: 248_400,
      total: 943_120,
    });
    expect(r.discount).toBe(943_120);
    expect(r.totalCost).toBe(2_220_080);
    expect(r.monthlyAverage).toBe(92_503);
  });
});

describe('contract discount', () => {
  it.each([
    [12, 0, 1_000_000 + 600_000 + 10_000],
    [24, 100_000, 1_000_000 + 1_200_000 + 10_000 - 100_000],
    [36, 150_000, 1_000_000 + 1_800_000 + 10_000 - 150_000],
  ] as const)('%i months → %i off the device, total %i', (months, discount, total) => {
    const r = cost({ months });
    expect(r.discountDetails.contractDiscount).toBe(discount);
    expect(r.totalCost).toBe(total);
  });

  it('rounds down: 999,999 won → 99,999 (24 months), 149,999 (36 months)', () => {
    expect(cost({ phone: { price: 999_999 }, months: 24 }).discountDetails.contractDiscount).toBe(99_999);
    expect(cost({ phone: { price: 999_999 }, months: 36 }).discountDetails.contractDiscount).toBe(149_999);
  });

  it('labels', () => {
    expect(contractLabel(12)).toBe('12개월 (할인 없음)');
    expect(contractLabel(24)).toBe('24개월 (10% 할인)');
    expect(contractLabel(36)).toBe('36개월 (15% 할인)');
  });
});

describe('loyalty discount', () => {
  it('5% of the device price for existing customers only', () => {
    expect(cost({ discounts: { existingCustomer: true } }).discountDetails.loyaltyDiscount).toBe(50_000);
    expect(cost({ discounts: { existingCustomer: false } }).discountDetails.loyaltyDiscount).toBe(0);
  });
  it('rounds down: 5% of 999,999 = 49,999.95 → 49,999', () => {
    expect(cost({ phone: { price: 999_999 }, discounts: { existingCustomer: true } }).discountDetails.loyaltyDiscount).toBe(
      49_999,
    );
  });
});

describe('trade-in discount (cap 30% of the device price)', () => {
  const tradeIn = (value: number, on = true, price = 1_000_000) =>
    cost({ phone: { price }, discounts: { tradeIn: on, tradeInValue: value } }).discountDetails.tradeInDiscount;

  it('under the cap: the trade-in value', () => expect(tradeIn(200_000)).toBe(200_000));
  it('at the cap: the trade-in value', () => expect(tradeIn(300_000)).toBe(300_000));
  it('one won over the cap: the cap', () => expect(tradeIn(300_001)).toBe(300_000));
  it('well over the cap: the cap', () => expect(tradeIn(900_000)).toBe(300_000));
  it('trade-in off: 0 whatever the value', () => expect(tradeIn(200_000, false)).toBe(0));
  it('negative value counts 0', () => expect(tradeIn(-50_000)).toBe(0));
  it('the cap itself is floored: 30% of 999,999 = 299,999.7 → 299,999', () =>
    expect(tradeIn(500_000, true, 999_999)).toBe(299_999));
});

describe('carrier-brand bonus', () => {
  const bonus = (brand: string, carrier: Carrier) =>
    cost({ phone: { brand }, plan: { carrier } }).discountDetails.carrierDiscount;

  it.each([
    ['Samsung', 'SKT', 30_000],
    ['Apple', 'KT', 40_000],
    ['Google', 'LG U+', 25_000],
  ] as const)('%s on %s → %i', (brand, carrier, amount) => expect(bonus(brand, carrier)).toBe(amount));

  it.each([
    ['Samsung', 'KT'],
    ['Samsung', 'LG U+'],
    ['Apple', 'SKT'],
    ['Apple', 'LG U+'],
    ['Google', 'SKT'],
    ['Google', 'KT'],
    ['Xiaomi', 'SKT'],
    ['Xiaomi', 'KT'],
    ['Xiaomi', 'LG U+'],
    ['Samsung Electronics', 'SKT'],
  ] as const)('%s on %s → 0', (brand, carrier) => expect(bonus(brand, carrier)).toBe(0));

  it('brand is compared case-insensitively and trimmed', () => {
    expect(bonus('SAMSUNG', 'SKT')).toBe(30_000);
    expect(bonus('  samsung ', 'SKT')).toBe(30_000);
    expect(bonus('aPPLE', 'KT')).toBe(40_000);
    expect(bonus(' google\t', 'LG U+')).toBe(25_000);
  });

  it('the bonus is part of the total and lowers the cost', () => {
    // Samsung on SKT: 2,210,000 − 100,000 − 30,000
    const r = cost({ plan: { carrier: 'SKT' } });
    expect(r.discount).toBe(130_000);
    expect(r.totalCost).toBe(2_080_000);
  });
});

describe('plan discount = monthly fee × rate × months / 12, floored', () => {
  it('exact case: 50,000 × 0.2 × 24 / 12 = 20,000', () => {
    expect(cost({ plan: { discountRate: 0.2 } }).discountDetails.planDiscount).toBe(20_000);
  });
  it('each contract length', () => {
    expect(cost({ plan: { discountRate: 0.2 }, months: 12 }).discountDetails.planDiscount).toBe(10_000);
    expect(cost({ plan: { discountRate: 0.2 }, months: 36 }).discountDetails.planDiscount).toBe(30_000);
  });
  it('rounds down: 33,333 × 0.15 × 12 / 12 = 4,999.95 → 4,999; × 24 / 12 = 9,999.9 → 9,999', () => {
    expect(cost({ plan: { monthlyFee: 33_333, discountRate: 0.15 }, months: 12 }).discountDetails.planDiscount).toBe(4_999);
    expect(cost({ plan: { monthlyFee: 33_333, discountRate: 0.15 }, months: 24 }).discountDetails.planDiscount).toBe(9_999);
  });
  it('binary floating-point noise does not lose a won: 100,000 × 0.29 × 12 / 12 = 29,000', () => {
    expect(cost({ plan: { monthlyFee: 100_000, discountRate: 0.29 }, months: 12 }).discountDetails.planDiscount).toBe(29_000);
  });
  it('rate 0 → 0', () => expect(cost().discountDetails.planDiscount).toBe(0));
});

describe('payment discount', () => {
  it('auto-transfer: 2% of the monthly fee × months', () => {
    // 50,000 × 2% × 24 = 24,000
    expect(cost({ discounts: { paymentMethod: 'autoTransfer' } }).discountDetails.paymentDiscount).toBe(24_000);
    expect(cost({ discounts: { paymentMethod: 'autoTransfer' }, months: 36 }).discountDetails.paymentDiscount).toBe(36_000);
  });
  it('card: 0', () => expect(cost({ discounts: { paymentMethod: 'card' } }).discountDetails.paymentDiscount).toBe(0));
  it('floored over the whole contract, not per month: 33,333 × 2% × 12 = 7,999.92 → 7,999', () => {
    expect(
      cost({ plan: { monthlyFee: 33_333 }, months: 12, discounts: { paymentMethod: 'autoTransfer' } }).discountDetails
        .paymentDiscount,
    ).toBe(7_999);
  });
});

describe('age discount', () => {
  // 50,000 × 24: 5% → 60,000, 10% → 120,000
  it.each([
    [18, 60_000],
    [25, 60_000],
    [26, 0],
    [40, 0],
    [64, 0],
    [65, 120_000],
    [80, 120_000],
  ])('age %i → %i', (age, expected) => {
    expect(cost({ discounts: { age } }).discountDetails.ageDiscount).toBe(expected);
  });
  it('rounds down: 33,333 × 5% × 12 = 19,999.8 → 19,999', () => {
    expect(cost({ plan: { monthlyFee: 33_333 }, months: 12, discounts: { age: 20 } }).discountDetails.ageDiscount).toBe(19_999);
  });
});

describe('family discount', () => {
  // 50,000 × 24: 8% → 96,000, 15% → 180,000
  it.each([
    [1, 0],
    [2, 96_000],
    [3, 180_000],
    [4, 180_000],
    [5, 180_000],
  ])('family of %i → %i', (familyMembers, expected) => {
    expect(cost({ discounts: { familyMembers } }).discountDetails.familyDiscount).toBe(expected);
  });
});

describe('totals', () => {
  it('never negative: tiny prices with the 40,000 KT+Apple bonus', () => {
    // gross = 10,000 + 1,000 × 12 + 0 = 22,000; discount = 40,000 (bonus) + 0 contract → max(0, −18,000)
    const r = cost({
      phone: { brand: 'Apple', price: 10_000 },
      plan: { carrier: 'KT', monthlyFee: 1_000, setupFee: 0 },
      months: 12,
    });
    expect(r.discount).toBe(40_000);
    expect(r.totalCost).toBe(0);
    expect(r.monthlyAverage).toBe(0);
  });

  it('never negative: everything free, huge trade-in and every discount', () => {
    const r = cost({
      phone: { brand: 'Apple', price: 0 },
      plan: { carrier: 'KT', monthlyFee: 0, setupFee: 0, discountRate: 1 },
      months: 36,
      discounts: {
        existingCustomer: true,
        tradeIn: true,
        tradeInValue: 10_000_000,
        paymentMethod: 'autoTransfer',
        age: 70,
        familyMembers: 5,
      },
    });
    expect(r.totalCost).toBe(0);
    expect(r.discountDetails.tradeInDiscount).toBe(0);
  });

  it('monthly average rounds half up (Math.round)', () => {
    // 12 months, no contract discount, fee 0, setup 0 → total = device price
    const avg = (price: number) =>
      cost({ phone: { price }, plan: { monthlyFee: 0, setupFee: 0 }, months: 12 }).monthlyAverage;
    expect(avg(1_000_001)).toBe(83_333); // 83,333.42
    expect(avg(1_000_002)).toBe(83_334); // 83,333.5
    expect(avg(1_000_007)).toBe(83_334); // 83,333.92
  });

  it('discount equals the sum of the components', () => {
    const r = cost({
      phone: { price: 1_234_567 },
      plan: { monthlyFee: 61_111, setupFee: 7_700, discountRate: 0.13, carrier: 'SKT' },
      months: 36,
      discounts: { existingCustomer: true, tradeIn: true, tradeInValue: 123_456, paymentMethod: 'autoTransfer', age: 66, familyMembers: 2 },
    });
    const d = r.discountDetails;
    const sum =
      d.contractDiscount +
      d.planDiscount +
      d.loyaltyDiscount +
      d.tradeInDiscount +
      d.carrierDiscount +
      d.paymentDiscount +
      d.ageDiscount +
      d.familyDiscount;
    expect(d.total).toBe(sum);
    expect(r.discount).toBe(sum);
    // contract 185,185 (185,185.05); plan 61,111 × 0.13 × 3 = 23,833.29 → 23,833; loyalty 61,728 (61,728.35);
    // trade-in 123,456 (cap 370,370); SKT+Samsung 30,000; payment 61,111 × 2% × 36 = 43,999.92 → 43,999;
    // age (66) 10% × 36 = 219,999.6 → 219,999; family 2 → 8% × 36 = 175,999.68 → 175,999
    expect(d).toEqual({
      contractDiscount: 185_185,
      planDiscount: 23_833,
      loyaltyDiscount: 61_728,
      tradeInDiscount: 123_456,
      carrierDiscount: 30_000,
      paymentDiscount: 43_999,
      ageDiscount: 219_999,
      familyDiscount: 175_999,
      total: 864_199,
    });
    // gross 1,234,567 + 2,199,996 + 7,700 = 3,442,263 → 2,578,064; /36 = 71,612.9 → 71,613
    expect(r.totalCost).toBe(2_578_064);
    expect(r.monthlyAverage).toBe(71_613);
  });
});

describe('spec defaults and ranges', () => {
  it('exports the defaults', () => {
    expect(DEFAULT_CONTRACT_MONTHS).toBe(24);
    // Issue 39 §6: age and family size start empty — no 청년 or 가족 할인 before the person says.
    expect(DEFAULT_DISCOUNTS).toMatchObject({ age: null, familyMembers: null });
    expect(calculateTotalCost({ phone: phone(), plan: plan(), contractMonths: 24, discounts: DEFAULT_DISCOUNTS }).discountDetails).toMatchObject({ ageDiscount: 0, familyDiscount: 0 });
    expect(DEFAULT_MAX_MONTHLY).toBe(100_000);
    expect(DEFAULT_MAX_TOTAL).toBe(2_400_000);
    expect(MONTHLY_BUDGET_RANGE).toEqual({ min: 50_000, max: 200_000, step: 10_000 });
    expect(TOTAL_BUDGET_RANGE).toEqual({ min: 1_000_000, max: 5_000_000, step: 100_000 });
    expect(AGE_RANGE).toEqual({ min: 18, max: 80, step: 1 });
    expect(FAMILY_MEMBERS_RANGE).toEqual({ min: 1, max: 5, step: 1 });
    expect(BUDGET_ADVICE_MONTHLY_INCREASE).toBe(20_000);
    expect(BUDGET_ADVICE_TOTAL_INCREASE).toBe(500_000);
    expect(BUDGET_ADVICE_CONTRACT_MONTHS).toBe(36);
  });
});

// ---------------------------------------------------------------------------------------------
// Recommendations
// ---------------------------------------------------------------------------------------------

const A = phone({ id: 'a1', name: 'iPhone', brand: 'Apple', price: 1_200_000 });
const S = phone({ id: 's1', name: 'Galaxy', brand: 'Samsung', price: 1_000_000 });
const X = phone({ id: 'x1', name: 'Redmi', brand: 'Xiaomi', price: 500_000 });
const P1 = plan({ id: 'P1', carrier: 'SKT', monthlyFee: 50_000, setupFee: 0, discountRate: 0, data: '100GB', benefits: [] });
const P2 = plan({ id: 'P2', carrier: 'KT', monthlyFee: 80_000, setupFee: 0, discountRate: 0.1, data: '무제한', benefits: ['a', 'b'] });
// 24 months, no personal discounts. Device net (−10%): A 1,080,000; S 900,000; X 450,000.
// Plan net: P1 1,200,000; P2 1,920,000 − 16,000 (plan discount) = 1,904,000.
// Bonuses: S+P1 (SKT/Samsung) −30,000; A+P2 (KT/Apple) −40,000.
// Totals: A+P1 2,280,000; A+P2 2,944,000; S+P1 2,070,000; S+P2 2,804,000; X+P1 1,650,000; X+P2 2,354,000.
// Plan scores: P1 = 0 + 0 + 10 (100GB) = 10; P2 = 0.1×100×0.2 (2) + 10 (2 benefits) + 25 (무제한) = 37.
// Brand scores: Apple 20, Samsung 15, Xiaomi 0.

const ids = (rs: Recommendation[]) => rs.map((r) => `${r.phone.id}+${r.plan.id}`);

function rec(maxMonthly: number, maxTotal: number, phones = [A, S, X], plans = [P1, P2], months: ContractMonths = 24) {
  return recommendCombinations({ phones, plans, maxMonthly, maxTotal, contractMonths: months, discounts: NO_DISCOUNTS });
}

describe('recommendCombinations', () => {
  it('keeps combos within both budgets and orders them by score', () => {
    // maxTotal 2,300,000: A+P1 (2,280,000, 95,000/mo), S+P1 (2,070,000), X+P1 (1,650,000) fit.
    // Scores: A+P1 30 + 30×20k/2.3M = 30.26; S+P1 25 + 30×230k/2.3M = 28; X+P1 10 + 30×650k/2.3M = 18.48
    const r = rec(100_000, 2_300_000);
    expect(ids(r)).toEqual(['a1+P1', 's1+P1', 'x1+P1']);
    expect(r.map((x) => x.totalCost)).toEqual([2_280_000, 2_070_000, 1_650_000]);
    expect(r.map((x) => x.monthlyAverage)).toEqual([95_000, 86_250, 68_750]);
  });

  it('the monthly budget filters on its own', () => {
    expect(ids(rec(94_999, 2_300_000))).toEqual(['s1+P1', 'x1+P1']);
    expect(ids(rec(95_000, 2_300_000))).toEqual(['a1+P1', 's1+P1', 'x1+P1']); // boundary included
    expect(ids(rec(70_000, 5_000_000))).toEqual(['x1+P1']);
  });

  it('the total budget filters on its own', () => {
    expect(ids(rec(1_000_000, 2_280_000))).toEqual(['a1+P1', 's1+P1', 'x1+P1']); // boundary included
    expect(ids(rec(1_000_000, 2_279_999))).toEqual(['s1+P1', 'x1+P1']);
    expect(ids(rec(1_000_000, 1_650_000))).toEqual(['x1+P1']);
  });

  it('returns at most 3, best score first', () => {
    // maxTotal 3,000,000 → all six fit. Scores: A+P2 57 + 30×56k/3M = 57.56; S+P2 52 + 1.96 = 53.96;
    // X+P2 37 + 6.46 = 43.46; A+P1 37.2; S+P1 34.3; X+P1 23.5
    const r = rec(200_000, 3_000_000);
    expect(ids(r)).toEqual(['a1+P2', 's1+P2', 'x1+P2']);
    expect(r.map((x) => x.totalCost)).toEqual([2_944_000, 2_804_000, 2_354_000]);
  });

  it('empty when nothing fits, or no phones / plans', () => {
    expect(rec(200_000, 1_000_000)).toEqual([]);
    expect(rec(50_000, 5_000_000)).toEqual([]);
    expect(rec(200_000, 5_000_000, [], [P1])).toEqual([]);
    expect(rec(200_000, 5_000_000, [A], [])).toEqual([]);
  });

  it('returns the input objects and the same figures as calculateTotalCost', () => {
    const discounts: Discounts = { existingCustomer: true, tradeIn: true, tradeInValue: 250_000, paymentMethod: 'autoTransfer', age: 70, familyMembers: 2 };
    const r = recommendCombinations({ phones: [A, S, X], plans: [P1, P2], maxMonthly: 200_000, maxTotal: 5_000_000, contractMonths: 36, discounts });
    expect(r).toHaveLength(3);
    for (const x of r) {
      expect([A, S, X]).toContain(x.phone);
      expect([P1, P2]).toContain(x.plan);
      const c = calculateTotalCost({ phone: x.phone, plan: x.plan, contractMonths: 36, discounts });
      expect(x).toEqual({ phone: x.phone, plan: x.plan, totalCost: c.totalCost, monthlyAverage: c.monthlyAverage, discountDetails: c.discountDetails });
    }
  });

  it('equal scores: lower total cost first', () => {
    // 12 months, plan with fee 0 and score 0 (10GB, no benefits, rate 0), maxTotal 3,000,000:
    // Apple 1,500,000 → 20 + 30 × (1 − 0.5) = 35; Samsung 1,000,000 → 15 + 30 × (1 − 1/3) = 35 → tie
    const free = plan({ id: 'free', carrier: 'LG U+', monthlyFee: 0, setupFee: 0, data: '10GB', benefits: [], discountRate: 0 });
    const apple = phone({ id: 'a', brand: 'Apple', price: 1_500_000 });
    const samsung = phone({ id: 'z', brand: 'Samsung', price: 1_000_000 });
    expect(ids(rec(200_000, 3_000_000, [apple, samsung], [free], 12))).toEqual(['z+free', 'a+free']);
    expect(ids(rec(200_000, 3_000_000, [samsung, apple], [free], 12))).toEqual(['z+free', 'a+free']);
  });

  it('equal score and cost: phone id, then plan id', () => {
    const l1 = plan({ id: 'l1', carrier: 'KT' });
    const l2 = plan({ id: 'l2', carrier: 'KT' });
    const b = phone({ id: 'b' });
    const a = phone({ id: 'a' });
    expect(ids(rec(200_000, 5_000_000, [b, a], [l2, l1]))).toEqual(['a+l1', 'a+l2', 'b+l1']);
  });

  describe('plan score terms (checked through exact ties, which fall back to plan id)', () => {
    // One phone, fee-0 plans (so every plan costs the same): a tie orders by plan id whichever
    // plan carries the smaller id, so a tie in both arrangements proves the two scores are equal.
    const p = phone({ id: 'p', brand: 'Xiaomi', price: 500_000 });
    type Spec = { data: string; benefits?: number; rate?: number };
    const fp = (id: string, s: Spec) =>
      plan({
        id,
        carrier: 'SKT',
        monthlyFee: 0,
        setupFee: 0,
        data: s.data,
        discountRate: s.rate ?? 0,
        benefits: Array.from({ length: s.benefits ?? 0 }, (_, i) => `b${i}`),
      });
    const order = (...plans: Plan[]) => ids(rec(200_000, 5_000_000, [p], plans)).map((s) => s.slice(2));
    const expectTie = (x: Spec, y: Spec) => {
      expect(order(fp('a', x), fp('z', y))).toEqual(['a', 'z']);
      expect(order(fp('z', x), fp('a', y))).toEqual(['a', 'z']);
    };
    const expectBetter = (x: Spec, y: Spec) => {
      expect(order(fp('a', x), fp('z', y))).toEqual(['a', 'z']);
      expect(order(fp('z', x), fp('a', y))).toEqual(['z', 'a']);
    };

    it('무제한 = 25 (= 100GB + 3 benefits, > 100GB + 2 benefits)', () => {
      expectTie({ data: '무제한' }, { data: '100GB', benefits: 3 });
      expectTie({ data: '데이터 무제한 (5Mbps)' }, { data: '100GB', benefits: 3 });
      expectBetter({ data: '무제한' }, { data: '100GB', benefits: 2 });
    });
    it("'unlimited' is case-insensitive, and unlimited is not stacked with a GB tier", () => {
      expectTie({ data: 'UNLIMITED 5G' }, { data: '100GB', benefits: 3 });
      expectTie({ data: 'Unlimited' }, { data: '10GB', benefits: 5 });
      expectTie({ data: '200GB 소진 후 무제한' }, { data: '10GB', benefits: 5 });
    });
    it('200GB = 15 (= 100GB + 1 benefit); 250GB is in the 200GB tier', () => {
      expectTie({ data: '200GB' }, { data: '100GB', benefits: 1 });
      expectTie({ data: '250GB' }, { data: '10GB', benefits: 3 });
      expectBetter({ data: '200GB' }, { data: '100GB' });
    });
    it('100GB = 10 (= 10GB + 2 benefits); 150 GB is in the 100GB tier; 99GB scores 0', () => {
      expectTie({ data: '100GB' }, { data: '10GB', benefits: 2 });
      expectTie({ data: '150 GB' }, { data: '10GB', benefits: 2 });
      expectTie({ data: '99GB' }, { data: '10GB' });
      expectTie({ data: '99GB' }, { data: '음성 무료' });
    });
    it('discount rate × 100 × 0.2: 0.25 scores 5 (= one benefit), 0.5 scores 10', () => {
      expectTie({ data: '10GB', rate: 0.25 }, { data: '10GB', benefits: 1 });
      expectTie({ data: '10GB', rate: 0.5 }, { data: '10GB', benefits: 2 });
      expectBetter({ data: '10GB', rate: 0.3 }, { data: '10GB', benefits: 1 });
    });
    it('mathematically equal scores tie despite binary noise (0.07 × 20 + 15 vs 0.82 × 20 = 16.4)', () => {
      // With a 200,000-won phone (cost 180,000) the naive float sums differ: 45.32 vs 45.32000000000001.
      const cheap = phone({ id: 'p', brand: 'Xiaomi', price: 200_000 });
      const ord = (...plans: Plan[]) => ids(rec(200_000, 5_000_000, [cheap], plans)).map((s) => s.slice(2));
      const x: Spec = { data: '10GB', rate: 0.07, benefits: 3 };
      const y: Spec = { data: '10GB', rate: 0.82 };
      expect(ord(fp('a', x), fp('z', y))).toEqual(['a', 'z']);
      expect(ord(fp('z', x), fp('a', y))).toEqual(['a', 'z']);
      expectTie({ data: '10GB', rate: 0.32, benefits: 2 }, { data: '10GB', rate: 0.82 });
    });
  });

  it('brand score is case-insensitive: " APPLE " scores 20, "samsung" 15', () => {
    const free = plan({ id: 'free', carrier: 'LG U+', monthlyFee: 0, setupFee: 0, data: '10GB', discountRate: 0 });
    // 12 months, maxTotal 3,000,000: Apple 1,400,000 → 20 + 30 × (1 − 1.4/3) = 36;
    // Samsung 1,000,000 → 15 + 20 = 35; Xiaomi 0 → 0 + 30 = 30. Unrecognised brands would score 16 / 20.
    const apple = phone({ id: 'a', brand: ' APPLE ', price: 1_400_000 });
    const samsung = phone({ id: 'z', brand: 'samsung', price: 1_000_000 });
    const xiaomi = phone({ id: 'x', brand: 'Xiaomi', price: 0 });
    expect(ids(rec(200_000, 3_000_000, [xiaomi, samsung, apple], [free], 12))).toEqual(['a+free', 'z+free', 'x+free']);
  });

  it('matches a brute-force sort of every combination (deterministic generated catalogues)', () => {
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const brands = ['Samsung', 'Apple', 'Google', 'Xiaomi', 'apple', ' SAMSUNG'];
    const carriers: Carrier[] = ['SKT', 'KT', 'LG U+'];
    const datas = ['무제한', '200GB', '100GB', '50GB', 'Unlimited', '110GB'];
    for (let round = 0; round < 200; round++) {
      const phones = Array.from({ length: 1 + rand(12) }, (_, i) =>
        phone({ id: `p${rand(5)}-${i}`, brand: brands[rand(brands.length)]!, price: 100_000 * (3 + rand(15)) }),
      );
      const plans = Array.from({ length: 1 + rand(6) }, (_, j) =>
        plan({
          id: `l${rand(3)}-${j}`,
          carrier: carriers[rand(3)]!,
          monthlyFee: 10_000 * (3 + rand(8)),
          setupFee: rand(2) * 7_200,
          data: datas[rand(datas.length)]!,
          benefits: Array.from({ length: rand(4) }, () => 'x'),
          discountRate: rand(4) * 0.05,
        }),
      );
      const months = ([12, 24, 36] as const)[rand(3)]!;
      const discounts: Discounts = {
        existingCustomer: rand(2) === 1,
        tradeIn: rand(2) === 1,
        tradeInValue: 50_000 * rand(10),
        paymentMethod: rand(2) === 1 ? 'autoTransfer' : 'card',
        age: 18 + rand(63),
        familyMembers: 1 + rand(5),
      };
      const maxMonthly = 10_000 * (5 + rand(16));
      const maxTotal = 100_000 * (10 + rand(41));

      const all = [];
      for (const ph of phones) {
        for (const pl of plans) {
          const c = calculateTotalCost({ phone: ph, plan: pl, contractMonths: months, discounts });
          if (c.totalCost > maxTotal || c.monthlyAverage > maxMonthly) continue;
          const b = ph.brand.trim().toLowerCase();
          const d = pl.data.toLowerCase();
          const gb = Number(/(\d+)gb/.exec(d)?.[1] ?? 0);
          const score =
            pl.discountRate * 100 * 0.2 +
            (b === 'apple' ? 20 : b === 'samsung' ? 15 : 0) +
            5 * pl.benefits.length +
            (d.includes('무제한') || d.includes('unlimited') ? 25 : gb >= 200 ? 15 : gb >= 100 ? 10 : 0) +
            30 * (1 - c.totalCost / maxTotal);
          all.push({ ph, pl, c, score });
        }
      }
      all.sort(
        (x, y) =>
          (Math.abs(x.score - y.score) > 1e-7 ? y.score - x.score : 0) ||
          x.c.totalCost - y.c.totalCost ||
          (x.ph.id < y.ph.id ? -1 : x.ph.id > y.ph.id ? 1 : 0) ||
          (x.pl.id < y.pl.id ? -1 : x.pl.id > y.pl.id ? 1 : 0),
      );
      const expected = all.slice(0, 3).map((x) => `${x.ph.id}+${x.pl.id}`);
      const got = recommendCombinations({ phones, plans, maxMonthly, maxTotal, contractMonths: months, discounts });
      expect(ids(got)).toEqual(expected);
    }
  });

  it('is fast: 50 phones × 6 plans, median of 200 runs < 5 ms', () => {
    const brands = ['Samsung', 'Apple', 'Google', 'Xiaomi', 'Motorola'];
    const phones = Array.from({ length: 50 }, (_, i) =>
      phone({ id: `phone-${i}`, name: `Phone ${i}`, brand: brands[i % brands.length]!, price: 400_000 + 30_000 * i }),
    );
    const carriers: Carrier[] = ['SKT', 'KT', 'LG U+'];
    const plans = Array.from({ length: 6 }, (_, j) =>
      plan({
        id: `plan-${j}`,
        carrier: carriers[j % 3]!,
        monthlyFee: 39_000 + 10_000 * j,
        setupFee: 7_200,
        data: ['10GB', '100GB', '200GB', '무제한', 'Unlimited', '150GB'][j]!,
        benefits: Array.from({ length: j % 4 }, (_, k) => `혜택${k}`),
        discountRate: 0.05 * (j % 3),
      }),
    );
    const input = {
      phones,
      plans,
      maxMonthly: 200_000,
      maxTotal: 5_000_000,
      contractMonths: 24 as const,
      discounts: { ...NO_DISCOUNTS, existingCustomer: true, paymentMethod: 'autoTransfer' as const, age: 25 },
    };
    for (let i = 0; i < 50; i++) recommendCombinations(input); // warm-up
    const times: number[] = [];
    let result: Recommendation[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      result = recommendCombinations(input);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[100]!;
    console.info(`recommendCombinations 50×6: median ${(median * 1000).toFixed(1)} µs, p95 ${(times[190]! * 1000).toFixed(1)} µs`);
    expect(result).toHaveLength(3);
    expect(median).toBeLessThan(5);
  });
});

describe('expected extras (issue 39 §6): each input apart, never a total', () => {
  const figures = { devicePrice: 1_000_000, planFee: 69_000 };
  it('nothing before any input; an empty age or family size applies nothing', () => {
    expect(expectedExtras(DEFAULT_DISCOUNTS, figures)).toEqual([]);
  });
  it('기존 고객 and 보상판매 once off the 출고가 (보상 capped at 30%); 자동이체, 연령, 가족 each month off the fee', () => {
    const all: Discounts = { existingCustomer: true, tradeIn: true, tradeInValue: 400_000, paymentMethod: 'autoTransfer', age: 24, familyMembers: 3 };
    expect(expectedExtras(all, figures)).toEqual([
      { key: 'loyalty', amount: 50_000, per: 'once' },
      { key: 'tradeIn', amount: 300_000, per: 'once' },
      { key: 'payment', amount: 1380, per: 'month' },
      { key: 'age', amount: 3450, per: 'month' },
      { key: 'family', amount: 10_350, per: 'month' },
    ]);
    expect(expectedExtras({ ...DEFAULT_DISCOUNTS, age: 40, familyMembers: 1 }, figures)).toEqual([]);
    expect(expectedExtras({ ...DEFAULT_DISCOUNTS, age: 70 }, figures)).toEqual([{ key: 'age', amount: 6900, per: 'month' }]);
  });
});

