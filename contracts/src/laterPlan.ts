import { quote, type InstallmentMonths, type PlanFacts, type PriceQuote } from './pricing.ts';
import type { ConditionChoice, OfferConditions } from './conditions.ts';

/** The plans a buyer may move to after 요금제 유지 of `openingPlanId`: every plan of its carrier (cheapest first). */
export function laterPlanChoices(plans: ReadonlyMap<string, PlanFacts>, openingPlanId: string): string[] {
  const opening = plans.get(openingPlanId);
  if (!opening) return [];
  return [...plans].filter(([, p]) => p.carrier === opening.carrier).sort(([, a], [, b]) => a.monthlyFee - b.monthlyFee).map(([id]) => id);
}

/**
 * An offer's priced figure re-priced for the buyer's choices by the one pricing function (`quote`): the later
 * plan's fee (`laterPlanFee`; undefined: the default the figure was priced with) and the card tick. The product
 * page shows it before carting; the cart (server) prices the carted line the same way.
 */
export function quoteWithChoice(
  q: Pick<PriceQuote, 'devicePrice' | 'subsidy' | 'extraSubsidy' | 'planFee' | 'keepMonths' | 'laterPlanFee' | 'discount'> & { months: number }, conditions: OfferConditions, choice: ConditionChoice, laterPlanFee: number | undefined): PriceQuote {
  return quote({
    devicePrice: q.devicePrice, subsidy: q.subsidy, extraSubsidy: q.extraSubsidy, planFee: q.planFee,
    conditions: {
      keepMonths: q.keepMonths, laterPlanFee: laterPlanFee ?? q.laterPlanFee, addOns: conditions.addOns, card: conditions.card, cardUsed: choice.cardUsed,
      simFee: conditions.simFee, settlement: conditions.settlement,
    },
  }, { discount: q.discount, months: q.months as InstallmentMonths });
}
