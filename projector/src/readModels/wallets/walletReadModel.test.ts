import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { WALLETS, walletReadModel } from './walletReadModel.ts';

const given = ProjectionSpecification.for(walletReadModel);
const wallet = streams.wallet('u-1');

describe('wallet read model', () => {
  it('folds points (newest first) and coupons from the wallet stream', async () => {
    await given([{ type: 'WelcomeBenefitsGranted', stream: wallet, data: { points: 3000, coupon: { couponId: 'cp-1', name: '환영 쿠폰', discount: 10_000, minOrder: 100_000 } } }])
      .when([
        { type: 'PointsSpent', stream: wallet, data: { orderId: 'ord-1', amount: 1000 } },
        { type: 'CouponRedeemed', stream: wallet, data: { orderId: 'ord-1', couponId: 'cp-1' } },
      ])
      .then(expectDocuments.fromCollection(WALLETS).withId('u-1').toBeEqual({
        userId: 'u-1', balance: 2000,
        history: [
          { at: '2026-11-20T10:02:00.000Z', amount: -1000, reason: '주문 시 사용', orderId: 'ord-1' },
          { at: '2026-11-20T10:01:00.000Z', amount: 3000, reason: '신규가입 환영 포인트', orderId: null },
        ],
        coupons: [{ couponId: 'cp-1', name: '환영 쿠폰', discount: 10_000, minOrder: 100_000, used: true, usedOrderId: 'ord-1', issuedAt: '2026-11-20T10:01:00.000Z' }],
      }));
  });
});
