/**
 * The one pricing module (issue 10): every won a shopper sees — card, ranking row, search result,
 * product page, 판매처 list, cart, checkout — is computed here, by the server and the browser alike.
 * Pure: no clock, no randomness, no I/O. Every figure is rounded to the won with `Math.round`, once,
 * where it is computed; sums are made of rounded figures, so the parts always add up to the whole.
 *
 * Labels (one per figure, so '월' never means two things): '할부원금', '월 할부금' (device),
 * '월 요금' (plan after discount), '월 납부금' (device + plan), 'N개월 총비용' (`totalCostLabel`: the
 * 월 납부금 of every month of the chosen 할부, so the label names the months it sums).
 *
 * Conditions (issue 40, ADR 026) are counted here too: the plan kept for its months then the buyer's
 * later plan, each 부가서비스 for its months, the 유심/eSIM 비용, and a 카드 제휴 할인 only when the buyer
 * says they will use the card. `totalCost` is that 실부담 of the chosen months, `totalCost24` of 24.
 */
import { NO_CONDITIONS, combinedConditions, type AddOn, type CardDeal, type OfferConditions, type Settlement } from './conditions.ts';
import { groupThousands } from './text.ts';
import { PAID_IN_FULL_LABEL } from './constants.ts';
export { PAID_IN_FULL_LABEL } from './constants.ts';
import type { ProductCondition } from './catalogue.ts';

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
  payToday: '오늘 결제 금액',
  paidInFull: PAID_IN_FULL_LABEL,
  askingPrice: '판매가',
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
  /** The line's conditions, as `conditionsForPricing` puts them (absent: none; the plan is kept every month). */
  conditions?: PricingConditions;
}

