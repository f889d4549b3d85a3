import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_EVENTS, adminSellersSchema, notificationsSchema, reviewsSchema, type NotificationPush, type NotificationReadPush,
} from '@phonemarket/contracts';
import { eventSchemas, openEventStore, streams } from '@phonemarket/events';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import { definitionDecider } from '@phonemarket/command-api/shared/definitionDecider.ts';
import { seedCatalogue } from '@phonemarket/command-api/seedCatalogue.ts';
import { seedOffers, seedSellers } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import { offerDecider } from '@phonemarket/command-api/features/offers/offer.ts';
import { handleCommand } from '@phonemarket/command-api/shared/commandHandler.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/**
 * Issue 12: answers to reviews (`POST /api/reviews/{id}/answer`, the reviewed model's seller or an
 * admin, once) notify the reviewer live; reading notifications reaches the reader's other tabs
 * (`notification:read`, the owner's room only).
 */
const OWN_OFFER = 'offer-review-answer-own';
let server: TestServer;
let modelId = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  // The demo seller (`seller-1`) sells one offer of a model, listed in the storefront like a seeded
  // seller's (after the catalogue it needs: a storefront profile, then the offer): the seller of that model's reviews.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-test-'));
  const store = await openEventStore({ dataDir });
  await seedCatalogue(store, systemClock, randomIds);
  const ctx = (key: string) => ({ actor: { userId: null, role: 'admin' as const }, correlationId: 'test-seed', clock: systemClock, newId: randomIds, idempotencyKey: `test-seed:${key}` });
  const profile = eventSchemas.SellerProfileDefined.parse({ ...seedSellers[0]!, sellerId: 'seller-1', name: '이서연', storeName: '이서연의 폰가게' });
  await handleCommand(store, streams.marketSeller('seller-1'), definitionDecider, { type: 'Define', event: { type: 'SellerProfileDefined', data: profile } }, ctx('profile'));
  const base = seedOffers(new Date())[0]!.offer;
  modelId = base.modelId;
  await handleCommand(store, streams.offer(OWN_OFFER), offerDecider,
    { type: 'ListOffer', offer: eventSchemas.OfferListed.parse({ ...base, offerId: OWN_OFFER, sellerId: 'seller-1' }) }, ctx('offer'));
  await store.close();
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }, { dataDir });
});
afterAll(async () => { for (const s of sockets) s.disconnect(); await server?.close(); });

