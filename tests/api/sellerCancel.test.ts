import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SELLER_CANCEL_MESSAGES, SOCKET_EVENTS, couponsSchema, historySchema, modelOffersSchema, notificationsSchema, orderSchema, pointsSchema,
  sellerOffersSchema, sellerOrdersSchema, type NotificationPush,
} from '@phonemarket/contracts';
import { openSqliteEventStore, parseEvent, streams } from '@phonemarket/events';
import { approvedShop, demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * 판매자 취소 (s59): `POST /api/orders/{id}/seller-cancel`, the order's seller (or an admin) before it ships, with a
 * reason from the list. The money and stock are the buyer's cancel's (the same `OrderCancelled`, `by: 'seller'`):
 * payment, points and coupon back, the units on sale again; the buyer is told at once with the reason. A suspended
 * seller still ships and cancels the orders paid to them, and lists nothing new.
 */
let server: TestServer;
let seller: TestClient;
let admin: TestClient;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  seller = await demoSignedIn(server, 'seller');
  admin = await demoSignedIn(server, 'admin');
});
afterAll(async () => { for (const s of sockets) s.disconnect(); await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card', ...PAID_TODAY };
const after = minPosition;
const cancelAsSeller = (c: TestClient, orderId: string, body: unknown = { reason: '재고 부족' }) => c.post(`/api/orders/${orderId}/seller-cancel`, body);
const termsUsed = new Set<string>();

/** A new offer of the demo seller's (`seller-1`) on the market's terms, with `stock` units. */
async function listOffer(stock: number): Promise<string> {
  const offers = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers;
  for (const terms of offers.filter((o) => o.condition === 'new' && !o.offerId.includes('seller-1'))) {
    if (termsUsed.has(terms.offerId)) continue;
    termsUsed.add(terms.offerId);
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock });
    if (listed.status === 409) continue;
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    return (listed.body as { id: string }).id;
  }
  throw new Error('no terms left to list');
}
async function offerStock(offerId: string, res?: { body: unknown }) {
  return sellerOffersSchema.parse((await seller.get('/api/seller/offers', res ? after(res) : {})).body).offers.find((o) => o.id === offerId)!;
}
/** One unit of `offerId` bought by `buyer`; `spending`: with 500 points and the welcome coupon. */
async function order(buyer: TestClient, offerId: string, spending = false) {
  expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
  const placed = await buyer.post('/api/orders', spending ? { ...address, usePoints: 500, couponId: 'welcome' } : address);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { orderId: (placed.body as { id: string }).id, placed };
}
/** The `PaymentRefunded` data of the order, in log order. */
async function refundsOf(orderId: string): Promise<unknown[]> {
  const log = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
  const events = (await log.readStream(streams.order(orderId))).map(parseEvent);
  await log.close();
  return events.flatMap((e) => (e?.type === 'PaymentRefunded' ? [e.data] : []));
}
/** Types of the events about the order after its `OrderCancelled` (refund, units back, …), in log order. */
async function afterCancel(orderId: string): Promise<string[]> {
  const log = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
  const events = (await log.readAll()).map(parseEvent).filter((e) => e !== null && (e.data as { orderId?: string }).orderId === orderId);
  await log.close();
  const types = events.map((e) => e!.type);
  return types.slice(types.indexOf('OrderCancelled') + 1).sort();
}

