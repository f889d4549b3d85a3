import { quoteOffer, type LaterPlanFee, type OfferTerms, type PriceQuote } from '@phonemarket/contracts';

/*
 * Pure rules several read models apply to what their events carry. A read model keeps the facts it
 * needs in its own collections and derives what it shows with these, so no read model reads another's
 * collection and the order of `allReadModels` does not matter.
 */

/** Korean order: family name first ('김민준'). */
export const displayName = (user: { firstName: string; lastName: string }) => `${user.lastName}${user.firstName}`;

/** An offer priced with its cheapest plan over 24 months (자급제 terms when none of its plans is known): what lists show and sort on. */
export function headlineQuote(offer: OfferTerms, planFee: (planId: string) => number | undefined, laterPlanFee?: LaterPlanFee): { planId: string | null; quote: PriceQuote } {
  return quoteOffer(offer, planFee, {}, laterPlanFee)
    ?? quoteOffer({ price: offer.price, extraSubsidy: offer.extraSubsidy, plans: [], conditions: offer.conditions }, () => undefined)!;
}

/** The phone model's picture, as the catalogue serves it. */
export const phoneImage = (modelId: string) => `/images/phones/${modelId}.svg`;
