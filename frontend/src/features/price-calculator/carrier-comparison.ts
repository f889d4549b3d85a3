/**
 * "The real Korean bill" (pure): device instalments with interest (원리금균등상환), and the
 * 공시지원금 (public subsidy) versus 선택약정 (25% selective plan discount) comparison.
 *
 * Conventions
 * - Amounts are whole won. Principals and inputs are floored to whole won (negatives count 0).
 * - Monthly instalment = P·r / (1 − (1 + r)^−n), r = annual rate / 12, rounded to the nearest won.
 *   At 0% (무이자) the displayed instalment is ceil(P / n) — never understating a month — and the
 *   last instalment is smaller so that exactly P is repaid: total interest at 0% is 0.
 * - Total interest (rate > 0) = monthly instalment × n − P (the rounded instalment is what is billed).
 * - Comparison horizon: the instalment period (instalmentMonths). Over it each option pays
 *   P + interest for the device plus the plan fee every month. 선택약정 takes 25% off the plan fee
 *   for `selectiveDiscountMonths` (the discounted fee is floored to whole won) and the full fee for
 *   the rest of the horizon (no re-contract assumed).
 */
import { INSTALLMENT_ANNUAL_RATE, SELECTIVE_DISCOUNT_RATE as PRICING_SELECTIVE_RATE, monthlyInstallment } from '@phonemarket/contracts';

/** The pricing module's rates: one 선택약정 rate and one instalment rate for every screen. */
export const SELECTIVE_DISCOUNT_RATE = PRICING_SELECTIVE_RATE;
export const DEFAULT_INSTALMENT_RATE = INSTALLMENT_ANNUAL_RATE;

export type InstalmentMonths = 24 | 36;
export type SelectiveDiscountMonths = 12 | 24;
export type BillOption = 'subsidy' | 'selective';

export const ASSUMPTIONS: readonly string[] = [
  '할부 이자 연 5.9%, 원리금균등상환 기준 (월 할부금은 원 단위 반올림)',
  '무이자(연 0%) 할부는 월 할부금을 올림으로 표시하고 마지막 회차에서 차액을 정산',
  '비교 기간은 단말기 할부 기간(24개월 또는 36개월)이며, 그동안의 할부금과 요금제 월정액을 합산',
  '선택약정 할인은 요금제 월정액의 25% (할인 후 요금은 원 단위 절사)',
  '선택약정 기간이 끝난 뒤에는 재약정 없이 정상 요금을 내는 것으로 가정',
  '공시지원금을 받으면 선택약정과 중복 불가',
  '추가지원금(유통점 지원금)은 2025년 단통법 폐지 이후 상한이 없으며 선택약정과도 중복 가능',
  '지원금 합계가 출고가보다 크면 할부원금은 0원',
  '요금제 월정액은 부가세 포함 금액이며, 부가서비스·단말 보험·중도 해지 위약금은 포함하지 않음',
];

function wholeWon(x: number): number {
  return Number.isFinite(x) && x > 0 ? Math.floor(x) : 0;
}

function checkTerms(annualRate: number, months: number): void {
  if (!Number.isInteger(months) || months <= 0) {
    throw new RangeError(`months must be a positive integer, got ${months}`);
  }
  if (!Number.isFinite(annualRate) || annualRate < 0) {
    throw new RangeError(`annualRate must be a finite number ≥ 0, got ${annualRate}`);
  }
}

/**
 * Equal monthly payment (원리금균등상환) for `principal` won over `months` months at `annualRate`
 * (e.g. 0.059 for 5.9%): round(P·r / (1 − (1 + r)^−n)), r = annualRate / 12; at 0%: ceil(P / n).
 * 1,000,000 won over 24 months at 5.9% → 44,276 won.
 */
export function monthlyInstalment(principal: number, annualRate: number, months: number): number {
  checkTerms(annualRate, months);
  const p = wholeWon(principal);
  if (p === 0) return 0;
  if (annualRate === 0) return Math.ceil(p / months);
  // The one instalment formula (contracts' pricing module), the one the product page and the cart use.
  return monthlyInstallment(p, months, annualRate);
}

/** Interest paid over the whole instalment: monthlyInstalment × n − P (0 at 0%, never negative). */
export function totalInterest(principal: number, annualRate: number, months: number): number {
  const monthly = monthlyInstalment(principal, annualRate, months);
  if (annualRate === 0) return 0;
  return Math.max(0, monthly * months - wholeWon(principal));
}

