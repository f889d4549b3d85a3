import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECRET_QUESTION_TEXT, modelListSchema, modelOffersSchema, notificationsSchema, orderSchema, questionsSchema, reviewsSchema,
} from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const buyer = (lastName = '김') => registeredBuyer(server, 'reviewer', { lastName });
const signedIn = (role: 'user' | 'seller' | 'admin') => demoSignedIn(server, role);
const pos = minPosition;
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...PAID_TODAY };

/** An order of one offer of `modelId`, moved on by the admin up to `until`. */
async function orderOf(c: TestClient, until: 'paid' | 'shipped' | 'delivered', modelId?: string) {
  const products = ((await server.client().get('/api/products?limit=50&sort=priceAsc')).body as { products: { id: string; modelId: string }[] }).products;
  const offer = products.find((p) => !modelId || p.modelId === modelId)!;
  expect((await c.post('/api/cart/items', { productId: offer.id })).status).toBe(201);
  const placed = await c.post('/api/orders', address);
  expect(placed.status).toBe(201);
  const id = (placed.body as { id: string }).id;
  const admin = await signedIn('admin');
  let last = placed;
  if (until !== 'paid') {
    last = await moveOrder(admin, id, until);
    expect(last.status, until).toBe(200);
  }
  return { id, modelId: offer.modelId, position: pos(last) };
}
const review = { rating: 4, content: '배송도 빠르고 폰 상태가 아주 좋아요.' };

