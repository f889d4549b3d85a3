import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { ALREADY_ORDERED_MESSAGE } from '@phonemarket/contracts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { cartDecider, type CartState } from '../cart/cart.ts';

/**
 * Checkout on the cart stream: `CartCheckedOut` is the marker that empties the cart, appended at the
 * revision the checkout priced. Concurrent checkouts of one cart re-read after the first append and
 * find it ordered: exactly one order per cart (409 '이미 주문된 장바구니입니다.' for the rest).
 */
export interface CheckoutState extends CartState { lastOrderId: string | null }
export type CheckoutCommand = { type: 'CheckOutCart'; orderId: string; itemIds: readonly string[] };

function decide(command: CheckoutCommand, state: CheckoutState): DomainEvent[] {
  switch (command.type) {
    case 'CheckOutCart': {
      const ids = Object.keys(state.items);
      if (ids.length === 0) {
        if (state.lastOrderId !== null) throw new DomainError('conflict', ALREADY_ORDERED_MESSAGE);
        throw new DomainError('invalid', '장바구니가 비어 있습니다.');
      }
      const same = ids.length === command.itemIds.length && command.itemIds.every((id) => Object.hasOwn(state.items, id));
      if (!same) throw new DomainError('conflict', '주문하는 동안 장바구니가 변경되었습니다. 장바구니를 확인하고 다시 주문해주세요.');
      return [{ type: 'CartCheckedOut', data: { orderId: command.orderId, itemIds: [...command.itemIds] } }];
    }
    default:
      return unhandled(command.type);
  }
}

function evolve(state: CheckoutState, event: StoredEvent): CheckoutState {
  const cart = cartDecider.evolve(state, event);
  return { ...cart, lastOrderId: event.type === 'CartCheckedOut' ? event.data.orderId : Object.keys(cart.items).length ? null : state.lastOrderId };
}

export const checkoutDecider: Decider<CheckoutState, CheckoutCommand> = { initialState: () => ({ items: {}, lastOrderId: null }), evolve, decide };