/** What the pricing module needs of a line's conditions and the buyer's choices about them. */
export interface PricingConditions {
  /** 요금제 유지: months the opening plan is kept (0: no 요금제 유지, the plan is kept every month). */
  keepMonths: number;
  /** The plan fee the buyer moves to after `keepMonths` (their choice or the default); ignored without 요금제 유지. */
  laterPlanFee: number;
  addOns: readonly AddOn[];
  card: CardDeal | null;
  /** The buyer says they will use the card: its discount is then counted. */
  cardUsed: boolean;
  simFee: number;
  settlement: Settlement | null;
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
  /**
   * N개월 실부담 (N = months, `totalCostLabel`): every device payment, the plan of the same months (the
   * kept plan, then the later plan), the 부가서비스 and 유심/eSIM 비용, less the card discount the buyer
   * chose to count. Without conditions = 월 납부금 × months.
   */
  totalCost: number;
  /** 24개월 실부담 of the same choice (= totalCost when months is 24): what lists compare. */
  totalCost24: number;
  /** 요금제 유지 months counted (0: none) and the later plan's 월 요금 after it. */
  keepMonths: number;
  laterPlanFee: number;
  laterMonthlyPlan: number;
  /** Σ 부가서비스 fee × its months within the period; the 유심/eSIM 비용; the card discount counted (0 unless used). */
  addOnCost: number;
  simFee: number;
  cardDiscount: number;
  /** The card discount the buyer would get if they used the card (shown apart; 0 without a card deal). */
  cardDiscountAvailable: number;
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

/**
 * A quote without a carrier plan (`planFee` 0: 자급제, 중고·리퍼 units; the lines `isCarrierLine` calls not a carrier
 * line) has no carrier 할부: the device is paid in full at checkout (a card company may split the payment; we do not
 * model that). Its 월 할부금, 월 납부금 and N개월 총비용 are figures nobody bills, so no page shows them (ADR 017, s59).
 */
export const isPaidInFull = (q: Pick<PriceQuote, 'planFee'>): boolean => q.planFee === 0;

/** What a page says of a quote paid in full: no carrier 할부; a card's own 할부 is the buyer's choice at checkout. */
export const PAID_IN_FULL_NOTE = '통신사 할부 없이 주문할 때 한 번에 결제합니다 (카드 무이자 할부는 결제 단계에서 고를 수 있어요).';

/**
 * The figure a priced offer leads with: what is paid today (paid in full), or the 월 납부금 the carrier bills (할부).
 * `short` is a list's word for it (a card, a ranking row, a product tile): '일시불' or '월'.
 */
export interface PriceHeadline { kind: 'today' | 'monthly'; label: string; short: string; amount: number }

/** One headline for every page that shows a priced offer (판매처 list, 가격 요약, cart line, lists): `isPaidInFull` decides. */
export function priceHeadline(q: Pick<PriceQuote, 'planFee' | 'principal' | 'monthlyTotal'>): PriceHeadline {
  return isPaidInFull(q)
    ? { kind: 'today', label: PRICE_LABELS.payToday, short: PRICE_LABELS.paidInFull, amount: q.principal }
    : { kind: 'monthly', label: PRICE_LABELS.monthlyTotal, short: '월', amount: q.monthlyTotal };
}

/** A list of priced offers by a price figure: 실부담 (of the quote's months), 월 납부금 or 할부원금. */
export type OfferPriceSort = 'total' | 'monthly' | 'principal';

/**
 * How a list orders priced offers by `sort` (the 판매처 list, a carrier's lowest): a carrier offer by its 실부담 or
 * 월 납부금; an offer paid in full (`isPaidInFull`: no plan, so no months' 실부담 or 월 to compare with a plan's) after
 * every carrier offer, by what is paid today. By 할부원금 both compare as they are: the device's price after 지원금.
 * Then 실부담, 월 and the id, so the order is total (ADR 017, s59 lists).
 */
export function offerPriceOrder(sort: OfferPriceSort): (a: { quote: PriceQuote; id: string }, b: { quote: PriceQuote; id: string }) => number {
  const grouped = sort !== 'principal';
  const group = (q: PriceQuote) => (grouped && isPaidInFull(q) ? 1 : 0);
  const figure = (q: PriceQuote) => (sort === 'principal' || isPaidInFull(q) ? q.principal : sort === 'total' ? q.totalCost : q.monthlyTotal);
  return (a, b) => group(a.quote) - group(b.quote) || figure(a.quote) - figure(b.quote)
    || a.quote.totalCost - b.quote.totalCost || a.quote.monthlyTotal - b.quote.monthlyTotal || a.id.localeCompare(b.id);
}

/** The label of a quote's `devicePrice`: a new unit's 출고가, a used or refurbished unit's own 판매가 (not a new phone's 출고가). */
export const devicePriceLabel = (condition: ProductCondition): string => (condition === 'new' ? PRICE_LABELS.devicePrice : PRICE_LABELS.askingPrice);

/** 선택약정 discount on a plan fee: 25%, rounded to the won (69,000원 → 17,250원). */
export function selectiveDiscount(planFee: number): number {
  return Math.round(nonNegative(planFee) * SELECTIVE_DISCOUNT_RATE);
}

/** The 실부담 parts of `months` months: plan (kept then later), 부가서비스, card; rounded figures only. */
function periodCost(c: PricingConditions | undefined, months: number, monthlyPlan: number, laterMonthlyPlan: number) {
  const keep = c && c.keepMonths > 0 ? Math.min(c.keepMonths, months) : months;
  const plan = monthlyPlan * keep + laterMonthlyPlan * (months - keep);
  const addOnCost = (c?.addOns ?? []).reduce((sum, a) => sum + Math.round(nonNegative(a.monthlyFee)) * Math.min(a.months, months), 0);
  const cardDiscountAvailable = c?.card ? Math.round(nonNegative(c.card.monthlyDiscount)) * Math.min(c.card.months, months) : 0;
  return { plan, addOnCost, cardDiscountAvailable, cardDiscount: c?.cardUsed ? cardDiscountAvailable : 0 };
}

/**
 * The most 추가지원금 a seller may give (won): what the device's price leaves after the 공시지원금 the buyer takes with
 * it (`subsidy`: the largest of the plans the buyer may choose; 0 with 선택약정 or without a plan). Above it
 * `quote` would take the excess off the 공시지원금 shown, so the buyer would read a 공시지원금 the carrier never set.
 * `priceLabel` names that price in the messages: a quote's 출고가, or an offer's own 판매가.
 */
export interface ExtraSubsidyTerms { devicePrice: number; subsidy: number; priceLabel?: '출고가' | '판매가' }

export function maxExtraSubsidy(terms: ExtraSubsidyTerms): number {
  return Math.max(0, Math.round(nonNegative(terms.devicePrice)) - Math.round(nonNegative(terms.subsidy)));
}

const limitBasis = (terms: ExtraSubsidyTerms) => {
  const price = terms.priceLabel ?? '출고가';
  return nonNegative(terms.subsidy) > 0 ? `${price} − 공시지원금` : price;
};

/** A form's hint of that limit: '최대 1,746,300원 (출고가 − 공시지원금)'. */
export function extraSubsidyLimit(terms: ExtraSubsidyTerms): string {
  return `최대 ${groupThousands(maxExtraSubsidy(terms))}원 (${limitBasis(terms)})`;
}

/** The Korean refusal of a 추가지원금 above `maxExtraSubsidy` (null: it fits); the routes and the forms say the same. */
export function extraSubsidyProblem(terms: ExtraSubsidyTerms, extraSubsidy: number): string | null {
  const max = maxExtraSubsidy(terms);
  if (!(extraSubsidy > max)) return null;
  return `추가지원금은 최대 ${groupThousands(max)}원까지 입력할 수 있습니다 (${limitBasis(terms)}).`;
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
  const c = input.conditions;
  const keepMonths = c && c.keepMonths > 0 ? c.keepMonths : 0;
  // 선택약정 is a commitment of the line: it goes on with the later plan.
  const laterFee = keepMonths > 0 ? Math.round(nonNegative(c!.laterPlanFee)) : planFee;
  const laterMonthlyPlan = laterFee - (choice.discount === 'selective' ? selectiveDiscount(laterFee) : 0);
  const simFee = Math.round(nonNegative(c?.simFee ?? 0));
  const cost = (months: number) => {
    const device = monthlyInstallment(principal, months) * months;
    const p = periodCost(c, months, monthlyPlan, laterMonthlyPlan);
    return { total: device + p.plan + p.addOnCost + simFee - p.cardDiscount, ...p };
  };
  const own = cost(choice.months);
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
    totalCost: own.total,
    totalCost24: choice.months === 24 ? own.total : cost(24).total,
    keepMonths,
    laterPlanFee: laterFee,
    laterMonthlyPlan,
    addOnCost: own.addOnCost,
    simFee,
    cardDiscount: own.cardDiscount,
    cardDiscountAvailable: own.cardDiscountAvailable,
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
  plans: readonly { planId: string; subsidy: number; conditions?: OfferConditions }[];
  /** Issue 40: its conditions (absent in offers from before them: none). */
  conditions?: OfferConditions;
}

/**
 * The conditions a sale of `offer` on `planId` comes with (issue 40): the offer's own with those its carrier terms
 * attach to that plan (`withCarrierTerms` puts them on the plan; `combinedConditions`). What the cart, checkout, the
 * order and the breakdown show and count.
 */
export function conditionsForPlan(offer: Pick<OfferTerms, 'plans' | 'conditions'>, planId: string | null): OfferConditions | undefined {
  const terms = planId === null ? undefined : offer.plans.find((p) => p.planId === planId)?.conditions;
  if (!terms) return offer.conditions;
  // The terms' 요금제 유지 is of their own plan: named, so the cart, checkout and the 계약 조건서 say which.
  const named = terms.planKeep ? { ...terms, planKeep: { ...terms.planKeep, planId: terms.planKeep.planId ?? planId } } : terms;
  return combinedConditions(offer.conditions ?? NO_CONDITIONS, named);
}

/** The buyer's choices for one offer: plan, 할인 방식, 할부, the plan after 요금제 유지 and the card. */
export interface OfferChoice {
  planId?: string | null;
  discount?: DiscountType;
  months?: InstallmentMonths;
  /** The plan after 요금제 유지 (absent or null: `laterPlanFee`'s default). */
  laterPlanId?: string | null;
  cardUsed?: boolean;
}

/** A plan as the pricing module needs it to find the default later plan (keyed by its id). */
export interface PlanFacts { carrier: string; monthlyFee: number }
/** A plan's network type ('5G' or 'LTE'), from its id (every catalogue plan id names it). */
export const planNetwork = (planId: string): '5G' | 'LTE' => (/5g/i.test(planId) ? '5G' : 'LTE');

/**
 * The plan after 요금제 유지: the buyer's `laterPlanId` when it is a plan of the opening plan's carrier,
 * otherwise the cheapest plan of that carrier and network type (the default). Named, for the 계약 조건서
 * and the buyer's choice; `laterPlanFeeIn` answers its fee for pricing.
 */
export function laterPlanIn(plans: ReadonlyMap<string, PlanFacts>) {
  return (openingPlanId: string, laterPlanId: string | null | undefined): { planId: string; monthlyFee: number } | undefined => {
    const opening = plans.get(openingPlanId);
    if (!opening) return undefined;
    const chosen = laterPlanId ? plans.get(laterPlanId) : undefined;
    if (laterPlanId && chosen && chosen.carrier === opening.carrier) return { planId: laterPlanId, monthlyFee: chosen.monthlyFee };
    let cheapest = { planId: openingPlanId, monthlyFee: opening.monthlyFee };
    for (const [planId, p] of plans) {
      if (p.carrier === opening.carrier && planNetwork(planId) === planNetwork(openingPlanId) && p.monthlyFee < cheapest.monthlyFee) cheapest = { planId, monthlyFee: p.monthlyFee };
    }
    return cheapest;
  };
}

/** The fee of the plan after 요금제 유지 (`laterPlanIn`'s plan). */
export function laterPlanFeeIn(plans: ReadonlyMap<string, PlanFacts>) {
  const laterPlan = laterPlanIn(plans);
  return (openingPlanId: string, laterPlanId: string | null | undefined): number | undefined => laterPlan(openingPlanId, laterPlanId)?.monthlyFee;
}
export type LaterPlanFee = ReturnType<typeof laterPlanFeeIn>;

/** A line's conditions and the buyer's choices as `quote` counts them (the opening plan's fee stands in for a missing later plan). */
export function conditionsForPricing(
  conditions: OfferConditions | undefined, openingPlanId: string | null, choice: Pick<OfferChoice, 'laterPlanId' | 'cardUsed'>,
  openingFee: number, laterPlanFee?: LaterPlanFee,
): PricingConditions | undefined {
  if (!conditions) return undefined;
  const laterFee = openingPlanId && laterPlanFee ? laterPlanFee(openingPlanId, choice.laterPlanId) : undefined;
  return {
    keepMonths: openingPlanId && conditions.planKeep ? conditions.planKeep.months : 0,
    laterPlanFee: laterFee ?? openingFee,
    addOns: conditions.addOns, card: conditions.card, cardUsed: choice.cardUsed ?? false, simFee: conditions.simFee, settlement: conditions.settlement,
  };
}

/**
 * One offer priced for one plan (`planId`, one of the offer's; null or absent on a 자급제 offer) and
 * the buyer's choices, its conditions counted. Answers null when the offer does not take that plan (a
 * 요금제 유지 of one named plan takes only that plan).
 */
export function quoteOffer(
  offer: OfferTerms,
  planFee: (planId: string) => number | undefined,
  choice: OfferChoice = {},
  laterPlanFee?: LaterPlanFee,
): { planId: string | null; quote: PriceQuote } | null {
  if (offer.plans.length === 0) {
    if (choice.planId) return null;
    const conditions = conditionsForPricing(offer.conditions, null, choice, 0);
    return { planId: null, quote: quoteWith({ devicePrice: offer.price, subsidy: 0, extraSubsidy: offer.extraSubsidy, planFee: 0, conditions }, { months: choice.months, discount: choice.discount ?? 'subsidy' }) };
  }
  const onlyPlan = offer.conditions?.planKeep?.planId ?? null;
  const candidates = offer.plans.flatMap((p) => {
    if (choice.planId && p.planId !== choice.planId) return [];
    if (onlyPlan && p.planId !== onlyPlan) return [];
    const fee = planFee(p.planId);
    if (fee === undefined) return [];
    const conditions = conditionsForPricing(conditionsForPlan(offer, p.planId), p.planId, choice, fee, laterPlanFee);
    return [{ planId: p.planId as string | null, quote: quoteWith({ devicePrice: offer.price, subsidy: p.subsidy, extraSubsidy: offer.extraSubsidy, planFee: fee, conditions }, choice) }];
  });
  return cheapestQuote(candidates) ?? null;
}

/** What a settlement rule charges for a plan changed after `month` months of `keepMonths` (0 once they are kept). */
export function settlementCharge(settlement: Settlement | null, keepMonths: number, month: number): number {
  if (!settlement || keepMonths <= 0 || month >= keepMonths) return 0;
  const amount = Math.round(nonNegative(settlement.amount));
  return settlement.prorated ? Math.round((amount * (keepMonths - Math.max(0, month))) / keepMonths) : amount;
}

/** '요금제를 N개월 뒤 바꾸면': the 실부담 of the chosen months when the later plan starts after `month` months. */
export interface PlanChangeRow { month: number; settlement: number; totalCost: number }

/**
 * For each month 1 … months − 1: the line moved to the later plan after that month, the seller's
 * 차액정산/반환 rule applied before the 요금제 유지 months are over. The same `quote`, the keep months moved.
 */
export function planChangeCosts(input: PricingInput, choice: PricingChoice): PlanChangeRow[] {
  const c = input.conditions;
  if (!c || input.planFee <= 0) return [];
  const rows: PlanChangeRow[] = [];
  for (let month = 1; month < choice.months; month++) {
    const settlement = settlementCharge(c.settlement, c.keepMonths, month);
    const moved = quote({ ...input, conditions: { ...c, keepMonths: month } }, choice);
    rows.push({ month, settlement, totalCost: moved.totalCost + settlement });
  }
  return rows;
}

/** `planChangeCosts` for an offer priced by `quoteOffer` (its plan, 할인 방식 and months); none for 자급제. */
export function offerPlanChanges(
  offer: OfferTerms, planFee: (planId: string) => number | undefined, priced: { planId: string | null; quote: PriceQuote },
  choice: Pick<OfferChoice, 'laterPlanId' | 'cardUsed'> = {}, laterPlanFee?: LaterPlanFee,
): PlanChangeRow[] {
  const plan = priced.planId === null ? undefined : offer.plans.find((p) => p.planId === priced.planId);
  const fee = plan && planFee(plan.planId);
  if (!plan || fee === undefined) return [];
  const conditions = conditionsForPricing(conditionsForPlan(offer, plan.planId) ?? NO_CONDITIONS, plan.planId, choice, fee, laterPlanFee);
  return planChangeCosts({ devicePrice: offer.price, subsidy: plan.subsidy, extraSubsidy: offer.extraSubsidy, planFee: fee, conditions }, priced.quote);
}

// ---- 왜 이 금액인가요? ----

/** Who a line of the breakdown is paid by: the buyer, or a discount the carrier, the shop or a card company gives. */
export const PAYERS = ['buyer', 'carrier', 'shop', 'card'] as const;
export type Payer = (typeof PAYERS)[number];
export const PAYER_LABELS: Record<Payer, string> = { buyer: '구매자 부담', carrier: '통신사 지원', shop: '판매점 지원', card: '카드사 할인' };

export interface BreakdownLine { label: string; amount: number; payer: Payer; detail: string }

const wonText = (n: number) => `${Math.round(n).toLocaleString('ko-KR')}원`;

/**
 * '왜 이 금액인가요?': the quote's `totalCost` opened into lines that add up to it (discounts negative),
 * each saying who pays it. `addOns` names the 부가서비스 (the line's conditions).
 */
export function priceBreakdown(q: PriceQuote, addOns: readonly AddOn[] = []): BreakdownLine[] {
  const months = q.months;
  const kept = q.keepMonths > 0 ? Math.min(q.keepMonths, months) : months;
  const later = months - kept;
  const devicePaid = q.monthlyDevice * months;
  const lines: BreakdownLine[] = [{ label: PRICE_LABELS.devicePrice, amount: q.devicePrice, payer: 'buyer', detail: '단말기 가격' }];
  if (q.subsidy > 0) lines.push({ label: '공시지원금', amount: -q.subsidy, payer: 'carrier', detail: '통신사가 단말기 값에서 지원' });
  if (q.extraSubsidy > 0) lines.push({ label: PRICE_LABELS.extraSubsidy, amount: -q.extraSubsidy, payer: 'shop', detail: '판매점이 단말기 값에서 지원' });
  if (devicePaid !== q.principal) lines.push({ label: '할부 이자', amount: devicePaid - q.principal, payer: 'buyer', detail: `연 ${(INSTALLMENT_ANNUAL_RATE * 100).toFixed(1)}% · ${months}개월` });
  if (q.planFee > 0) {
    lines.push({ label: q.keepMonths > 0 ? '요금제 (유지 기간)' : '요금제', amount: q.planFee * kept, payer: 'buyer', detail: `월 ${wonText(q.planFee)} × ${kept}개월` });
    if (later > 0) lines.push({ label: '이후 요금제', amount: q.laterPlanFee * later, payer: 'buyer', detail: `월 ${wonText(q.laterPlanFee)} × ${later}개월` });
    const selective = q.planDiscount * kept + (q.laterPlanFee - q.laterMonthlyPlan) * later;
    if (selective > 0) lines.push({ label: '선택약정 25%', amount: -selective, payer: 'carrier', detail: '통신사가 요금에서 할인' });
  }
  for (const a of addOns) {
    const m = Math.min(a.months, months);
    lines.push({ label: `부가서비스 ${a.name}`, amount: Math.round(a.monthlyFee) * m, payer: 'buyer', detail: `월 ${wonText(a.monthlyFee)} × ${m}개월` });
  }
  if (q.simFee > 0) lines.push({ label: '유심/eSIM 비용', amount: q.simFee, payer: 'buyer', detail: '개통 시 1회' });
  if (q.cardDiscount > 0) lines.push({ label: '카드 제휴 할인', amount: -q.cardDiscount, payer: 'card', detail: '카드를 쓰겠다고 선택함' });
  return lines;
}
