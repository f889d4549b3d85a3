import { describe, expect, it } from 'vitest';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { decideCart, evolveCart, initialCart, type CartCommand, type CartState } from './cart.ts';

const given = (...events: DomainEvent[]): CartState =>
  events.reduce((s, e, i) => evolveCart(s, { ...e, id: `e${i}`, stream: 'cart-u1', revision: BigInt(i), position: BigInt(i + 1), metadata: { actor: { userId: 'u1', role: 'user' }, correlationId: 'c', causationId: null, at: '2026-11-20T00:00:00.000Z' } } as StoredEvent), initialCart());
const add = (over: Partial<Extract<CartCommand, { type: 'AddCartItem' }>> = {}): CartCommand => ({
  type: 'AddCartItem', itemId: 'i1', productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: 'KT', unitPrice: 1_000_000, colorAvailable: true, ...over,
});
const added: DomainEvent = { type: 'CartItemAdded', data: { itemId: 'i1', productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: 'KT', unitPrice: 1_000_000 } };

describe('cart (given/when/then)', () => {
  it('given an empty cart, when AddCartItem, then CartItemAdded', () => {
    expect(decideCart(add(), initialCart())).toEqual([added]);
  });
  it('given the same phone with the same options, when AddCartItem, then its quantity grows', () => {
    expect(decideCart(add({ itemId: 'i2', quantity: 2 }), given(added))).toEqual([{ type: 'CartItemQuantityChanged', data: { itemId: 'i1', quantity: 3 } }]);
  });
  it('given the same phone in another colour, when AddCartItem, then a new line', () => {
    expect(decideCart(add({ itemId: 'i2', color: '화이트' }), given(added))[0]?.type).toBe('CartItemAdded');
  });
  it('when adding a sold-out colour, then 품절된 색상은 선택할 수 없습니다', () => {
    expect(() => decideCart(add({ colorAvailable: false }), initialCart())).toThrow('품절된 색상은 선택할 수 없습니다.');
  });
  it('given a line, when its quantity goes below 1, then refused (spec: quantity cannot go below 1)', () => {
    expect(() => decideCart({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 0 }, given(added))).toThrow(DomainError);
  });
  it('given a line, when over 99, then refused', () => {
    expect(() => decideCart({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 100 }, given(added))).toThrow('최대 99개');
  });
  it('given a line, when RemoveCartItem, then CartItemRemoved and the cart is empty', () => {
    const events = decideCart({ type: 'RemoveCartItem', itemId: 'i1' }, given(added));
    expect(events).toEqual([{ type: 'CartItemRemoved', data: { itemId: 'i1' } }]);
    expect(given(added, ...events).items).toEqual({});
  });
  it('when removing a line that is not there, then not found', () => {
    expect(() => decideCart({ type: 'RemoveCartItem', itemId: 'nope' }, initialCart())).toThrow('장바구니에 없는 상품입니다.');
  });
});
