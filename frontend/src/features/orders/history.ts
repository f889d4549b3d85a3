import { josa } from 'es-hangul';
import { ORDER_CANCELLED_BY, ORDER_CANCELLED_BY_LABELS, PAYMENT_METHOD_LABELS, RETURN_KIND_LABELS, citedConditionSchema, type HistoryEntry, type PaymentMethod, type ReturnKind } from '@phonemarket/contracts';

/** One line of an order's Korean timeline: what happened (and the detail the event carries). */
export function describeOrderEvent(entry: HistoryEntry): string {
  const d = entry.data;
  const text = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  // Issue 40: a 교환/반품 or an inquiry may cite a condition of the 계약 조건서 (its label, as the order stored it).
  const cited = citedConditionSchema.safeParse(d.brokenCondition);
  const citing = cited.success ? ` · 어긴 계약 조건: ${cited.data.label}` : '';
  switch (entry.type) {
    case 'OrderPlaced': return '주문이 접수되었습니다';
    case 'PaymentCaptured': {
      const amount = typeof d.amount === 'number' ? d.amount : null;
      const paid = amount === null ? '' : amount === 0 ? '오늘 결제 0원, 할부는 통신사 청구, ' : `${amount.toLocaleString('ko-KR')}원, `;
      return `결제가 완료되었습니다 (${paid}${PAYMENT_METHOD_LABELS[text('method') as PaymentMethod] ?? text('method')}, 승인번호 ${text('approvalNumber')})`;
    }
    case 'PaymentFailed': return `결제에 실패했습니다: ${text('reason')}`;
    case 'OrderPreparationStarted': return '배송 준비를 시작했습니다';
    case 'OrderShipped': return `발송되었습니다 (${text('courier')} ${text('trackingNumber')})`;
    // s62: old → new, and why.
    case 'ShipmentTrackingCorrected':
      return `송장이 정정되었습니다: ${text('previousCourier')} ${text('previousTrackingNumber')} → ${text('courier')} ${text('trackingNumber')}${text('reason') ? ` (사유: ${text('reason')})` : ''}`;
    case 'OrderDelivered':
      if (d.atStore === true) return '매장에서 수령했습니다 (매장 수령 완료)';
      return d.receivedBy === 'buyer' ? '구매자가 수령을 확인했습니다 (배송완료)' : '배송이 완료되었습니다';
    case 'OrderCancelled': {
      // 판매자 취소 (s59) and an admin's say who; the buyer's own cancel (no `by`) reads as before.
      const by = ORDER_CANCELLED_BY.find((b) => b === d.by);
      return `${by ? `${ORDER_CANCELLED_BY_LABELS[by]}: ` : ''}주문이 취소되었습니다${text('reason') ? ` (${by ? '사유: ' : ''}${text('reason')})` : ''}`;
    }
    case 'OrderActivationStarted': return '개통 준비를 시작했습니다';
    case 'OrderActivated': return `개통이 완료되었습니다 (${text('activatedOn')}, 번호 끝자리 ${text('numberLast4')})`;
    case 'OrderConfirmed': return d.automatic === true ? '배송완료 후 7일이 지나 구매가 자동으로 확정되었습니다' : '구매가 확정되었습니다';
    case 'OrderReturnRequested': return `${RETURN_KIND_LABELS[text('kind') as ReturnKind] ?? '교환/반품'} 신청이 접수되었습니다${text('reason') ? ` (${text('reason')})` : ''}${citing}`;
    case 'InquirySubmitted': return `이 주문에 대한 문의가 접수되었습니다 (${text('title')})${citing}`;
    case 'OrderReturnApproved': return `교환/반품 신청이 승인되었습니다${text('note') ? ` (${text('note')})` : ''}`;
    case 'OrderReturnRejected': return `교환/반품 신청이 거절되었습니다${text('note') ? ` (${text('note')})` : ''}`;
    case 'OrderReturnCollectionRegistered':
      return text('method') === 'store' ? '반품 회수: 매장 반납으로 등록되었습니다' : `반품 회수: 택배로 등록되었습니다 (${text('courier')} ${text('trackingNumber')})`;
    case 'OrderReturnInspected': return `반품 검수가 완료되었습니다${text('note') ? ` (${text('note')})` : ''}`;
    case 'PaymentRefunded': {
      const fee = typeof d.shippingFee === 'number' && d.shippingFee > 0 ? ` (왕복 배송비 ${d.shippingFee.toLocaleString('ko-KR')}원 차감)` : '';
      // s59: a cancelled order's refund says so; a 반품's reads as before.
      return `${d.cancelled === true ? '주문 취소로 ' : ''}${typeof d.amount === 'number' ? `${d.amount.toLocaleString('ko-KR')}원이 ` : ''}${josa(PAYMENT_METHOD_LABELS[text('method') as PaymentMethod] ?? text('method'), '으로/로')} 환불되었습니다${fee}`;
    }
    default: return '주문 정보가 변경되었습니다';
  }
}

const ROLE_NAMES: Record<HistoryEntry['actor']['role'], string> = { user: '구매자', seller: '판매자', admin: '관리자', guest: '방문자' };
export const actorLabel = (entry: HistoryEntry) => `${entry.actor.name ?? ''}${entry.actor.name ? ' ' : ''}(${ROLE_NAMES[entry.actor.role]})`;
