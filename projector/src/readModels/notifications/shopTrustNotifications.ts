import { REPORT_OUTCOME_LABELS } from '@phonemarket/contracts/shopTrust.ts';
import type { EventOf } from '../docProjection.ts';

/**
 * What shop reviews tell whom (issue 41, type `review`), from the events alone: the shop hears of a new
 * review of it; the reviewer hears that an admin hid their review, and why; a reporter hears how their
 * 신고 was resolved, and a warned shop of its warning. Written by the notifications
 * read model, which calls this for `SHOP_TRUST_NOTIFIED` events.
 */
export const SHOP_TRUST_NOTIFIED = ['ShopReviewWritten', 'ShopReviewHidden', 'ReportResolved'] as const;
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
    case 'ShopReviewHidden':
      return [{ userId: event.data.authorId, type: 'review', title: '작성하신 매장 리뷰가 숨김 처리되었습니다', message: `사유: ${event.data.reason}`, link: '/orders' }];
  }
}
