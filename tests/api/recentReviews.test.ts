import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_REVIEWS_PAGE_SIZE, modelDetailSchema, recentReviewsSchema } from '@phonemarket/contracts';
import { demoSignedIn, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/** 기기 리뷰: `GET /api/reviews?page=`, the newest reviews of every phone with their model's name; public. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const address = { agreeToOrder: true, recipient: '정하늘', phone: '010-2345-6789', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card', ...PAID_TODAY };

describe('GET /api/reviews', () => {
  it('is empty before any review; lists a delivered order\'s review with its model; a bad page is a Korean 400', async () => {
    const guest = server.client();
    const empty = recentReviewsSchema.parse((await guest.get('/api/reviews')).body);
    expect(empty).toEqual({ reviews: [], total: 0, page: 1, pageSize: RECENT_REVIEWS_PAGE_SIZE });

    // A buyer's order, moved on to 배송완료 by the admin, then reviewed.
    const buyer = server.client();
    expect((await buyer.post('/api/auth/register', { email: `recent-${Date.now()}@example.kr`, password: 'correct-horse-77', firstName: '하늘', lastName: '정', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
    const offer = ((await guest.get('/api/products?limit=1&sort=priceAsc')).body as { products: { id: string; modelId: string }[] }).products[0]!;
    expect((await buyer.post('/api/cart/items', { productId: offer.id })).status).toBe(201);
    const placed = await buyer.post('/api/orders', address);
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    const admin = server.client();
    expect((await admin.post('/api/auth/demo', { role: 'admin' })).status).toBe(200);
    expect((await moveOrder(admin, orderId, 'delivered')).status).toBe(200);
    const written = await buyer.post(`/api/products/${offer.modelId}/reviews`, {
      orderId, rating: 5, content: '화면이 선명하고 배터리도 오래가요.', photos: ['https://img.example.kr/r1.jpg'],
    });
    expect(written.status).toBe(201);
    const afterWrite = { 'x-min-position': (written.body as { position: string }).position };

    const model = modelDetailSchema.parse((await guest.get(`/api/models/${offer.modelId}`)).body);
    const list = recentReviewsSchema.parse((await guest.get('/api/reviews?page=1', afterWrite)).body);
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: RECENT_REVIEWS_PAGE_SIZE });
    expect(list.reviews).toHaveLength(1);
    expect(list.reviews[0]).toMatchObject({
      productId: offer.modelId, modelName: model.name, author: '정*늘', rating: 5, content: '화면이 선명하고 배터리도 오래가요.',
      photos: ['https://img.example.kr/r1.jpg'], mine: false, answer: null,
    });
    expect(recentReviewsSchema.parse((await buyer.get('/api/reviews', afterWrite)).body).reviews[0]!.mine).toBe(true);
    // Any other account (another buyer, a seller, an admin) sees it as someone else's, and nobody
    // is sent who wrote it beyond the masked name: no account id, e-mail, full name or address.
    const me = (await buyer.get('/api/auth/me')).body as { user: { id: string; email: string } };
    const otherBuyer = await registeredBuyer(server, 'recent-other');
    for (const other of [otherBuyer, await demoSignedIn(server, 'seller'), admin]) {
      const seen = await other.get('/api/reviews', afterWrite);
      expect(recentReviewsSchema.parse(seen.body).reviews[0]!.mine).toBe(false);
      const raw = JSON.stringify(seen.body);
      for (const secret of [me.user.id, me.user.email, '정하늘', address.address]) expect(raw).not.toContain(secret);
    }
    // A review's id starts with its order's id (the answer route finds the order's stream by it):
    // that order stays the buyer's alone.
    expect(list.reviews[0]!.id.startsWith(orderId)).toBe(true);
    expect((await otherBuyer.get(`/api/orders/${orderId}`)).status).toBe(404);
    expect((await otherBuyer.get(`/api/orders/${orderId}/history`)).status).toBe(404);
    expect((await otherBuyer.post(`/api/orders/${orderId}/cancel`, {})).status).toBe(404);
    expect((await guest.get(`/api/orders/${orderId}`)).status).toBe(401);
    expect(recentReviewsSchema.parse((await guest.get('/api/reviews?page=2', afterWrite)).body)).toMatchObject({ reviews: [], total: 1, page: 2 });

    for (const page of ['0', 'abc', '1.5', '-1', '10001']) {
      const bad = await guest.get(`/api/reviews?page=${page}`);
      expect(bad.status, page).toBe(400);
      expect(bad.body, page).toMatchObject({ message: '조회 조건을 확인해주세요.', errors: { page: '페이지는 1~10000 사이의 숫자로 입력해주세요.' } });
    }
  });
});
