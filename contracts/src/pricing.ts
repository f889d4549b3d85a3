/**
 * The one pricing module (issue 10): every won a shopper sees — card, ranking row, search result,
 * product page, 판매처 list, cart, checkout — is computed here, by the server and the browser alike.
 * Pure: no clock, no randomness, no I/O. Every figure is rounded to the won with `Math.round`, once,
 * where it is computed; sums are made of rounded figures, so the parts always add up to the whole.
 *
 * Labels (one per figure, so '월' never means two things): '할부원금', '월 할부금' (device),
 * '월 요금' (plan after discount), '월 납부금' (device + plan), 'N개월 총비용' (`totalCostLabel`: the
 * 월 납부금 of every month of the chosen 할부, so the label names the months it sums).
 */

/** 할부 이자율: 5.9% a year, charged monthly on the remaining balance (equal monthly payments). */
export const INSTALLMENT_ANNUAL_RATE = 0.059;
export const INSTALLMENT_MONTHS = [24, 30, 36] as const;
export type InstallmentMonths = (typeof INSTALLMENT_MONTHS)[number];
export const DEFAULT_INSTALLMENT_MONTHS: InstallmentMonths = 24;

/** 선택약정: 25% off the plan's monthly fee instead of the 공시지원금. */
export const SELECTIVE_DISCOUNT_RATE = 0.25;
/** 할인 방식: 'subsidy' = 공시지원금 (off the device), 'selective' = 선택약정 25% (off the plan). */
export const DISCOUNT_TYPES = ['subsidy', 'selective'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_LABELS: Record<DiscountType, string> = { subsidy: '공시지원금', selective: '선택약정 25%' };

export const PRICE_LABELS = {
  devicePrice: '출고가',
  subsidy: '공시지원금',
  extraSubsidy: '추가지원금',
  principal: '할부원금',
  monthlyDevice: '월 할부금',
  monthlyPlan: '월 요금',
  monthlyTotal: '월 납부금',
} as const;

/** The label of a quote's `totalCost`: '24개월 총비용', '30개월 총비용', '36개월 총비용' (the months it sums). */
export function totalCostLabel(months: number): string {
  return `${months}개월 총비용`;
}

/** What a price depends on: one offer priced for one plan. */
export interface PricingInput {
  /** 출고가 for a new unit, the seller's asking price for a refurbished or used one (won). */
  devicePrice: number;
  /** 공시지원금 of this offer for this plan (0 for 자급제, used units, or no plan). */
  subsidy: number;
  /** The seller's 추가지원금 (uncapped since the 단통법 repeal of 2025-07-22; given with either 할인 방식). */
  extraSubsidy: number;
  /** The plan's monthly fee before discount (0: no carrier plan, e.g. 자급제). */
  planFee: number;
}

export interface PricingChoice {
  discount: DiscountType;
  months: InstallmentMonths;
}

/** Every figure of one priced choice. */
export interface PriceQuote {
  discount: DiscountType;
  months: InstallmentMonths;
  devicePrice: number;
  /** 공시지원금 taken off the device (0 with 선택약정). */
  subsidy: number;
  extraSubsidy: number;
  /** 할부원금: devicePrice − subsidy − extraSubsidy, never below 0. */
  principal: number;
  /** 월 할부금: equal monthly payment of the principal at 5.9% a year over `months`. */
  monthlyDevice: number;
  planFee: number;
  /** 선택약정 discount per month (0 with 공시지원금). */
  planDiscount: number;
  /** 월 요금: planFee − planDiscount. */
  monthlyPlan: number;
  /** 월 납부금: monthlyDevice + monthlyPlan. */
  monthlyTotal: number;
  /** N개월 총비용 (N = months, `totalCostLabel`): 월 납부금 × months, every device payment and the plan of the same months. */
  totalCost: number;
}

const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** 월 할부금 of `principal` won over `months` at 5.9% a year (annuity formula), rounded to the won. */
export function monthlyInstallment(principal: number, months: number, annualRate = INSTALLMENT_ANNUAL_RATE): number {
  const p = nonNegative(principal);
  if (p === 0 || months <= 0) return 0;
  const r = annualRate / 12;
  if (r === 0) return Math.round(p / months);
  return Math.round((p * r) / (1 - (1 + r) ** -months));
}

/** 선택약정 discount on a plan fee: 25%, rounded to the won (69,000원 → 17,250원). */
export function selectiveDiscount(planFee: number): number {
  return Math.round(nonNegative(planFee) * SELECTIVE_DISCOUNT_RATE);
}

/** Prices one offer for one plan, 할인 방식 and 할부 period. */
export function quote(input: PricingInput, choice: PricingChoice): PriceQuote {
  const devicePrice = Math.round(nonNegative(input.devicePrice));
  const planFee = Math.round(nonNegative(input.planFee));
  const extraSubsidy = Math.min(Math.round(nonNegative(input.extraSubsidy)), devicePrice);
  const subsidy = choice.discount === 'subsidy' ? Math.min(Math.round(nonNegative(input.subsidy)), devicePrice - extraSubsidy) : 0;
  const principal = devicePrice - subsidy - extraSubsidy;
  const monthlyDevice = monthlyInstallment(principal, choice.months);
  const planDiscount = choice.discount === 'selective' ? selectiveDiscount(planFee) : 0;
  const monthlyPlan = planFee - planDiscount;
  return {
    discount: choice.discount,
    months: choice.months,
    devicePrice,
    subsidy,
    extraSubsidy,
    principal,
    monthlyDevice,
    planFee,
    planDiscount,
    monthlyPlan,
    monthlyTotal: monthlyDevice + monthlyPlan,
    totalCost: (monthlyDevice + monthlyPlan) * choice.months,
  };
}

/**
 * The cheaper 할인 방식 for this offer and plan (lower 총비용 over the same months; a tie goes to 공시지원금).
 * Without a plan fee 선택약정 gives nothing, so it is never recommended then.
 */
export function recommendedDiscount(input: PricingInput, months: InstallmentMonths = DEFAULT_INSTALLMENT_MONTHS): DiscountType {
  const subsidy = quote(input, { discount: 'subsidy', months });
  const selective = quote(input, { discount: 'selective', months });
  return selective.totalCost < subsidy.totalCost ? 'selective' : 'subsidy';
}

/** `quote` with the 할인 방식 left open: the recommended one. */
export function quoteWith(input: PricingInput, choice: { discount?: DiscountType; months?: InstallmentMonths } = {}): PriceQuote {
  const months = choice.months ?? DEFAULT_INSTALLMENT_MONTHS;
  return quote(input, { months, discount: choice.discount ?? recommendedDiscount(input, months) });
}

/** The cheapest of several quotes (of the same months): lowest 총비용, then lowest 월 납부금. */
export function cheapestQuote<T extends { quote: PriceQuote }>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const c of candidates) {
    if (!best || c.quote.totalCost < best.quote.totalCost
      || (c.quote.totalCost === best.quote.totalCost && c.quote.monthlyTotal < best.quote.monthlyTotal)) best = c;
  }
  return best;
}

