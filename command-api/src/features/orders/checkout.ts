import type { CHECKOUT_ABANDON_REASONS, DomainEvent, StoredEvent } from '@phonemarket/events';
import { ALREADY_ORDERED_MESSAGE } from '@phonemarket/contracts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { cartDecider, type CartState } from '../cart/public.ts';
import type { OrderPlacedData } from './order.ts';

export type CheckoutAbandonReason = (typeof CHECKOUT_ABANDON_REASONS)[number];

/**
 * Checkout on the cart stream, in two steps around taking the stock (issue 23):
 * 1. `CartCheckoutStarted` (the order it will place) before any unit is taken, so units taken for an
 *    order that never committed can always be found from the cart and put back;
 * 2. `CartCheckedOut`, the marker that empties the cart: the commit point (ADR 011), or
 *    `CartCheckoutAbandoned` when the stock ran out, another checkout superseded it or its timer found it
 *    stopped half-way.
 * Both steps append at the revision read: concurrent checkouts of one cart re-read and find it begun
 * or ordered, so a cart places exactly one order (409 '이미 주문된 장바구니입니다.' for the rest).
 * The marker carries the order (`lastOrder`): the wallet spend and the order's own events that follow
 * are completed from it if they are missing (a crash between the appends), see `placeOrder.ts`.
 */
export interface CheckoutState extends CartState {
  lastOrderId: string | null;
  /** The order of the cart's last checkout marker (null for none, or a marker from before it carried one). */
  lastOrder: OrderPlacedData | null;
  /** The id of that marker event (the checkout process's trigger: completing it sends the same commands). */
  lastMarkerId: string | null;
  /** A checkout begun and neither committed nor abandoned (its units may be taken). */
  pending: OrderPlacedData | null;
}
export type CheckoutCommand =
  | { type: 'StartCheckout'; order: OrderPlacedData }
  | { type: 'CheckOutCart'; order: OrderPlacedData }
  | { type: 'AbandonCheckout'; orderId: string; reason: CheckoutAbandonReason };

/** The cart holds exactly the lines the order was priced from. */
function assertOrderable(state: CheckoutState, order: OrderPlacedData): void {
  const ids = Object.keys(state.items);
  if (ids.length === 0) {
    if (state.lastOrderId !== null) throw new DomainError('conflict', ALREADY_ORDERED_MESSAGE);
    throw new DomainError('invalid', '장바구니가 비어 있습니다.');
  }
  const itemIds = order.items.map((l) => l.itemId);
  const same = ids.length === itemIds.length && itemIds.every((id) => Object.hasOwn(state.items, id));
  if (!same) throw new DomainError('conflict', '주문하는 동안 장바구니가 변경되었습니다. 장바구니를 확인하고 다시 주문해주세요.');
}

function decide(command: CheckoutCommand, state: CheckoutState): DomainEvent[] {
  switch (command.type) {
    case 'StartCheckout': {
      // Another checkout of this cart is under way (a double submit): it places the order.
      if (state.pending) throw new DomainError('conflict', ALREADY_ORDERED_MESSAGE);
      assertOrderable(state, command.order);
      return [{ type: 'CartCheckoutStarted', data: { orderId: command.order.orderId, order: command.order } }];
    }
    case 'CheckOutCart': {
      const { order } = command;
      if (state.pending?.orderId !== order.orderId) {
        // Committed already, or abandoned meanwhile (its units were put back): never commit it now.
        if (state.lastOrderId === order.orderId || Object.keys(state.items).length === 0) throw new DomainError('conflict', ALREADY_ORDERED_MESSAGE);
        throw new DomainError('conflict', '주문하는 동안 장바구니가 변경되었습니다. 장바구니를 확인하고 다시 주문해주세요.');
      }
      assertOrderable(state, order);
      return [{ type: 'CartCheckedOut', data: { orderId: order.orderId, itemIds: order.items.map((l) => l.itemId), order } }];
    }
    case 'AbandonCheckout':
      return state.pending?.orderId === command.orderId ? [{ type: 'CartCheckoutAbandoned', data: { orderId: command.orderId, reason: command.reason } }] : [];
    default:
      return unhandled(command);
  }
}

function evolve(state: CheckoutState, event: StoredEvent): CheckoutState {
  switch (event.type) {
    case 'CartCheckoutStarted':
      return { ...state, pending: event.data.order };
    case 'CartCheckoutAbandoned':
      return state.pending?.orderId === event.data.orderId ? { ...state, pending: null } : state;
    case 'CartCheckedOut':
      return { ...cartDecider.evolve(state, event), lastOrderId: event.data.orderId, lastOrder: event.data.order ?? null, lastMarkerId: event.id, pending: null };
    default: {
      const cart = cartDecider.evolve(state, event);
      return { ...state, ...cart, lastOrderId: Object.keys(cart.items).length ? null : state.lastOrderId };
    }
  }
}

export const checkoutDecider: Decider<CheckoutState, CheckoutCommand> = {
  initialState: () => ({ items: {}, lastOrderId: null, lastOrder: null, lastMarkerId: null, pending: null }),
  evolve,
  decide,
};
