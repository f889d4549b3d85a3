import { describe, expect, it } from 'vitest';
import { RETURN_ROUND_TRIP_SHIPPING_FEE } from '@phonemarket/contracts';
import { NO_CONTRACT_TERMS, type DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { orderDecider, type OrderPlacedData } from './order.ts';

/*
 * Issue 39: the order's seller marks 배송완료 and the buyer may confirm receipt (수령 확인); a 매장 방문 order
 * is taken at the store (개통 완료 → 매장 수령 완료); a 반품 goes 요청 → 승인 → 회수 → 검수 → 환불 (less a 단순
 * 변심's 왕복 배송비). Each step says who may take it: the wrong party is refused (403), another seller or
 * account is told the order does not exist (404), and steps out of order are refused (409).
 */
const line = {
  itemId: 'i1', productId: 'o1', modelId: 'm1', name: '갤럭시 S26', brand: 'Samsung', quantity: 1, unitPrice: 943_000, originalPrice: 1_155_000,
  color: '블랙', storage: 256, carrier: 'SKT', planId: 'skt-5g', planName: '5GX 프라임', discount: 'subsidy', months: 24, monthlyTotal: 120_000,
  sellerId: 's1', sellerName: '폰가게', joinType: '기기변경' as const, payment: 'lump' as const, monthlyDevice: 0, monthlyPlan: 89_000, ...NO_CONTRACT_TERMS,
};
const activation = (method: 'delivery' | 'visit') => ({
  holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: false, currentCarrier: null, currentNumber: null, sim: 'usim' as const,
  method, visitSlot: method === 'visit' ? '2026-11-21 14:00' : null,
});
const order = (over: Partial<OrderPlacedData> = {}): OrderPlacedData => ({
  orderId: 'ord1', buyerId: 'u1', items: [line], amounts: { items: 943_000, discount: 212_000, points: 0, coupon: 0, total: 943_000, payNow: 943_000, monthlyCarrier: 89_000 },
  shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', memo: null },
  paymentMethod: 'card', couponId: null, activation: activation('delivery'), ...over,
});
const ev = {
  placed: (o = order()): DomainEvent => ({ type: 'OrderPlaced', data: o }),
  captured: { type: 'PaymentCaptured', data: { orderId: 'ord1', method: 'card', amount: 943_000, approvalNumber: 'A1' } } as DomainEvent,
  activating: { type: 'OrderActivationStarted', data: { orderId: 'ord1' } } as DomainEvent,
  activated: { type: 'OrderActivated', data: { orderId: 'ord1', activatedOn: '2026-11-20', numberLast4: '4321' } } as DomainEvent,
  shipped: { type: 'OrderShipped', data: { orderId: 'ord1', courier: 'CJ대한통운', trackingNumber: '123456789012' } } as DomainEvent,
  delivered: { type: 'OrderDelivered', data: { orderId: 'ord1' } } as DomainEvent,
};

const seller = { actor: { userId: 's1', role: 'seller' as const } };
const otherSeller = { actor: { userId: 's2', role: 'seller' as const } };
const admin = { actor: { userId: 'a1', role: 'admin' as const } };
const buyer = { actor: { userId: 'u1', role: 'user' as const } };
const stranger = { actor: { userId: 'u2', role: 'user' as const } };

const given = DeciderSpecification.for(orderDecider);
const shippedOrder = [ev.placed(), ev.captured, ev.activating, ev.activated, ev.shipped];
const visitOrder = [ev.placed(order({ activation: activation('visit') })), ev.captured, ev.activating, ev.activated];

describe('배송완료 and 수령 확인', () => {
  it("the order's seller (or an admin) marks 배송완료; the courier's tracking stays", () => {
    given(shippedOrder).when({ type: 'ChangeOrderStatus', status: 'delivered' }, seller).then([ev.delivered]);
    given(shippedOrder).when({ type: 'ChangeOrderStatus', status: 'delivered' }, admin).then([ev.delivered]);
  });
  it('the buyer confirms receipt (수령 확인): 배송완료, said by the buyer', () => {
    given(shippedOrder).when({ type: 'ConfirmReceipt' }, buyer).then([{ type: 'OrderDelivered', data: { orderId: 'ord1', receivedBy: 'buyer' } }]);
    given(shippedOrder).when({ type: 'ConfirmReceipt' }, buyer).thenState((s) => expect(s.status).toBe('delivered'));
  });
  it('수령 확인 only while 배송중, and once', () => {
    given(shippedOrder.slice(0, 4)).when({ type: 'ConfirmReceipt' }, buyer).thenThrows('배송중인 주문만 수령 확인할 수 있습니다.');
    given([...shippedOrder, ev.delivered]).when({ type: 'ConfirmReceipt' }, buyer).thenThrows('이미 배송완료된 주문입니다.');
  });
  it('wrong party: the seller cannot confirm receipt (403), the buyer cannot mark 배송완료 (403); another seller or account: 404', () => {
    given(shippedOrder).when({ type: 'ConfirmReceipt' }, seller).thenThrows('수령 확인은 구매자만 할 수 있습니다.');
    given(shippedOrder).when({ type: 'ChangeOrderStatus', status: 'delivered' }, buyer).thenThrows('주문 상태 변경은 판매자 또는 관리자만 할 수 있습니다.');
    given(shippedOrder).when({ type: 'ChangeOrderStatus', status: 'delivered' }, otherSeller).thenThrows('주문을 찾을 수 없습니다.');
    given(shippedOrder).when({ type: 'ConfirmReceipt' }, stranger).thenThrows('주문을 찾을 수 없습니다.');
  });
  it('a seller of only some lines does not move the order (an admin does)', () => {
    const mixed = order({ items: [line, { ...line, itemId: 'i2', sellerId: 's2' }] });
    given([ev.placed(mixed), ev.captured, ev.activating]).when({ type: 'ChangeOrderStatus', status: 'activated', activatedOn: '2026-11-20', numberLast4: '1111' }, seller)
      .thenThrows('주문을 찾을 수 없습니다.');
  });
});

describe('매장 방문: 개통 완료 → 매장 수령 완료', () => {
  it('the seller marks it taken at the store: its 배송완료, no courier', () => {
    given(visitOrder).when({ type: 'ChangeOrderStatus', status: 'picked_up' }, seller).then([{ type: 'OrderDelivered', data: { orderId: 'ord1', atStore: true } }]);
    given(visitOrder).when({ type: 'ChangeOrderStatus', status: 'picked_up' }, seller).thenState((s) => {
      expect(s.status).toBe('delivered');
      expect(s.deliveredAt).not.toBeNull();
    });
  });
  it('a 매장 방문 order is never sent by courier; 매장 수령 완료 is only for 매장 방문 orders', () => {
    given(visitOrder).when({ type: 'ChangeOrderStatus', status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' }, seller)
      .thenThrows('매장 방문 주문은 택배로 보내지 않습니다');
    given(visitOrder).when({ type: 'ChangeOrderStatus', status: 'delivered' }, seller).thenThrows('매장 방문 주문은 매장 수령 완료로 바꿔주세요.');
    given(shippedOrder.slice(0, 4)).when({ type: 'ChangeOrderStatus', status: 'picked_up' }, seller).thenThrows("'개통 완료' 상태의 주문은 '매장 수령 완료' 상태로 변경할 수 없습니다. 매장 방문 수령을 고른 주문만");
    given(visitOrder.slice(0, 3)).when({ type: 'ChangeOrderStatus', status: 'picked_up' }, seller).thenThrows("'개통 준비' 상태의 주문은 '매장 수령 완료'");
  });
  it('the buyer cannot mark it picked up (403); another seller: 404', () => {
    given(visitOrder).when({ type: 'ChangeOrderStatus', status: 'picked_up' }, buyer).thenThrows('판매자 또는 관리자만');
    given(visitOrder).when({ type: 'ChangeOrderStatus', status: 'picked_up' }, otherSeller).thenThrows('주문을 찾을 수 없습니다.');
  });
});

describe('반품: 요청 → 승인 → 회수 → 검수 → 환불', () => {
  const delivered = [...shippedOrder, ev.delivered];
  const request = (defective: boolean): DomainEvent => ({
    type: 'OrderReturnRequested', data: { orderId: 'ord1', returnId: 'r1', kind: 'return', reason: '마음이 바뀌었어요', defective, photos: [], brokenCondition: null },
  });
  const approved: DomainEvent = { type: 'OrderReturnApproved', data: { orderId: 'ord1', returnId: 'r1', note: null } };
  const byCourier: DomainEvent = { type: 'OrderReturnCollectionRegistered', data: { orderId: 'ord1', returnId: 'r1', method: 'courier', courier: '한진택배', trackingNumber: '987654321098' } };
  const inspected: DomainEvent = { type: 'OrderReturnInspected', data: { orderId: 'ord1', returnId: 'r1', note: '이상 없음' } };
  const upTo = (defective: boolean) => ({
    requested: [...delivered, request(defective)],
    approved: [...delivered, request(defective), approved],
    collecting: [...delivered, request(defective), approved, byCourier],
    inspected: [...delivered, request(defective), approved, byCourier, inspected],
  });
  const mind = upTo(false);
  const collect = { type: 'RegisterReturnCollection' as const, returnId: 'r1', method: 'courier' as const, courier: '한진택배', trackingNumber: '987654321098' };
  const inspect = { type: 'InspectReturn' as const, returnId: 'r1', note: '이상 없음' };

  it('요청 by the buyer', () => {
    given(delivered).when({ type: 'RequestReturn', returnId: 'r1', kind: 'return', reason: '마음이 바뀌었어요', defective: false, photos: [] }, buyer).then([request(false)]);
  });
  it('승인 by the seller: the order is 반품 진행, nothing refunded yet', () => {
    given(mind.requested).when({ type: 'DecideReturn', returnId: 'r1', decision: 'approved', note: null }, seller).then([approved]);
    given(mind.requested).when({ type: 'DecideReturn', returnId: 'r1', decision: 'approved', note: null }, seller).thenState((s) => {
      expect(s.status).toBe('returning');
      expect(s.refunded).toBe(false);
      expect(s.returns.get('r1')?.status).toBe('approved');
    });
  });
  it('회수: 택배 with its 송장 (the buyer or the seller), or 매장 반납', () => {
    given(mind.approved).when(collect, buyer).then([byCourier]);
    given(mind.approved).when(collect, seller).then([byCourier]);
    given(mind.approved).when({ type: 'RegisterReturnCollection', returnId: 'r1', method: 'store', courier: '무시됨', trackingNumber: null }, buyer)
      .then([{ type: 'OrderReturnCollectionRegistered', data: { orderId: 'ord1', returnId: 'r1', method: 'store', courier: null, trackingNumber: null } }]);
    given(mind.approved).when({ ...collect, trackingNumber: null }, buyer).thenThrows('택배 회수에는 택배사와 송장번호가 필요합니다.');
  });
  it('검수 by the seller', () => {
    given(mind.collecting).when(inspect, seller).then([inspected]);
    given(mind.collecting).when(inspect, admin).then([inspected]);
  });
  it(`환불 (the process's): 단순 변심 less the 왕복 배송비 ${RETURN_ROUND_TRIP_SHIPPING_FEE}원; 불량·오배송 in full; once`, () => {
    given(mind.inspected).when({ type: 'RefundPayment', returnId: 'r1' }).then([{
      type: 'PaymentRefunded', data: { orderId: 'ord1', amount: 943_000 - RETURN_ROUND_TRIP_SHIPPING_FEE, method: 'card', shippingFee: RETURN_ROUND_TRIP_SHIPPING_FEE, returnId: 'r1' },
    }]);
    given(upTo(true).inspected).when({ type: 'RefundPayment', returnId: 'r1' }).then([{
      type: 'PaymentRefunded', data: { orderId: 'ord1', amount: 943_000, method: 'card', shippingFee: 0, returnId: 'r1' },
    }]);
    const refunded: DomainEvent = { type: 'PaymentRefunded', data: { orderId: 'ord1', amount: 937_000, method: 'card', shippingFee: 6000, returnId: 'r1' } };
    given([...mind.inspected, refunded]).when({ type: 'RefundPayment', returnId: 'r1' }).thenNothing();
    given([...mind.inspected, refunded]).when({ type: 'RefundPayment', returnId: 'r1' }).thenState((s) => {
      expect(s.status).toBe('returned');
      expect(s.returns.get('r1')?.status).toBe('refunded');
    });
  });
  it('a 할부 order paid 0원 today: nothing to take the 배송비 from, nothing refunded', () => {
    const installment = order({ amounts: { items: 943_000, discount: 212_000, points: 0, coupon: 0, total: 0, payNow: 0, monthlyCarrier: 128_000 } });
    const events = [ev.placed(installment), ...mind.inspected.slice(1)];
    given(events).when({ type: 'RefundPayment', returnId: 'r1' }).then([{ type: 'PaymentRefunded', data: { orderId: 'ord1', amount: 0, method: 'card', shippingFee: 0, returnId: 'r1' } }]);
  });
  it('refund before 검수 decides nothing (the process sends it only after)', () => {
    given(mind.collecting).when({ type: 'RefundPayment', returnId: 'r1' }).thenNothing();
    given(mind.approved).when({ type: 'RefundPayment', returnId: 'r1' }).thenNothing();
  });

  it('wrong order of steps: 회수 before 승인, 검수 before 회수, each twice', () => {
    given(mind.requested).when(collect, buyer).thenThrows('승인된 반품만 회수를 등록할 수 있습니다.');
    given(mind.requested).when(inspect, seller).thenThrows('회수가 등록된 반품만 검수할 수 있습니다.');
    given(mind.approved).when(inspect, seller).thenThrows('회수가 등록된 반품만 검수할 수 있습니다.');
    given(mind.collecting).when(collect, buyer).thenThrows('이미 회수가 등록된 반품입니다.');
    given(mind.inspected).when(inspect, seller).thenThrows('이미 검수를 마친 반품입니다.');
    given(mind.inspected).when(collect, seller).thenThrows('이미 검수까지 마친 반품입니다.');
    given(mind.approved).when({ type: 'DecideReturn', returnId: 'r1', decision: 'rejected', note: '늦음' }, seller).thenThrows('이미 처리된 교환/반품 신청입니다.');
    const rejected: DomainEvent = { type: 'OrderReturnRejected', data: { orderId: 'ord1', returnId: 'r1', note: '사용 흔적' } };
    given([...mind.requested, rejected]).when(collect, buyer).thenThrows('거절된 반품은 회수하지 않습니다.');
    given([...mind.requested, rejected]).when(inspect, seller).thenThrows('거절된 반품은 검수하지 않습니다.');
    given(mind.approved).when({ ...collect, returnId: 'nope' }, buyer).thenThrows('교환/반품 신청을 찾을 수 없습니다.');
  });
  it('an exchange has no 회수 or 검수 step here', () => {
    const exchange: DomainEvent = { type: 'OrderReturnRequested', data: { orderId: 'ord1', returnId: 'r1', kind: 'exchange', reason: '색상 교환', defective: false, photos: [] } };
    given([...delivered, exchange, approved]).when(collect, buyer).thenThrows('교환은 회수를 따로 등록하지 않습니다.');
    given([...delivered, exchange, approved]).when(inspect, seller).thenThrows('반품만 검수 후 환불합니다.');
  });
  it('wrong party: the buyer neither decides nor inspects (403); the seller does not ask for a return (403)', () => {
    given(mind.requested).when({ type: 'DecideReturn', returnId: 'r1', decision: 'approved', note: null }, buyer).thenThrows('교환/반품 승인과 거절은 판매자 또는 관리자만 할 수 있습니다.');
    given(mind.collecting).when(inspect, buyer).thenThrows('반품 검수는 판매자 또는 관리자만 할 수 있습니다.');
    given(delivered).when({ type: 'RequestReturn', returnId: 'r1', kind: 'return', reason: '마음이 바뀌었어요', defective: false, photos: [] }, seller)
      .thenThrows('교환/반품 신청은 구매자만 할 수 있습니다.');
  });
  it("another seller's order, or another account's: as if it did not exist (404) at every step", () => {
    given(mind.requested).when({ type: 'DecideReturn', returnId: 'r1', decision: 'approved', note: null }, otherSeller).thenThrows('주문을 찾을 수 없습니다.');
    given(mind.approved).when(collect, otherSeller).thenThrows('주문을 찾을 수 없습니다.');
    given(mind.approved).when(collect, stranger).thenThrows('주문을 찾을 수 없습니다.');
    given(mind.collecting).when(inspect, otherSeller).thenThrows('주문을 찾을 수 없습니다.');
    given(delivered).when({ type: 'RequestReturn', returnId: 'r1', kind: 'return', reason: '마음이 바뀌었어요', defective: false, photos: [] }, stranger)
      .thenThrows('주문을 찾을 수 없습니다.');
  });
});
