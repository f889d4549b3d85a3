import { streams } from '@phonemarket/events';
import { defineProcess, sendTo } from '../../shared/process.ts';
import { offerDecider } from '../offers/public.ts';
import { sellerDecider } from '../sellers/public.ts';

/**
 * A report's outcome carried out (issue 41): '상품 판매 중지' takes the offer off sale, '판매자 정지'
 * suspends the seller (its offers leave every list). Both are harmless when sent again (the offer is
 * off sale, the seller suspended: nothing more is appended). The reporter hears of every outcome from
 * the notifications read model.
 */
export const reportOutcomeProcess = defineProcess({
  name: 'reportOutcome',
  reactsTo: ['ReportResolved'],
  initialState: () => null,
  evolve: (state) => state,
  decide(event) {
    const { outcome, target, note } = event.data;
    if (outcome === 'listingSuspended' && target.kind === 'offer') return [sendTo(streams.offer(target.id), offerDecider, { type: 'SetOfferActive', offerId: target.id, active: false })];
    if (outcome === 'sellerSuspended' && target.sellerId) return [sendTo(streams.seller(target.sellerId), sellerDecider, { type: 'ChangeSellerStatus', status: 'suspended', reason: `신고 처리: ${note}` })];
    return [];
  },
});
