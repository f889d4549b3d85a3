import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { historyEntrySchema, modelOffersSchema, notificationsSchema, productDetailSchema, productListSchema, reviewableShopsSchema, shopReviewsSchema, type ModelOffers } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/**
 * Shop reviews (issue 41): only from real orders — the buyer, once per shop of the order, after 구매확정;
 * the shop answers once; an admin hides with a reason (the reviewer is told; the history keeps it); the
 * shop's figures (rating, count, 조건 준수율, '리뷰 적음' under 5) on every 판매처 row, sorted and filtered by them.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const SHOP = 'seller-1';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...PAID_TODAY };
const stars = { kindness: 5, speed: 4, conditions: 5 };
const review = { ...stars, content: '친절하고 개통도 빨랐어요. 조건도 그대로였습니다.' };
type Answer = { status: number; body: unknown };

let ownOffer: Promise<{ own: string; other: string; otherShop: string }> | null = null;
/** The demo seller's offer of the model (listed once) and a seeded shop's offer of it. */
function offers() {
  ownOffer ??= (async () => {
    const seller = await demoSignedIn(server, 'seller');
    const market = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`)).body).offers;
    const terms = market.find((o) => o.condition === 'new' && o.carrier === 'KT')!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 50_000, stock: 50 });
    expect(listed.status).toBe(201);
    const other = market.find((o) => o.seller.id !== SHOP)!;
    return { own: (listed.body as { id: string }).id, other: other.offerId, otherShop: other.seller.id };
  })();
  return ownOffer;
}

/** A buyer's order of `productIds`, delivered by an admin and, unless told otherwise, 구매확정 by the buyer. */
async function order(buyer: TestClient, productIds: string[], confirm = true): Promise<{ id: string; last: Answer }> {
  for (const productId of productIds) expect((await buyer.post('/api/cart/items', { productId })).status).toBe(201);
  const placed = await buyer.post('/api/orders', address);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = (placed.body as { id: string }).id;
  let last: Answer = await moveOrder(await demoSignedIn(server, 'admin'), id, 'delivered');
  expect(last.status).toBe(200);
  if (confirm) {
    last = await buyer.post(`/api/orders/${id}/confirm`);
    expect(last.status).toBe(200);
  }
  return { id, last };
}

const shopRow = async (query = '', after?: Answer): Promise<ModelOffers['offers']> =>
  modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100${query}`, after ? minPosition(after) : {})).body).offers;

