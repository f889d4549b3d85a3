import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { actor, orderLine, orderPlaced, sellerOnboarded, userRegistered } from '../../testing/sampleEvents.ts';
import { QUESTIONS, REVIEWS, reviewsReadModel } from './reviewsReadModels.ts';

const given = ProjectionSpecification.for(reviewsReadModel);

describe('reviews read model', () => {
  it("shows the reviewer's name, the line's options as bought and the answering seller's store as it was then", async () => {
    await given([
      userRegistered('u-buyer', '민준'), sellerOnboarded('u-seller', '김판매', '판매네 가게'),
      { type: 'SellerStoreOpened', stream: streams.seller('u-seller'), data: { sellerId: 'u-seller', storeId: 'st-1', name: '판매네 폰가게', description: null, theme: 'default' } },
      orderPlaced('ord-1', 'u-buyer', [orderLine(), orderLine({ itemId: 'i-2', color: '실버', storage: 1024, carrier: '' })]),
    ])
      .when([
        {
          type: 'ReviewWritten', stream: streams.orderReviews('ord-1'), actor: actor('u-buyer'),
          data: { reviewId: 'rv-1', orderId: 'ord-1', itemId: 'i-2', line: 1, productId: 'galaxy-s25', authorId: 'u-buyer', rating: 4, content: '좋아요', photos: [] },
        },
        { type: 'ReviewAnswered', stream: streams.orderReviews('ord-1'), data: { reviewId: 'rv-1', answererId: 'u-seller', answererRole: 'seller', content: '감사합니다' } },
      ])
      .then(expectDocuments.fromCollection(REVIEWS).withId('rv-1').toBeEqual({
        id: 'rv-1', productId: 'galaxy-s25', orderId: 'ord-1', authorId: 'u-buyer', authorName: '김민준', rating: 4, content: '좋아요', photos: [],
        option: '실버 · 1TB', createdAt: '2026-11-20T10:05:00.000Z',
        answer: { content: '감사합니다', answererId: 'u-seller', answererRole: 'seller', storeName: '판매네 폰가게', at: '2026-11-20T10:06:00.000Z' },
      }));
  });

  it("shows a question with its asker's name and its answer", async () => {
    const question = streams.question('q-1');
    await given([userRegistered('u-fan', '서연')])
      .when([
        { type: 'QuestionAsked', stream: question, data: { questionId: 'q-1', productId: 'galaxy-s25', authorId: 'u-fan', content: '자급제도 있나요?', secret: true } },
        { type: 'QuestionAnswered', stream: question, data: { questionId: 'q-1', answererId: 'u-admin', answererRole: 'admin', content: '있습니다' } },
      ])
      .then(expectDocuments.fromCollection(QUESTIONS).withId('q-1').toMatch({
        authorName: '김서연', secret: true, answer: { content: '있습니다', answererRole: 'admin' },
      }));
  });
});
