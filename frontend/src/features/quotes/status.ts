import type { QuoteRequestStatus } from '@phonemarket/contracts/quotes.ts';

const PALETTE: Record<QuoteRequestStatus, string> = { open: 'blue', closed: 'orange', accepted: 'green', expired: 'gray', closed_no_offers: 'gray', cancelled: 'gray' };
export const requestStatusPalette = (status: QuoteRequestStatus) => PALETTE[status];

/** The timeline's words for each event of a request. */
export const QUOTE_EVENT_LABELS: Record<string, string> = {
  QuoteRequestOpened: '견적 요청 등록',
  QuoteOfferSubmitted: '견적 도착',
  QuoteOfferRevised: '견적 수정',
  QuoteOfferExpired: '견적 유효기간 만료',
  QuoteRequestClosingSoon: '마감 6시간 전 알림',
  QuoteRequestClosed: '견적 접수 마감',
  QuoteRequestExpired: '선택 기한 만료',
  QuoteRequestCancelled: '요청 취소',
  QuoteRequestAccepted: '견적 수락 · 주문 생성',
};