export interface SubsidyComparisonInput {
  devicePrice: number;
  planMonthlyFee: number;
  instalmentMonths: InstalmentMonths;
  selectiveDiscountMonths: SelectiveDiscountMonths;
  /** 공시지원금 — only with the subsidy option */
  publicSubsidy: number;
  /** 추가지원금 (유통점) — no cap since the 2025 repeal of 단통법; applies to both options */
  storeSubsidy: number;
  /** default DEFAULT_INSTALMENT_RATE (0.059) */
  annualRate?: number;
}

export interface BillBreakdown {
  option: BillOption;
  /** '공시지원금' | '선택약정' */
  label: string;
  /** 할부원금 */
  devicePrincipal: number;
  monthlyInstalment: number;
  totalInterest: number;
  /** devicePrincipal + totalInterest: everything paid for the device over the horizon */
  deviceTotal: number;
  /** plan fee per month during the first `discountMonths` months (after the 선택약정 discount) */
  monthlyPlanFee: number;
  /** planMonthlyFee − monthlyPlanFee (0 for the subsidy option) */
  monthlyPlanDiscount: number;
  /** months with the plan discount (0 for the subsidy option) */
  discountMonths: number;
  /** monthly instalment + monthlyPlanFee */
  monthlyBillFirstMonths: number;
  /** monthly instalment + full plan fee, once the discount (if any) has ended */
  monthlyBillAfterDiscount: number;
  /** plan fees over the horizon */
  planTotal: number;
  /** deviceTotal + planTotal */
  total: number;
}

export interface SubsidyComparison {
  /** = instalmentMonths */
  horizonMonths: number;
  annualRate: number;
  subsidy: BillBreakdown;
  selective: BillBreakdown;
  cheaper: BillOption | 'same';
  /** |subsidy.total − selective.total| */
  difference: number;
}

function breakdown(
  option: BillOption,
  principal: number,
  fee: number,
  discountedFee: number,
  discountMonths: number,
  horizon: number,
  annualRate: number,
): BillBreakdown {
  const instalment = monthlyInstalment(principal, annualRate, horizon);
  const interest = totalInterest(principal, annualRate, horizon);
  const deviceTotal = principal + interest;
  const planTotal = discountedFee * discountMonths + fee * (horizon - discountMonths);
  return {
    option,
    label: option === 'subsidy' ? '공시지원금' : '선택약정',
    devicePrincipal: principal,
    monthlyInstalment: instalment,
    totalInterest: interest,
    deviceTotal,
    monthlyPlanFee: discountedFee,
    monthlyPlanDiscount: fee - discountedFee,
    discountMonths,
    monthlyBillFirstMonths: instalment + discountedFee,
    monthlyBillAfterDiscount: instalment + fee,
    planTotal,
    total: deviceTotal + planTotal,
  };
}

/** Compare 공시지원금 (+ 추가지원금) against 선택약정 25% (+ 추가지원금) over the instalment period. */
export function compareSubsidyVsSelectiveDiscount(input: SubsidyComparisonInput): SubsidyComparison {
  const annualRate = input.annualRate ?? DEFAULT_INSTALMENT_RATE;
  const horizon = input.instalmentMonths;
  checkTerms(annualRate, horizon);
  const price = wholeWon(input.devicePrice);
  const fee = wholeWon(input.planMonthlyFee);
  const publicSubsidy = wholeWon(input.publicSubsidy);
  const storeSubsidy = wholeWon(input.storeSubsidy);

  const subsidyPrincipal = Math.max(0, price - publicSubsidy - storeSubsidy);
  const selectivePrincipal = Math.max(0, price - storeSubsidy);
  // Floor the discounted fee (fee × 0.75); the tolerance absorbs binary noise of the product.
  const raw = fee * (1 - SELECTIVE_DISCOUNT_RATE);
  const rounded = Math.round(raw);
  const discountedFee = Math.abs(raw - rounded) < 1e-6 ? rounded : Math.floor(raw);
  const discountMonths = Math.min(input.selectiveDiscountMonths, horizon);

  const subsidy = breakdown('subsidy', subsidyPrincipal, fee, fee, 0, horizon, annualRate);
  const selective = breakdown('selective', selectivePrincipal, fee, discountedFee, discountMonths, horizon, annualRate);
  const diff = subsidy.total - selective.total;
  return {
    horizonMonths: horizon,
    annualRate,
    subsidy,
    selective,
    cheaper: diff === 0 ? 'same' : diff < 0 ? 'subsidy' : 'selective',
    difference: Math.abs(diff),
  };
}
