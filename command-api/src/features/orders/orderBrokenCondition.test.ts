import { describe, expect, it } from 'vitest';
import { BROKEN_CONDITION_MESSAGE, NO_CONDITIONS, citableConditions, type OfferConditions } from '@phonemarket/contracts';
import { NO_CONTRACT_TERMS, type DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { orderDecider, type OrderPlacedData } from './order.ts';

/*
 * Issue 40, 계약 조건서: a condition later broken or disputed is a 교환/반품 reason that cites it. The buyer's
 * request names one condition of the order's own lines (`<line>:<key>`); the event stores it with the
 * label the order was confirmed with, and a ref the order does not have is refused in Korean (400).
 */
const conditions: OfferConditions = {
  ...NO_CONDITIONS,
  planKeep: { planId: 'skt-5g', months: 6 },
  addOns: [{ name: '우주패스', monthlyFee: 9_900, months: 3 }, { name: 'V컬러링', monthlyFee: 3_300, months: 2 }],
};
const line = (over: Partial<OrderPlacedData['items'][number]> = {}) => ({
  itemId: 'i1', productId: 'o1', modelId: 'm1', name: '갤럭시 S26', brand: 'Samsung', quantity: 1, unitPrice: 943_000, originalPrice: 1_155_000,
  color: '블랙', storage: 256, carrier: 'SKT', planId: 'skt-5g', planName: '5GX 프라임', discount: 'subsidy' as const, months: 24, monthlyTotal: 120_000,
  sellerId: 's1', sellerName: '폰가게', joinType: '기기변경' as const, payment: 'lump' as const, monthlyDevice: 0, monthlyPlan: 89_000, ...NO_CONTRACT_TERMS, ...over,
});
const placed = (items: OrderPlacedData['items']): DomainEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId: 'ord1', buyerId: 'u1', items, amounts: { items: 943_000, discount: 0, points: 0, coupon: 0, total: 943_000, payNow: 943_000, monthlyCarrier: 89_000 },
    shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', memo: null },
    paymentMethod: 'card', couponId: null, activation: null,
  },
});
const delivered = (items: OrderPlacedData['items']): DomainEvent[] => [
  placed(items),
  { type: 'PaymentCaptured', data: { orderId: 'ord1', method: 'card', amount: 943_000, approvalNumber: 'A1' } },
  { type: 'OrderShipped', data: { orderId: 'ord1', courier: 'CJ대한통운', trackingNumber: '123456789012' } },
  { type: 'OrderDelivered', data: { orderId: 'ord1' } },
];
const withConditions = [line({ conditions, conditionsConfirmed: true }), line({ itemId: 'i2', productId: 'o2', name: '아이폰 17' })];
const buyer = { actor: { userId: 'u1', role: 'user' as const }, now: new Date('2026-11-20T00:00:00Z') };
const ask = (brokenCondition?: string | null) => ({ type: 'RequestReturn' as const, returnId: 'r1', kind: 'exchange' as const, reason: '부가서비스 해지를 막아요', defective: false, photos: [], brokenCondition });
const requested = (brokenCondition: { ref: string; label: string } | null): DomainEvent => ({
  type: 'OrderReturnRequested', data: { orderId: 'ord1', returnId: 'r1', kind: 'exchange', reason: '부가서비스 해지를 막아요', defective: false, photos: [], brokenCondition },
});
const given = DeciderSpecification.for(orderDecider);

describe('a 교환/반품 citing a broken condition of the 계약 조건서', () => {
  it("lists each condition of each line as the order stored it, named by line and key", () => {
    expect(citableConditions(withConditions)).toEqual([
      { ref: '0:planKeep', label: '갤럭시 S26 — 요금제 유지: 5GX 프라임 6개월' },
      { ref: '0:addOn:0', label: '갤럭시 S26 — 부가서비스: 우주패스 월 9,900원 · 3개월' },
      { ref: '0:addOn:1', label: '갤럭시 S26 — 부가서비스: V컬러링 월 3,300원 · 2개월' },
    ]);
  });
  it('the request stores the cited condition with its label (the second 부가서비스 of the first line)', () => {
    given(delivered(withConditions)).when(ask('0:addOn:1'), buyer).then([requested({ ref: '0:addOn:1', label: '갤럭시 S26 — 부가서비스: V컬러링 월 3,300원 · 2개월' })]);
  });
  it('without a citation (absent, null or empty) nothing is cited', () => {
    given(delivered(withConditions)).when(ask(), buyer).then([requested(null)]);
    given(delivered(withConditions)).when(ask(null), buyer).then([requested(null)]);
    given(delivered(withConditions)).when(ask(''), buyer).then([requested(null)]);
  });
  it("a condition the order does not have is refused in Korean: another index, a line without conditions, a made-up key", () => {
    for (const ref of ['0:addOn:2', '1:planKeep', '0:card', '2:planKeep', 'planKeep']) {
      given(delivered(withConditions)).when(ask(ref), buyer).thenThrows(BROKEN_CONDITION_MESSAGE);
    }
  });
});
