import { describe, expect, it } from 'vitest';
import {
  ASSUMPTIONS,
  DEFAULT_INSTALMENT_RATE,
  SELECTIVE_DISCOUNT_RATE,
  compareSubsidyVsSelectiveDiscount,
  monthlyInstalment,
  totalInterest,
} from './carrier-comparison';

describe('monthlyInstalment (원리금균등상환)', () => {
  it('worked example: 1,000,000 won, 24 months, 5.9% a year → 44,276 won a month', () => {
    // r = 0.059 / 12 = 0.00491667; P·r / (1 − (1 + r)^−24) = 44,275.56 → 44,276
    expect(monthlyInstalment(1_000_000, 0.059, 24)).toBe(44_276);
  });

  it('other terms, rounded to the nearest won', () => {
    expect(monthlyInstalment(1_000_000, 0.059, 36)).toBe(30_377); // 30,376.65
    expect(monthlyInstalment(1_500_000, 0.059, 24)).toBe(66_413); // 66,413.35
    expect(monthlyInstalment(1_500_000, 0.059, 36)).toBe(45_565); // 45,564.97
    expect(monthlyInstalment(1_200_000, 0.059, 36)).toBe(36_452); // 36,451.98
  });

  it('0% (무이자): ceil(P / n)', () => {
    expect(monthlyInstalment(1_200_000, 0, 24)).toBe(50_000);
    expect(monthlyInstalment(1_000_000, 0, 24)).toBe(41_667); // 41,666.67
  });

  it('principal 0 or negative → 0', () => {
    expect(monthlyInstalment(0, 0.059, 24)).toBe(0);
    expect(monthlyInstalment(-5_000, 0.059, 24)).toBe(0);
  });

  it('refuses non-positive or fractional months and negative rates', () => {
    expect(() => monthlyInstalment(1_000_000, 0.059, 0)).toThrow(RangeError);
    expect(() => monthlyInstalment(1_000_000, 0.059, 12.5)).toThrow(RangeError);
    expect(() => monthlyInstalment(1_000_000, -0.01, 24)).toThrow(RangeError);
    expect(() => monthlyInstalment(1_000_000, Number.NaN, 24)).toThrow(RangeError);
  });
});

describe('totalInterest', () => {
  it('instalment × n − principal', () => {
    expect(totalInterest(1_000_000, 0.059, 24)).toBe(62_624); // 44,276 × 24 = 1,062,624
    expect(totalInterest(1_000_000, 0.059, 36)).toBe(93_572); // 30,377 × 36 = 1,093,572
  });
  it('0% → 0 (the last instalment absorbs the rounding), principal 0 → 0', () => {
    expect(totalInterest(1_000_000, 0, 24)).toBe(0);
    expect(totalInterest(0, 0.059, 24)).toBe(0);
  });
});

