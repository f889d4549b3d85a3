import { describe, expect, it } from 'vitest';
import { NO_CONTRACT_TERMS, type DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { checkoutDecider } from './checkout.ts';
import { orderDecider, type OrderPlacedData } from './order.ts';
import { walletDecider } from './wallet.ts';
import { wishlistDecider } from './wishlist.ts';

const line = {
  itemId: 'i1', productId: 'o1', modelId: 'm1', name: '갤럭시', brand: 'Samsung', quantity: 2, unitPrice: 200_000, originalPrice: 250_000,
  color: '블랙', storage: 256, carrier: 'KT', planId: null, planName: null, discount: 'subsidy', months: 24, monthlyTotal: 9000, sellerId: 's1', sellerName: '폰가게',
  joinType: null, payment: 'lump' as const, monthlyDevice: 0, monthlyPlan: 0, ...NO_CONTRACT_TERMS,
};
const order = (over: Partial<OrderPlacedData> = {}): OrderPlacedData => ({
  orderId: 'ord1', buyerId: 'u1', items: [line], amounts: { items: 400_000, discount: 100_000, points: 0, coupon: 0, total: 400_000, payNow: 400_000, monthlyCarrier: 0 },
  shipping: { recipient: '김철수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', memo: null },
  paymentMethod: 'card', couponId: null, activation: null, ...over,
});
const placed: DomainEvent = { type: 'OrderPlaced', data: order() };
const captured: DomainEvent = { type: 'PaymentCaptured', data: { orderId: 'ord1', method: 'card', amount: 400_000, approvalNumber: 'A1' } };
const preparing: DomainEvent = { type: 'OrderPreparationStarted', data: { orderId: 'ord1' } };
const shipped: DomainEvent = { type: 'OrderShipped', data: { orderId: 'ord1', courier: 'CJ대한통운', trackingNumber: '123456789012' } };
const delivered: DomainEvent = { type: 'OrderDelivered', data: { orderId: 'ord1' } };
const cancelled: DomainEvent = { type: 'OrderCancelled', data: { orderId: 'ord1', reason: '구매자 취소' } };
const failed: DomainEvent = { type: 'PaymentFailed', data: { orderId: 'ord1', method: 'card', reason: '한도 초과' } };

const givenOrder = DeciderSpecification.for(orderDecider);
const move = (status: 'preparing' | 'shipped' | 'delivered', extra = {}) => ({ type: 'ChangeOrderStatus' as const, status, ...extra });
const ship = move('shipped', { courier: 'CJ대한통운', trackingNumber: '123456789012' });
/** The order's seller (its lines' seller `s1`) moves it on. */
const bySeller = { actor: { userId: 's1', role: 'seller' as const } };

describe('order (given/when/then)', () => {
  it('when PlaceOrder, then OrderPlaced and the simulated payment captured; placing it again changes nothing', () => {
    givenOrder([]).when({ type: 'PlaceOrder', order: order() }, { newId: () => 'abc-123' })
      .then([placed, { type: 'PaymentCaptured', data: { orderId: 'ord1', method: 'card', amount: 400_000, approvalNumber: 'ABC123' } }]);
    givenOrder([placed, captured]).when({ type: 'PlaceOrder', order: order() }).thenNothing();
  });
  it('a card payment over the limit fails with a Korean reason (결제실패), other methods are captured', () => {
    const big = order({ amounts: { items: 12_000_000, discount: 0, points: 0, coupon: 0, total: 12_000_000, payNow: 12_000_000, monthlyCarrier: 0 } });
    givenOrder([]).when({ type: 'PlaceOrder', order: big }).thenState((s) => expect(s.status).toBe('payment_failed'));
    givenOrder([]).when({ type: 'PlaceOrder', order: { ...big, paymentMethod: 'transfer' } }).thenState((s) => expect(s.status).toBe('paid'));
  });
  it('결제완료 → 배송준비 → 배송중 (courier, tracking) → 배송완료', () => {
    givenOrder([placed, captured]).when(move('preparing'), bySeller).then([preparing]);
    givenOrder([placed, captured, preparing]).when(ship, bySeller).then([shipped]);
    givenOrder([placed, captured, preparing, shipped]).when(move('delivered'), bySeller).then([delivered]);
  });
  describe('송장 정정 (s62): while 배송중, by the order\'s seller or an admin, with a reason', () => {
    const correct = { type: 'CorrectShipmentTracking' as const, courier: '롯데택배', trackingNumber: '223456789012', reason: '송장번호 오타' };
    const corrected: DomainEvent = {
      type: 'ShipmentTrackingCorrected',
      data: { orderId: 'ord1', courier: '롯데택배', trackingNumber: '223456789012', previousCourier: 'CJ대한통운', previousTrackingNumber: '123456789012', reason: '송장번호 오타' },
    };
    const shippedOrder = [placed, captured, preparing, shipped];
    it('given an order 배송중, when its seller corrects the 송장, then ShipmentTrackingCorrected with the old one and the reason', () => {
      givenOrder(shippedOrder).when(correct, bySeller).then([corrected]);
      givenOrder(shippedOrder).when(correct, { actor: { userId: 'admin-1', role: 'admin' } }).then([corrected]);
    });
    it('a second correction starts from the first one; the state follows the 송장 and stays 배송중', () => {
      const again = { ...correct, courier: '롯데택배', trackingNumber: '323456789012', reason: '한 번 더 확인' };
      givenOrder([...shippedOrder, corrected]).when(again, bySeller).then([{
        type: 'ShipmentTrackingCorrected',
        data: { orderId: 'ord1', courier: '롯데택배', trackingNumber: '323456789012', previousCourier: '롯데택배', previousTrackingNumber: '223456789012', reason: '한 번 더 확인' },
      }]);
      givenOrder(shippedOrder).when(correct, bySeller).thenState((s) => {
        expect(s.status).toBe('shipped');
        expect(s.shipment).toEqual({ courier: '롯데택배', trackingNumber: '223456789012' });
      });
    });
    it('the same 송장 again, or without a reason, is refused in Korean on its field', () => {
      givenOrder(shippedOrder).when({ ...correct, courier: 'CJ대한통운', trackingNumber: '123456789012' }, bySeller).thenThrows('지금 등록된 송장과 같습니다.');
      givenOrder(shippedOrder).when({ ...correct, reason: '' }, bySeller).thenThrows('정정 사유가 필요합니다');
    });
    it('only while 배송중: before shipping, once delivered or cancelled it is refused', () => {
      for (const events of [[placed, captured, preparing], [...shippedOrder, delivered], [placed, captured, cancelled]]) {
        givenOrder(events).when(correct, bySeller).thenThrows('배송중인 주문만 송장을 정정할 수 있습니다.');
      }
    });
    it('the buyer is refused (403); another seller is told the order does not exist (404)', () => {
      givenOrder(shippedOrder).when(correct, { actor: { userId: 'u1', role: 'user' } }).thenThrows('송장 정정은 판매자 또는 관리자만 할 수 있습니다.');
      givenOrder(shippedOrder).when(correct, { actor: { userId: 's2', role: 'seller' } }).thenThrows('주문을 찾을 수 없습니다.');
    });
  });
  it('shipping needs the courier and the tracking number', () => {
    givenOrder([placed, captured, preparing]).when(move('shipped'), bySeller).thenThrows('택배사와 송장번호');
  });
  it('every other transition is refused in Korean', () => {
    givenOrder([placed, captured]).when(ship, bySeller).thenThrows("'결제완료' 상태의 주문은 '배송중' 상태로 변경할 수 없습니다.");
    givenOrder([placed, captured]).when(move('delivered'), bySeller).thenThrows("'결제완료' 상태의 주문은 '배송완료' 상태로 변경할 수 없습니다.");
    givenOrder([placed, captured, preparing]).when(move('preparing'), bySeller).thenThrows("'배송준비' 상태의 주문은 '배송준비'");
    givenOrder([placed, captured, preparing, shipped, delivered]).when(move('preparing'), bySeller).thenThrows("'배송완료' 상태의 주문은");
    givenOrder([placed, captured, cancelled]).when(move('preparing'), bySeller).thenThrows("'취소됨' 상태의 주문은");
    givenOrder([placed, failed]).when(move('preparing'), bySeller).thenThrows("'결제실패' 상태의 주문은");
    givenOrder([]).when(move('preparing'), bySeller).thenThrows('주문을 찾을 수 없습니다.');
  });
  it('the buyer cancels before shipping only', () => {
    givenOrder([placed, captured]).when({ type: 'CancelOrder', reason: '구매자 취소' }).then([cancelled]);
    givenOrder([placed, captured, preparing]).when({ type: 'CancelOrder', reason: '구매자 취소' }).then([cancelled]);
    givenOrder([placed, captured, preparing, shipped]).when({ type: 'CancelOrder', reason: '' }).thenThrows('배송이 시작된 주문은 취소할 수 없습니다.');
    givenOrder([placed, captured, preparing, shipped, delivered]).when({ type: 'CancelOrder', reason: '' }).thenThrows('배송이 완료된 주문은 취소할 수 없습니다.');
    givenOrder([placed, captured, cancelled]).when({ type: 'CancelOrder', reason: '' }).thenThrows('이미 취소된 주문입니다.');
    givenOrder([placed, failed]).when({ type: 'CancelOrder', reason: '' }).thenThrows('결제되지 않은 주문은 취소할 수 없습니다.');
  });
  it('판매자 취소: the order\'s seller (or an admin) cancels before shipping, with the reason and who', () => {
    const sellerCancel = { type: 'CancelOrderAsSeller' as const, reason: '재고 부족' };
    const bySellerCancelled: DomainEvent = { type: 'OrderCancelled', data: { orderId: 'ord1', reason: '재고 부족', by: 'seller' } };
    givenOrder([placed, captured]).when(sellerCancel, bySeller).then([bySellerCancelled]);
    givenOrder([placed, captured, preparing]).when(sellerCancel, bySeller).then([bySellerCancelled]);
    givenOrder([placed, captured]).when(sellerCancel, { actor: { userId: 'admin-1', role: 'admin' } })
      .then([{ type: 'OrderCancelled', data: { orderId: 'ord1', reason: '재고 부족', by: 'admin' } }]);
    // The same cancel as the buyer's: the order is cancelled.
    givenOrder([placed, captured]).when(sellerCancel, bySeller).thenState((s) => expect(s.status).toBe('cancelled'));
  });
  it('a cancelled order\'s payment is refunded once (s59: `PaymentRefunded` with `cancelled`), and it stays cancelled', () => {
    const refund = { type: 'RefundCancelledOrder' as const };
    const refunded: DomainEvent = { type: 'PaymentRefunded', data: { orderId: 'ord1', amount: 400_000, method: 'card', shippingFee: 0, cancelled: true } };
    givenOrder([placed, captured, cancelled]).when(refund).then([refunded]);
    givenOrder([placed, captured, { ...cancelled, data: { orderId: 'ord1', reason: '재고 부족', by: 'admin' } }]).when(refund).then([refunded]);
    // Decided again (a retried cancel, a sweep): refunded already.
    givenOrder([placed, captured, cancelled, refunded]).when(refund).then([]);
    givenOrder([placed, captured, cancelled, refunded]).when(refund).thenState((s) => expect(s).toMatchObject({ status: 'cancelled', refunded: true }));
    // Not cancelled: nothing; nothing paid today (all 할부, or points and coupon): nothing to refund.
    givenOrder([placed, captured]).when(refund).then([]);
    const nothingToday: DomainEvent = { type: 'OrderPlaced', data: order({ amounts: { items: 400_000, discount: 100_000, points: 0, coupon: 0, total: 0, payNow: 0, monthlyCarrier: 50_000 } }) };
    givenOrder([nothingToday, cancelled]).when(refund).then([]);
  });
  it('판매자 취소 is refused once shipped, 개통 완료 or cancelled (409 in Korean), to the buyer (403) and to another seller (404)', () => {
    const sellerCancel = { type: 'CancelOrderAsSeller' as const, reason: '재고 부족' };
    givenOrder([placed, captured, preparing, shipped]).when(sellerCancel, bySeller).thenThrows('배송이 시작된 주문은 취소할 수 없습니다.');
    givenOrder([placed, captured, preparing, shipped, delivered]).when(sellerCancel, bySeller).thenThrows(/^배송이 완료된 주문은 취소할 수 없습니다\.$/);
    givenOrder([placed, captured, cancelled]).when(sellerCancel, bySeller).thenThrows('이미 취소된 주문입니다.');
    givenOrder([placed, failed]).when(sellerCancel, bySeller).thenThrows('결제되지 않은 주문은 취소할 수 없습니다.');
    givenOrder([placed, captured]).when(sellerCancel, { actor: { userId: 'u1', role: 'user' } }).thenThrows('판매자 취소는 판매자 또는 관리자만 할 수 있습니다.');
    givenOrder([placed, captured]).when(sellerCancel, { actor: { userId: 's2', role: 'seller' } }).thenThrows('주문을 찾을 수 없습니다.');
    givenOrder([]).when(sellerCancel, bySeller).thenThrows('주문을 찾을 수 없습니다.');
  });
});

const givenWallet = DeciderSpecification.for(walletDecider);
const welcome: DomainEvent = { type: 'WelcomeBenefitsGranted', data: { points: 1000, coupon: { couponId: 'welcome', name: '신규가입 10,000원 할인 쿠폰', discount: 10_000, minOrder: 300_000 } } };
const spend = (points: number, couponId: string | null, itemsTotal = 400_000) => ({ type: 'SpendForOrder' as const, orderId: 'ord1', itemsTotal, points, couponId });

describe('wallet: points and the welcome coupon', () => {
  it('1,000 P and the coupon once on sign-up', () => {
    givenWallet([]).when({ type: 'GrantWelcomeBenefits' }).then([welcome]);
    givenWallet([welcome]).when({ type: 'GrantWelcomeBenefits' }).thenNothing();
    givenWallet([welcome]).when({ type: 'GrantWelcomeBenefits' }).thenState((s) => expect(s.points).toBe(1000));
  });
  it('spends points ≤ balance and the coupon on an order ≥ 300,000원, once', () => {
    givenWallet([welcome]).when(spend(500, 'welcome')).then([
      { type: 'PointsSpent', data: { orderId: 'ord1', amount: 500 } }, { type: 'CouponRedeemed', data: { orderId: 'ord1', couponId: 'welcome' } },
    ]);
    givenWallet([welcome]).when(spend(1001, null)).thenThrows('보유 포인트보다 많이 사용할 수 없습니다.');
    givenWallet([welcome]).when(spend(0, 'welcome', 299_999)).thenThrows('300,000원 이상 주문에만 사용할 수 있는 쿠폰입니다.');
    givenWallet([welcome]).when(spend(0, 'other')).thenThrows('사용할 수 없는 쿠폰입니다.');
    givenWallet([welcome, { type: 'CouponRedeemed', data: { orderId: 'ord0', couponId: 'welcome' } }]).when(spend(0, 'welcome')).thenThrows('이미 사용한 쿠폰입니다.');
    givenWallet([welcome]).when(spend(1000, null, 500)).thenThrows('결제 금액보다 많은 포인트를 사용할 수 없습니다.');
    givenWallet([welcome]).when(spend(-1, null)).thenThrows('포인트는 0 이상의 정수');
  });
  it('a cancelled order gives points and coupon back, once', () => {
    const spent: DomainEvent[] = [welcome, { type: 'PointsSpent', data: { orderId: 'ord1', amount: 700 } }, { type: 'CouponRedeemed', data: { orderId: 'ord1', couponId: 'welcome' } }];
    givenWallet(spent).when({ type: 'RefundOrder', orderId: 'ord1' }).then([
      { type: 'PointsRefunded', data: { orderId: 'ord1', amount: 700 } }, { type: 'CouponRestored', data: { orderId: 'ord1', couponId: 'welcome' } },
    ]);
    const refunded: DomainEvent[] = [...spent, { type: 'PointsRefunded', data: { orderId: 'ord1', amount: 700 } }, { type: 'CouponRestored', data: { orderId: 'ord1', couponId: 'welcome' } }];
    givenWallet(refunded).when({ type: 'RefundOrder', orderId: 'ord1' }).thenNothing();
    givenWallet(refunded).when(spend(1000, 'welcome')).thenState((s) => expect(s.points).toBe(1000));
  });
  it('1% of the paid amount on delivery, once', () => {
    givenWallet([welcome]).when({ type: 'EarnForOrder', orderId: 'ord1', paid: 389_950 }).then([{ type: 'PointsEarned', data: { orderId: 'ord1', amount: 3899 } }]);
    givenWallet([welcome, { type: 'PointsEarned', data: { orderId: 'ord1', amount: 3899 } }]).when({ type: 'EarnForOrder', orderId: 'ord1', paid: 389_950 }).thenNothing();
  });
});

describe('checkout marker on the cart stream', () => {
  const added: DomainEvent = {
    type: 'CartItemAdded',
    data: { itemId: 'i1', productId: 'o1', quantity: 1, color: '블랙', storage: 256, carrier: 'KT', joinType: '번호이동', planId: null, discount: 'subsidy', months: 24, unitPrice: 1 },
  };
  const given = DeciderSpecification.for(checkoutDecider);
  const started = (o = order()): DomainEvent => ({ type: 'CartCheckoutStarted', data: { orderId: o.orderId, order: o } });
  it('a checkout starts on the priced lines (before any unit is taken), then the marker commits it: the cart is empty and ordered', () => {
    const checkedOut: DomainEvent = { type: 'CartCheckedOut', data: { orderId: 'ord1', itemIds: ['i1'], order: order() } };
    given([added]).when({ type: 'StartCheckout', order: order() }).then([started()]);
    given([added, started()]).when({ type: 'CheckOutCart', order: order() }).then([checkedOut]);
    given([added, started()]).when({ type: 'CheckOutCart', order: order() }).thenState((s) => {
      expect(s.items).toEqual({});
      expect(s.lastOrder).toEqual(order());
      expect(s.pending).toBeNull();
    });
    given([added, started(), checkedOut]).when({ type: 'StartCheckout', order: order({ orderId: 'ord2' }) }).thenThrows('이미 주문된 장바구니입니다.');
    given([]).when({ type: 'StartCheckout', order: order() }).thenThrows('장바구니가 비어 있습니다.');
    given([added]).when({ type: 'StartCheckout', order: order({ items: [{ ...line, itemId: 'i2' }] }) }).thenThrows('장바구니가 변경되었습니다');
  });
  it('one checkout under way at a time; the marker commits only the checkout that started', () => {
    given([added, started()]).when({ type: 'StartCheckout', order: order({ orderId: 'ord2' }) }).thenThrows('이미 주문된 장바구니입니다.');
    given([added]).when({ type: 'CheckOutCart', order: order() }).thenThrows('장바구니가 변경되었습니다');
    given([added, started()]).when({ type: 'CheckOutCart', order: order({ orderId: 'ord2' }) }).thenThrows('장바구니가 변경되었습니다');
  });
  it('an abandoned checkout never commits, and the cart keeps its lines for the next one', () => {
    const abandoned: DomainEvent = { type: 'CartCheckoutAbandoned', data: { orderId: 'ord1', reason: 'out_of_stock' } };
    given([added, started()]).when({ type: 'AbandonCheckout', orderId: 'ord1', reason: 'out_of_stock' }).then([abandoned]);
    given([added, started(), abandoned]).when({ type: 'AbandonCheckout', orderId: 'ord1', reason: 'out_of_stock' }).thenNothing();
    given([added, started(), abandoned]).when({ type: 'CheckOutCart', order: order() }).thenThrows('장바구니가 변경되었습니다');
    given([added, started(), abandoned]).when({ type: 'StartCheckout', order: order({ orderId: 'ord2' }) }).then([started(order({ orderId: 'ord2' }))]);
    // A committed checkout is not abandoned (its units stay taken).
    given([added, started(), { type: 'CartCheckedOut', data: { orderId: 'ord1', itemIds: ['i1'], order: order() } }])
      .when({ type: 'AbandonCheckout', orderId: 'ord1', reason: 'expired' }).thenNothing();
  });
  it('a marker from before markers carried their order still empties the cart (no order to complete)', () => {
    given([added, { type: 'CartCheckedOut', data: { orderId: 'ord1', itemIds: ['i1'] } }]).when({ type: 'StartCheckout', order: order({ orderId: 'ord2' }) })
      .thenThrows('이미 주문된 장바구니입니다.');
    given([added, { type: 'CartCheckedOut', data: { orderId: 'ord1', itemIds: ['i1'] } }, added, started(order({ orderId: 'ord2' }))])
      .when({ type: 'CheckOutCart', order: order({ orderId: 'ord2' }) })
      .thenState((s) => expect(s.lastOrder?.orderId).toBe('ord2'));
  });
});

describe('wishlist', () => {
  const given = DeciderSpecification.for(wishlistDecider);
  it('adding or removing twice is one change', () => {
    given([]).when({ type: 'AddToWishlist', productId: 'm1' }).then([{ type: 'WishlistItemAdded', data: { productId: 'm1' } }]);
    given([{ type: 'WishlistItemAdded', data: { productId: 'm1' } }]).when({ type: 'AddToWishlist', productId: 'm1' }).thenNothing();
    given([]).when({ type: 'RemoveFromWishlist', productId: 'm1' }).thenNothing();
    given([{ type: 'WishlistItemAdded', data: { productId: 'm1' } }]).when({ type: 'RemoveFromWishlist', productId: 'm1' }).then([{ type: 'WishlistItemRemoved', data: { productId: 'm1' } }]);
  });
});
