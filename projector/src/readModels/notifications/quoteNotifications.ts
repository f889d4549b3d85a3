import type { EventOf } from '../docProjection.ts';

/**
 * What quote matching tells whom (issue 25, type `quote`), from the events alone (they carry the buyer,
 * the model's name and whether an offer is the first or a new best): the buyer — the first offer, each
 * new best, closing in 6 h, expired; the sellers — won, lost (with the winning figure). Written by the
 * notifications read model, which calls this for `QUOTE_NOTIFIED` events.
 */
export const QUOTE_NOTIFIED = ['QuoteOfferSubmitted', 'QuoteOfferRevised', 'QuoteRequestClosingSoon', 'QuoteRequestExpired', 'QuoteRequestAccepted'] as const;
export type QuoteNotified = (typeof QUOTE_NOTIFIED)[number];
export interface QuoteNotification { userId: string; type: 'quote'; title: string; message: string; link: string }

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const SELLER_LINK = '/seller-dashboard?tab=quotes';

export function quoteNotifications(event: EventOf<QuoteNotified>): QuoteNotification[] {
  const note = (userId: string, title: string, message: string, link: string): QuoteNotification => ({ userId, type: 'quote', title, message, link });
  switch (event.type) {
    case 'QuoteOfferSubmitted':
    case 'QuoteOfferRevised': {
      const d = event.data;
      const link = `/quotes/${d.requestId}`;
      if (event.type === 'QuoteOfferSubmitted' && d.first) return [note(d.buyerId, '첫 견적이 도착했습니다', `${d.modelName} 견적이 도착했습니다. 24개월 실부담 ${won(d.terms.totalCost)}`, link)];
      return d.best ? [note(d.buyerId, '더 낮은 견적이 도착했습니다', `${d.modelName} 24개월 실부담 ${won(d.terms.totalCost)} (견적 ${d.offerCount}건)`, link)] : [];
    }
    case 'QuoteRequestClosingSoon':
      return [note(event.data.buyerId, '견적 마감 6시간 전입니다', `${event.data.modelName} 견적 ${event.data.offerCount}건이 도착했습니다. 마감 전에 확인해주세요.`, `/quotes/${event.data.requestId}`)];
    case 'QuoteRequestExpired':
      return [note(event.data.buyerId, '견적 요청이 만료되었습니다', `${event.data.modelName} 견적 요청이 선택 기한이 지나 만료되었습니다.`, `/quotes/${event.data.requestId}`)];
    case 'QuoteRequestAccepted': {
      const d = event.data;
      return [
        note(d.winner.sellerId, '견적이 수락되었습니다', `${d.modelName} 견적이 수락되어 주문이 생성되었습니다. 구매자 연락처를 확인해주세요.`, SELLER_LINK),
        ...d.declined.map((l) => note(l.sellerId, '견적이 선택되지 않았습니다', `${d.modelName} 견적 요청에서 다른 견적(24개월 실부담 ${won(d.winner.totalCost)})이 선택되었습니다. 내 순위 ${l.rank}위`, SELLER_LINK)),
      ];
    }
  }
}
