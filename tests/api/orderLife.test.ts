import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsSchema, orderSchema, type Order, type Product } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * An order's life the Korean way (issue 30 §2–3): 개통 준비 → 개통 완료 → 배송중 → 배송완료 → 구매확정 (by the
 * buyer, or by itself 7 days after delivery), cancel with a reason before 개통 완료, 교환/반품 within 14 days
 * decided by the seller, a 반품 refunded through the order's payment. The server's clock is the test's.
 */
let now = Date.parse('2026-11-20T01:00:00.000Z');
let server: TestServer;
let seller: TestClient;
let offerId = '';
beforeAll(async () => {
  // Sessions outlive the weeks this test's clock moves on.
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000', SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '10000' }, { clock: () => new Date(now) });
  seller = await demoSignedIn(server, 'seller');
  const { products } = (await server.client().get('/api/products?limit=100')).body as { products: Product[] };
  for (const t of products.filter((p) => p.condition === 'new' && p.carrier !== '자급제' && p.joinType === '기기변경')) {
    const listed = await seller.post('/api/offers', { sameTermsAs: t.id, extraSubsidy: 0, stock: 50 });
    if (listed.status === 201) { offerId = (listed.body as { id: string }).id; break; }
  }
});
afterAll(async () => { await server?.close(); });

const DAY = 24 * 60 * 60 * 1000;
const checkout = {
  agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card',
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', sim: 'usim', activation: 'delivery', usePoints: 300,
};
const put = (c: TestClient, p: string, body: unknown) => c.request('PUT', p, { body });
const message = (r: { body: unknown }) => (r.body as { message: string }).message;

async function ordered(): Promise<{ buyer: TestClient; id: string }> {
  const buyer = await registeredBuyer(server, 'life', { firstName: '민수', lastName: '김' });
  expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
  const placed = await buyer.post('/api/orders', checkout);
  expect(placed.status).toBe(201);
  return { buyer, id: (placed.body as { id: string }).id };
}
async function read(c: TestClient, id: string, after?: { body: unknown }): Promise<Order> {
  return orderSchema.parse((await c.get(`/api/orders/${id}`, after ? minPosition(after) : {})).body);
}
async function moveTo(id: string, status: string, extra: Record<string, string> = {}) {
  const moved = await put(seller, `/api/orders/${id}/status`, { status, ...extra });
  expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
  return moved;
}
async function delivered(): Promise<{ buyer: TestClient; id: string; last: { body: unknown } }> {
  const o = await ordered();
  await moveTo(o.id, 'activating');
  await moveTo(o.id, 'activated', { activatedOn: '2026-11-20', numberLast4: '4321' });
  await moveTo(o.id, 'shipped', { courier: 'CJ대한통운', trackingNumber: '123456789012' });
  return { ...o, last: await moveTo(o.id, 'delivered') };
}

