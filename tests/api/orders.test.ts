import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_EVENTS, couponsSchema, notificationsSchema, orderSchema, ordersSchema, pointsSchema, wishlistSchema,
  type NotificationPush, type Order, type Orders,
} from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { PAID_TODAY } from '../support/checkout.ts';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { for (const s of sockets) s.disconnect(); await server?.close(); });

const buyer = () => registeredBuyer(server, 'buyer');
const signedIn = (role: 'user' | 'seller' | 'admin') => demoSignedIn(server, role);
const pos = minPosition;

type Product = { id: string; price: number; modelId: string };
async function products(limit = 3): Promise<Product[]> {
  return ((await server.client().get(`/api/products?limit=${limit}&sort=priceDesc`)).body as { products: Product[] }).products;
}
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '문 앞에 놓아주세요', paymentMethod: 'card', ...PAID_TODAY };

async function cartWith(c: TestClient, items: Product[]) {
  let last;
  for (const p of items) { last = await c.post('/api/cart/items', { productId: p.id }); expect(last.status).toBe(201); }
  return last!;
}

describe('checkout and orders', () => {
  it('guests get 401 on every new route; a buyer 403 on admin routes', async () => {
    const guest = server.client();
    for (const [m, p] of [
      ['POST', '/api/orders'], ['GET', '/api/orders'], ['GET', '/api/orders/x'], ['GET', '/api/orders/x/history'], ['POST', '/api/orders/x/cancel'],
      ['PUT', '/api/orders/x/status'], ['GET', '/api/admin/orders'], ['GET', '/api/me/points'], ['GET', '/api/me/coupons'], ['GET', '/api/wishlist'],
      ['PUT', '/api/wishlist/x'], ['DELETE', '/api/wishlist/x'], ['GET', '/api/notifications'], ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/read-all'], ['PUT', '/api/notifications/x/read'],
    ] as const) {
      expect((await guest.request(m, p, { body: m === 'GET' ? undefined : {} })).status, `${m} ${p}`).toBe(401);
    }
    const user = await buyer();
    expect((await user.get('/api/admin/orders')).status).toBe(403);
    expect((await user.request('PUT', '/api/orders/x/status', { body: { status: 'preparing' } })).status).toBe(403);
    expect((await user.request('PUT', '/api/notifications/someone~else/read')).status).toBe(404);
    // A seller is not an admin either: the admin orders list is refused, whatever role header is sent.
    const seller = await signedIn('seller');
    expect((await seller.get('/api/admin/orders')).status).toBe(403);
    expect((await seller.get('/api/admin/orders', { 'x-role': 'admin' })).status).toBe(403);
    expect((await user.get('/api/admin/orders', { 'x-role': 'admin' })).status).toBe(403);
  });

  it('sign-up gives 1,000 P and the welcome coupon; the order is the server-side cart at server prices (a body price is ignored)', async () => {
    const c = await buyer();
    const points = pointsSchema.parse((await c.get('/api/me/points')).body);
    expect(points.balance).toBe(1000);
    const coupons = couponsSchema.parse((await c.get('/api/me/coupons')).body).coupons;
    expect(coupons).toMatchObject([{ couponId: 'welcome', discount: 10_000, minOrder: 300_000, used: false }]);

    const [p1, p2] = await products(2);
    const added = await cartWith(c, [p1!, p2!]);
    const cart = (await c.get('/api/cart', pos(added))).body as { summary: { total: number } };
    expect((await c.post('/api/orders', { ...address, phone: '01012345678', postcode: '123' })).body).toMatchObject({
      errors: { phone: '연락처는 010-0000-0000 형식으로 입력해주세요.', postcode: '우편번호는 5자리 숫자로 입력해주세요.' },
    });
    const placed = await c.post('/api/orders', { ...address, usePoints: 500, couponId: 'welcome', price: 1, total: 1, items: [{ productId: p1!.id, unitPrice: 1 }] });
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    const order = orderSchema.parse((await c.get(`/api/orders/${orderId}`, pos(placed))).body);
    expect(order.status).toBe('paid');
    expect(order.statusLabel).toBe('결제완료');
    // the admin's user list counts the account's orders (issue 11's 'order count once orders exist')
    const adminView = await signedIn('admin');
    const listed = (await adminView.get(`/api/admin/users?role=user`, pos(placed))).body as { users: { id: string; orderCount: number | null }[] };
    expect(listed.users.find((u) => u.id === c.id)?.orderCount).toBe(1);
    expect(order.amounts).toMatchObject({ items: cart.summary.total, coupon: 10_000, points: 500, total: cart.summary.total - 10_500 });
    expect(order.items.map((i) => i.productId).sort()).toEqual([p1!.id, p2!.id].sort());
    expect(order.cancellable).toBe(true);
    // the cart is empty, points and coupon spent
    expect(((await c.get('/api/cart', pos(placed))).body as { count: number }).count).toBe(0);
    expect(pointsSchema.parse((await c.get('/api/me/points', pos(placed))).body).balance).toBe(500);
    expect(couponsSchema.parse((await c.get('/api/me/coupons', pos(placed))).body).coupons[0]!.used).toBe(true);
    // the list masks the address
    const list = ordersSchema.parse((await c.get('/api/orders', pos(placed))).body);
    expect(list.orders[0]).toMatchObject({ id: orderId, shipping: { recipient: '김*수', phone: '010-****-5678', addressDetail: '***' } });
    // checkout again: the cart was ordered
    const again = await c.post('/api/orders', address);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이미 주문된 장바구니입니다.' });

    // another user: 404 on the order, its history and cancel; the admin sees it
    const other = await buyer();
    expect((await other.get(`/api/orders/${orderId}`)).status).toBe(404);
    expect((await other.get(`/api/orders/${orderId}/history`)).status).toBe(404);
    expect((await other.post(`/api/orders/${orderId}/cancel`)).status).toBe(404);
    const admin = await signedIn('admin');
    expect((await admin.get(`/api/orders/${orderId}`, pos(placed))).status).toBe(200);
    const seller = await signedIn('seller');
    expect((await seller.request('PUT', `/api/orders/${orderId}/status`, { body: { status: 'preparing' } })).status).toBe(404);

    // cancel before shipping: points and coupon back, cancelling twice is 409
    const cancelled = await c.post(`/api/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(pointsSchema.parse((await c.get('/api/me/points', pos(cancelled))).body).balance).toBe(1000);
    expect(couponsSchema.parse((await c.get('/api/me/coupons', pos(cancelled))).body).coupons[0]!.used).toBe(false);
    expect((await c.post(`/api/orders/${orderId}/cancel`)).body).toMatchObject({ message: '이미 취소된 주문입니다.' });
    const history = (await c.get(`/api/orders/${orderId}/history`, pos(cancelled))).body as { type: string }[];
    // s59: the payment's refund is a fact on the order, settled before the cancel answered.
    expect(history.map((h) => h.type)).toEqual(['OrderPlaced', 'PaymentCaptured', 'OrderCancelled', 'PaymentRefunded']);
  });

  it('the same Idempotency-Key twice is one order; 20 concurrent checkouts of one cart make exactly one order', async () => {
    const c = await buyer();
    const [p1] = await products(1);
    await cartWith(c, [p1!]);
    const key = { 'idempotency-key': 'checkout-key-000001' };
    const first = await c.post('/api/orders', address, key);
    const second = await c.post('/api/orders', address, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((second.body as { id: string }).id).toBe((first.body as { id: string }).id);
    expect(ordersSchema.parse((await c.get('/api/orders', pos(second))).body).total).toBe(1);

    await cartWith(c, [p1!]);
    const results = await Promise.all(Array.from({ length: 20 }, () => c.post('/api/orders', address)));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ message: '이미 주문된 장바구니입니다.' });
    }
    expect(ordersSchema.parse((await c.get('/api/orders', pos(created[0]!))).body).total).toBe(2);
  });

  it('the admin moves an order on (409 for a wrong step); delivery credits 1%; notifications follow, live to the owner only', async () => {
    const c = await buyer();
    const other = await buyer();
    const cookie = (x: TestClient) => [...x.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const listen = async (x: TestClient) => {
      const socket = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookie(x) } });
      sockets.push(socket);
      const got: NotificationPush[] = [];
      socket.on(SOCKET_EVENTS.notificationNew, (p: NotificationPush) => got.push(p));
      await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
      return { got, socket };
    };
    const [mine, theirs] = [await listen(c), await listen(other)];
    // A 자급제 phone: no 개통, so it goes 배송준비 → 배송중 (a carrier line goes 개통 준비 → 개통 완료 instead).
    const p1 = ((await server.client().get('/api/products?limit=100')).body as { products: (Product & { carrier: string })[] }).products.find((p) => p.carrier === '자급제');
    await cartWith(c, [p1!]);
    const placed = await c.post('/api/orders', { ...address, paymentMethod: 'transfer' });
    const orderId = (placed.body as { id: string }).id;
    const admin = await signedIn('admin');
    const put = (body: object) => admin.request('PUT', `/api/orders/${orderId}/status`, { body });
    expect((await put({ status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' })).status).toBe(409);
    expect((await put({ status: 'preparing' })).status).toBe(200);
    expect((await put({ status: 'shipped' })).status).toBe(400);
    const sentAt = Date.now();
    const heard = new Promise<NotificationPush>((resolve) => mine.socket.once(SOCKET_EVENTS.notificationNew, resolve));
    expect((await put({ status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' })).status).toBe(200);
    const push = await heard;
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(push.notification).toMatchObject({ type: 'order', title: '상품이 발송되었습니다' });
    expect(push.notification.message).toContain('123456789012');
    expect((await c.post(`/api/orders/${orderId}/cancel`)).body).toMatchObject({ message: '배송이 시작된 주문은 취소할 수 없습니다.' });
    const delivered = await put({ status: 'delivered' });
    expect(delivered.status).toBe(200);
    const order = orderSchema.parse((await c.get(`/api/orders/${orderId}`, pos(delivered))).body) satisfies Order;
    expect(order).toMatchObject({ status: 'delivered', reviewable: true, cancellable: false, courier: 'CJ대한통운' });
    // Purchase points come at 구매확정 (issue 30), not on delivery.
    expect(pointsSchema.parse((await c.get('/api/me/points', pos(delivered))).body).balance).toBe(1000);
    const confirmed = await c.post(`/api/orders/${orderId}/confirm`);
    expect(confirmed.status).toBe(200);
    const points = pointsSchema.parse((await c.get('/api/me/points', pos(confirmed))).body);
    expect(points.balance).toBe(1000 + Math.floor(order.amounts.total * 0.01));

    const list = notificationsSchema.parse((await c.get('/api/notifications', pos(confirmed))).body);
    expect(list.notifications.map((x) => x.title)).toEqual(expect.arrayContaining(['가입을 환영합니다!', '주문이 완료되었습니다', '상품이 발송되었습니다', '배송이 완료되었습니다', '포인트가 적립되었습니다']));
    expect(list.unread).toBe(list.total);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.got.every((p) => !p.notification.link?.includes(orderId))).toBe(true);
    expect(mine.got.length).toBeGreaterThanOrEqual(3);
    // read one, then all; another user's id is 404
    const one = list.notifications[0]!;
    expect((await other.request('PUT', `/api/notifications/${encodeURIComponent(one.id)}/read`)).status).toBe(404);
    const read = await c.request('PUT', `/api/notifications/${encodeURIComponent(one.id)}/read`);
    expect(read.status).toBe(200);
    expect(((await c.get('/api/notifications/unread-count', pos(read))).body as { unread: number }).unread).toBe(list.unread - 1);
    const all = await c.request('PUT', '/api/notifications/read-all');
    expect(((await c.get('/api/notifications/unread-count', pos(all))).body as { unread: number }).unread).toBe(0);
    // the admin list shows the buyer's name
    const adminList = ordersSchema.parse((await admin.get('/api/admin/orders?status=confirmed', pos(confirmed))).body) satisfies Orders;
    expect(adminList.orders.find((o) => o.id === orderId)?.buyerName).toBe('김민수');
  });

  it('wishlist: PUT/DELETE idempotent, by model id or an offer id; unknown 404', async () => {
    const c = await buyer();
    const [p1] = await products(1);
    expect((await c.request('PUT', '/api/wishlist/no-such-phone')).status).toBe(404);
    await c.request('PUT', `/api/wishlist/${p1!.id}`);
    const twice = await c.request('PUT', `/api/wishlist/${p1!.modelId}`);
    expect(twice.status).toBe(200);
    const list = wishlistSchema.parse((await c.get('/api/wishlist', pos(twice))).body);
    expect(list.items).toMatchObject([{ productId: p1!.modelId, available: true }]);
    const other = await buyer();
    expect(wishlistSchema.parse((await other.get('/api/wishlist')).body).items).toEqual([]);
    await c.request('DELETE', `/api/wishlist/${p1!.modelId}`);
    const gone = await c.request('DELETE', `/api/wishlist/${p1!.modelId}`);
    expect(gone.status).toBe(200);
    expect(wishlistSchema.parse((await c.get('/api/wishlist', pos(gone))).body).items).toEqual([]);
  });
});
