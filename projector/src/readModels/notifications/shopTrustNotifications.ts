import type { EventOf } from '../docProjection.ts';

/**
 * What shop reviews tell whom (issue 41, type `review`), from the events alone: the shop hears of a new
 * review of it; the reviewer hears that an admin hid their review, and why. Written by the notifications
 * read model, which calls this for `SHOP_TRUST_NOTIFIED` events.
 */
export const SHOP_TRUST_NOTIFIED = ['ShopReviewWritten', 'ShopReviewHidden'] as const;
export type ShopTrustNotified = (typeof SHOP_TRUST_NOTIFIED)[number];
export interface ShopTrustNotification { userId: string; type: 'review'; title: string; message: string; link: string }

const STAR_AVERAGE = (s: { kindness: number; speed: number; conditions: number }) => ((s.kindness + s.speed + s.conditions) / 3).toFixed(1);

export function shopTrustNotifications(event: EventOf<ShopTrustNotified>): ShopTrustNotification[] {
  switch (event.type) {
    case 'ShopReviewWritten':
      return [{ userId: event.data.sellerId, type: 'review', title: '매장 리뷰가 등록되었습니다', message: `평균 ★ ${STAR_AVERAGE(event.data.stars)} · 답변을 남길 수 있습니다.`, link: '/seller-dashboard?tab=shop-reviews' }];
    case 'ShopReviewHidden':
      return [{ userId: event.data.authorId, type: 'review', title: '작성하신 매장 리뷰가 숨김 처리되었습니다', message: `사유: ${event.data.reason}`, link: '/orders' }];
  }
}
