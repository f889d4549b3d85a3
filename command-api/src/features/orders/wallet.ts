import { DELIVERY_POINTS_RATE, pointsProblem, WELCOME_COUPON, WELCOME_POINTS, type OrderAmounts } from '@phonemarket/contracts';

/** What a spend of points and a coupon comes to on the amount paid today (the order adds what is billed monthly). */
export type SpendAmounts = Omit<OrderAmounts, 'payNow' | 'monthlyCarrier'>;
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The wallet aggregate (stream `wallet-<userId>`): points and coupons. The balance is the fold of
 * its events (welcome 1,000 P, spent, refunded, earned by an order or paid for a phone sold to a
 * shop), never a counter edited in place.
 */
export interface WalletCoupon { couponId: string; name: string; discount: number; minOrder: number; usedBy: string | null }
export interface WalletOrder { points: number; couponId: string | null; refunded: boolean; earned: boolean }
export interface WalletState {
  welcomed: boolean;
  points: number;
  coupons: Map<string, WalletCoupon>;
  orders: Map<string, WalletOrder>;
}

export type WalletCommand =
  | { type: 'GrantWelcomeBenefits' }
  | { type: 'SpendForOrder'; orderId: string; itemsTotal: number; points: number; couponId: string | null }
  | { type: 'RefundOrder'; orderId: string }
  | { type: 'EarnForOrder'; orderId: string; paid: number }
  /** A phone sold to a shop (buyback), paid in points: the whole amount, once per buyback order. */
  | { type: 'PayBuybackPoints'; orderId: string; amount: number };

/**
 * An order's amounts from its lines and what the buyer applies: the coupon's discount (when the
 * order reaches its minimum), then points (at most what is left). Checked by `checkSpend`.
 */
export function orderAmounts(lines: readonly { unitPrice: number; originalPrice: number; quantity: number }[], points: number, coupon: Pick<WalletCoupon, 'discount'> | null): SpendAmounts {
  const items = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const discount = lines.reduce((sum, l) => sum + Math.max(0, l.originalPrice - l.unitPrice) * l.quantity, 0);
  const couponOff = coupon ? Math.min(coupon.discount, items) : 0;
  return { items, discount, points, coupon: couponOff, total: items - couponOff - points };
}

/** The coupon a buyer may apply now, or a Korean 400 naming the field. */
export function usableCoupon(state: WalletState, couponId: string | null, itemsTotal: number): WalletCoupon | null {
  if (couponId === null) return null;
  const coupon = state.coupons.get(couponId);
  if (!coupon) throw new DomainError('invalid', '사용할 수 없는 쿠폰입니다.', { couponId: '보유하지 않은 쿠폰입니다.' });
  if (coupon.usedBy !== null) throw new DomainError('invalid', '이미 사용한 쿠폰입니다.', { couponId: '이미 사용한 쿠폰입니다.' });
  if (itemsTotal < coupon.minOrder) {
    const min = `${coupon.minOrder.toLocaleString('ko-KR')}원`;
    throw new DomainError('invalid', `${min} 이상 주문에만 사용할 수 있는 쿠폰입니다.`, { couponId: `${min} 이상 주문에만 사용할 수 있습니다.` });
  }
  return coupon;
}

/** Points ≤ balance and ≤ what is left to pay after the coupon; the coupon must be usable. */
export function checkSpend(state: WalletState, spend: { itemsTotal: number; points: number; couponId: string | null }): SpendAmounts {
  const coupon = usableCoupon(state, spend.couponId, spend.itemsTotal);
  const afterCoupon = spend.itemsTotal - (coupon ? Math.min(coupon.discount, spend.itemsTotal) : 0);
  const problem = pointsProblem(spend.points, { balance: state.points, payable: afterCoupon });
  if (problem) throw new DomainError('invalid', problem.message, { usePoints: problem.field });
  return orderAmounts([{ unitPrice: spend.itemsTotal, originalPrice: spend.itemsTotal, quantity: 1 }], spend.points, coupon);
}

