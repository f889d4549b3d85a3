import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { cartDecider, type CartCommand } from './cart.ts';

const given = DeciderSpecification.for(cartDecider);
// A 자급제 line (no 개통): any quantity. Carrier lines are one unit each (below).
const add = (over: Partial<Extract<CartCommand, { type: 'AddCartItem' }>> = {}): CartCommand => ({
  type: 'AddCartItem', itemId: 'i1', productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: '자급제', joinType: null,
  planId: null, discount: 'subsidy', months: 24, laterPlanId: null, cardUsed: false, unitPrice: 1_000_000, colorAvailable: true, stockLeft: 10, ...over,
});
const added: DomainEvent = {
  type: 'CartItemAdded',
  data: { itemId: 'i1', productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: '자급제', joinType: null, planId: null, discount: 'subsidy', months: 24, unitPrice: 1_000_000, laterPlanId: null, cardUsed: false },
};
const carrier = { carrier: 'KT' as const, joinType: '번호이동' as const, planId: 'kt-5g-special' };
const carrierAdded: DomainEvent = { type: 'CartItemAdded', data: { ...(added.data as object), ...carrier } as never };

describe('condition choices on a line (issue 40): the later plan and the card tick', () => {
  const choose = (laterPlanId: string | null, cardUsed: boolean): CartCommand => ({ type: 'ChangeCartItemChoice', itemId: 'i1', laterPlanId, cardUsed });
  it('a change is CartItemChoiceChanged and the line keeps it; the same again changes nothing', () => {
    const changed: DomainEvent = { type: 'CartItemChoiceChanged', data: { itemId: 'i1', laterPlanId: 'kt-lte-basic', cardUsed: true } };
    given([carrierAdded]).when(choose('kt-lte-basic', true)).then([changed]);
    given([carrierAdded, changed]).when(choose('kt-lte-basic', true)).thenNothing();
    given([carrierAdded, changed]).when(choose(null, false)).thenState((s) => expect(s.items.i1).toMatchObject({ laterPlanId: null, cardUsed: false }));
  });
  it('an unknown line is 404 in Korean', () => {
    given([]).when(choose(null, true)).thenThrows('장바구니에 없는 상품입니다.');
  });
  it('a line carted before issue 40 reads as the default plan and no card', () => {
    const old: DomainEvent = { type: 'CartItemAdded', data: { ...(added.data as object), laterPlanId: undefined, cardUsed: undefined } as never };
    given([old]).when(choose(null, false)).thenNothing();
  });
  it('the same offer with another card tick is another line', () => {
    given([added]).when(add({ itemId: 'i2', cardUsed: true })).thenState((s) => expect(Object.keys(s.items)).toEqual(['i1', 'i2']));
  });
});

describe('carrier lines: one unit each (issue 39: one 개통 form opens one line)', () => {
  const message = '통신사 개통 상품은 회선마다 1대씩 주문할 수 있습니다.';
  it('adding one is a line of 1', () => {
    given([]).when(add(carrier)).then([carrierAdded]);
  });
  it('two at once, the same again, or a quantity raised above 1: refused in Korean', () => {
    given([]).when(add({ ...carrier, quantity: 2 })).thenThrows(message);
    given([carrierAdded]).when(add({ ...carrier, itemId: 'i2' })).thenThrows(message);
    given([carrierAdded]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 2, stockLeft: 10 }).thenThrows(message);
  });
  it('another plan of the same offer is another line (another 개통)', () => {
    given([carrierAdded]).when(add({ ...carrier, itemId: 'i2', planId: 'kt-5g-simple' })).thenState((s) => expect(Object.keys(s.items)).toEqual(['i1', 'i2']));
  });
});

