import { REPORT_OUTCOME_LABELS } from '@phonemarket/contracts/shopTrust.ts';
import type { EventOf } from '../docProjection.ts';

/**
 * What shop reviews tell whom (issue 41, type `review`), from the events alone: the shop hears of a new
 * review of it; the reviewer hears that an admin hid their review, and why; a reporter hears how their
 * 신고 was resolved, and a warned shop of its warning; a writer whose text the scam guard held hears
 * whether an admin published or rejected it (and why); a seller hears of its 사전승낙서's verification or
 * rejection, 30 days before it runs out, and when it has; a buyback shop of its 안심거래 certificate's
 * verification, rejection and expiry. Written by the notifications
 * read model, which calls this for `SHOP_TRUST_NOTIFIED` events.
 */
export const SHOP_TRUST_NOTIFIED = ['ShopReviewWritten', 'ShopReviewHidden', 'ReportResolved', 'HeldTextReleased', 'HeldTextRejected',
  'PreApprovalVerified', 'PreApprovalRejected', 'PreApprovalExpiryNoticed', 'PreApprovalExpired', 'SafeTradeVerified', 'SafeTradeRejected', 'SafeTradeExpired'] as const;
export type ShopTrustNotified = (typeof SHOP_TRUST_NOTIFIED)[number];
export interface ShopTrustNotification { userId: string; type: 'review' | 'system'; title: string; message: string; link: string | null }

const STAR_AVERAGE = (s: { kindness: number; speed: number; conditions: number }) => ((s.kindness + s.speed + s.conditions) / 3).toFixed(1);

export function shopTrustNotifications(event: EventOf<ShopTrustNotified>): ShopTrustNotification[] {
  switch (event.type) {
    case 'ShopReviewWritten':
      return [{ userId: event.data.sellerId, type: 'review', title: '매장 리뷰가 등록되었습니다', message: `평균 ★ ${STAR_AVERAGE(event.data.stars)} · 답변을 남길 수 있습니다.`, link: '/seller-dashboard?tab=shop-reviews' }];
    case 'ReportResolved': {
      const d = event.data;
      const told = `${d.target.label}: ${REPORT_OUTCOME_LABELS[d.outcome]} (${d.note})`;
      const notes: ShopTrustNotification[] = [{ userId: d.reporterId, type: 'system', title: '신고가 처리되었습니다', message: told, link: null }];
      if (d.outcome === 'warned' && d.target.sellerId) notes.push({ userId: d.target.sellerId, type: 'system', title: '신고에 따른 경고를 받았습니다', message: `${d.target.label}: ${d.note}`, link: '/seller-dashboard' });
      return notes;
    }
    // A visitor's chat line has no account to tell.
    case 'HeldTextReleased':
      return event.data.authorId === 'visitor' ? [] : [{ userId: event.data.authorId, type: 'system', title: '검토 후 게시되었습니다', message: event.data.label, link: null }];
    case 'HeldTextRejected':
      return event.data.authorId === 'visitor' ? [] : [{ userId: event.data.authorId, type: 'system', title: '검토 결과 게시되지 않았습니다', message: `${event.data.label}: ${event.data.reason}`, link: null }];
    case 'PreApprovalVerified':
      return [{ userId: event.data.sellerId, type: 'system', title: '사전승낙서가 확인되었습니다', message: `${event.data.carrier} ${event.data.number} · ${event.data.validUntil}까지 사전승낙 배지가 표시됩니다.`, link: '/my-store' }];
    case 'PreApprovalRejected':
      return [{ userId: event.data.sellerId, type: 'system', title: '사전승낙서가 반려되었습니다', message: `사유: ${event.data.reason}`, link: '/my-store' }];
    case 'PreApprovalExpiryNoticed':
      return [{ userId: event.data.sellerId, type: 'system', title: '사전승낙서 유효기간이 30일 남았습니다', message: `${event.data.validUntil}에 끝납니다. 새 사전승낙서를 올려 확인받으면 배지가 이어집니다.`, link: '/my-store' }];
    case 'PreApprovalExpired':
      return [{ userId: event.data.sellerId, type: 'system', title: '사전승낙서 유효기간이 끝났습니다', message: '사전승낙 배지가 내려갔습니다. 새 사전승낙서를 올려주세요.', link: '/my-store' }];
    case 'SafeTradeVerified':
      return [{ userId: event.data.sellerId, type: 'system', title: '안심거래 인증서가 확인되었습니다', message: `${event.data.number} · ${event.data.validUntil}까지 매입 견적에 안심거래 배지가 표시됩니다.`, link: '/my-store' }];
    case 'SafeTradeRejected':
      return [{ userId: event.data.sellerId, type: 'system', title: '안심거래 인증서가 반려되었습니다', message: `사유: ${event.data.reason}`, link: '/my-store' }];
    case 'SafeTradeExpired':
      return [{ userId: event.data.sellerId, type: 'system', title: '안심거래 인증서 유효기간이 끝났습니다', message: '안심거래 배지가 내려갔습니다. 새 인증서를 올려주세요.', link: '/my-store' }];
    case 'ShopReviewHidden':
      return [{ userId: event.data.authorId, type: 'review', title: '작성하신 매장 리뷰가 숨김 처리되었습니다', message: `사유: ${event.data.reason}`, link: '/orders' }];
  }
}
