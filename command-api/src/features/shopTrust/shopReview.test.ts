import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import {
  BUYBACK_NOT_PAID, NOT_THE_DEALS_SHOP, NOT_THE_REVIEWED_SHOP, ORDER_NOT_CONFIRMED, OWN_SHOP, SHOP_ALREADY_REVIEWED, SHOP_REVIEW_ALREADY_ANSWERED,
  SHOP_REVIEW_DEAL_NOT_FOUND, SHOP_REVIEW_HIDDEN, SHOP_REVIEW_NOT_FOUND, shopReviewsDecider, type ReviewedDeal, type ShopReviewCommand,
} from './shopReview.ts';

const spec = DeciderSpecification.for(shopReviewsDecider);
const stars = { kindness: 5, speed: 4, conditions: 2 };
const deal = (over: Partial<ReviewedDeal> = {}): ReviewedDeal => ({ kind: 'order', orderId: 'o1', reviewerId: 'buyer', shopIds: ['shop-a', 'shop-b'], settled: true, ...over });
type Write = Extract<ShopReviewCommand, { type: 'WriteShopReview' }>;
const write = (over: Partial<Write> = {}): Write => ({ type: 'WriteShopReview', deal: deal(), sellerId: 'shop-a', authorId: 'buyer', stars, content: '친절하고 빨랐어요', ...over });
const written = (sellerId = 'shop-a', kind: 'order' | 'buyback' = 'order'): DomainEvent => ({
  type: 'ShopReviewWritten',
  data: { reviewId: `${kind}~o1~${sellerId}`, kind, orderId: 'o1', sellerId, authorId: 'buyer', stars, content: '친절하고 빨랐어요' },
});
const answered: DomainEvent = { type: 'ShopReviewAnswered', data: { reviewId: 'order~o1~shop-a', sellerId: 'shop-a', content: '감사합니다' } };
const hidden: DomainEvent = { type: 'ShopReviewHidden', data: { reviewId: 'order~o1~shop-a', sellerId: 'shop-a', authorId: 'buyer', stars, reason: '욕설' } };

describe('shop review: who may write (given/when/then)', () => {
  it('given a confirmed order, when its buyer reviews one of its shops, then ShopReviewWritten with the three stars', () => {
    spec([]).when(write()).then([written()]);
  });
  it('once per shop and order; the other shop of the same order is still open', () => {
    spec([written()]).when(write()).thenThrows(SHOP_ALREADY_REVIEWED);
    spec([written()]).when(write({ sellerId: 'shop-b' })).then([written('shop-b')]);
  });
  it('an order not confirmed (구매확정) yet, or a buyback not paid, is refused', () => {
    spec([]).when(write({ deal: deal({ settled: false }) })).thenThrows(ORDER_NOT_CONFIRMED);
    spec([]).when(write({ deal: deal({ kind: 'buyback', settled: false }) })).thenThrows(BUYBACK_NOT_PAID);
  });
  it('a paid buyback: its seller reviews the buying shop', () => {
    spec([]).when(write({ deal: deal({ kind: 'buyback', shopIds: ['shop-a'] }) })).then([written('shop-a', 'buyback')]);
  });
  it("someone else's deal or no deal is as if there were none; a shop not of the deal and the reviewer's own shop are refused", () => {
    spec([]).when(write({ authorId: 'other' })).thenThrows(SHOP_REVIEW_DEAL_NOT_FOUND);
    spec([]).when(write({ deal: null })).thenThrows(SHOP_REVIEW_DEAL_NOT_FOUND);
    spec([]).when(write({ sellerId: 'shop-z' })).thenThrows(NOT_THE_DEALS_SHOP);
    spec([]).when(write({ deal: deal({ reviewerId: 'shop-a' }), authorId: 'shop-a' })).thenThrows(OWN_SHOP);
  });
});

describe('shop review: answer and hide (given/when/then)', () => {
  const answer = (over: Partial<Extract<ShopReviewCommand, { type: 'AnswerShopReview' }>> = {}): ShopReviewCommand => ({
    type: 'AnswerShopReview', reviewId: 'order~o1~shop-a', sellerId: 'shop-a', content: '감사합니다', ...over,
  });
  const hide: ShopReviewCommand = { type: 'HideShopReview', reviewId: 'order~o1~shop-a', reason: '욕설' };
  it('the reviewed shop answers once', () => {
    spec([written()]).when(answer()).then([answered]);
    spec([written(), answered]).when(answer()).thenThrows(SHOP_REVIEW_ALREADY_ANSWERED);
  });
  it('another shop cannot answer; no review, no answer; a hidden review takes no answer', () => {
    spec([written()]).when(answer({ sellerId: 'shop-b' })).thenThrows(NOT_THE_REVIEWED_SHOP);
    spec([]).when(answer()).thenThrows(SHOP_REVIEW_NOT_FOUND);
    spec([written(), hidden]).when(answer()).thenThrows(SHOP_REVIEW_HIDDEN);
  });
  it('an admin hides with a reason; the event carries the stars the shop loses and whom to tell; a second hide changes nothing', () => {
    spec([written()]).when(hide).then([hidden]);
    spec([written(), hidden]).when(hide).thenNothing();
    spec([]).when(hide).thenThrows(SHOP_REVIEW_NOT_FOUND);
  });
  it('the state knows each review, its shop, stars and whether it is answered or hidden', () => {
    spec([written(), answered, hidden]).when(write({ sellerId: 'shop-b' })).thenState((s) => expect(s.reviews.get('order~o1~shop-a')).toEqual({
      sellerId: 'shop-a', authorId: 'buyer', stars, answered: true, hidden: true,
    }));
  });
});
