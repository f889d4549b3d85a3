import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { ALREADY_ORDERED_MESSAGE } from '@phonemarket/contracts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { cartDecider, type CartState } from '../cart/cart.ts';
import type { OrderPlacedData } from './order.ts';

/**
 * Checkout on the cart stream: `CartCheckedOut` is the marker that empties the cart, appended at the
 * revision the checkout priced. Concurrent checkouts of one cart re-read after the first append and
 * find it ordered: exactly one order per cart (409 '이미 주문된 장바구니입니다.' for the rest).
 *
 * The marker is the checkout's commit point and carries the order it commits to (`lastOrder`): the
 * wallet spend and the order's own events that follow are completed from it if they are missing
 * (a crash between the appends), see `placeOrder.ts`.
 */
export interface CheckoutState extends CartState {
  lastOrderId: string | null;
  /** The order of the cart's last checkout marker (null for none, or a marker from before it carried one). */
  lastOrder: OrderPlacedData | null;
}
export type CheckoutCommand = { type: 'CheckOutCart'; order: OrderPlacedData };

function decide(command: CheckoutCommand, state: CheckoutState): DomainEvent[] {
  switch (command.type) {
    case 'CheckOutCart': {
      const { order } = command;
      const ids = Object.keys(state.items);
      if (ids.length === 0) {
        if (state.lastOrderId !== null) throw new DomainError('conflict', ALREADY_ORDERED_MESSAGE);
        throw new DomainError('invalid', '장바구니가 비어 있습니다.');
      }
      const itemIds = order.items.map((l) => l.itemId);
      const same = ids.length === itemIds.length && itemIds.every((id) => Object.hasOwn(state.items, id));
      if (!same) throw new DomainError('conflict', '주문하는 동안 장바구니가 변경되었습니다. 장바구니를 확인하고 다시 주문해주세요.');
      return [{ type: 'CartCheckedOut', data: { orderId: order.orderId, itemIds, order } }];
    }
    default:
      return unhandled(command.type);
  }
}

function evolve(state: CheckoutState, event: StoredEvent): CheckoutState {
  const cart = cartDecider.evolve(state, event);
  if (event.type === 'CartCheckedOut') return { ...cart, lastOrderId: event.data.orderId, lastOrder: event.data.order ?? null };
  return { ...cart, lastOrderId: Object.keys(cart.items).length ? null : state.lastOrderId, lastOrder: state.lastOrder };
}

export const checkoutDecider: Decider<CheckoutState, CheckoutCommand> = { initialState: () => ({ items: {}, lastOrderId: null, lastOrder: null }), evolve, decide };