describe('compareSubsidyVsSelectiveDiscount', () => {
  it('worked example: 24-month instalment, 24-month 선택약정', () => {
    // Price 1,550,000, plan 89,000/month, 공시지원금 500,000, 추가지원금 50,000, 5.9%.
    // 공시지원금: principal 1,550,000 − 500,000 − 50,000 = 1,000,000 → 44,276/month,
    //   interest 44,276 × 24 − 1,000,000 = 62,624; device 1,062,624; plan 89,000 × 24 = 2,136,000;
    //   total 3,198,624; bill 44,276 + 89,000 = 133,276.
    // 선택약정: principal 1,550,000 − 50,000 = 1,500,000 → 66,413/month (66,413.35),
    //   interest 66,413 × 24 − 1,500,000 = 93,912; device 1,593,912; fee 89,000 × 0.75 = 66,750
    //   (22,250 off) for 24 months = 1,602,000; total 3,195,912; bill 66,413 + 66,750 = 133,163.
    // 선택약정 cheaper by 3,198,624 − 3,195,912 = 2,712.
    const r = compareSubsidyVsSelectiveDiscount({
      devicePrice: 1_550_000,
      planMonthlyFee: 89_000,
      instalmentMonths: 24,
      selectiveDiscountMonths: 24,
      publicSubsidy: 500_000,
      storeSubsidy: 50_000,
    });
    expect(r).toEqual({
      horizonMonths: 24,
      annualRate: 0.059,
      subsidy: {
        option: 'subsidy',
        label: '공시지원금',
        devicePrincipal: 1_000_000,
        monthlyInstalment: 44_276,
        totalInterest: 62_624,
        deviceTotal: 1_062_624,
        monthlyPlanFee: 89_000,
        monthlyPlanDiscount: 0,
        discountMonths: 0,
        monthlyBillFirstMonths: 133_276,
        monthlyBillAfterDiscount: 133_276,
        planTotal: 2_136_000,
        total: 3_198_624,
      },
      selective: {
        option: 'selective',
        label: '선택약정',
        devicePrincipal: 1_500_000,
        monthlyInstalment: 66_413,
        totalInterest: 93_912,
        deviceTotal: 1_593_912,
        monthlyPlanFee: 66_750,
        monthlyPlanDiscount: 22_250,
        discountMonths: 24,
        monthlyBillFirstMonths: 133_163,
        monthlyBillAfterDiscount: 155_413,
        planTotal: 1_602_000,
        total: 3_195_912,
      },
      cheaper: 'selective',
      difference: 2_712,
    });
  });

  it('worked example: 36-month instalment, 12-month 선택약정, discounted fee floored', () => {
    // Price 1,500,000, plan 55,555/month, 공시지원금 300,000, no 추가지원금, 5.9%.
    // 공시지원금: principal 1,200,000 → 36,452 (36,451.98); interest 36,452 × 36 − 1,200,000 = 112,272;
    //   plan 55,555 × 36 = 1,999,980; total 1,312,272 + 1,999,980 = 3,312,252.
    // 선택약정: principal 1,500,000 → 45,565 (45,564.97); interest 45,565 × 36 − 1,500,000 = 140,340;
    //   fee floor(55,555 × 0.75 = 41,666.25) = 41,666 for 12 months, then 55,555 for 24:
    //   499,992 + 1,333,320 = 1,833,312; total 1,640,340 + 1,833,312 = 3,473,652.
    // 공시지원금 cheaper by 161,400.
    const r = compareSubsidyVsSelectiveDiscount({
      devicePrice: 1_500_000,
      planMonthlyFee: 55_555,
      instalmentMonths: 36,
      selectiveDiscountMonths: 12,
      publicSubsidy: 300_000,
      storeSubsidy: 0,
    });
    expect(r.horizonMonths).toBe(36);
    expect(r.subsidy).toMatchObject({
      devicePrincipal: 1_200_000,
      monthlyInstalment: 36_452,
      totalInterest: 112_272,
      deviceTotal: 1_312_272,
      planTotal: 1_999_980,
      total: 3_312_252,
      monthlyBillFirstMonths: 92_007,
    });
    expect(r.selective).toMatchObject({
      devicePrincipal: 1_500_000,
      monthlyInstalment: 45_565,
      totalInterest: 140_340,
      monthlyPlanFee: 41_666,
      monthlyPlanDiscount: 13_889,
      discountMonths: 12,
      planTotal: 1_833_312,
      total: 3_473_652,
      monthlyBillFirstMonths: 87_231,
      monthlyBillAfterDiscount: 101_120,
    });
    expect(r.cheaper).toBe('subsidy');
    expect(r.difference).toBe(161_400);
  });

  it('subsidies larger than the price: principal floored at 0', () => {
    // 공시 700,000 + 추가 400,000 > 1,000,000 → 0; 선택약정 principal 1,000,000 − 400,000 = 600,000
    const r = compareSubsidyVsSelectiveDiscount({
      devicePrice: 1_000_000,
      planMonthlyFee: 60_000,
      instalmentMonths: 24,
      selectiveDiscountMonths: 24,
      publicSubsidy: 700_000,
      storeSubsidy: 400_000,
    });
    expect(r.subsidy.devicePrincipal).toBe(0);
    expect(r.subsidy.monthlyInstalment).toBe(0);
    expect(r.subsidy.totalInterest).toBe(0);
    expect(r.subsidy.total).toBe(1_440_000); // 60,000 × 24
    expect(r.selective.devicePrincipal).toBe(600_000);
    // Store subsidy alone above the price: both principals 0
    const r2 = compareSubsidyVsSelectiveDiscount({
      devicePrice: 300_000,
      planMonthlyFee: 60_000,
      instalmentMonths: 24,
      selectiveDiscountMonths: 24,
      publicSubsidy: 0,
      storeSubsidy: 500_000,
    });
    expect(r2.selective.devicePrincipal).toBe(0);
    expect(r2.selective.total).toBe(1_080_000); // 45,000 × 24
    expect(r2.cheaper).toBe('selective');
    expect(r2.difference).toBe(360_000);
  });

  it("'same' when neither option saves anything", () => {
    const r = compareSubsidyVsSelectiveDiscount({
      devicePrice: 1_000_000,
      planMonthlyFee: 0,
      instalmentMonths: 24,
      selectiveDiscountMonths: 12,
      publicSubsidy: 0,
      storeSubsidy: 100_000,
    });
    expect(r.cheaper).toBe('same');
    expect(r.difference).toBe(0);
    expect(r.subsidy.total).toBe(r.selective.total);
  });

  it('custom rate: 0% makes the device total equal the principal', () => {
    const r = compareSubsidyVsSelectiveDiscount({
      devicePrice: 1_200_000,
      planMonthlyFee: 50_000,
      instalmentMonths: 24,
      selectiveDiscountMonths: 24,
      publicSubsidy: 240_000,
      storeSubsidy: 0,
      annualRate: 0,
    });
    expect(r.annualRate).toBe(0);
    // 공시: 960,000 + 1,200,000 = 2,160,000; 선택: 1,200,000 + 37,500 × 24 = 2,100,000
    expect(r.subsidy.monthlyInstalment).toBe(40_000);
    expect(r.subsidy.deviceTotal).toBe(960_000);
    expect(r.selective.deviceTotal).toBe(1_200_000);
    expect(r.subsidy.total).toBe(2_160_000);
    expect(r.selective.total).toBe(2_100_000);
    expect(r.cheaper).toBe('selective');
    expect(r.difference).toBe(60_000);
  });

  it('constants and assumptions', () => {
    expect(SELECTIVE_DISCOUNT_RATE).toBe(0.25);
    expect(DEFAULT_INSTALMENT_RATE).toBe(0.059);
    expect(ASSUMPTIONS.some((a) => a.includes('연 5.9%') && a.includes('원리금균등상환'))).toBe(true);
    expect(ASSUMPTIONS.some((a) => a.includes('25%'))).toBe(true);
    expect(ASSUMPTIONS).toContain('공시지원금을 받으면 선택약정과 중복 불가');
    expect(ASSUMPTIONS).toContain('추가지원금(유통점 지원금)은 2025년 단통법 폐지 이후 상한이 없으며 선택약정과도 중복 가능');
  });
});
