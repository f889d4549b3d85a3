import { streams } from '@phonemarket/events';
import type { EventOf } from '../docProjection.ts';

/** Issue 42: a price alert that fired (delivered within the day's 3) and the one reminder before an alert expires, to its owner; 재입고 알림 to those waiting. */
export const PRICE_ALERT_NOTIFIED = ['PriceAlertFired', 'PriceAlertExpiryReminded', 'RestockAlertsSent'] as const;
export type PriceAlertNotified = (typeof PRICE_ALERT_NOTIFIED)[number];

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const storageLabel = (gb: number) => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024}TB` : `${gb}GB`);

export function priceAlertNotifications(event: EventOf<PriceAlertNotified>, modelName: string) {
  if (event.type === 'RestockAlertsSent') {
    // 재입고 알림 (§3): one per waiting buyer, in the order they asked.
    const link = event.data.offerId ? `/product/${event.data.modelId}?offer=${event.data.offerId}` : `/product/${event.data.modelId}`;
    return event.data.userIds.map((userId) => ({ userId, type: 'promotion' as const, title: '재입고 알림', message: `${modelName} 재고가 들어왔습니다. 품절되기 전에 확인해보세요.`, link }));
  }
  const userId = streams.priceAlertsOwner(event.stream);
  if (event.type === 'PriceAlertExpiryReminded') {
    return [{ userId, type: 'promotion' as const, title: '가격 알림이 곧 만료됩니다', message: `${modelName} 가격 알림이 ${event.data.expiresAt.slice(0, 10)}에 만료됩니다. 계속 받으려면 연장해주세요.`, link: '/me/alerts' }];
  }
  const d = event.data;
  if (!d.delivered) return [];
  return [{
    userId, type: 'promotion' as const, title: '가격 알림: 목표가에 도달했습니다',
    message: `${modelName} ${storageLabel(d.storage)} ${d.carrier}${d.joinType ? ` ${d.joinType}` : ''} 24개월 실부담 ${won(d.total)}`,
    link: d.offerId ? `/product/${d.modelId}?offer=${d.offerId}` : `/product/${d.modelId}`,
  }];
}