describe('order life', () => {
  it('개통: 개통 준비 → 개통 완료 (the day and the number\'s last 4 digits) → 배송중 → 배송완료 → 구매확정 by the buyer', async () => {
    const { buyer, id } = await ordered();
    const prepare = await put(seller, `/api/orders/${id}/status`, { status: 'preparing' });
    expect(prepare.status).toBe(409);
    expect(message(prepare)).toContain('개통 준비로 진행해주세요');
    await moveTo(id, 'activating');
    const missing = await put(seller, `/api/orders/${id}/status`, { status: 'activated' });
    expect(missing.status).toBe(400);
    expect((missing.body as { errors: Record<string, string> }).errors).toMatchObject({ activatedOn: '개통일을 입력해주세요.', numberLast4: '개통 번호 뒤 4자리를 입력해주세요.' });
    const activated = await moveTo(id, 'activated', { activatedOn: '2026-11-20', numberLast4: '4321' });
    expect(await read(buyer, id, activated)).toMatchObject({ status: 'activated', statusLabel: '개통 완료', activated: { on: '2026-11-20', numberLast4: '4321' }, cancellable: false });
    const late = await buyer.post(`/api/orders/${id}/cancel`, { reason: '단순 변심' });
    expect(late.status).toBe(409);
    expect(message(late)).toBe('개통이 완료된 주문은 취소할 수 없습니다. 판매자에게 문의해주세요.');
    await moveTo(id, 'shipped', { courier: '한진택배', trackingNumber: '987654321098' });
    expect((await buyer.post(`/api/orders/${id}/confirm`)).status).toBe(409);
    const done = await moveTo(id, 'delivered');
    expect(await read(buyer, id, done)).toMatchObject({ status: 'delivered', confirmable: true, returnable: true });
    const confirmed = await buyer.post(`/api/orders/${id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(await read(buyer, id, confirmed)).toMatchObject({ status: 'confirmed', statusLabel: '구매확정', confirmable: false, returnable: false });
    expect(message(await buyer.post(`/api/orders/${id}/returns`, { kind: 'return', reason: '마음이 바뀌었어요' }))).toBe('구매확정된 주문은 교환/반품을 신청할 수 없습니다.');
  });

  it('a cancel before 개통 완료 keeps its reason', async () => {
    const { buyer, id } = await ordered();
    await moveTo(id, 'activating');
    const cancelled = await buyer.post(`/api/orders/${id}/cancel`, { reason: '주문 실수' });
    expect(cancelled.status).toBe(200);
    expect(await read(buyer, id, cancelled)).toMatchObject({ status: 'cancelled' });
  });

  it('반품 approved, collected and inspected: refunded through the order\'s payment (오늘 결제), points and coupon back; 교환 approved: shipped again; a refusal needs its reason', async () => {
    const first = await delivered();
    const before = await read(first.buyer, first.id, first.last);
    const bad = await first.buyer.post(`/api/orders/${first.id}/returns`, { kind: 'return', reason: '짧음' });
    expect(bad.status).toBe(400);
    const asked = await first.buyer.post(`/api/orders/${first.id}/returns`, { kind: 'return', reason: '화면에 불량 화소가 있습니다', defective: true, photos: ['https://example.com/p1.jpg'] });
    expect(asked.status).toBe(201);
    const returnId = (asked.body as { id: string }).id;
    expect(await read(first.buyer, first.id, asked)).toMatchObject({ status: 'return_requested', returns: [{ returnId, kind: 'return', defective: true, status: 'requested', photos: ['https://example.com/p1.jpg'] }] });
    expect((await first.buyer.post(`/api/orders/${first.id}/returns`, { kind: 'exchange', reason: '다시 신청합니다' })).status).toBe(409);
    // Only the order's seller or an admin decides; the buyer may not.
    expect((await put(first.buyer, `/api/orders/${first.id}/returns/${returnId}`, { decision: 'approved' })).status).toBe(403);
    const approved = await put(seller, `/api/orders/${first.id}/returns/${returnId}`, { decision: 'approved', note: '회수 후 환불해드립니다' });
    expect(approved.status).toBe(200);
    // Issue 39: approved is not refunded yet — it comes back (회수), is inspected (검수), then refunded (in full: defective).
    expect(await read(first.buyer, first.id, approved)).toMatchObject({ status: 'returning', returns: [{ status: 'approved', refund: null }] });
    const collected = await first.buyer.post(`/api/orders/${first.id}/returns/${returnId}/collection`, { method: 'courier', courier: 'CJ대한통운', trackingNumber: '555566667777' });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    const inspected = await seller.post(`/api/orders/${first.id}/returns/${returnId}/inspection`, { note: '불량 확인' });
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
    expect(await read(first.buyer, first.id, inspected)).toMatchObject({ status: 'returned', returns: [{ status: 'refunded', refund: { amount: before.amounts.payNow, shippingFee: 0 } }] });
    // The 300 P used came back; no purchase points (they are earned at 구매확정, which a 반품 never reaches).
    const points = (await first.buyer.get('/api/me/points', minPosition(inspected))).body as { balance: number };
    expect(points.balance).toBe(1000);
    const notes = (await first.buyer.get('/api/notifications', minPosition(inspected))).body as { notifications: { title: string; message: string }[] };
    expect(notes.notifications.find((n) => n.title === '환불되었습니다')?.message).toContain(`${before.amounts.payNow.toLocaleString('ko-KR')}원`);

    const second = await delivered();
    const exchange = await second.buyer.post(`/api/orders/${second.id}/returns`, { kind: 'exchange', reason: '색상을 바꾸고 싶어요' });
    const exchangeId = (exchange.body as { id: string }).id;
    const refused = await put(seller, `/api/orders/${second.id}/returns/${exchangeId}`, { decision: 'rejected' });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Record<string, string> }).errors.note).toBe('거절 사유를 입력해주세요.');
    const ok = await put(seller, `/api/orders/${second.id}/returns/${exchangeId}`, { decision: 'approved' });
    expect(await read(second.buyer, second.id, ok)).toMatchObject({ status: 'exchanging', statusLabel: '교환 진행' });
    await moveTo(second.id, 'shipped', { courier: '롯데택배', trackingNumber: '555566667777' });
  });

  it('구매확정 by itself 7 days after delivery (the scheduler, the server\'s clock), not before; 교환/반품 closes after 14 days', async () => {
    const { buyer, id, last } = await delivered();
    now += 6 * DAY;
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await read(buyer, id, last)).status).toBe('delivered');
    now += DAY + 1_000;
    await expect.poll(async () => (await read(buyer, id)).status, { timeout: 10_000 }).toBe('confirmed');
    const confirmed = await read(buyer, id);
    expect(confirmed).toMatchObject({ reviewable: true });
    // The 구매확정 notification invites the review the buyer did not write that week, and links to its form (issue 36).
    const notes = notificationsSchema.parse((await buyer.get('/api/notifications')).body).notifications;
    const model = confirmed.items[0]!.modelId;
    expect(notes.find((n) => n.title === '구매가 확정되었습니다')).toMatchObject({
      message: expect.stringContaining('리뷰를 남겨주세요'), link: `/product/${model}?review=${id}`,
    });
    const review = { orderId: id, rating: 5, content: '일주일 써보니 아주 만족스럽습니다.' };
    const written = await buyer.post(`/api/products/${model}/reviews`, review);
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    expect((await buyer.post(`/api/products/${model}/reviews`, review)).status, 'once per line').toBe(409);
    expect(await read(buyer, id, written)).toMatchObject({ status: 'confirmed', reviewable: false });

    const other = await delivered();
    now += 15 * DAY;
    const tooLate = await other.buyer.post(`/api/orders/${other.id}/returns`, { kind: 'return', reason: '마음이 바뀌었어요' });
    expect(tooLate.status).toBe(409);
    expect(message(tooLate)).toContain('14일이 지나');
  });

  it('role × route: guests 401; another buyer and another seller 404; a buyer never decides a return', async () => {
    const { id } = await delivered();
    const guest = server.client();
    expect((await guest.post(`/api/orders/${id}/confirm`)).status).toBe(401);
    expect((await guest.post(`/api/orders/${id}/returns`, { kind: 'return', reason: '마음이 바뀌었어요' })).status).toBe(401);
    expect((await put(guest, `/api/orders/${id}/returns/x`, { decision: 'approved' })).status).toBe(401);
    const stranger = await registeredBuyer(server, 'stranger');
    expect((await stranger.post(`/api/orders/${id}/confirm`)).status).toBe(404);
    expect((await stranger.post(`/api/orders/${id}/returns`, { kind: 'return', reason: '마음이 바뀌었어요' })).status).toBe(404);
    expect((await put(stranger, `/api/orders/${id}/returns/x`, { decision: 'approved' })).status).toBe(403);
    const admin = await demoSignedIn(server, 'admin');
    expect((await put(admin, `/api/orders/${id}/returns/no-such`, { decision: 'approved' })).status).toBe(404);
    // Another seller (an approved applicant): the order is not theirs — 404 on every route, 403 where only buyers go.
    const other = await registeredBuyer(server, 'life-other');
    const applied = await other.post('/api/seller-applications', {
      applicantName: '다른셀러', email: `life-other-${Date.now()}@example.kr`, phone: '010-2345-6789', businessNumber: '220-81-62517',
      businessType: 'individual', storeName: '다른폰', storeDescription: '', experience: '', documents: [],
    });
    expect((await put(admin, `/api/seller-applications/${(applied.body as { id: string }).id}`, { status: 'approved', reviewNotes: '승인' })).status).toBe(200);
    expect((await put(other, `/api/orders/${id}/status`, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' })).status).toBe(404);
    expect((await put(other, `/api/orders/${id}/returns/x`, { decision: 'approved' })).status).toBe(404);
    expect((await other.post(`/api/orders/${id}/confirm`)).status).toBe(404);
    expect((await other.post(`/api/orders/${id}/cancel`, { reason: '단순 변심' })).status).toBe(404);
  });
});