/** 1% of the paid amount, floored. */
export const deliveryPoints = (paid: number) => Math.floor(paid * DELIVERY_POINTS_RATE);

function decide(command: WalletCommand, state: WalletState): DomainEvent[] {
  switch (command.type) {
    case 'GrantWelcomeBenefits':
      if (state.welcomed) return [];
      return [{ type: 'WelcomeBenefitsGranted', data: { points: WELCOME_POINTS, coupon: { ...WELCOME_COUPON } } }];
    case 'SpendForOrder': {
      if (state.orders.has(command.orderId)) return [];
      checkSpend(state, command);
      const events: DomainEvent[] = [];
      if (command.points > 0) events.push({ type: 'PointsSpent', data: { orderId: command.orderId, amount: command.points } });
      if (command.couponId !== null) events.push({ type: 'CouponRedeemed', data: { orderId: command.orderId, couponId: command.couponId } });
      return events;
    }
    case 'RefundOrder': {
      const order = state.orders.get(command.orderId);
      if (!order || order.refunded) return [];
      const events: DomainEvent[] = [];
      if (order.points > 0) events.push({ type: 'PointsRefunded', data: { orderId: command.orderId, amount: order.points } });
      if (order.couponId !== null) events.push({ type: 'CouponRestored', data: { orderId: command.orderId, couponId: order.couponId } });
      return events;
    }
    case 'EarnForOrder': {
      if (state.orders.get(command.orderId)?.earned) return [];
      const amount = deliveryPoints(command.paid);
      return amount > 0 ? [{ type: 'PointsEarned', data: { orderId: command.orderId, amount } }] : [];
    }
    case 'PayBuybackPoints':
      if (state.orders.get(command.orderId)?.earned || command.amount <= 0) return [];
      return [{ type: 'PointsEarned', data: { orderId: command.orderId, amount: command.amount, source: 'buyback' } }];
    default:
      return unhandled(command);
  }
}

function withOrder(state: WalletState, orderId: string, change: (o: WalletOrder) => WalletOrder): Map<string, WalletOrder> {
  const orders = new Map(state.orders);
  orders.set(orderId, change(orders.get(orderId) ?? { points: 0, couponId: null, refunded: false, earned: false }));
  return orders;
}

function withCoupon(state: WalletState, couponId: string, usedBy: string | null): Map<string, WalletCoupon> {
  const coupons = new Map(state.coupons);
  const coupon = coupons.get(couponId);
  if (coupon) coupons.set(couponId, { ...coupon, usedBy });
  return coupons;
}

function evolve(state: WalletState, event: StoredEvent): WalletState {
  switch (event.type) {
    case 'WelcomeBenefitsGranted': {
      const coupons = new Map(state.coupons);
      coupons.set(event.data.coupon.couponId, { ...event.data.coupon, usedBy: null });
      return { ...state, welcomed: true, points: state.points + event.data.points, coupons };
    }
    case 'PointsSpent':
      return { ...state, points: state.points - event.data.amount, orders: withOrder(state, event.data.orderId, (o) => ({ ...o, points: event.data.amount })) };
    case 'PointsRefunded':
      return { ...state, points: state.points + event.data.amount, orders: withOrder(state, event.data.orderId, (o) => ({ ...o, refunded: true })) };
    case 'PointsEarned':
      return { ...state, points: state.points + event.data.amount, orders: withOrder(state, event.data.orderId, (o) => ({ ...o, earned: true })) };
    case 'CouponRedeemed':
      return { ...state, coupons: withCoupon(state, event.data.couponId, event.data.orderId), orders: withOrder(state, event.data.orderId, (o) => ({ ...o, couponId: event.data.couponId })) };
    case 'CouponRestored':
      return { ...state, coupons: withCoupon(state, event.data.couponId, null), orders: withOrder(state, event.data.orderId, (o) => ({ ...o, refunded: true })) };
    default:
      return state;
  }
}

export const walletDecider: Decider<WalletState, WalletCommand> = {
  initialState: () => ({ welcomed: false, points: 0, coupons: new Map(), orders: new Map() }),
  evolve,
  decide,
};