describe('POST /api/orders/{id}/seller-cancel (판매자 취소)', () => {
  it('guest 401, a buyer 403 (the order\'s own too), another seller 404, bad input 400 in Korean, own seller 200, then 409', async () => {
    const offerId = await listOffer(5);
    const buyer = await registeredBuyer(server, 'seller-cancel');
    const { orderId } = await order(buyer, offerId);
    const other = await approvedShop(server, admin, `다른가게${Date.now()}`);

    expect((await cancelAsSeller(server.client(), orderId)).status).toBe(401);
    expect((await cancelAsSeller(await registeredBuyer(server, 'stranger'), orderId)).status).toBe(403);
    expect((await cancelAsSeller(buyer, orderId)).status).toBe(403);
    const someoneElses = await cancelAsSeller(other, orderId);
    expect(someoneElses).toMatchObject({ status: 404, body: { message: '주문을 찾을 수 없습니다.' } });
    expect((await cancelAsSeller(seller, 'no-such-order')).status).toBe(404);

    expect(await cancelAsSeller(seller, orderId, {})).toMatchObject({ status: 400, body: { errors: { reason: SELLER_CANCEL_MESSAGES.reason } } });
    expect(await cancelAsSeller(seller, orderId, { reason: '그냥' })).toMatchObject({ status: 400, body: { errors: { reason: SELLER_CANCEL_MESSAGES.reason } } });
    expect(await cancelAsSeller(seller, orderId, { reason: '기타' })).toMatchObject({ status: 400, body: { errors: { detail: SELLER_CANCEL_MESSAGES.detailRequired } } });
    expect(await cancelAsSeller(seller, orderId, { reason: '기타', detail: '가'.repeat(101) })).toMatchObject({ status: 400, body: { errors: { detail: SELLER_CANCEL_MESSAGES.detailMax } } });
    expect((await buyer.get(`/api/orders/${orderId}`)).body).toMatchObject({ status: 'paid' });

    const done = await cancelAsSeller(seller, orderId, { reason: '기타', detail: '사은품 품절' });
    expect(done).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    const again = await cancelAsSeller(seller, orderId);
    expect(again).toMatchObject({ status: 409, body: { message: '이미 취소된 주문입니다.' } });
    expect((await buyer.post(`/api/orders/${orderId}/cancel`)).body).toMatchObject({ message: '이미 취소된 주문입니다.' });
    expect(orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, after(done))).body).cancellation).toMatchObject({ by: 'seller', reason: '사은품 품절' });
  });

  it('an admin cancels any order (관리자 취소); a shipped order is 409 in Korean', async () => {
    const offerId = await listOffer(5);
    const buyer = await registeredBuyer(server, 'seller-cancel-admin');
    const { orderId } = await order(buyer, offerId);
    const done = await cancelAsSeller(admin, orderId, { reason: '개통 불가', detail: '명의 확인 불가' });
    expect(done.status).toBe(200);
    const seen = orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, after(done))).body);
    expect(seen.cancellation).toMatchObject({ by: 'admin', reason: '개통 불가 · 명의 확인 불가' });
    // s59: the refund is a fact on the order (`PaymentRefunded`, `cancelled`), settled before the answer; its amount the 오늘 결제.
    expect(seen.amounts.payNow).toBeGreaterThan(0);
    expect(seen.cancellation?.refund).toEqual({ amount: seen.amounts.payNow, at: expect.any(String) });
    expect(await refundsOf(orderId)).toEqual([{ orderId, amount: seen.amounts.payNow, method: 'card', shippingFee: 0, cancelled: true }]);
    const history = historySchema.parse((await admin.get(`/api/orders/${orderId}/history`, after(done))).body);
    expect(history.map((h) => h.type)).toEqual(expect.arrayContaining(['OrderCancelled', 'PaymentRefunded']));
    expect(history.find((h) => h.type === 'OrderCancelled')).toMatchObject({ data: { by: 'admin', reason: '개통 불가 · 명의 확인 불가' }, actor: { role: 'admin' } });
    const notes = notificationsSchema.parse((await buyer.get('/api/notifications', after(done))).body).notifications;
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['관리자 취소로 주문이 취소되었습니다', '환불이 완료되었습니다']));
    // Cancelled again (409): no second refund.
    expect(await cancelAsSeller(admin, orderId)).toMatchObject({ status: 409, body: { message: '이미 취소된 주문입니다.' } });
    expect(await refundsOf(orderId)).toHaveLength(1);

    const shipped = (await order(buyer, offerId)).orderId;
    expect((await moveOrder(seller, shipped, 'shipped')).status).toBe(200);
    expect(await cancelAsSeller(seller, shipped)).toMatchObject({ status: 409, body: { message: '배송이 시작된 주문은 취소할 수 없습니다.' } });
    expect(await cancelAsSeller(admin, shipped)).toMatchObject({ status: 409, body: { message: '배송이 시작된 주문은 취소할 수 없습니다.' } });
  });

  it("is the buyer's cancel for money and stock: points and coupon back, the unit on sale again, the same follow-up events; the buyer is told at once with the reason", async () => {
    const offerId = await listOffer(2);
    const buyer = await registeredBuyer(server, 'seller-cancel-money');
    const cookie = [...buyer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });

    const { orderId, placed } = await order(buyer, offerId, true);
    expect(await offerStock(offerId, placed)).toMatchObject({ stock: 1, sold: 1 });
    expect(pointsSchema.parse((await buyer.get('/api/me/points', after(placed))).body).balance).toBe(500);
    expect(couponsSchema.parse((await buyer.get('/api/me/coupons', after(placed))).body).coupons[0]!.used).toBe(true);
    // The seller's 배송 관리 offers the cancel on it.
    expect(sellerOrdersSchema.parse((await seller.get('/api/seller/orders', after(placed))).body).orders.find((o) => o.id === orderId)).toMatchObject({ sellerCancellable: true });

    const heard = new Promise<NotificationPush>((resolve) => socket.on(SOCKET_EVENTS.notificationNew, (p: NotificationPush) => { if (p.notification.title.includes('판매자 취소')) resolve(p); }));
    const done = await cancelAsSeller(seller, orderId, { reason: '재고 부족' });
    expect(done.status).toBe(200);
    const push = await heard;
    expect(push.notification).toMatchObject({ type: 'order', title: '판매자 취소로 주문이 취소되었습니다', link: `/orders/${orderId}` });
    expect(push.notification.message).toContain('사유: 재고 부족');

    // Read at the cancel's position (the refund and units were settled before it answered).
    expect(pointsSchema.parse((await buyer.get('/api/me/points', after(done))).body).balance).toBe(1000);
    expect(couponsSchema.parse((await buyer.get('/api/me/coupons', after(done))).body).coupons[0]!.used).toBe(false);
    expect(await offerStock(offerId, done)).toMatchObject({ stock: 2, sold: 0 });
    const seen = orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, after(done))).body);
    expect(seen).toMatchObject({ status: 'cancelled', cancellable: false, cancellation: { by: 'seller', reason: '재고 부족' } });
    const history = historySchema.parse((await buyer.get(`/api/orders/${orderId}/history`, after(done))).body);
    expect(history.find((h) => h.type === 'OrderCancelled')).toMatchObject({ data: { reason: '재고 부족', by: 'seller' } });
    // The refund follows it on the order's own history (s59).
    expect(history.at(-1)).toMatchObject({ type: 'PaymentRefunded', data: { amount: seen.amounts.payNow, cancelled: true } });
    const notes = notificationsSchema.parse((await buyer.get('/api/notifications', after(done))).body).notifications;
    expect(notes.find((n) => n.title === '판매자 취소로 주문이 취소되었습니다')?.message).toContain('사유: 재고 부족');
    // Off the seller's list of orders to cancel.
    expect(sellerOrdersSchema.parse((await seller.get('/api/seller/orders', after(done))).body).orders.find((o) => o.id === orderId)).toMatchObject({ status: 'cancelled', sellerCancellable: false });

    // The buyer's own cancel of a twin order: the same events follow it.
    const twin = await order(buyer, offerId, true);
    const byBuyer = await buyer.post(`/api/orders/${twin.orderId}/cancel`, { reason: '단순 변심' });
    expect(byBuyer.status).toBe(200);
    expect(await afterCancel(orderId)).toEqual(await afterCancel(twin.orderId));
    expect(await afterCancel(orderId)).toEqual(expect.arrayContaining(['PaymentRefunded', 'PointsRefunded', 'CouponRestored']));
  });
});

