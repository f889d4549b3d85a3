/**
 * Price calculator rules (pure): total cost of a phone + carrier plan over a contract, and
 * the top-3 phone × plan recommendations within a monthly and a total budget.
 *
 * No React, no I/O, no clock, no randomness. Every amount is a whole number of won and every
 * discount component is rounded down on its own (see `floorWon`) before being summed.
 */

export type Carrier = 'SKT' | 'KT' | 'LG U+';
export type ContractMonths = 12 | 24 | 36;
export type PaymentMethod = 'card' | 'autoTransfer';

export interface Phone {
  id: string;
  name: string;
  brand: string;
  price: number;
}

export interface Plan {
  id: string;
  name: string;
  carrier: Carrier;
  monthlyFee: number;
  setupFee: number;
  /** e.g. '100GB', '200GB', '무제한', 'Unlimited' */
  data: string;
  benefits: string[];
  /** 0..1 (values outside are clamped) */
  discountRate: number;
}

export interface Discounts {
  existingCustomer: boolean;
  tradeIn: boolean;
  tradeInValue: number;
  paymentMethod: PaymentMethod;
  /** Empty until the person says (issue 39 §6: no 청년 할인 applied silently). */
  age: number | null;
  familyMembers: number | null;
}

export interface CostInput {
  phone: Phone;
  plan: Plan;
  contractMonths: ContractMonths;
  discounts: Discounts;
}

export interface DiscountDetails {
  contractDiscount: number;
  planDiscount: number;
  loyaltyDiscount: number;
  tradeInDiscount: number;
  carrierDiscount: number;
  paymentDiscount: number;
  ageDiscount: number;
  familyDiscount: number;
  total: number;
}

export interface CostResult {
  totalCost: number;
  monthlyAverage: number;
  deviceCost: number;
  monthlyCost: number;
  setupFee: number;
  discount: number;
  discountDetails: DiscountDetails;
}

export interface RecommendationInput<P extends Phone = Phone, L extends Plan = Plan> {
  phones: readonly P[];
  plans: readonly L[];
  maxMonthly: number;
  maxTotal: number;
  contractMonths: ContractMonths;
  discounts: Discounts;
}

export interface Recommendation<P extends Phone = Phone, L extends Plan = Plan> {
  phone: P;
  plan: L;
  totalCost: number;
  monthlyAverage: number;
  discountDetails: DiscountDetails;
}

// ---------------------------------------------------------------------------------------------
// Spec defaults, slider ranges, advice
// ---------------------------------------------------------------------------------------------

export const DEFAULT_CONTRACT_MONTHS: ContractMonths = 24;
export const DEFAULT_MAX_MONTHLY = 100_000;
export const DEFAULT_MAX_TOTAL = 2_400_000;
export const DEFAULT_DISCOUNTS: Discounts = {
  existingCustomer: false,
  tradeIn: false,
  tradeInValue: 0,
  paymentMethod: 'card',
  age: null,
  familyMembers: null,
};

export const CONTRACT_MONTHS_OPTIONS: readonly ContractMonths[] = [12, 24, 36];

export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}
export const MONTHLY_BUDGET_RANGE: SliderRange = { min: 50_000, max: 200_000, step: 10_000 };
export const TOTAL_BUDGET_RANGE: SliderRange = { min: 1_000_000, max: 5_000_000, step: 100_000 };
export const AGE_RANGE: SliderRange = { min: 18, max: 80, step: 1 };
export const FAMILY_MEMBERS_RANGE: SliderRange = { min: 1, max: 5, step: 1 };

/** Shown when no combination fits: raise the monthly budget, the total budget, or pick 36 months. */
export const BUDGET_ADVICE_MONTHLY_INCREASE = 20_000;
export const BUDGET_ADVICE_TOTAL_INCREASE = 500_000;
export const BUDGET_ADVICE_CONTRACT_MONTHS: ContractMonths = 36;