describe('shop reviews', () => {
  it('POST /api/orders/{id}/shop-reviews: guest 401; nobody but the buyer (404, the shop itself included); not before 구매확정; once per shop; Korean field errors', async () => {
    const { own, other, otherShop } = await offers();
    const buyer = await registeredBuyer(server, 'shoprev');
    const delivered = await order(buyer, [own], false);
    const path = `/api/orders/${delivered.id}/shop-reviews`;
    expect((await server.client().post(path, review)).status).toBe(401);
    const notYet = await buyer.post(path, review);
    expect(notYet.status).toBe(403);
    expect(notYet.body).toMatchObject({ message: '구매확정된 주문만 매장 리뷰를 남길 수 있습니다.' });
    expect(reviewableShopsSchema.parse((await buyer.get(path)).body)).toEqual({ shops: [{ sellerId: SHOP, storeName: expect.any(String), reviewed: false }], open: false });

    const confirmed = await buyer.post(`/api/orders/${delivered.id}/confirm`);
    expect(confirmed.status).toBe(200);
    // The shop cannot review its own order, another buyer or an admin cannot review someone else's: as if there were none.
    for (const c of [await demoSignedIn(server, 'seller'), await registeredBuyer(server, 'shoprev-other'), await demoSignedIn(server, 'admin')]) {
      const r = await c.post(path, review);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ message: '주문을 찾을 수 없습니다.' });
      expect((await c.get(path)).status).toBe(404);
    }
    expect((await server.client().get(path)).status).toBe(401);
    expect((await buyer.post('/api/orders/no-such-order/shop-reviews', review)).status).toBe(404);
    const bad = await buyer.post(path, { kindness: 0, speed: 6, conditions: 2.5, content: '짧' });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toEqual({
      kindness: '친절 별점은 1~5점 중에서 선택해주세요.', speed: '개통 속도 별점은 1~5점 중에서 선택해주세요.',
      conditions: '조건 준수 별점은 1~5점 중에서 선택해주세요.', content: '리뷰는 5자 이상 입력해주세요.',
    });
    const notItsShop = await buyer.post(path, { ...review, sellerId: otherShop });
    expect(notItsShop.status, 'a shop not of this order').toBe(403);
    expect(notItsShop.body).toMatchObject({ message: '이 거래의 매장이 아닙니다.' });

    const written = await buyer.post(path, review, { 'idempotency-key': `shop-review-${delivered.id}` });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ id: `order~${delivered.id}~${SHOP}` });
    const retried = await buyer.post(path, review, { 'idempotency-key': `shop-review-${delivered.id}` });
    expect(retried.status, 'a retried request').toBe(201);
    const again = await buyer.post(path, { ...review, kindness: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이 거래의 매장 리뷰를 이미 작성했습니다.' });
    expect(reviewableShopsSchema.parse((await buyer.get(path, minPosition(written))).body).shops[0]).toMatchObject({ reviewed: true });

    // An order of two shops: each is reviewed by name, and a review without one asks which.
    const mixed = await order(buyer, [own, other]);
    const which = await buyer.post(`/api/orders/${mixed.id}/shop-reviews`, review);
    expect(which.status).toBe(400);
    expect((which.body as { errors: Record<string, string> }).errors.sellerId).toBe('리뷰할 매장을 선택해주세요.');
    expect((await buyer.post(`/api/orders/${mixed.id}/shop-reviews`, { ...review, sellerId: otherShop })).status).toBe(201);
  });

  it('the shop answers once (another shop 403, buyers and admins 403); an admin hides with a reason: the reviewer is told, the history keeps it, only admins still see it', async () => {
    const { own, other, otherShop } = await offers();
    const buyer = await registeredBuyer(server, 'shoprev-hide');
    const mixed = await order(buyer, [own, other]);
    const mine = await buyer.post(`/api/orders/${mixed.id}/shop-reviews`, { ...review, sellerId: SHOP });
    const theirs = await buyer.post(`/api/orders/${mixed.id}/shop-reviews`, { ...review, sellerId: otherShop });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    const reviewId = (mine.body as { id: string }).id;
    const otherId = (theirs.body as { id: string }).id;
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    const answer = { content: '소중한 리뷰 감사합니다.' };
    expect((await server.client().post(`/api/shop-reviews/${reviewId}/answer`, answer)).status).toBe(401);
    expect((await buyer.post(`/api/shop-reviews/${reviewId}/answer`, answer)).status).toBe(403);
    expect((await admin.post(`/api/shop-reviews/${reviewId}/answer`, answer)).status).toBe(403);
    const notMine = await seller.post(`/api/shop-reviews/${otherId}/answer`, answer);
    expect(notMine.status, "another shop's review").toBe(403);
    expect(notMine.body).toMatchObject({ message: '리뷰를 받은 매장만 답변할 수 있습니다.' });
    expect((await seller.post('/api/shop-reviews/order~nope~seller-1/answer', answer)).status).toBe(404);
    expect((await seller.post('/api/shop-reviews/garbage/answer', answer)).status).toBe(404);
    const answered = await seller.post(`/api/shop-reviews/${reviewId}/answer`, answer);
    expect(answered.status).toBe(200);
    expect((await seller.post(`/api/shop-reviews/${reviewId}/answer`, answer)).status).toBe(409);

    const listed = shopReviewsSchema.parse((await server.client().get(`/api/shops/${SHOP}/reviews`, minPosition(answered))).body);
    expect(listed.reviews.find((r) => r.id === reviewId)).toMatchObject({ ...stars, author: expect.stringMatching(/\*/), answer: { content: answer.content }, hidden: null });
    expect(listed).toMatchObject({ canAnswer: false, canHide: false });
    expect(shopReviewsSchema.parse((await seller.get(`/api/shops/${SHOP}/reviews`)).body)).toMatchObject({ canAnswer: true, canHide: false });

    const hidePath = `/api/admin/shop-reviews/${reviewId}/hide`;
    expect((await server.client().post(hidePath, { reason: '개인정보 포함' })).status).toBe(401);
    expect((await buyer.post(hidePath, { reason: '개인정보 포함' })).status).toBe(403);
    expect((await seller.post(hidePath, { reason: '개인정보 포함' })).status, 'a shop cannot hide what it does not like').toBe(403);
    const noReason = await admin.post(hidePath, { reason: '' });
    expect(noReason.status).toBe(400);
    expect((noReason.body as { errors: Record<string, string> }).errors.reason).toBe('숨김 사유를 2자 이상 입력해주세요.');
    expect((await admin.post('/api/admin/shop-reviews/order~nope~seller-1/hide', { reason: '개인정보 포함' })).status).toBe(404);
    const hidden = await admin.post(hidePath, { reason: '개인정보 포함' });
    expect(hidden.status).toBe(200);

    const publicList = shopReviewsSchema.parse((await server.client().get(`/api/shops/${SHOP}/reviews`, minPosition(hidden))).body);
    expect(publicList.reviews.some((r) => r.id === reviewId)).toBe(false);
    const adminList = shopReviewsSchema.parse((await admin.get(`/api/shops/${SHOP}/reviews`, minPosition(hidden))).body);
    expect(adminList.reviews.find((r) => r.id === reviewId)).toMatchObject({ hidden: { reason: '개인정보 포함' } });
    expect(adminList.canHide).toBe(true);

    const notes = notificationsSchema.parse((await buyer.get('/api/notifications', minPosition(hidden))).body).notifications;
    expect(notes.find((n) => n.title === '작성하신 매장 리뷰가 숨김 처리되었습니다')).toMatchObject({ message: '사유: 개인정보 포함' });

    const historyPath = `/api/admin/shop-reviews/${reviewId}/history`;
    expect((await server.client().get(historyPath)).status).toBe(401);
    expect((await buyer.get(historyPath)).status).toBe(403);
    expect((await seller.get(historyPath)).status).toBe(403);
    const history = z.array(historyEntrySchema).parse((await admin.get(historyPath, minPosition(hidden))).body);
    // The deal's history: both shops' reviews of the order, the answer and the hide with its reason and admin.
    expect(history.map((e) => e.type)).toEqual(['ShopReviewWritten', 'ShopReviewWritten', 'ShopReviewAnswered', 'ShopReviewHidden']);
    expect(history[3]).toMatchObject({ data: { reason: '개인정보 포함' }, actor: { role: 'admin' } });
    expect((await admin.get('/api/admin/shop-reviews/order~nope~x/history')).status).toBe(404);
    expect((await server.client().get('/api/shops/no-such-shop/reviews')).status).toBe(404);
  });

  it("the 판매처 row shows '리뷰 적음' under 5 reviews, then the rating, count and 조건 준수율; sorted and filtered by them; a hide takes a review out of the figures", async () => {
    const { own } = await offers();
    const rows = await shopRow();
    const before = rows.find((o) => o.offerId === own)!.seller.trust;
    // A shop nobody reviewed reads '리뷰 적음': no rating, no 조건 준수율 (its deals show whatever the reviews).
    expect(rows.find((o) => o.seller.trust.reviewCount === 0)!.seller.trust).toEqual({
      deals: expect.any(Number), reviewCount: 0, fewReviews: true, rating: null, kindness: null, speed: null, conditions: null, conditionsRate: null,
    });
    let last: Answer | undefined;
    const ids: string[] = [];
    // Enough reviews for a rating, whatever the tests before left.
    for (let i = before.reviewCount; i < 6; i++) {
      const buyer = await registeredBuyer(server, `shoprev-row${i}`);
      const done = await order(buyer, [own]);
      last = await buyer.post(`/api/orders/${done.id}/shop-reviews`, { ...review, conditions: i % 2 ? 5 : 2 });
      expect(last.status).toBe(201);
      ids.push((last.body as { id: string }).id);
    }
    const row = (await shopRow('', last)).find((o) => o.offerId === own)!;
    expect(row.seller.trust).toMatchObject({ fewReviews: false, reviewCount: expect.any(Number) });
    expect(row.seller.trust.reviewCount).toBeGreaterThanOrEqual(5);
    expect(row.seller.trust.rating).toBeGreaterThan(0);
    expect(row.seller.trust.conditionsRate).toBeGreaterThan(0);
    expect(row.seller.trust.conditionsRate).toBeLessThan(100);

    // Only the rated shop is rated: sorted by rating it comes first, filtered by 4 it is the only shop.
    expect((await shopRow('&sort=rating'))[0]!.seller.id).toBe(SHOP);
    expect((await shopRow('&sort=conditions'))[0]!.seller.id).toBe(SHOP);
    const rated = await shopRow('&minRating=3');
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.every((o) => o.seller.id === SHOP)).toBe(true);
    const bad = await server.client().get(`/api/models/${MODEL}/offers?minRating=2`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('매장 평점은 3, 4, 4.5 중 하나로 골라주세요.');

    // The store page and the seller's own store show the same figures.
    const seller = await demoSignedIn(server, 'seller');
    const myStore = (await seller.get('/api/seller/store', minPosition(last!))).body as { storeId: string; trust: unknown };
    expect(myStore.trust).toEqual(row.seller.trust);
    expect(((await server.client().get(`/api/stores/${myStore.storeId}`)).body as { trust: unknown }).trust).toEqual(row.seller.trust);
    // …and so does every product card of the shop in lists (never the seeded profile rating), and the product's own answer.
    const storeCards = ((await server.client().get(`/api/stores/${myStore.storeId}`)).body as { offers: { items: unknown[] } }).offers.items;
    const cards = productListSchema.parse({ products: storeCards, total: storeCards.length }).products;
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.seller.trust).toEqual(row.seller.trust);
    expect(productDetailSchema.parse((await server.client().get(`/api/products/${own}`)).body).seller.trust).toEqual(row.seller.trust);

    const admin = await demoSignedIn(server, 'admin');
    const count = row.seller.trust.reviewCount;
    const hidden = await admin.post(`/api/admin/shop-reviews/${ids[0]}/hide`, { reason: '허위 리뷰' });
    expect(hidden.status).toBe(200);
    const after = (await shopRow('', hidden)).find((o) => o.offerId === own)!.seller.trust;
    expect(after.reviewCount).toBe(count - 1);
  });
});
