import { CARRIER_LINE_ONE_UNIT_MESSAGE, isCarrierLine, type DiscountType, type InstallmentMonths, type JoinType, type OfferCarrier } from '@phonemarket/contracts';
import { MAX_CART_QUANTITY, type DomainEvent, type StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { OutOfStockError } from '../offers/public.ts';

/** The cart aggregate (stream `cart-<userId>`). A line is an offer (`productId`) with the buyer's choices. */
export interface CartChoices {
  color: string; planId: string | null; discount: DiscountType; months: InstallmentMonths;
  /** Issue 40: the plan after 요금제 유지 (null: the default) and whether the buyer will use the card deal (checked by the route against the offer). */
  laterPlanId: string | null; cardUsed: boolean;
}
export interface CartLine extends CartChoices { productId: string; quantity: number; storage: number; carrier: OfferCarrier; joinType: JoinType | null }
export type CartState = { items: Record<string, CartLine> };

/** The line with this id, if the cart has one. Item ids come from clients: inherited keys (`__proto__`, `toString`) are no lines. */
export const cartLine = (state: CartState, itemId: string): CartLine | undefined =>
  Object.hasOwn(state.items, itemId) ? state.items[itemId] : undefined;

/** `stockLeft`: the offer's units not taken by orders, as the route read it; the cart never holds more of one offer. */
export type CartCommand =
  | ({ type: 'AddCartItem'; itemId: string; unitPrice: number; colorAvailable: boolean; stockLeft: number } & CartLine)
  | { type: 'ChangeCartItemQuantity'; itemId: string; quantity: number; stockLeft: number }
  | { type: 'ChangeCartItemChoice'; itemId: string; laterPlanId: string | null; cardUsed: boolean }
  | { type: 'RemoveCartItem'; itemId: string };

const tooMany = () => new DomainError('invalid', `한 상품은 최대 ${MAX_CART_QUANTITY}개까지 담을 수 있습니다.`, { quantity: `최대 ${MAX_CART_QUANTITY}개까지 담을 수 있습니다.` });
const missing = () => new DomainError('not_found', '장바구니에 없는 상품입니다.');
/** A carrier line opens one line with one 개통 (issue 39): one unit each; another is another order. */
const oneUnit = (kind: 'invalid' | 'conflict') => new DomainError(kind, CARRIER_LINE_ONE_UNIT_MESSAGE, { quantity: CARRIER_LINE_ONE_UNIT_MESSAGE });

/** Refuses (409, the units left) when the cart would hold more of the offer than is left: `quantity` for `exceptItemId`, the other lines as they are. */
function assertInStock(state: CartState, productId: string, exceptItemId: string | null, quantity: number, stockLeft: number): void {
  const others = Object.entries(state.items).reduce((sum, [id, l]) => (l.productId === productId && id !== exceptItemId ? sum + l.quantity : sum), 0);
  if (others + quantity > stockLeft) throw new OutOfStockError(stockLeft);
}

function decide(command: CartCommand, state: CartState): DomainEvent[] {
  switch (command.type) {
    case 'AddCartItem': {
      if (!command.colorAvailable) throw new DomainError('invalid', '품절된 색상은 선택할 수 없습니다.', { color: '품절된 색상입니다.' });
      // The same offer with the same choices is one line: adding it again raises the quantity.
      const same = Object.entries(state.items).find(([, l]) =>
        l.productId === command.productId && l.color === command.color && l.planId === command.planId && l.discount === command.discount && l.months === command.months
        && l.laterPlanId === command.laterPlanId && l.cardUsed === command.cardUsed);
      if (isCarrierLine(command) && command.quantity > 1) throw oneUnit('invalid');
      if (same) {
        const [itemId, line] = same;
        if (isCarrierLine(line)) throw oneUnit('conflict');
        const quantity = line.quantity + command.quantity;
        if (quantity > MAX_CART_QUANTITY) throw tooMany();
        assertInStock(state, command.productId, itemId, quantity, command.stockLeft);
        return [{ type: 'CartItemQuantityChanged', data: { itemId, quantity } }];
      }
      assertInStock(state, command.productId, null, command.quantity, command.stockLeft);
      const { type: _t, colorAvailable: _c, stockLeft: _s, ...data } = command;
      return [{ type: 'CartItemAdded', data }];
    }
    case 'ChangeCartItemQuantity': {
      const line = cartLine(state, command.itemId);
      if (!line) throw missing();
      if (command.quantity < 1) throw new DomainError('invalid', '수량은 1개 이상이어야 합니다.', { quantity: '수량은 1개 이상이어야 합니다.' });
      if (command.quantity > MAX_CART_QUANTITY) throw tooMany();
      if (line.quantity === command.quantity) return [];
      if (isCarrierLine(line) && command.quantity > 1) throw oneUnit('invalid');
      // Lowering a quantity is always allowed, even when fewer are left now.
      if (command.quantity > line.quantity) assertInStock(state, line.productId, command.itemId, command.quantity, command.stockLeft);
      return [{ type: 'CartItemQuantityChanged', data: { itemId: command.itemId, quantity: command.quantity } }];
    }
    case 'ChangeCartItemChoice': {
      const line = cartLine(state, command.itemId);
      if (!line) throw missing();
      if (line.laterPlanId === command.laterPlanId && line.cardUsed === command.cardUsed) return [];
      return [{ type: 'CartItemChoiceChanged', data: { itemId: command.itemId, laterPlanId: command.laterPlanId, cardUsed: command.cardUsed } }];
    }
    case 'RemoveCartItem': {
      if (!cartLine(state, command.itemId)) throw missing();
      return [{ type: 'CartItemRemoved', data: { itemId: command.itemId } }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: CartState, event: StoredEvent): CartState {
  switch (event.type) {
    case 'CartItemAdded': {
      const { itemId, unitPrice: _p, laterPlanId = null, cardUsed = false, ...line } = event.data;
      return { items: { ...state.items, [itemId]: { ...line, laterPlanId, cardUsed } } };
    }
    case 'CartItemQuantityChanged': {
      const line = cartLine(state, event.data.itemId);
      return line ? { items: { ...state.items, [event.data.itemId]: { ...line, quantity: event.data.quantity } } } : state;
    }
    case 'CartItemChoiceChanged': {
      const line = cartLine(state, event.data.itemId);
      return line ? { items: { ...state.items, [event.data.itemId]: { ...line, laterPlanId: event.data.laterPlanId, cardUsed: event.data.cardUsed } } } : state;
    }
    case 'CartItemRemoved': {
      const { [event.data.itemId]: _removed, ...items } = state.items;
      return { items };
    }
    case 'CartCheckedOut':
      // Checked out (issue 12): the lines became an order.
      return { items: {} };
    default:
      return state;
  }
}

export const cartDecider: Decider<CartState, CartCommand> = { initialState: () => ({ items: {} }), evolve, decide };
