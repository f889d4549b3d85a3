import type { Coupon } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

export const WALLETS = 'wallets';
export interface WalletDoc extends Doc {
  userId: string;
  balance: number;
  history: { at: string; amount: number; reason: string; orderId: string | null }[];
  coupons: Coupon[];
  _pos: number;
}

/** Each account's points (with their history) and coupons, folded from its wallet stream. */
export const walletReadModel = docProjection<WalletDoc, 'WelcomeBenefitsGranted' | 'PointsSpent' | 'PointsRefunded' | 'PointsEarned' | 'CouponRedeemed' | 'CouponRestored'>({
  version: 3,
  collection: WALLETS,
  canHandle: ['WelcomeBenefitsGranted', 'PointsSpent', 'PointsRefunded', 'PointsEarned', 'CouponRedeemed', 'CouponRestored'],
  id: (event) => streams.walletOwner(event.stream),
  evolve(doc, event) {
    const at = event.metadata.at;
    const wallet = doc ?? { userId: streams.walletOwner(event.stream), balance: 0, history: [], coupons: [] };
    const points = (amount: number, reason: string, orderId: string | null) =>
      ({ ...wallet, balance: wallet.balance + amount, history: [{ at, amount, reason, orderId }, ...wallet.history] });
    const coupon = (couponId: string, usedOrderId: string | null) =>
      ({ ...wallet, coupons: wallet.coupons.map((c) => (c.couponId === couponId ? { ...c, used: usedOrderId !== null, usedOrderId } : c)) });
    switch (event.type) {
      case 'WelcomeBenefitsGranted':
        return {
          ...points(event.data.points, '신규가입 환영 포인트', null),
          coupons: [...wallet.coupons, { ...event.data.coupon, used: false, usedOrderId: null, issuedAt: at }],
        };
      case 'PointsSpent': return points(-event.data.amount, '주문 시 사용', event.data.orderId);
      case 'PointsRefunded': return points(event.data.amount, '주문 취소로 반환', event.data.orderId);
      case 'PointsEarned': return points(event.data.amount, event.data.source === 'buyback' ? '중고폰 판매 대금' : '구매 적립 (1%)', event.data.orderId);
      case 'CouponRedeemed': return coupon(event.data.couponId, event.data.orderId);
      case 'CouponRestored': return coupon(event.data.couponId, null);
    }
  },
});
