import { PAYMENT_METHOD_LABELS, type HistoryEntry, type PaymentMethod } from '@phonemarket/contracts';

/** One line of an order's Korean timeline: what happened (and the detail the event carries). */
export function describeOrderEvent(entry: HistoryEntry): string {
  const d = entry.data;
  const text = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  switch (entry.type) {
    case 'OrderPlaced': return '주문이 접수되었습니다';
    case 'PaymentCaptured': return `결제가 완료되었습니다 (${PAYMENT_METHOD_LABELS[text('method') as PaymentMethod] ?? text('method')}, 승인번호 ${text('approvalNumber')})`;
    case 'PaymentFailed': return `결제에 실패했습니다: ${text('reason')}`;
    case 'OrderPreparationStarted': return '배송 준비를 시작했습니다';
    case 'OrderShipped': return `발송되었습니다 (${text('courier')} ${text('trackingNumber')})`;
    case 'OrderDelivered': return '배송이 완료되었습니다';
    case 'OrderCancelled': return `주문이 취소되었습니다${text('reason') ? ` (${text('reason')})` : ''}`;
    default: return entry.type;
  }
}

const ROLE_NAMES: Record<HistoryEntry['actor']['role'], string> = { user: '구매자', seller: '판매자', admin: '관리자', guest: '방문자' };
export const actorLabel = (entry: HistoryEntry) => `${entry.actor.name ?? ''}${entry.actor.name ? ' ' : ''}(${ROLE_NAMES[entry.actor.role]})`;
