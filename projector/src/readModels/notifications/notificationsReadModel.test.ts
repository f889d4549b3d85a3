import { describe, expect, it } from 'vitest';
import { notificationId, streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import {
  actor, offerListed, offerPriceChanged, orderLine, orderPlaced, phoneModelDefined, planDefined, sellerApplicationSubmitted,
} from '../../testing/sampleEvents.ts';
import { NOTIFICATIONS, notificationsReadModel } from './notificationsReadModel.ts';

const given = ProjectionSpecification.for(notificationsReadModel);
const notifications = expectDocuments.fromCollection(NOTIFICATIONS);

describe('notifications read model', () => {
  it('tells the buyer of a payment with the order as it was placed (its first line and how many more)', async () => {
    const order = orderPlaced('ord-1', 'u-buyer', [orderLine(), orderLine({ itemId: 'i-2', name: '아이폰 17' })]);
    const id = notificationId(streams.order('ord-1'), 'spec-2', 'u-buyer');
    const notification = {
      id, type: 'order', title: '주문이 완료되었습니다', message: '갤럭시 S25 외 1건 1,400,000원 결제가 완료되었습니다 (카드).',
      link: '/orders/ord-1', date: '2026-11-20T10:02:00.000Z', read: false,
    };
    await given([order])
      .when({ type: 'PaymentCaptured', stream: streams.order('ord-1'), data: { orderId: 'ord-1', method: 'card', amount: 1_400_000, approvalNumber: 'A-1' } })
      .then(
        notifications.withId(id).toBeEqual({ ...notification, userId: 'u-buyer', cause: 'spec-2' }),
        expectPushes([
          { topic: 'notificationNew', room: 'user:u-buyer', payload: { notification, unread: 1 } },
          // The seller of its lines is told at once (issue 30), on their 배송 관리.
          {
            topic: 'notificationNew', room: 'user:s-1', payload: {
              notification: {
                id: notificationId(streams.order('ord-1'), 'spec-2', 's-1'), type: 'order', title: '새 주문이 들어왔습니다',
                message: '갤럭시 S25 외 1건 주문이 결제되었습니다. 배송 관리에서 확인해주세요.', link: '/shipping', date: '2026-11-20T10:02:00.000Z', read: false,
              },
              unread: 1,
            },
          },
        ]),
      );
  });

  it('the automatic 구매확정 invites the review of the first line not reviewed yet, linking to its form (issue 36); the buyer\'s own 구매확정 tells nothing', async () => {
    const order = orderPlaced('ord-1', 'u-buyer', [orderLine(), orderLine({ itemId: 'i-2', modelId: 'iphone-17', name: '아이폰 17' })]);
    const confirmed = (automatic: boolean) => ({ type: 'OrderConfirmed' as const, stream: streams.order('ord-1'), data: { orderId: 'ord-1', automatic } });
    const reviewed = (itemId: string, productId: string) => ({
      type: 'ReviewWritten' as const, stream: streams.orderReviews('ord-1'),
      data: { reviewId: `ord-1-${itemId}`, orderId: 'ord-1', itemId, line: 0, productId, authorId: 'u-buyer', rating: 5, content: '아주 좋아요 만족합니다', photos: [] },
    });
    const mine = notifications.matching({ userId: 'u-buyer', title: '구매가 확정되었습니다' });
    await given([order]).when(confirmed(true)).then(mine.toBeTheSame([expect.objectContaining({
      message: '배송완료 후 7일이 지나 갤럭시 S25 외 1건 구매가 자동으로 확정되었습니다. 리뷰를 남겨주세요.', link: '/product/galaxy-s25?review=ord-1',
    })]));
    await given([order, reviewed('i-1', 'galaxy-s25')]).when(confirmed(true))
      .then(mine.toBeTheSame([expect.objectContaining({ link: '/product/iphone-17?review=ord-1' })]));
    await given([order, reviewed('i-1', 'galaxy-s25'), reviewed('i-2', 'iphone-17')]).when(confirmed(true)).then(mine.toBeTheSame([expect.objectContaining({
      message: '배송완료 후 7일이 지나 갤럭시 S25 외 1건 구매가 자동으로 확정되었습니다.', link: '/orders/ord-1',
    })]));
    await given([order]).when(confirmed(false)).then(mine.toBeTheSame([]));
  });

  it('s62: tells the buyer (only) of a corrected 송장: old → new and the reason, linking to the order', async () => {
    const corrected = {
      type: 'ShipmentTrackingCorrected' as const, stream: streams.order('ord-1'),
      data: { orderId: 'ord-1', courier: '롯데택배', trackingNumber: '223456789012', previousCourier: 'CJ대한통운', previousTrackingNumber: '123456789012', reason: '송장번호 오타' },
    };
    await given([orderPlaced('ord-1', 'u-buyer')]).when(corrected).then(notifications.matching({ title: '송장번호가 정정되었습니다' }).toBeTheSame([expect.objectContaining({
      userId: 'u-buyer', type: 'order', link: '/orders/ord-1',
      message: '갤럭시 S25 송장이 CJ대한통운 123456789012 → 롯데택배 223456789012(으)로 정정되었습니다 (사유: 송장번호 오타).',
    })]));
  });

  it('tells each seller of a cancel of their lines (issue 30)', async () => {
    const cancelled = { type: 'OrderCancelled' as const, stream: streams.order('ord-1'), data: { orderId: 'ord-1', reason: '' } };
    await given([orderPlaced('ord-1', 'u-buyer', [orderLine(), orderLine({ itemId: 'i-2', sellerId: 's-2' })])]).when(cancelled)
      .then(notifications.matching({ type: 'order', link: '/shipping' }).toBeTheSame([
        expect.objectContaining({ userId: 's-1', title: '주문이 취소되었습니다', message: '갤럭시 S25 외 1건 주문을 구매자가 취소했습니다.' }),
        expect.objectContaining({ userId: 's-2', title: '주문이 취소되었습니다' }),
      ]));
  });

  it('tells both sides of each 반품 step and of the buyer\'s 수령 확인; the refund says the 왕복 배송비 taken (issue 39)', async () => {
    const order = streams.order('ord-1');
    const requested = { type: 'OrderReturnRequested' as const, stream: order, data: { orderId: 'ord-1', returnId: 'r1', kind: 'return' as const, reason: '마음이 바뀌었어요', defective: false, photos: [] } };
    const before = [orderPlaced('ord-1', 'u-buyer'), requested];
    const sides = (buyer: string, seller: string) => [
      notifications.matching({ userId: 'u-buyer', title: buyer, link: '/orders/ord-1' }).toHaveCount(1),
      notifications.matching({ userId: 's-1', title: seller, link: '/shipping' }).toHaveCount(1),
    ] as const;
    await given([orderPlaced('ord-1', 'u-buyer')]).when(requested).then(...sides('반품 신청이 접수되었습니다', '반품 신청이 들어왔습니다'));
    await given(before).when({ type: 'OrderReturnApproved', stream: order, data: { orderId: 'ord-1', returnId: 'r1', note: null } })
      .then(...sides('반품 신청이 승인되었습니다', '반품 신청을 승인했습니다'));
    await given(before)
      .when({ type: 'OrderReturnCollectionRegistered', stream: order, data: { orderId: 'ord-1', returnId: 'r1', method: 'courier', courier: '한진택배', trackingNumber: '987654321098' } })
      .then(notifications.matching({ userId: 'u-buyer', title: '반품 회수가 등록되었습니다' }).toBeTheSame([expect.objectContaining({
        message: '갤럭시 S25 반품이 택배(한진택배, 송장번호 987654321098)로 회수됩니다. 도착하면 검수 후 환불됩니다.',
      })]));
    await given(before).when({ type: 'OrderReturnInspected', stream: order, data: { orderId: 'ord-1', returnId: 'r1', note: null } })
      .then(...sides('반품 검수가 완료되었습니다', '반품 검수를 완료했습니다'));
    await given(before).when({ type: 'PaymentRefunded', stream: order, data: { orderId: 'ord-1', amount: 694_000, method: 'card', shippingFee: 6000, returnId: 'r1' } })
      .then(notifications.matching({ userId: 'u-buyer', title: '환불되었습니다' }).toBeTheSame([expect.objectContaining({
        message: '갤럭시 S25 694,000원이 카드로 환불되었습니다 (왕복 배송비 6,000원 차감).',
      })]));
    await given([orderPlaced('ord-1', 'u-buyer')]).when({ type: 'OrderDelivered', stream: order, data: { orderId: 'ord-1', receivedBy: 'buyer' } })
      .then(...sides('수령 확인이 완료되었습니다', '구매자가 수령을 확인했습니다'));
    await given([orderPlaced('ord-1', 'u-buyer')]).when({ type: 'OrderDelivered', stream: order, data: { orderId: 'ord-1', atStore: true } })
      .then(notifications.matching({ userId: 'u-buyer' }).toBeTheSame([expect.objectContaining({ title: '매장 수령이 완료되었습니다' })]));
  });

  it('says a cancel gave back points and coupons only when the order used some', async () => {
    const cancelled = { type: 'OrderCancelled' as const, stream: streams.order('ord-1'), data: { orderId: 'ord-1', reason: '' } };
    await given([orderPlaced('ord-1', 'u-buyer', undefined, { couponId: 'cp-1' })]).when(cancelled)
      .then(notifications.matching({ userId: 'u-buyer' }).toBeTheSame([expect.objectContaining({ message: '갤럭시 S25 주문이 취소되었습니다. 사용한 포인트와 쿠폰은 돌려드렸습니다.' })]));
    await given([orderPlaced('ord-1', 'u-buyer')]).when(cancelled)
      .then(notifications.matching({ userId: 'u-buyer' }).toBeTheSame([expect.objectContaining({ message: '갤럭시 S25 주문이 취소되었습니다.' })]));
  });

  it('판매자 취소 (s59): the buyer reads who cancelled and why, and that it is refunded; the sellers that it was the seller', async () => {
    const cancelled = { type: 'OrderCancelled' as const, stream: streams.order('ord-1'), data: { orderId: 'ord-1', reason: '재고 부족', by: 'seller' as const } };
    await given([orderPlaced('ord-1', 'u-buyer', undefined, { couponId: 'cp-1' })]).when(cancelled)
      .then(notifications.matching({ userId: 'u-buyer' }).toBeTheSame([expect.objectContaining({
        type: 'order', link: '/orders/ord-1', title: '판매자 취소로 주문이 취소되었습니다',
        message: '판매자가 갤럭시 S25 주문을 취소했습니다 (사유: 재고 부족). 결제 금액은 전액 환불됩니다. 사용한 포인트와 쿠폰은 돌려드렸습니다.',
      })]));
    await given([orderPlaced('ord-1', 'u-buyer')]).when(cancelled)
      .then(notifications.matching({ userId: 's-1' }).toBeTheSame([expect.objectContaining({ message: '갤럭시 S25 주문을 판매자가 취소했습니다. (사유: 재고 부족)' })]));
  });

  it('관리자 취소\'s refund (s59): the buyer reads 환불이 완료되었습니다 with the amount; the sellers, told of the cancel, nothing more', async () => {
    const order = streams.order('ord-1');
    const cancelled = { type: 'OrderCancelled' as const, stream: order, data: { orderId: 'ord-1', reason: '개통 불가', by: 'admin' as const } };
    await given([orderPlaced('ord-1', 'u-buyer'), cancelled])
      .when({ type: 'PaymentRefunded', stream: order, data: { orderId: 'ord-1', amount: 700_000, method: 'card', shippingFee: 0, cancelled: true } })
      .then(notifications.matching({ title: '환불이 완료되었습니다' }).toBeTheSame([expect.objectContaining({
        userId: 'u-buyer', type: 'order', link: '/orders/ord-1', message: '취소된 갤럭시 S25 주문의 결제 금액 700,000원이 카드로 환불되었습니다.',
      })]));
    await given([orderPlaced('ord-1', 'u-buyer'), cancelled])
      .when({ type: 'PaymentRefunded', stream: order, data: { orderId: 'ord-1', amount: 700_000, method: 'card', shippingFee: 0, cancelled: true } })
      .then(notifications.matching({ userId: 's-1' }).toBeTheSame([expect.objectContaining({ title: '주문이 취소되었습니다' })]));
  });

  it("tells whoever keeps the model in their 찜 of a price drop, from the offer's headline 할부원금", async () => {
    const wish = (userId: string, type: 'WishlistItemAdded' | 'WishlistItemRemoved') => ({ type, stream: streams.wishlist(userId), data: { productId: 'galaxy-s25' } });
    const plans = [{ planId: 'skt-5g', subsidy: 500_000 }];
    await given([
      planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1', { plans }),
      wish('u-fan', 'WishlistItemAdded'), wish('u-gone', 'WishlistItemAdded'), wish('u-gone', 'WishlistItemRemoved'),
    ])
      .when([offerPriceChanged('o-1', 1_100_000), offerPriceChanged('o-1', 1_150_000)])
      .then(notifications.matching().toBeTheSame([expect.objectContaining({
        userId: 'u-fan', type: 'promotion', title: '찜한 상품의 가격이 내려갔습니다', message: '갤럭시 S25 1,200,000원 → 1,100,000원', link: '/product/galaxy-s25',
      })]));
  });

  it('tells the applicant of the decision with the notes the decision carries, and the asker of an answer', async () => {
    await given([sellerApplicationSubmitted('app-1', 'u-seller')])
      .when({ type: 'SellerApplicationApproved', stream: streams.sellerApplication('app-1'), data: { applicationId: 'app-1', reviewedBy: 'u-admin', reviewNotes: '서류 확인 완료', sellerId: 'u-seller' } })
      .then(notifications.matching({ userId: 'u-seller' }).toBeTheSame([expect.objectContaining({ title: '판매자 신청이 승인되었습니다', message: '검토 의견: 서류 확인 완료' })]));
    await given([{ type: 'QuestionAsked', stream: streams.question('q-1'), data: { questionId: 'q-1', productId: 'galaxy-s25', authorId: 'u-fan', content: '가'.repeat(45), secret: false } }])
      .when({ type: 'QuestionAnswered', stream: streams.question('q-1'), data: { questionId: 'q-1', answererId: 'u-admin', answererRole: 'admin', content: '네' } })
      .then(notifications.matching({ userId: 'u-fan' }).toBeTheSame([expect.objectContaining({ message: `${'가'.repeat(40)}…`, link: '/product/galaxy-s25?tab=qna' })]));
  });

  it('marks what the account read, by id or all up to a time, and tells its other tabs how many are left', async () => {
    const points = (amount: number) => ({ type: 'PointsEarned' as const, stream: streams.wallet('u-1'), data: { orderId: 'ord-1', amount } });
    const first = notificationId(streams.wallet('u-1'), 'spec-1', 'u-1');
    await given([points(10), points(20)])
      .when({ type: 'NotificationRead', stream: streams.notificationReads('u-1'), actor: actor('u-1'), data: { notificationId: first } })
      .then(
        notifications.withId(first).toMatch({ read: true }),
        notifications.matching({ read: false }).toHaveCount(1),
        expectPushes([{ topic: 'notificationRead', room: 'user:u-1', payload: { id: first, unread: 1 } }]),
      );
  });
});
