import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { actor, orderLine, orderPlaced, sellerOnboarded } from '../../testing/sampleEvents.ts';
import { STORES, STORE_ANSWERS, STORE_CHANGES, STORE_IMAGES, STORE_REVIEWS, storesReadModel } from './storesReadModel.ts';

const given = ProjectionSpecification.for(storesReadModel);
const seller = streams.seller('s-1');
const opened = { type: 'SellerStoreOpened', stream: seller, data: { sellerId: 's-1', storeId: 'store-s-1', name: '민준폰', description: '중고폰 전문', theme: 'default' } } as const;
const review = (reviewId: string, orderId: string, line: number, rating: number, at: string) => ({
  type: 'ReviewWritten', stream: streams.orderReviews(orderId), at, actor: actor('u-buyer'),
  data: { reviewId, orderId, itemId: `i-${line}`, line, productId: 'galaxy-s25', authorId: 'u-buyer', rating, content: '배송이 빠르고 상태가 좋아요.', photos: [] },
}) as const;

describe('stores read model', () => {
  it('opens a store from the application: its store name as 상호, its applicant as 대표자; then follows every save', async () => {
    await given([sellerOnboarded('s-1', '김민준', '민준폰')])
      .when([
        opened,
        { type: 'SellerStoreRenamed', stream: seller, actor: actor('s-1', 'seller'), data: { sellerId: 's-1', storeId: 'store-s-1', from: '민준폰', to: '민준폰 강남점' } },
        {
          type: 'StoreProfileChanged', stream: seller, actor: actor('s-1', 'seller'),
          data: { sellerId: 's-1', storeId: 'store-s-1', changes: { theme: 'blue', logoImageId: 'img-1' }, previous: { theme: 'default', logoImageId: null } },
        },
        {
          type: 'SellerBusinessInfoChanged', stream: seller, actor: actor('s-1', 'seller'),
          data: { sellerId: 's-1', changes: { mailOrderNumber: '제2024-서울강남-01234호' }, previous: { mailOrderNumber: null } },
        },
        { type: 'SellerStatusChanged', stream: seller, data: { sellerId: 's-1', from: 'approved', to: 'suspended', reason: null } },
      ])
      .then(
        expectDocuments.fromCollection(STORES).withId('s-1').toMatch({
          id: 'store-s-1', sellerId: 's-1', userId: 's-1', status: 'suspended', name: '민준폰 강남점', description: '중고폰 전문', theme: 'blue', logoImageId: 'img-1',
          business: { companyName: '민준폰', representative: '김민준', businessNumber: null, mailOrderNumber: '제2024-서울강남-01234호', address: null, phone: null, email: 's-1@example.kr' },
        }),
        // One request's events are one entry of the history (the spec harness gives every event one correlation id).
        expectDocuments.fromCollection(STORE_CHANGES).withId('s-1|spec').toBeEqual({
          sellerId: 's-1', at: '2026-11-20T10:03:00.000Z', by: '판매자',
          changes: [
            { field: 'name', label: '스토어 이름', from: '민준폰', to: '민준폰 강남점' },
            { field: 'logoImageId', label: '로고', from: null, to: '로고 등록' },
            { field: 'theme', label: '테마', from: '기본', to: '블루' },
            { field: 'mailOrderNumber', label: '통신판매업 신고번호', from: null, to: '제2024-서울강남-01234호' },
          ],
        }),
      );
  });

  it('keeps an uploaded picture by its id', async () => {
    await given([]).when({
      type: 'StoreImageUploaded', stream: streams.storeImage('img-1'),
      data: { imageId: 'img-1', sellerId: 's-1', kind: 'logo', contentType: 'image/webp', width: 400, height: 400, data: 'UklGRg==' },
    }).then(expectDocuments.fromCollection(STORE_IMAGES).withId('img-1').toMatch({ sellerId: 's-1', kind: 'logo', contentType: 'image/webp', data: 'UklGRg==' }));
  });

  it("credits a review to the store that sold the reviewed line (not the order's other sellers)", async () => {
    await given([
      sellerOnboarded('s-1', '김민준', '민준폰'), sellerOnboarded('s-2', '이서연', '서연폰'),
      orderPlaced('ord-1', 'u-buyer', [orderLine({ itemId: 'i-0', sellerId: 's-1' }), orderLine({ itemId: 'i-1', sellerId: 's-2' })]),
    ])
      .when([review('r-1', 'ord-1', 1, 4, '2026-11-22T10:00:00.000Z'), review('r-2', 'ord-unknown', 0, 5, '2026-11-22T11:00:00.000Z')])
      .then(
        expectDocuments.fromCollection(STORE_REVIEWS).withId('r-1').toBeEqual({ sellerId: 's-2', rating: 4, createdAt: '2026-11-22T10:00:00.000Z' }),
        expectDocuments.fromCollection(STORE_REVIEWS).withId('r-2').notToExist(),
      );
  });

  it("times a seller's answers to questions and reviews; an admin's answer is not the store's", async () => {
    await given([
      sellerOnboarded('s-1', '김민준', '민준폰'),
      orderPlaced('ord-1', 'u-buyer', [orderLine({ sellerId: 's-1' })]),
      review('r-1', 'ord-1', 0, 5, '2026-11-22T10:00:00.000Z'),
      {
        type: 'QuestionAsked', stream: streams.question('q-1'), at: '2026-11-22T09:00:00.000Z', actor: actor('u-buyer'),
        data: { questionId: 'q-1', productId: 'galaxy-s25', authorId: 'u-buyer', content: '자급제도 있나요?', secret: false },
      },
      {
        type: 'QuestionAsked', stream: streams.question('q-2'), at: '2026-11-22T09:00:00.000Z', actor: actor('u-buyer'),
        data: { questionId: 'q-2', productId: 'galaxy-s25', authorId: 'u-buyer', content: '색상은 몇 가지인가요?', secret: false },
      },
    ])
      .when([
        { type: 'QuestionAnswered', stream: streams.question('q-1'), at: '2026-11-22T09:30:00.000Z', data: { questionId: 'q-1', answererId: 's-1', answererRole: 'seller', content: '네, 있습니다.' } },
        { type: 'ReviewAnswered', stream: streams.orderReviews('ord-1'), at: '2026-11-22T12:00:00.000Z', data: { reviewId: 'r-1', answererId: 's-1', answererRole: 'seller', content: '감사합니다.' } },
        { type: 'QuestionAnswered', stream: streams.question('q-2'), at: '2026-11-22T09:10:00.000Z', data: { questionId: 'q-2', answererId: 'u-admin', answererRole: 'admin', content: '세 가지입니다.' } },
      ])
      .then(
        expectDocuments.fromCollection(STORE_ANSWERS).withId('q:q-1').toBeEqual({ sellerId: 's-1', minutes: 30, at: '2026-11-22T09:30:00.000Z' }),
        expectDocuments.fromCollection(STORE_ANSWERS).withId('r:r-1').toBeEqual({ sellerId: 's-1', minutes: 120, at: '2026-11-22T12:00:00.000Z' }),
        expectDocuments.fromCollection(STORE_ANSWERS).withId('q:q-2').notToExist(),
      );
  });
});
