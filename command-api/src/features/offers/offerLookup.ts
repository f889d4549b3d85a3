import { CART_CHOICE_MESSAGES, conditionsForPlan, laterPlanChoices, laterPlanFeeIn, quoteOffer, type ConditionChoice, type OfferChoice, type PlanFacts, type PriceQuote } from '@phonemarket/contracts';
import { streams, type EventStore, type OfferListed, type PhoneModelDefined } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { loadSeller } from '../sellers/public.ts';
import { lastData } from '../../shared/lastData.ts';
import { offerDecider } from './offer.ts';
import { offerWithTerms } from '../carrierTerms/public.ts';
import { CATALOGUE_PLAN_IDS } from '../catalogue/public.ts';

/**
 * What the command side knows of an offer, its model and its plans' fees (from their streams, not
 * read models). `onSale` is false while the offer's seller is not approved (suspended, say) or the
 * seller took the offer off sale (비활성): the offer is then in no list, cannot be carted and cannot
 * be ordered.
 */
export interface OfferForSale {
  offer: OfferListed; model: PhoneModelDefined; planFees: Map<string, number>; onSale: boolean; stockLeft: number;
  /** Every plan of the offer's carrier (the later plans after 요금제 유지). */
  carrierPlans: Map<string, PlanFacts>;
}

/** The message a shopper reads when an offer is no longer sold (its seller suspended, or taken off sale). */
export const OFFER_UNAVAILABLE_MESSAGE = '판매가 중지된 상품입니다.';

/** Every catalogue plan of `carrier` and the `named` plans (whatever their carrier), from their streams: the later plans after 요금제 유지. */
export async function loadCarrierPlans(store: EventStore, carrier: string, named: readonly string[]): Promise<Map<string, PlanFacts>> {
  const ids = [...new Set([...named, ...CATALOGUE_PLAN_IDS])];
  // Read together: on PostgreSQL the store joins reads begun at once into one query (ADR 024); one by one, a cart write waited for each.
  const loaded = await Promise.all(ids.map((planId) => loadAggregate(store, streams.plan(planId), lastData<PlanFacts>('PlanDefined'))));
  const plans = new Map<string, PlanFacts>();
  for (const [i, plan] of loaded.entries()) {
    const planId = ids[i]!;
    if (plan.state && (plan.state.carrier === carrier || named.includes(planId))) plans.set(planId, { carrier: plan.state.carrier, monthlyFee: plan.state.monthlyFee });
  }
  return plans;
}

export async function loadOfferForSale(store: EventStore, offerId: string): Promise<OfferForSale | null> {
  const offer = await loadAggregate(store, streams.offer(offerId), offerDecider);
  if (offer.state.status !== 'listed') return null;
  const own = offer.state.offer;
  // Everything else depends on the offer only, so it is read at once: the carrier terms in force (issue 27),
  // the model, the plans and the seller (the terms change subsidies and conditions, never which model,
  // seller or plans). Each stream is still its own fold at its own revision; nothing here is appended to.
  const [listed, model, carrierPlans, seller] = await Promise.all([
    offerWithTerms(store, own),
    loadAggregate(store, streams.phoneModel(own.modelId), lastData<PhoneModelDefined>('PhoneModelDefined')),
    own.plans.length ? loadCarrierPlans(store, own.carrier, own.plans.map((p) => p.planId)) : new Map<string, PlanFacts>(),
    loadSeller(store, own.sellerId),
  ]);
  if (!model.state) return null;
  const planFees = new Map(listed.plans.flatMap((p) => { const fee = carrierPlans.get(p.planId)?.monthlyFee; return fee === undefined ? [] : [[p.planId, fee] as const]; }));
  return { offer: listed, model: model.state, planFees, carrierPlans, onSale: seller.status === 'approved' && offer.state.active, stockLeft: offer.state.stockLeft };
}

/**
 * What an offer's price series needs of it (issue 42 §2), read from as few streams as that needs (issue 37:
 * a first start prices 50,000 offers): null when it is no listed offer; `priced` only while it is on sale
 * with units (its seller approved, on sale, stock left), then with the carrier terms in force and its own
 * plans' fees, as `loadOfferForSale` gives them (`priceSeriesOffer` priced from that before: every
 * catalogue plan of its carrier read per offer event). An offer not on sale reads the offer and its
 * seller only.
 */
export async function loadOfferSeriesTerms(store: EventStore, offerId: string): Promise<{ offer: OfferListed; priced: { offer: OfferListed; planFees: Map<string, number> } | null } | null> {
  const offer = await loadAggregate(store, streams.offer(offerId), offerDecider);
  if (offer.state.status !== 'listed') return null;
  const own = offer.state.offer;
  if (!offer.state.active || offer.state.stockLeft <= 0 || (await loadSeller(store, own.sellerId)).status !== 'approved') return { offer: own, priced: null };
  const [listed, model, fees] = await Promise.all([
    offerWithTerms(store, own),
    loadAggregate(store, streams.phoneModel(own.modelId), lastData<PhoneModelDefined>('PhoneModelDefined')),
    Promise.all(own.plans.map((p) => loadAggregate(store, streams.plan(p.planId), lastData<PlanFacts>('PlanDefined')))),
  ]);
  // As `loadOfferForSale`: an offer of a model not defined is not for sale.
  if (!model.state) return null;
  const planFees = new Map(own.plans.flatMap((p, i) => { const fee = fees[i]!.state?.monthlyFee; return fee === undefined ? [] : [[p.planId, fee] as const]; }));
  return { offer: own, priced: { offer: listed, planFees } };
}

/** The offer priced for the buyer's choices with the one pricing module (null: the offer does not take that plan). */
export function priceForSale(sale: OfferForSale, choice: OfferChoice): { planId: string | null; quote: PriceQuote } | null {
  return quoteOffer(sale.offer, (id) => sale.planFees.get(id), choice, laterPlanFeeIn(sale.carrierPlans));
}

/**
 * What is wrong with the buyer's condition choices for the offer on `planId` (issue 40), by field, in Korean
 * (empty: they fit): a later plan only after a 요금제 유지 and only one of the carrier's plans; the card only
 * where the offer has a card deal.
 */
export function conditionChoiceErrors(sale: OfferForSale, planId: string | null, choice: ConditionChoice): Record<string, string> {
  const errors: Record<string, string> = {};
  const c = conditionsForPlan(sale.offer, planId) ?? sale.offer.conditions;
  if (choice.laterPlanId !== null) {
    if (!c.planKeep || !planId) errors.laterPlanId = CART_CHOICE_MESSAGES.noPlanKeep;
    else if (!laterPlanChoices(sale.carrierPlans, planId).includes(choice.laterPlanId)) errors.laterPlanId = CART_CHOICE_MESSAGES.laterPlan;
  }
  if (choice.cardUsed && !c.card) errors.cardUsed = CART_CHOICE_MESSAGES.noCard;
  return errors;
}
