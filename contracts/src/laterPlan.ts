import { planNetwork, type PlanFacts } from './pricing.ts';

/**
 * The plan after 요금제 유지 (issue 40): the buyer's `laterPlanId` when it is a plan of the opening plan's
 * carrier, otherwise the cheapest plan of that carrier and network type (the default). Its fee is what
 * `laterPlanFeeIn` (pricing.ts) answers; this also names the plan, for the 계약 조건서 and the buyer's choice.
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

/** The plans a buyer may move to after 요금제 유지 of `openingPlanId`: every plan of its carrier (cheapest first). */
export function laterPlanChoices(plans: ReadonlyMap<string, PlanFacts>, openingPlanId: string): string[] {
  const opening = plans.get(openingPlanId);
  if (!opening) return [];
  return [...plans].filter(([, p]) => p.carrier === opening.carrier).sort(([, a], [, b]) => a.monthlyFee - b.monthlyFee).map(([id]) => id);
}
