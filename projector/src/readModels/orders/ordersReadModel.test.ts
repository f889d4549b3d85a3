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
});