describe('reviews', () => {
  it('guests get 401 on the commands; reads are public; unknown products 404', async () => {
    const guest = server.client();
    expect((await guest.post('/api/products/galaxy-s26-ultra/reviews', { orderId: 'x', ...review })).status).toBe(401);
    expect((await guest.post('/api/products/galaxy-s26-ultra/questions', { content: '재고 있나요?' })).status).toBe(401);
    expect((await guest.post('/api/questions/x/answer', { content: '네' })).status).toBe(401);
    expect((await guest.get('/api/products/galaxy-s26-ultra/reviews')).status).toBe(200);
    expect((await guest.get('/api/products/galaxy-s26-ultra/questions')).status).toBe(200);
    expect((await guest.get('/api/products/no-such-phone/reviews')).status).toBe(404);
    expect((await guest.get('/api/products/no-such-phone/questions')).status).toBe(404);
    expect((await guest.get('/api/products/galaxy-s26-ultra/reviews?sort=best')).status).toBe(400);
    const user = await buyer();
    expect((await user.post('/api/products/no-such-phone/reviews', { orderId: 'x', ...review })).status).toBe(404);
    expect((await user.post('/api/questions/x/answer', { content: '네' })).status).toBe(403);
  });

  it('only the buyer of a delivered order line, once per line, with Korean field errors; lists get the real rating', async () => {
    const c = await buyer('홍');
    const shipped = await orderOf(c, 'shipped');
    const model = shipped.modelId;
    const path = `/api/products/${model}/reviews`;
    expect((await c.post(path, { orderId: shipped.id, rating: 9, content: '짧음', photos: ['javascript:alert(1)', ...Array(5).fill('https://x.kr/a.jpg')] })).body).toMatchObject({
      errors: { rating: '별점은 1~5점 중에서 선택해주세요.', content: '리뷰는 10자 이상 입력해주세요.', photos: '사진은 최대 5장까지 올릴 수 있습니다.' },
    });
    const notDelivered = await c.post(path, { orderId: shipped.id, ...review });
    expect(notDelivered.status).toBe(403);
    expect(notDelivered.body).toMatchObject({ message: '배송이 완료된 주문만 리뷰를 작성할 수 있습니다.' });

    const delivered = await orderOf(c, 'delivered', model);
    const other = await buyer();
    expect((await other.post(path, { orderId: delivered.id, ...review })).status, "someone else's order").toBe(404);
    expect((await c.post('/api/products/iphone-17/reviews', { orderId: delivered.id, ...review })).status, 'a product not in the order').toBe(403);
    const body = { orderId: delivered.id, ...review, photos: ['https://img.example.kr/1.jpg'] };
    const written = await c.post(path, body, { 'idempotency-key': `review-${delivered.id}` });
    expect(written.status).toBe(201);
    const retried = await c.post(path, body, { 'idempotency-key': `review-${delivered.id}` });
    expect(retried.status, 'a retried request').toBe(201);
    expect(retried.body).toMatchObject({ id: (written.body as { id: string }).id });
    const again = await c.post(path, { orderId: delivered.id, ...review, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이미 리뷰를 작성한 주문 상품입니다.' });

    const list = reviewsSchema.parse((await server.client().get(path, pos(written))).body);
    expect(list).toMatchObject({ total: 1, average: 4, distribution: [0, 0, 0, 1, 0] });
    expect(list.reviews[0]).toMatchObject({ author: '홍*수', rating: 4, content: review.content, photos: ['https://img.example.kr/1.jpg'], mine: false });
    expect(list.reviews[0]!.option).toMatch(/GB/);
    expect(reviewsSchema.parse((await c.get(path, pos(written))).body).reviews[0]!.mine).toBe(true);
    // the order line is reviewed; the model's rating in lists is the reviews'
    const order = orderSchema.parse((await c.get(`/api/orders/${delivered.id}`, pos(written))).body);
    expect(order.items[0]!.reviewed).toBe(true);
    expect(order.reviewable).toBe(false);
    const models = modelListSchema.parse((await server.client().get('/api/models?limit=100', pos(written))).body).models;
    expect(models.find((m) => m.id === model)).toMatchObject({ rating: 4, reviewCount: 1 });

    // a second buyer's 2-star review: sorts and the distribution
    const d = await buyer('이');
    const second = await orderOf(d, 'delivered', model);
    const w2 = await d.post(path, { orderId: second.id, rating: 2, content: '생각보다 배터리가 빨리 닳아요.' });
    expect(w2.status).toBe(201);
    const low = reviewsSchema.parse((await server.client().get(`${path}?sort=low`, pos(w2))).body);
    expect(low.reviews.map((r) => r.rating)).toEqual([2, 4]);
    expect(low).toMatchObject({ average: 3, distribution: [0, 1, 0, 1, 0] });
    expect(reviewsSchema.parse((await server.client().get(`${path}?sort=high`)).body).reviews.map((r) => r.rating)).toEqual([4, 2]);
  });
  it('구매확정 keeps the review open (issue 36): a buyer who confirmed the order reviews each line once', async () => {
    const c = await buyer('정');
    const delivered = await orderOf(c, 'delivered');
    const confirmed = await c.post(`/api/orders/${delivered.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(orderSchema.parse((await c.get(`/api/orders/${delivered.id}`, pos(confirmed))).body)).toMatchObject({ status: 'confirmed', reviewable: true });
    const path = `/api/products/${delivered.modelId}/reviews`;
    expect((await (await buyer()).post(path, { orderId: delivered.id, ...review })).status, "someone else's confirmed order").toBe(404);
    const written = await c.post(path, { orderId: delivered.id, ...review });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const again = await c.post(path, { orderId: delivered.id, ...review });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이미 리뷰를 작성한 주문 상품입니다.' });
    expect(orderSchema.parse((await c.get(`/api/orders/${delivered.id}`, pos(written))).body)).toMatchObject({ status: 'confirmed', reviewable: false });
    expect(reviewsSchema.parse((await server.client().get(path, pos(written))).body).reviews.some((r) => r.content === review.content && r.author === '정*수')).toBe(true);
  });
});

describe('questions', () => {
  it('secret questions are readable by the asker and admins only; sellers without an offer cannot answer; the asker is notified', async () => {
    const asker = await buyer('박');
    const path = '/api/products/galaxy-s26-ultra/questions';
    expect((await asker.post(path, { content: '짧' })).body).toMatchObject({ errors: { content: '문의는 5자 이상 입력해주세요.' } });
    const asked = await asker.post(path, { content: '자급제 모델도 있나요? 궁금합니다.', secret: true });
    expect(asked.status).toBe(201);
    const qid = (asked.body as { id: string }).id;
    const open = await asker.post(path, { content: '색상별 재고가 궁금합니다.' });

    const stranger = await buyer();
    const seen = questionsSchema.parse((await stranger.get(path, pos(open))).body);
    const secret = seen.questions.find((q) => q.id === qid)!;
    expect(secret).toMatchObject({ content: SECRET_QUESTION_TEXT, readable: false, secret: true, answer: null });
    expect(seen.questions.find((q) => q.id === (open.body as { id: string }).id)).toMatchObject({ content: '색상별 재고가 궁금합니다.', readable: true });
    expect(questionsSchema.parse((await server.client().get(path)).body).questions.find((q) => q.id === qid)!.content).toBe(SECRET_QUESTION_TEXT);
    expect(questionsSchema.parse((await asker.get(path)).body).questions.find((q) => q.id === qid)).toMatchObject({ content: '자급제 모델도 있나요? 궁금합니다.', mine: true, author: '박*수' });

    // the demo seller has no offer of this model: not its seller
    const seller = await signedIn('seller');
    expect((await seller.post(`/api/questions/${qid}/answer`, { content: '네, 있습니다.' })).status).toBe(403);
    expect(questionsSchema.parse((await seller.get(path)).body)).toMatchObject({ canAnswer: false });
    const admin = await signedIn('admin');
    expect(questionsSchema.parse((await admin.get(path)).body).questions.find((q) => q.id === qid)!.readable).toBe(true);
    expect((await admin.post('/api/questions/no-such/answer', { content: '네' })).status).toBe(404);
    expect((await admin.post(`/api/questions/${qid}/answer`, { content: '' })).body).toMatchObject({ errors: { content: '답변 내용을 입력해주세요.' } });
    const answered = await admin.post(`/api/questions/${qid}/answer`, { content: '네, 자급제도 판매합니다.' });
    expect(answered.status).toBe(200);
    expect((await admin.post(`/api/questions/${qid}/answer`, { content: '다시' })).status).toBe(409);

    expect(questionsSchema.parse((await asker.get(path, pos(answered))).body).questions.find((q) => q.id === qid)!.answer)
      .toMatchObject({ content: '네, 자급제도 판매합니다.', by: '폰마켓 관리자' });
    expect(questionsSchema.parse((await stranger.get(path, pos(answered))).body).questions.find((q) => q.id === qid)).toMatchObject({ answer: null, answered: true });
    const notes = notificationsSchema.parse((await asker.get('/api/notifications', pos(answered))).body).notifications;
    expect(notes.find((x) => x.type === 'review')).toMatchObject({ title: '상품 문의에 답변이 등록되었습니다', link: '/product/galaxy-s26-ultra?tab=qna' });
    expect(notificationsSchema.parse((await stranger.get('/api/notifications', pos(answered))).body).notifications.some((x) => x.type === 'review')).toBe(false);
  });

  it('a public question is on the page for anyone: a phone, account number or e-mail in it is shown masked, as stored; a 비밀글 keeps it for its readers', async () => {
    const asker = await buyer('최');
    const path = '/api/products/galaxy-s26-ultra/questions';
    const open = await asker.post(path, { content: '재고 있으면 010-2345-6789 또는 choi@example.com 으로 연락주세요. 입금은 1002-123-456789로 할게요' });
    expect(open.status).toBe(201);
    const secret = await asker.post(path, { content: '재고 있으면 010-2345-6789로 연락주세요', secret: true });
    const seen = questionsSchema.parse((await server.client().get(path, pos(secret))).body).questions;
    const shown = seen.find((q) => q.id === (open.body as { id: string }).id)!.content;
    expect(shown).toBe('재고 있으면 010-****-**** 또는 c***@example.com 으로 연락주세요. 입금은 ****-***-**6789로 할게요');
    expect(questionsSchema.parse((await asker.get(path)).body).questions.find((q) => q.id === (secret.body as { id: string }).id)!.content)
      .toBe('재고 있으면 010-2345-6789로 연락주세요');
  });

  it('a 비밀글 is not readable by every seller who lists the phone: only by the sellers who sold that phone to its asker', async () => {
    // The demo seller lists a phone (any seller may): that alone shows no one's secret question.
    const models = modelListSchema.parse((await server.client().get('/api/models?limit=50')).body).models;
    const model = models.find((m) => m.id !== 'galaxy-s26-ultra' && m.sellerCount > 0)!.id;
    const market = modelOffersSchema.parse((await server.client().get(`/api/models/${model}/offers`)).body).offers;
    const seller = await signedIn('seller');
    const listed = await seller.post('/api/offers', { sameTermsAs: market[0]!.offerId, extraSubsidy: 10_000, stock: 10 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const own = (listed.body as { id: string }).id;

    const path = `/api/products/${model}/questions`;
    const asker = await buyer('윤');
    const asked = await asker.post(path, { content: '사전예약 사은품도 같이 오나요?', secret: true });
    expect(asked.status).toBe(201);
    const qid = (asked.body as { id: string }).id;
    const seen = async (c: TestClient, after: { 'x-min-position': string }) => {
      const read = questionsSchema.parse((await c.get(path, after)).body);
      return { canAnswer: read.canAnswer, ...read.questions.find((q) => q.id === qid)! };
    };
    expect(await seen(seller, pos(asked))).toMatchObject({ canAnswer: true, readable: false, content: SECRET_QUESTION_TEXT });

    // Another buyer's order of the seller's offer does not open this asker's question.
    const other = await buyer();
    expect((await other.post('/api/cart/items', { productId: own })).status).toBe(201);
    const otherOrder = await other.post('/api/orders', address);
    expect(otherOrder.status).toBe(201);
    expect(await seen(seller, pos(otherOrder))).toMatchObject({ readable: false, content: SECRET_QUESTION_TEXT });

    // The asker buys that phone from this seller: the seller reads the question (and the other sellers of the phone still do not).
    expect((await asker.post('/api/cart/items', { productId: own })).status).toBe(201);
    const bought = await asker.post('/api/orders', address);
    expect(bought.status).toBe(201);
    expect(await seen(seller, pos(bought))).toMatchObject({ readable: true, content: '사전예약 사은품도 같이 오나요?' });
    expect(await seen(await buyer(), pos(bought))).toMatchObject({ readable: false, content: SECRET_QUESTION_TEXT });
    expect(await seen(asker, pos(bought))).toMatchObject({ readable: true, mine: true });
    expect(await seen(await signedIn('admin'), pos(bought))).toMatchObject({ readable: true });
  });
});