/** Contract discount on the device price, in percent. */
export const CONTRACT_DISCOUNT_PERCENT: Readonly<Record<ContractMonths, number>> = { 12: 0, 24: 10, 36: 15 };
export const LOYALTY_DISCOUNT_PERCENT = 5;
export const TRADE_IN_CAP_PERCENT = 30;
export const AUTO_TRANSFER_DISCOUNT_PERCENT = 2;
export const YOUTH_MAX_AGE = 25;
export const YOUTH_DISCOUNT_PERCENT = 5;
export const SENIOR_MIN_AGE = 65;
export const SENIOR_DISCOUNT_PERCENT = 10;
export const FAMILY_OF_TWO_DISCOUNT_PERCENT = 8;
export const FAMILY_OF_THREE_PLUS_DISCOUNT_PERCENT = 15;
export const CARRIER_BRAND_BONUS: ReadonlyArray<{ carrier: Carrier; brand: string; amount: number }> = [
  { carrier: 'SKT', brand: 'Samsung', amount: 30_000 },
  { carrier: 'KT', brand: 'Apple', amount: 40_000 },
  { carrier: 'LG U+', brand: 'Google', amount: 25_000 },
];

const CONTRACT_LABELS: Readonly<Record<ContractMonths, string>> = {
  12: '12개월 (할인 없음)',
  24: '24개월 (10% 할인)',
  36: '36개월 (15% 할인)',
};

export function contractLabel(months: ContractMonths): string {
  return CONTRACT_LABELS[months];
}

// ---------------------------------------------------------------------------------------------
// Arithmetic helpers
// ---------------------------------------------------------------------------------------------

/**
 * Round down to whole won, tolerating binary floating-point noise: a value within 1e-6 of an
 * integer is that integer (so 100000 × 0.29 = 28999.999999999996 counts as 29,000, not 28,999).
 */
function floorWon(x: number): number {
  const r = Math.round(x);
  return Math.abs(x - r) < 1e-6 ? r : Math.floor(x);
}

/** Finite and positive, else 0. */
function nonNegative(x: number): number {
  return Number.isFinite(x) && x > 0 ? x : 0;
}

function percentOf(amount: number, percent: number): number {
  return floorWon((nonNegative(amount) * percent) / 100);
}

function clampRate(rate: number): number {
  if (!Number.isFinite(rate) || rate <= 0) return 0;
  return rate >= 1 ? 1 : rate;
}

// Brand / carrier codes (small ints so the recommendation hot loop never touches strings).
const BRAND_OTHER = 0;
const BRAND_SAMSUNG = 1;
const BRAND_APPLE = 2;
const BRAND_GOOGLE = 3;

function brandCode(brand: string): number {
  switch (brand.trim().toLowerCase()) {
    case 'samsung':
      return BRAND_SAMSUNG;
    case 'apple':
      return BRAND_APPLE;
    case 'google':
      return BRAND_GOOGLE;
    default:
      return BRAND_OTHER;
  }
}

function carrierKey(carrier: string): string {
  return carrier.replace(/\s+/g, '').toUpperCase();
}

/** The brand code that earns the carrier bonus for this carrier, and the bonus (−1 / 0 if none). */
function carrierBonusFor(carrier: string): { brand: number; amount: number } {
  const key = carrierKey(carrier);
  for (const entry of CARRIER_BRAND_BONUS) {
    if (carrierKey(entry.carrier) === key) return { brand: brandCode(entry.brand), amount: entry.amount };
  }
  return { brand: -1, amount: 0 };
}

// ---------------------------------------------------------------------------------------------
// Discount components. The device-side and plan-side components are independent of each other,
// so recommendations precompute them once per phone and once per plan.
// ---------------------------------------------------------------------------------------------

interface DeviceSide {
  contractDiscount: number;
  loyaltyDiscount: number;
  tradeInDiscount: number;
}

interface PlanSide {
  planDiscount: number;
  paymentDiscount: number;
  ageDiscount: number;
  familyDiscount: number;
}

