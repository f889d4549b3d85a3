import { quoteOffer, type DiscountType, type InstallmentMonths, type PriceQuote } from '@phonemarket/contracts';
import { streams, type EventStore, type OfferListed, type PhoneModelDefined } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { offerDecider } from './offer.ts';

/** What the command side knows of an offer, its model and its plans' fees (from their streams, not read models). */
export interface OfferForSale { offer: OfferListed; model: PhoneModelDefined; planFees: Map<string, number> }

export const lastData = <T>(type: string) => ({
  initialState: (): T | null => null,
  evolve: (state: T | null, event: { type: string; data: unknown }) => (event.type === type ? (event.data as T) : state),
});

export async function loadOfferForSale(store: EventStore, offerId: string): Promise<OfferForSale | null> {
  const offer = await loadAggregate(store, streams.offer(offerId), offerDecider);
  if (offer.state.status !== 'listed') return null;
  const listed = offer.state.offer;
  const model = await loadAggregate(store, streams.phoneModel(listed.modelId), lastData<PhoneModelDefined>('PhoneModelDefined'));
  if (!model.state) return null;
  const planFees = new Map<string, number>();
  for (const p of listed.plans) {
    const plan = await loadAggregate(store, streams.plan(p.planId), lastData<{ monthlyFee: number }>('PlanDefined'));
    if (plan.state) planFees.set(p.planId, plan.state.monthlyFee);
  }
  return { offer: listed, model: model.state, planFees };
}

/** The offer priced for the buyer's choices with the one pricing module (null: the offer does not take that plan). */
export function priceForSale(sale: OfferForSale, choice: { planId?: string | null; discount?: DiscountType; months?: InstallmentMonths }): { planId: string | null; quote: PriceQuote } | null {
  return quoteOffer(sale.offer, (id) => sale.planFees.get(id), choice);
}