describe('a suspended seller still owes the orders paid to them', () => {
  it('lists, ships and cancels them (not finished ones), but lists no new offer; reinstated, all is as before', async () => {
    const offerId = await listOffer(5);
    const buyer = await registeredBuyer(server, 'suspended-owes');
    const toShip = (await order(buyer, offerId)).orderId;
    const toCancel = (await order(buyer, offerId)).orderId;
    const finished = (await order(buyer, offerId)).orderId;
    const cancelled = await buyer.post(`/api/orders/${finished}/cancel`);
    expect(cancelled.status).toBe(200);

    const suspended = await admin.request('PUT', '/api/sellers/seller-1', { body: { status: 'suspended', reason: '점검' } });
    expect(suspended.status).toBe(200);
    const list = await seller.get('/api/seller/orders', after(suspended));
    expect(list.status).toBe(200);
    const ids = sellerOrdersSchema.parse(list.body).orders.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([toShip, toCancel]));
    // A finished order is no longer theirs to read (its buyer's name and address stay out of reach).
    expect(ids).not.toContain(finished);

    expect((await moveOrder(seller, toShip, 'shipped')).status).toBe(200);
    const done = await cancelAsSeller(seller, toCancel, { reason: '재고 부족' });
    expect(done.status).toBe(200);
    expect(orderSchema.parse((await buyer.get(`/api/orders/${toCancel}`, after(done))).body).cancellation).toMatchObject({ by: 'seller' });
    // No new business: no offer listed, nothing sold.
    const terms = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers.find((o) => o.condition === 'new' && !termsUsed.has(o.offerId));
    const listing = await seller.post('/api/offers', { sameTermsAs: terms?.offerId ?? 'x', extraSubsidy: 0, stock: 1 });
    expect(listing).toMatchObject({ status: 403, body: { message: '정지된 셀러는 상품을 등록하거나 수정할 수 없습니다.' } });
    expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(409);

    const back = await admin.request('PUT', '/api/sellers/seller-1', { body: { status: 'approved' } });
    expect(sellerOrdersSchema.parse((await seller.get('/api/seller/orders', after(back))).body).orders.map((o) => o.id)).toContain(finished);
  });
});
