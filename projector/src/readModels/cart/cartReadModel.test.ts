import { describe, it } from 'vitest';
import { streams, type EventDataOf } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { actor, offerListed, phoneModelDefined } from '../../testing/sampleEvents.ts';
import { CARTS, cartReadModel } from './cartReadModel.ts';

const given = ProjectionSpecification.for(cartReadModel);
const added = (itemId: string, productId: string, over: Partial<EventDataOf<'CartItemAdded'>> = {}) => ({
  type: 'CartItemAdded' as const, stream: streams.cart('u-1'), actor: actor('u-1'),
  data: { itemId, productId, quantity: 1, color: '블랙', storage: 256, carrier: 'SKT' as const, joinType: null, planId: null, discount: 'subsidy' as const, months: 24 as const, unitPrice: 700_000, ...over },
});

describe('cart read model', () => {
  it("shows a line with its offer's model as listed (an offer of an unknown model by its id) and tells the owner's tabs the count", async () => {
    await given([phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1'), offerListed('o-ghost', { modelId: 'ghost-phone' })])
      .when([added('i-1', 'o-1'), added('i-2', 'o-ghost')])
      .then(
        expectDocuments.fromCollection(CARTS).withId('u-1').toMatch({
          items: [
            { itemId: 'i-1', productId: 'o-1', modelId: 'galaxy-s25', name: '갤럭시 S25', brand: 'Samsung', image: '/images/phones/galaxy-s25.svg' },
            { itemId: 'i-2', productId: 'o-ghost', modelId: '', name: 'o-ghost', brand: '', image: '' },
          ],
        }),
        expectPushes([1, 2].map((count) => ({ topic: 'cartUpdated', room: 'user:u-1', payload: { count } }))),
      );
  });

  it('changes quantities, removes lines and empties at checkout', async () => {
    const cart = streams.cart('u-1');
    await given([added('i-1', 'o-1'), added('i-2', 'o-2')])
      .when([
        { type: 'CartItemQuantityChanged', stream: cart, data: { itemId: 'i-2', quantity: 3 } },
        { type: 'CartItemRemoved', stream: cart, data: { itemId: 'i-1' } },
      ])
      .then(expectDocuments.fromCollection(CARTS).withId('u-1').toMatch({ items: [{ itemId: 'i-2', quantity: 3 }] }));
    await given([added('i-1', 'o-1')])
      .when({ type: 'CartCheckedOut', stream: cart, data: { orderId: 'ord-1', itemIds: ['i-1'] } })
      .then(expectDocuments.fromCollection(CARTS).withId('u-1').toMatch({ items: [] }));
  });
});
