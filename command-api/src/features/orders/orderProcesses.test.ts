import { describe, expect, it } from 'vitest';
import { NO_CONTRACT_TERMS, type DomainEvent } from '@phonemarket/events';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { checkoutProcess, orderAfterDeliveryProcess, orderCancelProcess } from './orderProcesses.ts';
import type { OrderPlacedData } from './order.ts';

const line = (itemId: string, productId: string, quantity: number) => ({
  itemId, productId, modelId: 'm', name: '갤럭시', brand: 'Samsung', quantity, unitPrice: 100_000, originalPrice: 120_000, color: '블랙', storage: 256,
  carrier: 'KT', planId: null, planName: null, discount: 'subsidy', months: 24, monthlyTotal: 5_000, sellerId: 's1', sellerName: '가게',
  joinType: null, payment: 'lump' as const, monthlyDevice: 0, monthlyPlan: 0, ...NO_CONTRACT_TERMS,
});
const order: OrderPlacedData = {
  orderId: 'ord1', buyerId: 'u1', items: [line('i1', 'offer-a', 1), line('i2', 'offer-a', 2), line('i3', 'offer-b', 1)],
  amounts: { items: 400_000, discount: 80_000, points: 500, coupon: 10_000, total: 389_500, payNow: 389_500, monthlyCarrier: 0 },
  shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울', addressDetail: '1층', memo: null },
  paymentMethod: 'card', couponId: 'welcome', activation: null,
};
const added: DomainEvent = { type: 'CartItemAdded', data: { itemId: 'i1', productId: 'offer-a', quantity: 1, color: '블랙', storage: 256, carrier: 'KT', joinType: null, planId: null, discount: 'subsidy', months: 24, unitPrice: 1 } };
const started: DomainEvent = { type: 'CartCheckoutStarted', data: { orderId: 'ord1', order } };

describe('checkout process (given/when/then)', () => {
  const given = ProcessSpecification.for(checkoutProcess.definition);
  it('the marker: the wallet spends, then the order is placed (last)', () => {
    given([added, started]).when({ type: 'CartCheckedOut', data: { orderId: 'ord1', itemIds: ['i1'], order } }).then([
      { stream: 'wallet-u1', command: { type: 'SpendForOrder', orderId: 'ord1', itemsTotal: 400_000, points: 500, couponId: 'welcome' } },
      { stream: 'order-ord1', command: { type: 'PlaceOrder', order } },
    ]);
  });
  it('a marker from before markers carried their order sends nothing', () => {
    given([added]).when({ type: 'CartCheckedOut', data: { orderId: 'ord1', itemIds: ['i1'] } }).thenNothing();
  });
  it('abandoned: each offer gets back what the order took from it (lines of one offer together)', () => {
    given([added, started]).when({ type: 'CartCheckoutAbandoned', data: { orderId: 'ord1', reason: 'out_of_stock' } }).then([
      { stream: 'offer-offer-a', command: { type: 'ReleaseStock', orderId: 'ord1', reason: 'checkout_abandoned' } },
      { stream: 'offer-offer-b', command: { type: 'ReleaseStock', orderId: 'ord1', reason: 'checkout_abandoned' } },
    ]);
    given([added]).when({ type: 'CartCheckoutAbandoned', data: { orderId: 'ord1', reason: 'expired' } }).thenNothing();
  });
  it('started: abandoned 2 minutes later unless it committed by then (the abandon decides nothing then)', () => {
    given([added]).when(started, '2026-11-20T10:00:00.000Z').thenSchedules([
      { dueAt: '2026-11-20T10:02:00.000Z', stream: 'given', command: { type: 'AbandonCheckout', orderId: 'ord1', reason: 'expired' } },
    ]);
    given([added]).when(started).thenNothing();
  });
});

describe('order cancel process (given/when/then)', () => {
  const given = ProcessSpecification.for(orderCancelProcess.definition);
  it('cancelled (by anyone): the payment refunded on the order (s59), the points and coupon back, then the units of each offer', () => {
    given([{ type: 'OrderPlaced', data: order }]).when({ type: 'OrderCancelled', data: { orderId: 'ord1', reason: '구매자 취소' } }).then([
      { stream: 'given', command: { type: 'RefundCancelledOrder' } },
      { stream: 'wallet-u1', command: { type: 'RefundOrder', orderId: 'ord1' } },
      { stream: 'offer-offer-a', command: { type: 'ReleaseStock', orderId: 'ord1', reason: 'order_cancelled' } },
      { stream: 'offer-offer-b', command: { type: 'ReleaseStock', orderId: 'ord1', reason: 'order_cancelled' } },
    ]);
  });
});

describe('after delivery process: a 반품 back and inspected (issue 39)', () => {
  const given = ProcessSpecification.for(orderAfterDeliveryProcess.definition);
  const approved = { type: 'OrderReturnApproved' as const, data: { orderId: 'ord1', returnId: 'r1', note: null } };
  const collected = { type: 'OrderReturnCollectionRegistered' as const, data: { orderId: 'ord1', returnId: 'r1', method: 'store' as const, courier: null, trackingNumber: null } };
  const returned: DomainEvent[] = [
    { type: 'OrderPlaced', data: order },
    { type: 'OrderDelivered', data: { orderId: 'ord1' } },
    { type: 'OrderReturnRequested', data: { orderId: 'ord1', returnId: 'r1', kind: 'return', reason: '마음이 바뀌었어요', defective: false, photos: [] } },
    approved,
    collected,
  ];
  it('inspected: the refund on the order, the points and coupon back, then the units of each offer back on sale', () => {
    given(returned).when({ type: 'OrderReturnInspected', data: { orderId: 'ord1', returnId: 'r1', note: null } }).then([
      { stream: 'given', command: { type: 'RefundPayment', returnId: 'r1' } },
      { stream: 'wallet-u1', command: { type: 'RefundOrder', orderId: 'ord1' } },
      { stream: 'offer-offer-a', command: { type: 'ReleaseStock', orderId: 'ord1', reason: 'order_returned' } },
      { stream: 'offer-offer-b', command: { type: 'ReleaseStock', orderId: 'ord1', reason: 'order_returned' } },
    ]);
  });
  it('approval and 회수 alone send nothing: nothing is refunded or back on sale before the phone is back and checked', () => {
    const reactsTo: readonly string[] = orderAfterDeliveryProcess.definition.reactsTo;
    expect(reactsTo).not.toContain(approved.type);
    expect(reactsTo).not.toContain(collected.type);
  });
  it('delivered (by the seller, the buyer\'s 수령 확인 or 매장 수령): 구매확정 is due 7 days later', () => {
    for (const data of [{ orderId: 'ord1' }, { orderId: 'ord1', receivedBy: 'buyer' as const }, { orderId: 'ord1', atStore: true }]) {
      given([{ type: 'OrderPlaced', data: order }]).when({ type: 'OrderDelivered', data }, '2026-11-20T10:00:00.000Z').thenSchedules([
        { dueAt: '2026-11-27T10:00:00.000Z', stream: 'given', command: { type: 'ConfirmOrder', automatic: true } },
      ]);
    }
  });
});
