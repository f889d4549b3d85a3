import { quoteOffer, type DiscountType, type InstallmentMonths, type PriceQuote } from '@phonemarket/contracts';
import { streams, type EventStore, type OfferListed, type PhoneModelDefined } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { loadSeller } from '../sellers/public.ts';
import { lastData } from '../../shared/lastData.ts';
import { offerDecider } from './offer.ts';
import { offerWithTerms } from '../carrierTerms/public.ts';

/**
 * What the command side knows of an offer, its model and its plans' fees (from their streams, not
 * read models). `onSale` is false while the offer's seller is not approved (suspended, say) or the
 * seller took the offer off sale (비활성): the offer is then in no list, cannot be carted and cannot
 * be ordered.
 */
export interface OfferForSale { offer: OfferListed; model: PhoneModelDefined; planFees: Map<string, number>; onSale: boolean; stockLeft: number }

/** The message a shopper reads when an offer is no longer sold (its seller suspended, or taken off sale). */
export const OFFER_UNAVAILABLE_MESSAGE = '판매가 중지된 상품입니다.';


export async function loadOfferForSale(store: EventStore, offerId: string): Promise<OfferForSale | null> {
  const offer = await loadAggregate(store, streams.offer(offerId), offerDecider);
  if (offer.state.status !== 'listed') return null;
  // The carrier terms in force (issue 27) over the terms the offer was listed with.
  const listed = await offerWithTerms(store, offer.state.offer);
  const model = await loadAggregate(store, streams.phoneModel(listed.modelId), lastData<PhoneModelDefined>('PhoneModelDefined'));
  if (!model.state) return null;
  const planFees = new Map<string, number>();
  for (const p of listed.plans) {
    const plan = await loadAggregate(store, streams.plan(p.planId), lastData<{ monthlyFee: number }>('PlanDefined'));
    if (plan.state) planFees.set(p.planId, plan.state.monthlyFee);
  }
  const seller = await loadSeller(store, listed.sellerId);
  return { offer: listed, model: model.state, planFees, onSale: seller.status === 'approved' && offer.state.active, stockLeft: offer.state.stockLeft };
}

/** The offer priced for the buyer's choices with the one pricing module (null: the offer does not take that plan). */
export function priceForSale(sale: OfferForSale, choice: { planId?: string | null; discount?: DiscountType; months?: InstallmentMonths }): { planId: string | null; quote: PriceQuote } | null {
  return quoteOffer(sale.offer, (id) => sale.planFees.get(id), choice);
}
