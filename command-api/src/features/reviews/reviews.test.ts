import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import {
  ALREADY_REVIEWED, NOT_BOUGHT, NOT_DELIVERED, REVIEW_ALREADY_ANSWERED, REVIEW_NOT_FOUND, REVIEW_ORDER_NOT_FOUND, reviewsDecider, type ReviewCommand, type ReviewedOrder,
} from './review.ts';
import { ALREADY_ANSWERED, QUESTION_NOT_FOUND, questionDecider } from './question.ts';

const reviews = DeciderSpecification.for(reviewsDecider);
const order = (over: Partial<ReviewedOrder> = {}): ReviewedOrder => ({
  orderId: 'o1', buyerId: 'buyer', status: 'delivered',
  items: [{ itemId: 'i1', modelId: 'galaxy-s26' }, { itemId: 'i2', modelId: 'iphone-17' }, { itemId: 'i3', modelId: 'galaxy-s26' }], ...over,
});
type WriteReview = Extract<ReviewCommand, { type: 'WriteReview' }>;
const write = (over: Partial<WriteReview> = {}): WriteReview => ({
  type: 'WriteReview', order: order(), productId: 'galaxy-s26', authorId: 'buyer', rating: 5, content: '아주 만족스러운 폰입니다', photos: [], ...over,
});
const written = (itemId: string, line: number): DomainEvent => ({
  type: 'ReviewWritten',
  data: { reviewId: `o1-${itemId}`, orderId: 'o1', itemId, line, productId: 'galaxy-s26', authorId: 'buyer', rating: 5, content: '아주 만족스러운 폰입니다', photos: [] },
});

describe('review eligibility (given/when/then)', () => {
  it('given a delivered order with the model, when WriteReview, then ReviewWritten for its first line', () => {
    reviews([]).when(write()).then([written('i1', 0)]);
  });
  it('once per order line: a second review goes to the next line of the same model, a third is refused', () => {
    reviews([written('i1', 0)]).when(write()).then([written('i3', 2)]);
    reviews([written('i1', 0), written('i3', 2)]).when(write()).thenThrows(ALREADY_REVIEWED);
  });
  it('given a confirmed (구매확정) order, when WriteReview, then ReviewWritten: the review stays open after the 7-day automatic confirmation', () => {
    reviews([]).when(write({ order: order({ status: 'confirmed' }) })).then([written('i1', 0)]);
  });
  it('once per line also across 배송완료 and 구매확정: a line reviewed while delivered is not reviewed again once confirmed', () => {
    reviews([written('i1', 0)]).when(write({ order: order({ status: 'confirmed' }) })).then([written('i3', 2)]);
    reviews([written('i1', 0), written('i3', 2)]).when(write({ order: order({ status: 'confirmed' }) })).thenThrows(ALREADY_REVIEWED);
  });
  it('only delivered or confirmed orders: before delivery, cancelled, failed and returned are refused', () => {
    for (const status of ['paid', 'preparing', 'activating', 'activated', 'shipped', 'cancelled', 'payment_failed', 'return_requested', 'returned', 'exchanging'] as const) {
      reviews([]).when(write({ order: order({ status }) })).thenThrows(NOT_DELIVERED);
    }
  });
  it("someone else's order is as if there were none", () => {
    reviews([]).when(write({ authorId: 'other' })).thenThrows(REVIEW_ORDER_NOT_FOUND);
    reviews([]).when(write({ order: null })).thenThrows(REVIEW_ORDER_NOT_FOUND);
  });
  it('a product the order does not hold is refused', () => {
    reviews([]).when(write({ productId: 'pixel-10' })).thenThrows(NOT_BOUGHT);
  });
  it('the state remembers reviewed lines', () => {
    reviews([written('i1', 0)]).when(write({ productId: 'iphone-17' })).thenState((s) => expect([...s.reviewedItemIds]).toEqual(['i1', 'i2']));
  });
});

