import { streams, type OfferListed } from '@phonemarket/events';
import { defineProcess, sendTo, type ProcessCommand } from '../../shared/process.ts';
import { offerDecider } from '../offers/public.ts';
import { sellerProductDecider, type SellerProductState } from './sellerProduct.ts';

/** How a seller's condition is listed among the catalogue's offers: a new unit, or a used one graded S/A/B. */
const OFFER_CONDITION = { new: ['new', null], 'like-new': ['used', 'S'], good: ['used', 'A'], fair: ['used', 'B'] } as const;

/**
 * A seller's own listing in the catalogue (issue 27): created, it is listed as the seller's offer
 * (자급제, no plan, no 공시지원금, the seller's price and stock) and taken off sale when created
 * inactive; changed, its offer follows the new price, stock and the 활성/비활성 toggle.
 */
export const sellerProductProcess = defineProcess<SellerProductState, 'SellerProductCreated' | 'SellerProductUpdated'>({
  name: 'sellerProduct',
  reactsTo: ['SellerProductCreated', 'SellerProductUpdated'],
  initialState: sellerProductDecider.initialState,
  evolve: sellerProductDecider.evolve,
  decide(event, before) {
    if (event.type === 'SellerProductCreated') {
      const d = event.data;
      const [condition, grade] = OFFER_CONDITION[d.condition];
      const offer: OfferListed = {
        offerId: d.offerId, modelId: d.model, sellerId: d.sellerId, storage: d.storage, condition, grade, carrier: '자급제', joinType: null,
        plans: [], requiredMonths: 0, price: d.price, extraSubsidy: 0, stock: d.stock, score: 70, badges: [], listedAt: event.metadata.at, conditions: d.conditions,
      };
      const commands: ProcessCommand[] = [sendTo(streams.offer(d.offerId), offerDecider, { type: 'ListOffer', offer })];
      if (!d.isActive) commands.push(sendTo(streams.offer(d.offerId), offerDecider, { type: 'SetOfferActive', offerId: d.offerId, active: false }));
      return commands;
    }
    if (before.status !== 'listed') return [];
    const offerId = before.offerId;
    const commands: ProcessCommand[] = [];
    if (event.data.changed.includes('price')) commands.push(sendTo(streams.offer(offerId), offerDecider, { type: 'ChangeOfferPrice', offerId, price: event.data.price, extraSubsidy: 0, effectiveAt: event.metadata.at }));
    if (event.data.changed.includes('stock')) commands.push(sendTo(streams.offer(offerId), offerDecider, { type: 'SetOfferStock', offerId, stock: event.data.stock }));
    if (event.data.changed.includes('isActive')) commands.push(sendTo(streams.offer(offerId), offerDecider, { type: 'SetOfferActive', offerId, active: event.data.isActive }));
    return commands;
  },
});
