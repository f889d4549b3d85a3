import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { offerListed, orderLine, orderPlaced, phoneModelDefined, sellerOnboarded, sellerProfileDefined, userRegistered } from '../../testing/sampleEvents.ts';
import { ORDERS, ordersReadModel } from './ordersReadModel.ts';

const given = ProjectionSpecification.for(ordersReadModel);
const orders = expectDocuments.fromCollection(ORDERS);

describe('orders read model', () => {
  it("names the buyer, pictures each line's offer and names a seller the checkout left unnamed, from what it kept of their events", async () => {
    await given([
      userRegistered('u-buyer', '민준'), phoneModelDefined('galaxy-s25', '갤럭시 S25'), sellerProfileDefined('s-cat', '폰마켓'), sellerOnboarded('u-seller', '김판매', '판매네 가게'),
      offerListed('o-cat', { sellerId: 's-cat' }), offerListed('o-ghost', { modelId: 'ghost-phone' }),
    ])
      .when(orderPlaced('ord-1', 'u-buyer', [
        orderLine({ productId: 'o-cat', sellerId: 's-cat', sellerName: '' }),
        orderLine({ itemId: 'i-2', productId: 'o-ghost', sellerId: 'u-seller', sellerName: '' }),
        orderLine({ itemId: 'i-3', productId: 'o-cat', sellerId: 's-x', sellerName: '직접 적은 이름' }),
      ]))
      .then(orders.withId('ord-1').toMatch({
        id: 'ord-1', buyerId: 'u-buyer', buyerName: '김민준', status: 'paid', sellerIds: ['s-cat', 'u-seller', 's-x'],
        items: [
          { image: '/images/phones/galaxy-s25.svg', sellerName: '폰마켓', reviewed: false },
          { image: '', sellerName: '김판매' },
          { sellerName: '직접 적은 이름' },
        ],
      }));
  });

  it('follows the order through shipping and marks the reviewed line', async () => {
    const order = streams.order('ord-1');
    await given([orderPlaced('ord-1', 'u-buyer', [orderLine(), orderLine({ itemId: 'i-2' })])])
      .when([
        { type: 'OrderShipped', stream: order, data: { orderId: 'ord-1', courier: 'CJ대한통운', trackingNumber: '1234' } },
        {
          type: 'ReviewWritten', stream: streams.orderReviews('ord-1'),
          data: { reviewId: 'rv-1', orderId: 'ord-1', itemId: 'i-2', line: 1, productId: 'galaxy-s25', authorId: 'u-buyer', rating: 5, content: '좋아요', photos: [] },
        },
      ])
      .then(orders.withId('ord-1').toMatch({
        status: 'shipped', statusLabel: '배송중', courier: 'CJ대한통운', trackingNumber: '1234', buyerName: '', items: [{ reviewed: false }, { reviewed: true }],
      }));
  });

  it('s62: a corrected 송장 replaces the one the order shows, still 배송중', async () => {
    const order = streams.order('ord-1');
    await given([orderPlaced('ord-1', 'u-buyer'), { type: 'OrderShipped', stream: order, data: { orderId: 'ord-1', courier: 'CJ대한통운', trackingNumber: '123456789012' } }])
      .when([{
        type: 'ShipmentTrackingCorrected', stream: order,
        data: { orderId: 'ord-1', courier: '롯데택배', trackingNumber: '223456789012', previousCourier: 'CJ대한통운', previousTrackingNumber: '123456789012', reason: '오타' },
      }])
      .then(orders.withId('ord-1').toMatch({ status: 'shipped', courier: '롯데택배', trackingNumber: '223456789012' }));
  });

  it("s62: keeps each line's 개통비 as ordered; a line from before it was kept reads null (unknown), never 0", async () => {
    await given([]).when(orderPlaced('ord-1', 'u-buyer', [orderLine({ setupFee: 5_500 }), orderLine({ itemId: 'i-2', setupFee: 0 }), orderLine({ itemId: 'i-3' })]))
      .then(orders.withId('ord-1').toMatch({ items: [{ setupFee: 5_500 }, { setupFee: 0 }, { setupFee: null }] }));
  });

  it('keeps who cancelled an order and why (s59: 판매자 취소; no `by`: the buyer)', async () => {
    const order = streams.order('ord-1');
    await given([orderPlaced('ord-1', 'u-buyer')]).when([{ type: 'OrderCancelled', stream: order, data: { orderId: 'ord-1', reason: '재고 부족', by: 'seller' } }])
      .then(orders.withId('ord-1').toMatch({ status: 'cancelled', cancellation: { by: 'seller', reason: '재고 부족' } }));
    await given([orderPlaced('ord-1', 'u-buyer')]).when([{ type: 'OrderCancelled', stream: order, data: { orderId: 'ord-1', reason: '단순 변심' } }])
      .then(orders.withId('ord-1').toMatch({ status: 'cancelled', cancellation: { by: 'buyer', reason: '단순 변심' } }));
    await given([orderPlaced('ord-1', 'u-buyer')]).when([]).then(orders.withId('ord-1').toMatch({ status: 'paid', cancellation: null }));
  });

  it('keeps a cancelled order\'s refund on its cancellation, the order still cancelled (s59: `PaymentRefunded` with `cancelled`)', async () => {
    const order = streams.order('ord-1');
    const cancelled = { type: 'OrderCancelled' as const, stream: order, data: { orderId: 'ord-1', reason: '개통 불가', by: 'admin' as const }, at: '2026-11-30T10:00:00.000Z' };
    await given([orderPlaced('ord-1', 'u-buyer'), cancelled]).when([]).then(orders.withId('ord-1').toMatch({ status: 'cancelled', cancellation: { by: 'admin', refund: null } }));
    await given([orderPlaced('ord-1', 'u-buyer'), cancelled])
      .when([{ type: 'PaymentRefunded', stream: order, data: { orderId: 'ord-1', amount: 700_000, method: 'card', shippingFee: 0, cancelled: true }, at: '2026-11-30T10:00:01.000Z' }])
      .then(orders.withId('ord-1').toMatch({
        status: 'cancelled', statusLabel: '취소됨', returns: [],
        cancellation: { by: 'admin', reason: '개통 불가', at: '2026-11-30T10:00:00.000Z', refund: { amount: 700_000, at: '2026-11-30T10:00:01.000Z' } },
      }));
  });

  it('numbers orders YYYYMMDD-NNNNNN by their day in Korea time and their place that day (issue 30)', async () => {
    const at = (iso: string) => ({ at: iso });
    await given([
      { ...orderPlaced('ord-1', 'u-1'), ...at('2026-11-25T14:59:00.000Z') }, // 11-25 23:59 in Korea
      { ...orderPlaced('ord-2', 'u-1'), ...at('2026-11-25T15:00:00.000Z') }, // 11-26 00:00 in Korea
    ])
      .when({ ...orderPlaced('ord-3', 'u-2'), ...at('2026-11-26T03:00:00.000Z') })
      .then(
        orders.withId('ord-1').toMatch({ orderNumber: '20261125-000001' }),
        orders.withId('ord-2').toMatch({ orderNumber: '20261126-000001' }),
        orders.withId('ord-3').toMatch({ orderNumber: '20261126-000002' }),
      );
  });

  it('a 매장 방문 order taken at the store reads 매장 수령 완료 (issue 39)', async () => {
    const order = streams.order('ord-1');
    const visit = {
      holderName: '김민준', holderBirthDate: '1990-05-05', holderIsFamily: false, currentCarrier: null, currentNumber: null, sim: 'usim' as const, method: 'visit' as const, visitSlot: '2026-11-21 14:00',
    };
    await given([orderPlaced('ord-1', 'u-buyer', [orderLine()], { activation: visit })])
      .when([
        { type: 'OrderActivated', stream: order, data: { orderId: 'ord-1', activatedOn: '2026-11-21', numberLast4: '4321' } },
        { type: 'OrderDelivered', stream: order, data: { orderId: 'ord-1', atStore: true } },
      ])
      .then(orders.withId('ord-1').toMatch({ status: 'delivered', statusLabel: '매장 수령 완료', courier: null, trackingNumber: null }));
  });

  it('a 반품: 승인 (반품 진행) → 회수 (택배, 송장) → 검수 → 환불 less the 왕복 배송비 (반품 완료), each step with its time (issue 39)', async () => {
    const order = streams.order('ord-1');
    const step = (at: string) => ({ at });
    await given([orderPlaced('ord-1', 'u-buyer'), { type: 'OrderDelivered', stream: order, data: { orderId: 'ord-1' } }])
      .when([
        { type: 'OrderReturnRequested', stream: order, data: { orderId: 'ord-1', returnId: 'r1', kind: 'return', reason: '마음이 바뀌었어요', defective: false, photos: [] } },
        { type: 'OrderReturnApproved', stream: order, data: { orderId: 'ord-1', returnId: 'r1', note: null }, ...step('2026-11-21T01:00:00.000Z') },
        {
          type: 'OrderReturnCollectionRegistered', stream: order, data: { orderId: 'ord-1', returnId: 'r1', method: 'courier', courier: '한진택배', trackingNumber: '987654321098' },
          ...step('2026-11-21T02:00:00.000Z'),
        },
        { type: 'OrderReturnInspected', stream: order, data: { orderId: 'ord-1', returnId: 'r1', note: '이상 없음' }, ...step('2026-11-22T02:00:00.000Z') },
        { type: 'PaymentRefunded', stream: order, data: { orderId: 'ord-1', amount: 694_000, method: 'card', shippingFee: 6000, returnId: 'r1' }, ...step('2026-11-22T02:00:01.000Z') },
      ])
      .then(orders.withId('ord-1').toMatch({
        status: 'returned', statusLabel: '반품 완료',
        returns: [{
          returnId: 'r1', status: 'refunded', collection: { method: 'courier', courier: '한진택배', trackingNumber: '987654321098', at: '2026-11-21T02:00:00.000Z' },
          inspection: { note: '이상 없음', at: '2026-11-22T02:00:00.000Z' }, refund: { amount: 694_000, shippingFee: 6000, at: '2026-11-22T02:00:01.000Z' },
        }],
      }));
  });

  it('a 반품 approved waits as 반품 진행 (nothing refunded before it is back)', async () => {
    const order = streams.order('ord-1');
    await given([orderPlaced('ord-1', 'u-buyer'), { type: 'OrderDelivered', stream: order, data: { orderId: 'ord-1' } }])
      .when([
        { type: 'OrderReturnRequested', stream: order, data: { orderId: 'ord-1', returnId: 'r1', kind: 'return', reason: '불량이에요', defective: true, photos: [] } },
        { type: 'OrderReturnApproved', stream: order, data: { orderId: 'ord-1', returnId: 'r1', note: '회수하겠습니다' } },
      ])
      .then(orders.withId('ord-1').toMatch({ status: 'returning', statusLabel: '반품 진행', returns: [{ status: 'approved', note: '회수하겠습니다', collection: null, refund: null }] }));
  });
});