/** An offer's price terms as the pricing module needs them. */
export interface OfferTerms {
  price: number;
  extraSubsidy: number;
  /** The plans it requires (one of them) with each plan's 공시지원금; empty for 자급제. */
  plans: readonly { planId: string; subsidy: number }[];
}

/**
 * One offer priced for one plan (`planId`, one of the offer's; null or absent on a 자급제 offer) and
 * the buyer's choices. Answers null when the offer does not take that plan.
 */
export function quoteOffer(
  offer: OfferTerms,
  planFee: (planId: string) => number | undefined,
  choice: { planId?: string | null; discount?: DiscountType; months?: InstallmentMonths } = {},
): { planId: string | null; quote: PriceQuote } | null {
  if (offer.plans.length === 0) {
    if (choice.planId) return null;
    return { planId: null, quote: quoteWith({ devicePrice: offer.price, subsidy: 0, extraSubsidy: offer.extraSubsidy, planFee: 0 }, { months: choice.months, discount: choice.discount ?? 'subsidy' }) };
  }
  const candidates = offer.plans.flatMap((p) => {
    if (choice.planId && p.planId !== choice.planId) return [];
    const fee = planFee(p.planId);
    if (fee === undefined) return [];
    return [{ planId: p.planId as string | null, quote: quoteWith({ devicePrice: offer.price, subsidy: p.subsidy, extraSubsidy: offer.extraSubsidy, planFee: fee }, choice) }];
  });
  return cheapestQuote(candidates) ?? null;
}