const buyer = () => registeredBuyer(server, 'answered', { firstName: '지우', lastName: '최' });
const demo = (role: 'user' | 'seller' | 'admin') => demoSignedIn(server, role);
/** A buyer approved as a seller: a seller with no offer of the model. */
async function otherSeller(admin: TestClient) {
  const c = server.client();
  const email = `other-answer-seller-${Date.now()}@example.kr`;
  expect((await c.post('/api/auth/register', { email, password: 'violet-harbor-1987!', firstName: '다른', lastName: '셀러', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
  const applied = await c.post('/api/seller-applications', {
    applicantName: '다른셀러', email, phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
    storeName: '다른폰', storeDescription: '', experience: '', documents: [],
  });
  expect(applied.status).toBe(201);
  const id = (applied.body as { id: string }).id;
  expect((await admin.request('PUT', `/api/seller-applications/${id}`, { body: { status: 'approved', reviewNotes: '승인' } })).status).toBe(200);
  return c;
}
const pos = minPosition;
const address = { agreeToOrder: true, recipient: '최지우', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...PAID_TODAY };

/** A delivered order of the demo seller's offer, reviewed by `c`: the review's id. */
async function reviewed(c: TestClient, admin: TestClient, content: string) {
  expect((await c.post('/api/cart/items', { productId: OWN_OFFER })).status).toBe(201);
  const placed = await c.post('/api/orders', address);
  expect(placed.status).toBe(201);
  const orderId = (placed.body as { id: string }).id;
  expect((await moveOrder(admin, orderId, 'delivered')).status).toBe(200);
  const written = await c.post(`/api/products/${modelId}/reviews`, { orderId, rating: 5, content });
  expect(written.status).toBe(201);
  const id = (written.body as { id: string }).id;
  const before = reviewsSchema.parse((await c.get(`/api/products/${modelId}/reviews`, pos(written))).body);
  expect(before.reviews.find((r) => r.id === id)!.answer, 'not answered yet').toBeNull();
  return id;
}

function listen<T>(c: TestClient, event: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  sockets.push(socket);
  const got: T[] = [];
  socket.on(event, (p: T) => got.push(p));
  const connected = new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  return connected.then(() => ({ got, socket, next: () => new Promise<T>((resolve) => socket.once(event, resolve)) }));
}

describe('POST /api/reviews/{id}/answer', () => {
  it('role × route: guest 401, buyer 403 (also the reviewer), another seller 403, unknown 404; the model\'s seller answers once, the reviewer is told live', async () => {
    const admin = await demo('admin');
    const reviewer = await buyer();
    const bystander = await buyer();
    const reviewId = await reviewed(reviewer, admin, '화면이 정말 선명하고 배터리도 오래가요.');
    const answer = (c: TestClient, id = reviewId, body: unknown = { content: '소중한 리뷰 감사합니다!' }, headers?: Record<string, string>) =>
      c.post(`/api/reviews/${encodeURIComponent(id)}/answer`, body, headers);

    expect((await answer(server.client())).status, 'guest').toBe(401);
    expect((await answer(reviewer)).status, 'the reviewer (a buyer)').toBe(403);
    expect((await answer(await demo('user'))).status, 'another buyer').toBe(403);
    const other = await otherSeller(admin);
    const refused = await answer(other);
    expect(refused.status, 'a seller without an offer of the model').toBe(403);
    expect(refused.body).toMatchObject({ message: '이 상품의 판매자만 답변할 수 있습니다.' });
    const seller = await demo('seller');
    expect((await answer(seller, 'no-such-review')).status).toBe(404);
    expect((await answer(admin, `${reviewId}x`)).status).toBe(404);
    expect((await answer(seller, '../../x')).status).toBe(404);
    expect((await answer(seller, reviewId, { content: '  ' })).body).toMatchObject({ errors: { content: '답변 내용을 입력해주세요.' } });
    expect((await answer(seller, reviewId, { content: '가'.repeat(1001) })).status).toBe(400);

    const [mine, theirs] = [await listen<NotificationPush>(reviewer, SOCKET_EVENTS.notificationNew), await listen<NotificationPush>(bystander, SOCKET_EVENTS.notificationNew)];
    const heard = mine.next();
    const sentAt = Date.now();
    const answered = await answer(seller, reviewId, { content: '소중한 리뷰 감사합니다!' }, { 'idempotency-key': `answer-${reviewId}` });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ id: reviewId });
    const push = await heard;
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(push.notification).toMatchObject({ type: 'review', title: '작성하신 리뷰에 답변이 등록되었습니다', link: `/product/${modelId}?tab=reviews` });
    expect((await answer(seller, reviewId, { content: '소중한 리뷰 감사합니다!' }, { 'idempotency-key': `answer-${reviewId}` })).status, 'a retried request').toBe(200);
    const again = await answer(admin, reviewId, { content: '다시 답변' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이미 답변이 등록된 리뷰입니다.' });

    // the list shows the answer under the review, by the seller's store
    const storeName = adminSellersSchema.parse((await admin.get('/api/sellers')).body).find((s) => s.userId === 'seller-1')!.storeName;
    const list = reviewsSchema.parse((await server.client().get(`/api/products/${modelId}/reviews`, pos(answered))).body);
    expect(list.canAnswer).toBe(false);
    expect(list.reviews.find((r) => r.id === reviewId)!.answer).toMatchObject({ content: '소중한 리뷰 감사합니다!', by: storeName });
    expect(reviewsSchema.parse((await seller.get(`/api/products/${modelId}/reviews`)).body).canAnswer).toBe(true);
    expect(reviewsSchema.parse((await admin.get(`/api/products/${modelId}/reviews`)).body).canAnswer).toBe(true);
    expect(reviewsSchema.parse((await other.get(`/api/products/${modelId}/reviews`)).body).canAnswer).toBe(false);
    const notes = notificationsSchema.parse((await reviewer.get('/api/notifications', pos(answered))).body).notifications;
    expect(notes.filter((x) => x.title === '작성하신 리뷰에 답변이 등록되었습니다')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.got.some((p) => p.notification.type === 'review'), 'another user hears nothing').toBe(false);
    expect(notificationsSchema.parse((await bystander.get('/api/notifications', pos(answered))).body).notifications.some((x) => x.type === 'review')).toBe(false);
  });

  it("an admin answers any review, shown as '폰마켓 관리자'", async () => {
    const admin = await demo('admin');
    const reviewer = await buyer();
    const reviewId = await reviewed(reviewer, admin, '가격 대비 만족스러운 구매였습니다.');
    const answered = await admin.post(`/api/reviews/${reviewId}/answer`, { content: '이용해 주셔서 감사합니다.' });
    expect(answered.status).toBe(200);
    const list = reviewsSchema.parse((await reviewer.get(`/api/products/${modelId}/reviews`, pos(answered))).body);
    expect(list.reviews.find((r) => r.id === reviewId)!.answer).toMatchObject({ content: '이용해 주셔서 감사합니다.', by: '폰마켓 관리자' });
  });
});

describe('notification:read (read state across tabs)', () => {
  it("reading one or all reaches every tab of the reader within 1 s, and no one else's", async () => {
    const c = await buyer();
    const other = await buyer();
    const [tab1, tab2, theirs] = [
      await listen<NotificationReadPush>(c, SOCKET_EVENTS.notificationRead),
      await listen<NotificationReadPush>(c, SOCKET_EVENTS.notificationRead),
      await listen<NotificationReadPush>(other, SOCKET_EVENTS.notificationRead),
    ];
    const list = notificationsSchema.parse((await c.get('/api/notifications')).body);
    expect(list.unread).toBeGreaterThan(0); // the welcome notification
    const one = list.notifications[0]!;

    let heard = Promise.all([tab1.next(), tab2.next()]);
    let sentAt = Date.now();
    expect((await c.request('PUT', `/api/notifications/${encodeURIComponent(one.id)}/read`)).status).toBe(200);
    const [a, b] = await heard;
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(a).toEqual({ id: one.id, unread: list.unread - 1 });
    expect(b).toEqual(a);

    heard = Promise.all([tab1.next(), tab2.next()]);
    sentAt = Date.now();
    expect((await c.request('PUT', '/api/notifications/read-all')).status).toBe(200);
    const [all] = await heard;
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(all).toEqual({ id: null, unread: 0 });

    // someone else's notification is 404 and pushes nothing; the other user heard none of this
    expect((await other.request('PUT', `/api/notifications/${encodeURIComponent(one.id)}/read`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.got).toEqual([]);
    expect(tab1.got).toHaveLength(2);
  });
});
