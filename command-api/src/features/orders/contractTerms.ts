import { conditionsNotConfirmedMessage, hasConditions, type BusinessInfo, type ConditionChoice, type OfferConditions, type PriceQuote } from '@phonemarket/contracts';

type PricedFigures = Pick<PriceQuote, 'totalCost' | 'totalCost24' | 'subsidy' | 'extraSubsidy' | 'devicePrice' | 'planFee' | 'laterPlanFee'>;
import type { OrderLine } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';

/** What the 계약 조건서 names, read when the order is placed and kept as it was (a later rename or edit changes no contract). */
export interface ContractSnapshot { laterPlanName: string | null; sellerBusiness: BusinessInfo | null }

/**
 * What an order line keeps for its 계약 조건서 (issue 40): the conditions as confirmed, the buyer's choices
 * about them, the support by payer and the 실부담 the one pricing function gave. Written once with the order.
 */
export function contractTerms(conditions: OfferConditions, q: PricedFigures, choice: ConditionChoice, asOrdered: ContractSnapshot): Pick<
  OrderLine, 'conditions' | 'conditionsConfirmed' | 'laterPlanId' | 'cardUsed' | 'totalCost' | 'totalCost24' | 'subsidy' | 'extraSubsidy' | 'devicePrice' | 'planFee' | 'laterPlanFee'
  | 'laterPlanName' | 'sellerBusiness'
> {
  return {
    ...asOrdered,
    conditions, conditionsConfirmed: hasConditions(conditions), laterPlanId: choice.laterPlanId, cardUsed: choice.cardUsed,
    totalCost: q.totalCost, totalCost24: q.totalCost24, subsidy: q.subsidy, extraSubsidy: q.extraSubsidy, devicePrice: q.devicePrice,
    planFee: q.planFee, laterPlanFee: q.laterPlanFee,
  };
}

/** Refuses (400, Korean, field `conditionsConfirmed`) when a line with conditions is not among those the buyer confirmed. */
export function confirmConditions(lines: readonly Pick<OrderLine, 'itemId' | 'name' | 'conditions'>[], confirmed: readonly string[], idOf = (l: Pick<OrderLine, 'itemId'>) => l.itemId): void {
  const missing = lines.find((l) => hasConditions(l.conditions) && !confirmed.includes(idOf(l)));
  if (missing) {
    const message = conditionsNotConfirmedMessage(missing.name);
    throw new DomainError('invalid', message, { conditionsConfirmed: message });
  }
}