describe('cart (given/when/then)', () => {
  it('given an empty cart, when AddCartItem, then CartItemAdded', () => {
    given([]).when(add()).then([added]);
  });
  it('given the same phone with the same options, when AddCartItem, then its quantity grows', () => {
    given([added]).when(add({ itemId: 'i2', quantity: 2 })).then([{ type: 'CartItemQuantityChanged', data: { itemId: 'i1', quantity: 3 } }]);
  });
  it('given the same phone in another colour, when AddCartItem, then a new line', () => {
    given([added]).when(add({ itemId: 'i2', color: '화이트' })).thenState((s) => expect(Object.keys(s.items)).toEqual(['i1', 'i2']));
  });
  it('given the same offer with another plan, 할인 방식 or 할부 period, when AddCartItem, then a new line each', () => {
    given([added]).when(add({ itemId: 'i2', discount: 'selective' })).then([{ type: 'CartItemAdded', data: { ...added.data, itemId: 'i2', discount: 'selective' } as never }]);
    given([added]).when(add({ itemId: 'i2', months: 36 })).thenState((s) => expect(s.items.i2?.months).toBe(36));
    given([added]).when(add({ itemId: 'i2', planId: 'kt-5g-simple' })).thenState((s) => expect(Object.keys(s.items)).toEqual(['i1', 'i2']));
  });
  it('when adding a sold-out colour, then 품절된 색상은 선택할 수 없습니다', () => {
    given([]).when(add({ colorAvailable: false })).thenThrows('품절된 색상은 선택할 수 없습니다.');
  });
  it('given a line, when its quantity goes below 1, then refused (spec: quantity cannot go below 1)', () => {
    given([added]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 0, stockLeft: 10 }).thenThrows('수량은 1개 이상이어야 합니다.');
  });
  it('given a line, when over 99, then refused', () => {
    given([added]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 100, stockLeft: 10 }).thenThrows('최대 99개');
  });
  it('given a line, when its quantity is unchanged, then nothing', () => {
    given([added]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 1, stockLeft: 10 }).thenNothing();
  });
  it('given a line, when RemoveCartItem, then CartItemRemoved and the cart is empty', () => {
    given([added]).when({ type: 'RemoveCartItem', itemId: 'i1' }).then([{ type: 'CartItemRemoved', data: { itemId: 'i1' } }]);
    given([added]).when({ type: 'RemoveCartItem', itemId: 'i1' }).thenState((s) => expect(s.items).toEqual({}));
  });
  it('when removing a line that is not there, then not found', () => {
    given([]).when({ type: 'RemoveCartItem', itemId: 'nope' }).thenThrows('장바구니에 없는 상품입니다.');
  });
  it('inherited keys are no lines (__proto__, constructor, toString)', () => {
    for (const itemId of ['__proto__', 'constructor', 'toString']) {
      given([added]).when({ type: 'RemoveCartItem', itemId }).thenThrows('장바구니에 없는 상품입니다.');
      given([added]).when({ type: 'ChangeCartItemQuantity', itemId, quantity: 2, stockLeft: 10 }).thenThrows('장바구니에 없는 상품입니다.');
    }
  });
  describe('stock (issue 23): the cart never holds more of an offer than is left', () => {
    it('a sold-out offer (0 left) cannot be carted; more than is left is refused with the units left', () => {
      given([]).when(add({ stockLeft: 0 })).thenThrows('재고가 부족합니다. (남은 수량 0개)');
      given([]).when(add({ quantity: 3, stockLeft: 2 })).thenThrows('재고가 부족합니다. (남은 수량 2개)');
      given([]).when(add({ quantity: 2, stockLeft: 2 })).thenState((s) => expect(s.items.i1?.quantity).toBe(2));
    });
    it('adding to a line and lines of the same offer with other choices count together', () => {
      given([added]).when(add({ itemId: 'i2', quantity: 1, stockLeft: 1 })).thenThrows('재고가 부족합니다. (남은 수량 1개)');
      given([added]).when(add({ itemId: 'i2', discount: 'selective', stockLeft: 1 })).thenThrows('재고가 부족합니다. (남은 수량 1개)');
      given([added]).when(add({ itemId: 'i2', discount: 'selective', stockLeft: 2 })).thenState((s) => expect(Object.keys(s.items)).toEqual(['i1', 'i2']));
    });
    it('raising a quantity above what is left is refused; lowering it is always allowed', () => {
      const three: DomainEvent = { type: 'CartItemQuantityChanged', data: { itemId: 'i1', quantity: 3 } };
      given([added]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 4, stockLeft: 3 }).thenThrows('재고가 부족합니다. (남은 수량 3개)');
      given([added, three]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 2, stockLeft: 0 })
        .then([{ type: 'CartItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } }]);
    });
  });
});
