import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@phonemarket/contracts';
import { describeOrderEvent } from './history';

const entry = (type: string, data: Record<string, unknown>): HistoryEntry => ({ type, at: '2026-11-25T10:00:00.000Z', actor: { userId: 'u-1', role: 'user', name: null }, data });

describe("an order's timeline (issue 39)", () => {
  it('says who delivered it: the seller, the buyer\'s 수령 확인, or the store', () => {
    expect(describeOrderEvent(entry('OrderDelivered', { orderId: 'o' }))).toBe('배송이 완료되었습니다');
    expect(describeOrderEvent(entry('OrderDelivered', { orderId: 'o', receivedBy: 'buyer' }))).toBe('구매자가 수령을 확인했습니다 (배송완료)');
    expect(describeOrderEvent(entry('OrderDelivered', { orderId: 'o', atStore: true }))).toBe('매장에서 수령했습니다 (매장 수령 완료)');
  });
  it("tells a 반품's 회수, 검수 and the refund less the 왕복 배송비", () => {
    expect(describeOrderEvent(entry('OrderReturnCollectionRegistered', { method: 'courier', courier: '한진택배', trackingNumber: '987654321098' })))
      .toBe('반품 회수: 택배로 등록되었습니다 (한진택배 987654321098)');
    expect(describeOrderEvent(entry('OrderReturnCollectionRegistered', { method: 'store', courier: null, trackingNumber: null }))).toBe('반품 회수: 매장 반납으로 등록되었습니다');
    expect(describeOrderEvent(entry('OrderReturnInspected', { note: '이상 없음' }))).toBe('반품 검수가 완료되었습니다 (이상 없음)');
    expect(describeOrderEvent(entry('PaymentRefunded', { amount: 937_000, method: 'card', shippingFee: 6000 }))).toBe('937,000원이 카드로 환불되었습니다 (왕복 배송비 6,000원 차감)');
    expect(describeOrderEvent(entry('PaymentRefunded', { amount: 943_000, method: 'card' }))).toBe('943,000원이 카드로 환불되었습니다');
    expect(describeOrderEvent(entry('PaymentRefunded', { amount: 943_000, method: 'card', shippingFee: 0, cancelled: true }))).toBe('주문 취소로 943,000원이 카드로 환불되었습니다');
  });
  it('says who cancelled: the buyer as before; 판매자 취소 and 관리자 취소 with the reason (s59)', () => {
    expect(describeOrderEvent(entry('OrderCancelled', { reason: '단순 변심' }))).toBe('주문이 취소되었습니다 (단순 변심)');
    expect(describeOrderEvent(entry('OrderCancelled', { reason: '재고 부족', by: 'seller' }))).toBe('판매자 취소: 주문이 취소되었습니다 (사유: 재고 부족)');
    expect(describeOrderEvent(entry('OrderCancelled', { reason: '개통 불가', by: 'admin' }))).toBe('관리자 취소: 주문이 취소되었습니다 (사유: 개통 불가)');
  });
  it('tells a corrected 송장 as old → new with the reason (s62)', () => {
    expect(describeOrderEvent(entry('ShipmentTrackingCorrected', {
      courier: '롯데택배', trackingNumber: '223456789012', previousCourier: 'CJ대한통운', previousTrackingNumber: '123456789012', reason: '송장번호 오타',
    }))).toBe('송장이 정정되었습니다: CJ대한통운 123456789012 → 롯데택배 223456789012 (사유: 송장번호 오타)');
  });
});