describe('review answer (given/when/then)', () => {
  const answer = (over: Partial<Extract<ReviewCommand, { type: 'AnswerReview' }>> = {}): ReviewCommand => ({
    type: 'AnswerReview', reviewId: 'o1-i1', answererId: 'seller-1', answererRole: 'seller', content: '소중한 리뷰 감사합니다.', ...over,
  });
  const answered: DomainEvent = { type: 'ReviewAnswered', data: { reviewId: 'o1-i1', answererId: 'seller-1', answererRole: 'seller', content: '소중한 리뷰 감사합니다.' } };
  it('given a written review, when AnswerReview, then ReviewAnswered', () => {
    reviews([written('i1', 0)]).when(answer()).then([answered]);
    reviews([written('i1', 0)]).when(answer({ answererId: 'admin-1', answererRole: 'admin' }))
      .then([{ type: 'ReviewAnswered', data: { reviewId: 'o1-i1', answererId: 'admin-1', answererRole: 'admin', content: '소중한 리뷰 감사합니다.' } }]);
  });
  it('answered once: a second answer (by anyone) is refused', () => {
    reviews([written('i1', 0), answered]).when(answer()).thenThrows(REVIEW_ALREADY_ANSWERED);
    reviews([written('i1', 0), answered]).when(answer({ answererId: 'admin-1', answererRole: 'admin' })).thenThrows(REVIEW_ALREADY_ANSWERED);
  });
  it('only the answered review is answered: another review of the order stays open', () => {
    reviews([written('i1', 0), answered, written('i3', 2)]).when(answer({ reviewId: 'o1-i3' }))
      .then([{ type: 'ReviewAnswered', data: { reviewId: 'o1-i3', answererId: 'seller-1', answererRole: 'seller', content: '소중한 리뷰 감사합니다.' } }]);
  });
  it('no review, no answer', () => {
    reviews([]).when(answer()).thenThrows(REVIEW_NOT_FOUND);
    reviews([written('i1', 0)]).when(answer({ reviewId: 'o1-i2' })).thenThrows(REVIEW_NOT_FOUND);
  });
  it('the state knows each review, its product, author and whether it is answered', () => {
    reviews([written('i1', 0), answered]).when(write({ productId: 'iphone-17' }))
      .thenState((s) => expect(s.reviews.get('o1-i1')).toEqual({ productId: 'galaxy-s26', authorId: 'buyer', answered: true }));
  });
});

describe('product question (given/when/then)', () => {
  const q = DeciderSpecification.for(questionDecider);
  const ask = { type: 'AskQuestion', questionId: 'q1', productId: 'galaxy-s26', authorId: 'u1', content: '재고 있나요?', secret: true } as const;
  const asked: DomainEvent = { type: 'QuestionAsked', data: { questionId: 'q1', productId: 'galaxy-s26', authorId: 'u1', content: '재고 있나요?', secret: true } };
  const answer = { type: 'AnswerQuestion', questionId: 'q1', answererId: 's1', answererRole: 'seller', content: '네, 있습니다.' } as const;
  it('asked once; a retried ask changes nothing', () => {
    q([]).when(ask).then([asked]);
    q([asked]).when(ask).thenNothing();
  });
  it('answered once', () => {
    q([asked]).when(answer).then([{ type: 'QuestionAnswered', data: { questionId: 'q1', answererId: 's1', answererRole: 'seller', content: '네, 있습니다.' } }]);
    q([asked, { type: 'QuestionAnswered', data: { questionId: 'q1', answererId: 'a1', answererRole: 'admin', content: '답변' } }]).when(answer).thenThrows(ALREADY_ANSWERED);
  });
  it('no question, no answer', () => {
    q([]).when(answer).thenThrows(QUESTION_NOT_FOUND);
  });
  it('a public question and its answer are on the product page: contact numbers and e-mails in them are masked; a secret one keeps them', () => {
    const publicAsk = { ...ask, content: '010-2345-6789로 연락주세요. mail: kim@example.com', secret: false } as const;
    const publicAsked: DomainEvent = { type: 'QuestionAsked', data: { ...asked.data, content: '010-****-****로 연락주세요. mail: k***@example.com', secret: false } };
    q([]).when(publicAsk).then([publicAsked]);
    q([publicAsked]).when({ ...answer, content: '담당자 번호 01098765432 입니다' })
      .then([{ type: 'QuestionAnswered', data: { questionId: 'q1', answererId: 's1', answererRole: 'seller', content: '담당자 번호 010-****-**** 입니다' } }]);
    const secretAsk = { ...publicAsk, secret: true } as const;
    const secretAsked: DomainEvent = { type: 'QuestionAsked', data: { ...asked.data, content: secretAsk.content, secret: true } };
    q([]).when(secretAsk).then([secretAsked]);
    q([secretAsked]).when({ ...answer, content: '담당자 번호 01098765432 입니다' })
      .then([{ type: 'QuestionAnswered', data: { questionId: 'q1', answererId: 's1', answererRole: 'seller', content: '담당자 번호 01098765432 입니다' } }]);
  });
});