function deviceSide(price: number, months: ContractMonths, d: Discounts): DeviceSide {
  const contractDiscount = percentOf(price, CONTRACT_DISCOUNT_PERCENT[months] ?? 0);
  const loyaltyDiscount = d.existingCustomer ? percentOf(price, LOYALTY_DISCOUNT_PERCENT) : 0;
  const tradeInDiscount = d.tradeIn
    ? Math.min(floorWon(nonNegative(d.tradeInValue)), percentOf(price, TRADE_IN_CAP_PERCENT))
    : 0;
  return { contractDiscount, loyaltyDiscount, tradeInDiscount };
}

function ageDiscountPercent(age: number | null): number {
  if (age === null || !Number.isFinite(age)) return 0;
  if (age <= YOUTH_MAX_AGE) return YOUTH_DISCOUNT_PERCENT;
  if (age >= SENIOR_MIN_AGE) return SENIOR_DISCOUNT_PERCENT;
  return 0;
}

function familyDiscountPercent(members: number | null): number {
  if (members === null || !Number.isFinite(members)) return 0;
  const n = Math.floor(members);
  if (n >= 3) return FAMILY_OF_THREE_PLUS_DISCOUNT_PERCENT;
  if (n === 2) return FAMILY_OF_TWO_DISCOUNT_PERCENT;
  return 0;
}

function planSide(plan: Plan, months: ContractMonths, d: Discounts): PlanSide {
  const fee = nonNegative(plan.monthlyFee);
  // monthly fee × discount rate × months / 12, floored once over the whole contract.
  const planDiscount = floorWon((fee * clampRate(plan.discountRate) * months) / 12);
  // "x% of the monthly fee × months": one floor over the whole contract, not per month.
  const paymentDiscount =
    d.paymentMethod === 'autoTransfer' ? floorWon((fee * AUTO_TRANSFER_DISCOUNT_PERCENT * months) / 100) : 0;
  const agePct = ageDiscountPercent(d.age);
  const ageDiscount = agePct === 0 ? 0 : floorWon((fee * agePct * months) / 100);
  const familyPct = familyDiscountPercent(d.familyMembers);
  const familyDiscount = familyPct === 0 ? 0 : floorWon((fee * familyPct * months) / 100);
  return { planDiscount, paymentDiscount, ageDiscount, familyDiscount };
}

function carrierDiscount(brand: string, carrier: string): number {
  const bonus = carrierBonusFor(carrier);
  return bonus.brand === brandCode(brand) ? bonus.amount : 0;
}

function grossCost(price: number, plan: Plan, months: ContractMonths): number {
  return price + plan.monthlyFee * months + plan.setupFee;
}

// ---------------------------------------------------------------------------------------------
// Total cost
// ---------------------------------------------------------------------------------------------

export function calculateTotalCost(input: CostInput): CostResult {
  const { phone, plan, contractMonths: months, discounts } = input;
  const dev = deviceSide(phone.price, months, discounts);
  const pl = planSide(plan, months, discounts);
  const carrier = carrierDiscount(phone.brand, plan.carrier);
  const total =
    dev.contractDiscount +
    pl.planDiscount +
    dev.loyaltyDiscount +
    dev.tradeInDiscount +
    carrier +
    pl.paymentDiscount +
    pl.ageDiscount +
    pl.familyDiscount;
  const totalCost = Math.max(0, grossCost(phone.price, plan, months) - total);
  return {
    totalCost,
    monthlyAverage: Math.round(totalCost / months),
    deviceCost: phone.price,
    monthlyCost: plan.monthlyFee,
    setupFee: plan.setupFee,
    discount: total,
    discountDetails: {
      contractDiscount: dev.contractDiscount,
      planDiscount: pl.planDiscount,
      loyaltyDiscount: dev.loyaltyDiscount,
      tradeInDiscount: dev.tradeInDiscount,
      carrierDiscount: carrier,
      paymentDiscount: pl.paymentDiscount,
      ageDiscount: pl.ageDiscount,
      familyDiscount: pl.familyDiscount,
      total,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Recommendations
// ---------------------------------------------------------------------------------------------

const UNLIMITED_RE = /무제한|unlimited/i;
const DATA_AMOUNT_RE = /(\d+(?:\.\d+)?)\s*(GB|TB)/i;

/**
 * Data-allowance score: unlimited +25; otherwise by the first "<n>GB" (or TB) in the string:
 * ≥ 200GB +15, ≥ 100GB +10, else 0. The tiers are exclusive (an unlimited plan gets 25, not 25+15).
 */
function dataScore(data: string): number {
  if (UNLIMITED_RE.test(data)) return 25;
  const m = DATA_AMOUNT_RE.exec(data);
  if (!m || m[1] === undefined || m[2] === undefined) return 0;
  const gb = Number(m[1]) * (m[2].toUpperCase() === 'TB' ? 1024 : 1);
  if (gb >= 200) return 15;
  if (gb >= 100) return 10;
  return 0;
}

function planScore(plan: Plan): number {
  return clampRate(plan.discountRate) * 100 * 0.2 + 5 * plan.benefits.length + dataScore(plan.data);
}

function brandScore(code: number): number {
  if (code === BRAND_APPLE) return 20;
  if (code === BRAND_SAMSUNG) return 15;
  return 0;
}

/** Quantise scores to 1e-9 so mathematically equal scores compare equal (ties are then exact). */
function quantise(score: number): number {
  return Math.round(score * 1e9) / 1e9;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Top 3 phone × plan combinations with totalCost ≤ maxTotal and monthlyAverage ≤ maxMonthly.
 *
 * score = discountRate × 100 × 0.2 + (Apple 20 | Samsung 15) + 5 × benefits + data score
 *         + 30 × (1 − totalCost / maxTotal)   (the last term is 0 when maxTotal ≤ 0)
 * Order: score desc, then totalCost asc, then phone id, then plan id (ascending, code-unit order).
 *
 * Costs are separable (device-side discounts depend only on the phone, plan-side only on the
 * plan, the carrier bonus on the pair), so they are precomputed per phone and per plan; the
 * O(phones × plans) loop is allocation-free and keeps a running top 3.
 */
export function recommendCombinations<P extends Phone, L extends Plan>(
  input: RecommendationInput<P, L>,
): Recommendation<P, L>[] {
  const { phones, plans, maxMonthly, maxTotal, contractMonths: months, discounts } = input;
  const nPhones = phones.length;
  const nPlans = plans.length;
  if (nPhones === 0 || nPlans === 0) return [];

  // Per phone: price − device-side discounts, brand code, brand score.
  const phoneNet = new Float64Array(nPhones);
  const phoneBrand = new Int8Array(nPhones);
  const phoneScore = new Float64Array(nPhones);
  for (let i = 0; i < nPhones; i++) {
    const p = phones[i]!;
    const d = deviceSide(p.price, months, discounts);
    phoneNet[i] = p.price - d.contractDiscount - d.loyaltyDiscount - d.tradeInDiscount;
    const code = brandCode(p.brand);
    phoneBrand[i] = code;
    phoneScore[i] = brandScore(code);
  }

  // Per plan: fees − plan-side discounts, carrier bonus, plan score.
  const planNet = new Float64Array(nPlans);
  const planBonusBrand = new Int8Array(nPlans);
  const planBonus = new Float64Array(nPlans);
  const planScoreArr = new Float64Array(nPlans);
  for (let j = 0; j < nPlans; j++) {
    const l = plans[j]!;
    const s = planSide(l, months, discounts);
    planNet[j] =
      l.monthlyFee * months + l.setupFee - s.planDiscount - s.paymentDiscount - s.ageDiscount - s.familyDiscount;
    const bonus = carrierBonusFor(l.carrier);
    planBonusBrand[j] = bonus.brand;
    planBonus[j] = bonus.amount;
    planScoreArr[j] = planScore(l);
  }

  // Running top 3 (index 0 best). -1 = empty slot.
  const topI = [-1, -1, -1];
  const topJ = [-1, -1, -1];
  const topScore = [0, 0, 0];
  const topCost = [0, 0, 0];
  let count = 0;
  const budgetTerm = maxTotal > 0 ? 30 / maxTotal : 0;

  for (let i = 0; i < nPhones; i++) {
    const net = phoneNet[i]!;
    const brand = phoneBrand[i]!;
    const pScore = phoneScore[i]!;
    for (let j = 0; j < nPlans; j++) {
      const bonus = planBonusBrand[j] === brand ? planBonus[j]! : 0;
      let cost = net + planNet[j]! - bonus;
      if (cost < 0) cost = 0;
      if (cost > maxTotal) continue;
      if (Math.round(cost / months) > maxMonthly) continue;
      const score = quantise(
        planScoreArr[j]! + pScore + (maxTotal > 0 ? 30 - cost * budgetTerm : 0),
      );

      // Find the insertion position among the current `count` entries.
      let pos = count;
      while (pos > 0) {
        const k = pos - 1;
        const ks = topScore[k]!;
        let better: boolean;
        if (score !== ks) better = score > ks;
        else if (cost !== topCost[k]) better = cost < topCost[k]!;
        else {
          const c = compareIds(phones[i]!.id, phones[topI[k]!]!.id);
          better = c !== 0 ? c < 0 : compareIds(plans[j]!.id, plans[topJ[k]!]!.id) < 0;
        }
        if (!better) break;
        pos = k;
      }
      if (pos >= 3) continue;
      // Shift down and insert.
      const last = count < 3 ? count : 2;
      for (let k = last; k > pos; k--) {
        topI[k] = topI[k - 1]!;
        topJ[k] = topJ[k - 1]!;
        topScore[k] = topScore[k - 1]!;
        topCost[k] = topCost[k - 1]!;
      }
      topI[pos] = i;
      topJ[pos] = j;
      topScore[pos] = score;
      topCost[pos] = cost;
      if (count < 3) count++;
    }
  }

  const out: Recommendation<P, L>[] = [];
  for (let k = 0; k < count; k++) {
    const phone = phones[topI[k]!]!;
    const plan = plans[topJ[k]!]!;
    const r = calculateTotalCost({ phone, plan, contractMonths: months, discounts });
    out.push({
      phone,
      plan,
      totalCost: r.totalCost,
      monthlyAverage: r.monthlyAverage,
      discountDetails: r.discountDetails,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Expected extras (issue 39 §6): what the discount inputs may save, beside the one total
// ---------------------------------------------------------------------------------------------

export type ExtraKey = 'loyalty' | 'tradeIn' | 'payment' | 'age' | 'family';
/** One 예상 line: once (off the device) or each month (off the plan); never summed into a total. */
export interface ExpectedExtra { key: ExtraKey; amount: number; per: 'once' | 'month' }

/**
 * The discounts the person's own inputs may bring, each apart: 기존 고객 and 보상판매 off the 출고가 once,
 * 자동이체, 연령 and 가족 결합 off the monthly plan fee. Only what applies (an empty age or family size
 * applies nothing). The rules that stand for no carrier's (출고가 % for the 약정 period, a carrier × brand
 * 제휴, the plan's own rate) are not among them: the page's total is the pricing module's.
 */
export function expectedExtras(d: Discounts, figures: { devicePrice: number; planFee: number }): ExpectedExtra[] {
  const dev = deviceSide(figures.devicePrice, 12, d);
  const fee = nonNegative(figures.planFee);
  const monthly = (percent: number) => floorWon((fee * percent) / 100);
  const lines: ExpectedExtra[] = [
    { key: 'loyalty', amount: dev.loyaltyDiscount, per: 'once' },
    { key: 'tradeIn', amount: dev.tradeInDiscount, per: 'once' },
    { key: 'payment', amount: d.paymentMethod === 'autoTransfer' ? monthly(AUTO_TRANSFER_DISCOUNT_PERCENT) : 0, per: 'month' },
    { key: 'age', amount: monthly(ageDiscountPercent(d.age)), per: 'month' },
    { key: 'family', amount: monthly(familyDiscountPercent(d.familyMembers)), per: 'month' },
  ];
  return lines.filter((l) => l.amount > 0);
}

