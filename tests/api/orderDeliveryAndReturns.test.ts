import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATION_MESSAGES, CARRIER_LINE_ONE_UNIT_MESSAGE, RETURN_ROUND_TRIP_SHIPPING_FEE, notificationsSchema, orderSchema, sellerOffersSchema, sellerOrdersSchema,
  sellerStoreSchema, visitDays, type Order, type Product,
} from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/*
 * Issue 39 §1–2 through the API: the order's seller marks 배송완료 and the buyer confirms receipt; a 매장 방문
 * order is taken at the store (매장 수령 완료, the store's address); carrier lines are one unit each; 번호이동 to
 * the carrier the number is with is refused; a 반품 goes 요청 → 승인 → 회수 → 검수 → 환불 (less the 왕복 배송비 of a
 * 단순 변심), each step told to both sides, its unit back on sale and out of the seller's 판매 금액. Every route
 * with the rows buyer, the order's seller, another seller, admin and guest; reads after writes send X-Min-Position.
 */
let server: TestServer;
let seller: TestClient;
let admin: TestClient;
let otherSeller: TestClient;
let offerId = '';
let portInOffer: { id: string; carrier: string } | null = null;
let unlockedProductId = '';
const STORE_ADDRESS = '서울 강남구 강남대로 396 폰마켓빌딩 1층';

type Answer = { status: number; body: unknown };
const put = (c: TestClient, p: string, body: unknown) => c.request('PUT', p, { body });
const message = (r: Answer) => (r.body as { message: string }).message;
const errors = (r: Answer) => (r.body as { errors: Record<string, string> }).errors;

beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  seller = await demoSignedIn(server, 'seller');
  admin = await demoSignedIn(server, 'admin');
  const { products } = (await server.client().get('/api/products?limit=100')).body as { products: Product[] };
  const carrierLines = products.filter((p) => p.condition === 'new' && p.carrier !== '자급제');
  for (const t of carrierLines.filter((p) => p.joinType === '기기변경')) {
    const listed = await seller.post('/api/offers', { sameTermsAs: t.id, extraSubsidy: 0, stock: 50 });
    if (listed.status === 201) { offerId = (listed.body as { id: string }).id; break; }
  }
  for (const t of carrierLines.filter((p) => p.joinType === '번호이동')) {
    const listed = await seller.post('/api/offers', { sameTermsAs: t.id, extraSubsidy: 0, stock: 50 });
    if (listed.status === 201) { portInOffer = { id: (listed.body as { id: string }).id, carrier: t.carrier }; break; }
  }
  unlockedProductId = products.find((p) => p.carrier === '자급제' && p.stock > 2)?.id ?? '';
  expect(offerId).not.toBe('');
  // The seller's store gives its address (business information): a 매장 방문 order shows it.
  const store = sellerStoreSchema.parse((await seller.get('/api/seller/store')).body);
  const hours = store.profile.businessHours ?? { weekdays: { open: '10:00', close: '19:00' }, saturday: null, sunday: null, note: null };
  const day = (d: { open: string; close: string } | null) => (d ? { closed: false, ...d } : { closed: true, open: '', close: '' });
  const saved = await put(seller, '/api/seller/store', {
    name: store.profile.name, description: store.profile.description ?? '', logoImageId: store.profile.logoImageId, bannerImageId: store.profile.bannerImageId,
    theme: store.profile.theme, businessHours: { weekdays: day(hours.weekdays), saturday: day(hours.saturday), sunday: day(hours.sunday), note: hours.note ?? '' },
    companyName: store.business.companyName ?? '', representative: store.business.representative ?? '', businessNumber: store.business.businessNumber ?? '',
    mailOrderNumber: store.business.mailOrderNumber ?? '', address: STORE_ADDRESS, phone: store.business.phone ?? '02-555-1234', email: store.business.email ?? '',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // Another seller (an approved applicant): no order here is theirs.
  otherSeller = await registeredBuyer(server, 'd39-other');
  const applied = await otherSeller.post('/api/seller-applications', {
    applicantName: '다른셀러', email: `d39-other-${Date.now()}@example.kr`, phone: '010-2345-6789', businessNumber: '220-81-62517',
    businessType: 'individual', storeName: `다른폰${Date.now()}`, storeDescription: '', experience: '', documents: [],
  });
  expect((await put(admin, `/api/seller-applications/${(applied.body as { id: string }).id}`, { status: 'approved', reviewNotes: '승인' })).status).toBe(200);
}, 60_000);
afterAll(async () => { await server?.close(); });

const checkout = (over: Record<string, unknown> = {}) => ({
  agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card',
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', sim: 'usim', activation: 'delivery', ...over,
});

async function ordered(over: Record<string, unknown> = {}, productId = offerId): Promise<{ buyer: TestClient & { id: string }; id: string; placed: Answer }> {
  const buyer = await registeredBuyer(server, 'd39', { firstName: '민수', lastName: '김' });
  expect((await buyer.post('/api/cart/items', { productId })).status).toBe(201);
  const placed = await buyer.post('/api/orders', checkout(over));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { buyer, id: (placed.body as { id: string }).id, placed };
}
async function read(c: TestClient, id: string, after?: Answer): Promise<Order> {
  const r = await c.get(`/api/orders/${id}`, after ? minPosition(after) : {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return orderSchema.parse(r.body);
}
async function moveTo(id: string, status: string, extra: Record<string, string> = {}) {
  const moved = await put(seller, `/api/orders/${id}/status`, { status, ...extra });
  expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
  return moved;
}
async function shipped(over: Record<string, unknown> = {}) {
  const o = await ordered(over);
  await moveTo(o.id, 'activating');
  await moveTo(o.id, 'activated', { activatedOn: '2026-11-20', numberLast4: '4321' });
  return { ...o, last: await moveTo(o.id, 'shipped', { courier: 'CJ대한통운', trackingNumber: '123456789012' }) };
}
async function delivered(over: Record<string, unknown> = {}) {
  const o = await shipped(over);
  return { ...o, last: await moveTo(o.id, 'delivered') };
}
/** A 반품 asked for and approved. */
async function approvedReturn(defective: boolean) {
  const o = await delivered();
  const asked = await o.buyer.post(`/api/orders/${o.id}/returns`, { kind: 'return', reason: defective ? '화면에 불량 화소가 있습니다' : '마음이 바뀌었어요', defective });
  expect(asked.status).toBe(201);
  const returnId = (asked.body as { id: string }).id;
  const approved = await put(seller, `/api/orders/${o.id}/returns/${returnId}`, { decision: 'approved' });
  expect(approved.status).toBe(200);
  return { ...o, returnId, path: `/api/orders/${o.id}/returns/${returnId}`, last: approved };
}
const titles = async (c: TestClient, after: Answer) =>
  notificationsSchema.parse((await c.get('/api/notifications', minPosition(after))).body).notifications.map((n) => n.title);
const sellerOffer = async (after?: Answer) =>
  sellerOffersSchema.parse((await seller.get('/api/seller/offers', after ? minPosition(after) : {})).body).offers.find((o) => o.id === offerId)!;

describe('배송완료 and 수령 확인 (issue 39 §1)', () => {
  it("the order's seller marks 배송완료; the courier's tracking stays; the buyer is told", async () => {
    const o = await shipped();
    const done = await moveTo(o.id, 'delivered');
    expect(await read(o.buyer, o.id, done)).toMatchObject({ status: 'delivered', statusLabel: '배송완료', courier: 'CJ대한통운', trackingNumber: '123456789012', receivable: false });
    expect(await titles(o.buyer, done)).toContain('배송이 완료되었습니다');
  });

  it('the buyer confirms receipt (수령 확인) while 배송중: 배송완료, and the seller is told', async () => {
    const o = await shipped();
    expect(await read(o.buyer, o.id, o.last)).toMatchObject({ status: 'shipped', receivable: true });
    const received = await o.buyer.post(`/api/orders/${o.id}/receipt`);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body).toMatchObject({ id: o.id, status: 'delivered' });
    expect(await read(o.buyer, o.id, received)).toMatchObject({ status: 'delivered', confirmable: true, returnable: true, receivable: false, trackingNumber: '123456789012' });
    expect(await titles(seller, received)).toContain('구매자가 수령을 확인했습니다');
    const again = await o.buyer.post(`/api/orders/${o.id}/receipt`);
    expect(again.status).toBe(409);
    expect(message(again)).toBe('이미 배송완료된 주문입니다.');
  });

  it('수령 확인 before 배송중 is refused in Korean', async () => {
    const o = await ordered();
    const early = await o.buyer.post(`/api/orders/${o.id}/receipt`);
    expect(early.status).toBe(409);
    expect(message(early)).toBe('배송중인 주문만 수령 확인할 수 있습니다.');
  });

  it('role × route: POST /api/orders/{id}/receipt and PUT /api/orders/{id}/status 배송완료', async () => {
    const o = await shipped();
    const receipt = (c: TestClient) => c.post(`/api/orders/${o.id}/receipt`);
    expect((await receipt(server.client())).status, 'guest').toBe(401);
    expect((await receipt(otherSeller)).status, 'another seller').toBe(404);
    expect((await receipt(await registeredBuyer(server, 'd39-stranger'))).status, 'another buyer').toBe(404);
    const bySeller = await receipt(seller);
    expect(bySeller.status, "the order's seller").toBe(403);
    expect(message(bySeller)).toBe('수령 확인은 구매자만 할 수 있습니다.');
    expect((await receipt(admin)).status, 'admin').toBe(403);
    const deliver = (c: TestClient) => put(c, `/api/orders/${o.id}/status`, { status: 'delivered' });
    expect((await deliver(server.client())).status, 'guest').toBe(401);
    expect((await deliver(o.buyer)).status, 'buyer').toBe(403);
    expect((await deliver(otherSeller)).status, 'another seller').toBe(404);
    expect((await deliver(admin)).status, 'admin').toBe(200);
    const other = await shipped();
    const mine = await other.buyer.post(`/api/orders/${other.id}/receipt`);
    expect(mine.status, 'buyer').toBe(200);
  });
});

describe('매장 방문 (issue 39 §1)', () => {
  it('개통 완료 → 매장 수령 완료 at the store, with its address; never a courier', async () => {
    const o = await ordered({ activation: 'visit', visitSlot: `${visitDays(new Date())[0]} 14:00` });
    await moveTo(o.id, 'activating');
    const activated = await moveTo(o.id, 'activated', { activatedOn: '2026-11-20', numberLast4: '4321' });
    const order = await read(o.buyer, o.id, activated);
    expect(order.pickup).toMatchObject({ address: STORE_ADDRESS });
    expect(order.pickup?.storeName).toBeTruthy();
    const courier = await put(seller, `/api/orders/${o.id}/status`, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(courier.status).toBe(409);
    expect(message(courier)).toContain('매장 방문 주문은 택배로 보내지 않습니다');
    const delivered = await put(seller, `/api/orders/${o.id}/status`, { status: 'delivered' });
    expect(delivered.status).toBe(409);
    expect((await put(o.buyer, `/api/orders/${o.id}/status`, { status: 'picked_up' })).status, 'buyer').toBe(403);
    expect((await put(otherSeller, `/api/orders/${o.id}/status`, { status: 'picked_up' })).status, 'another seller').toBe(404);
    expect((await put(server.client(), `/api/orders/${o.id}/status`, { status: 'picked_up' })).status, 'guest').toBe(401);
    const picked = await moveTo(o.id, 'picked_up');
    expect(await read(o.buyer, o.id, picked)).toMatchObject({ status: 'delivered', statusLabel: '매장 수령 완료', courier: null, trackingNumber: null, confirmable: true });
    expect(await titles(o.buyer, picked)).toContain('매장 수령이 완료되었습니다');
    // The seller's 배송 관리 reads it the same way.
    const mine = sellerOrdersSchema.parse((await seller.get('/api/seller/orders', minPosition(picked))).body).orders.find((x) => x.id === o.id);
    expect(mine).toMatchObject({ statusLabel: '매장 수령 완료', pickup: { address: STORE_ADDRESS }, handles: true });
    // 매장 수령 완료 is only for 매장 방문 orders.
    const parcel = await ordered();
    await moveTo(parcel.id, 'activating');
    await moveTo(parcel.id, 'activated', { activatedOn: '2026-11-20', numberLast4: '4321' });
    const wrong = await put(seller, `/api/orders/${parcel.id}/status`, { status: 'picked_up' });
    expect(wrong.status).toBe(409);
    expect(message(wrong)).toContain('매장 방문 수령을 고른 주문만');
  });
});

describe('one 개통 per line (issue 39 §1)', () => {
  it('a carrier line is one unit: 2 at once, the same again or raised to 2 are refused in Korean; a 자급제 line takes 2', async () => {
    const buyer = await registeredBuyer(server, 'd39-qty');
    const two = await buyer.post('/api/cart/items', { productId: offerId, quantity: 2 });
    expect(two.status).toBe(400);
    expect(message(two)).toBe(CARRIER_LINE_ONE_UNIT_MESSAGE);
    expect(errors(two).quantity).toBe(CARRIER_LINE_ONE_UNIT_MESSAGE);
    const one = await buyer.post('/api/cart/items', { productId: offerId });
    expect(one.status).toBe(201);
    const again = await buyer.post('/api/cart/items', { productId: offerId });
    expect(again.status).toBe(409);
    expect(message(again)).toBe(CARRIER_LINE_ONE_UNIT_MESSAGE);
    const cart = (await buyer.get('/api/cart', minPosition(one))).body as { items: { itemId: string; quantity: number }[] };
    const raised = await buyer.request('PATCH', `/api/cart/items/${cart.items[0]!.itemId}`, { body: { quantity: 2 } });
    expect(raised.status).toBe(400);
    expect(message(raised)).toBe(CARRIER_LINE_ONE_UNIT_MESSAGE);
    if (unlockedProductId) expect((await buyer.post('/api/cart/items', { productId: unlockedProductId, quantity: 2 })).status).toBe(201);
  });

  it('번호이동 from the carrier the line is with is refused, suggesting 기기변경; from another carrier it is accepted', async () => {
    if (!portInOffer) throw new Error('no 번호이동 offer to list');
    const buyer = await registeredBuyer(server, 'd39-port', { firstName: '민수', lastName: '김' });
    expect((await buyer.post('/api/cart/items', { productId: portInOffer.id })).status).toBe(201);
    const port = { currentNumber: '010-2222-3333' };
    const same = await buyer.post('/api/orders', checkout({ ...port, currentCarrier: portInOffer.carrier }));
    expect(same.status).toBe(400);
    expect(errors(same).currentCarrier).toBe(ACTIVATION_MESSAGES.samePort(portInOffer.carrier));
    expect(message(same)).toContain('기기변경');
    const other = portInOffer.carrier === 'KT' ? 'SKT' : 'KT';
    expect((await buyer.post('/api/orders', checkout({ ...port, currentCarrier: other }))).status).toBe(201);
  });
});

describe('반품: 요청 → 승인 → 회수 → 검수 → 환불 (issue 39 §2)', () => {
  it('단순 변심: each step told to both sides; refunded less the 왕복 배송비 after 검수; the unit back on sale; out of 판매 금액; no 매월 통신사 청구', async () => {
    const before = await sellerOffer();
    const o = await approvedReturn(false);
    const paid = await read(o.buyer, o.id, o.last);
    expect(paid).toMatchObject({ status: 'returning', statusLabel: '반품 진행', returns: [{ status: 'approved', refund: null }] });
    expect(await titles(o.buyer, o.last)).toEqual(expect.arrayContaining(['반품 신청이 접수되었습니다', '반품 신청이 승인되었습니다']));
    expect(await titles(seller, o.last)).toEqual(expect.arrayContaining(['반품 신청이 들어왔습니다', '반품 신청을 승인했습니다']));
    const salesBefore = sellerOrdersSchema.parse((await seller.get('/api/seller/orders', minPosition(o.last))).body).summary.sales;
    // Not back yet: the unit is still sold.
    expect((await sellerOffer(o.last)).sold).toBe(before.sold + 1);

    const collected = await o.buyer.post(`${o.path}/collection`, { method: 'courier', courier: '한진택배', trackingNumber: '987654321098' });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    expect(await read(o.buyer, o.id, collected)).toMatchObject({
      status: 'returning', returns: [{ status: 'collecting', collection: { method: 'courier', courier: '한진택배', trackingNumber: '987654321098' } }],
    });
    expect(await titles(seller, collected)).toContain('반품 회수가 등록되었습니다');

    const inspected = await seller.post(`${o.path}/inspection`, { note: '외관 이상 없음' });
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
    const refund = paid.amounts.payNow - RETURN_ROUND_TRIP_SHIPPING_FEE;
    const returned = await read(o.buyer, o.id, inspected);
    expect(returned).toMatchObject({
      status: 'returned', statusLabel: '반품 완료',
      returns: [{ status: 'refunded', inspection: { note: '외관 이상 없음' }, refund: { amount: refund, shippingFee: RETURN_ROUND_TRIP_SHIPPING_FEE } }],
    });
    const buyerNotes = notificationsSchema.parse((await o.buyer.get('/api/notifications', minPosition(inspected))).body).notifications;
    expect(buyerNotes.find((n) => n.title === '환불되었습니다')?.message).toContain(`${refund.toLocaleString('ko-KR')}원`);
    expect(buyerNotes.find((n) => n.title === '환불되었습니다')?.message).toContain('왕복 배송비 6,000원 차감');
    expect(buyerNotes.map((n) => n.title)).toContain('반품 검수가 완료되었습니다');
    expect(await titles(seller, inspected)).toEqual(expect.arrayContaining(['반품 검수를 완료했습니다', '반품 환불이 완료되었습니다']));
    // The unit is on sale again and the order left 판매 금액 (판매 수량 is the offers' sold).
    const after = await sellerOffer(inspected);
    expect(after.sold).toBe(before.sold);
    expect(after.stock).toBe(before.stock);
    const sellerOrders = sellerOrdersSchema.parse((await seller.get('/api/seller/orders', minPosition(inspected))).body);
    expect(sellerOrders.summary.sales).toBe(salesBefore - paid.amounts.items);
    expect(sellerOrders.orders.find((x) => x.id === o.id)?.status).toBe('returned');
  });

  it('불량: 매장 반납, refunded in full', async () => {
    const o = await approvedReturn(true);
    const paid = await read(o.buyer, o.id, o.last);
    const collected = await seller.post(`${o.path}/collection`, { method: 'store' });
    expect(collected.status).toBe(200);
    const inspected = await admin.post(`${o.path}/inspection`, {});
    expect(inspected.status).toBe(200);
    expect(await read(o.buyer, o.id, inspected)).toMatchObject({
      status: 'returned', returns: [{ collection: { method: 'store', courier: null, trackingNumber: null }, refund: { amount: paid.amounts.payNow, shippingFee: 0 } }],
    });
  });

  it('wrong order of steps and bad input are refused in Korean; nothing is lost', async () => {
    const o = await delivered();
    const asked = await o.buyer.post(`/api/orders/${o.id}/returns`, { kind: 'return', reason: '마음이 바뀌었어요' });
    const path = `/api/orders/${o.id}/returns/${(asked.body as { id: string }).id}`;
    const early = await o.buyer.post(`${path}/collection`, { method: 'store' });
    expect(early.status).toBe(409);
    expect(message(early)).toBe('승인된 반품만 회수를 등록할 수 있습니다.');
    const soon = await seller.post(`${path}/inspection`, {});
    expect(soon.status).toBe(409);
    expect(message(soon)).toContain('회수가 등록된 반품만 검수할 수 있습니다.');
    const approved = await put(seller, path, { decision: 'approved' });
    const noTracking = await o.buyer.post(`${path}/collection`, { method: 'courier', courier: 'CJ대한통운' });
    expect(noTracking.status).toBe(400);
    expect(errors(noTracking).trackingNumber).toBe('송장번호를 입력해주세요.');
    const badTracking = await o.buyer.post(`${path}/collection`, { method: 'courier', courier: 'CJ대한통운', trackingNumber: '12' });
    expect(badTracking.status).toBe(400);
    expect(errors(badTracking).trackingNumber).toContain('송장번호');
    const badMethod = await o.buyer.post(`${path}/collection`, { method: 'drone' });
    expect(badMethod.status).toBe(400);
    expect(errors(badMethod).method).toBe('회수 방법을 선택해주세요.');
    expect(await read(o.buyer, o.id, approved)).toMatchObject({ status: 'returning', returns: [{ status: 'approved', collection: null }] });
    expect((await o.buyer.post(`/api/orders/${o.id}/returns/no-such/collection`, { method: 'store' })).status).toBe(404);
  });

  it('role × route: …/collection (buyer, the order\'s seller, admin) and …/inspection (the order\'s seller, admin)', async () => {
    const a = await approvedReturn(false);
    const collect = (c: TestClient, path = a.path) => c.post(`${path}/collection`, { method: 'store' });
    const inspect = (c: TestClient, path = a.path) => c.post(`${path}/inspection`, {});
    expect((await collect(server.client())).status, 'guest').toBe(401);
    expect((await collect(otherSeller)).status, 'another seller').toBe(404);
    expect((await collect(await registeredBuyer(server, 'd39-stranger'))).status, 'another buyer').toBe(404);
    expect((await collect(a.buyer)).status, 'buyer').toBe(200);
    const b = await approvedReturn(false);
    expect((await collect(seller, b.path)).status, "the order's seller").toBe(200);
    const c = await approvedReturn(false);
    const byAdmin = await collect(admin, c.path);
    expect(byAdmin.status, 'admin').toBe(200);

    expect((await inspect(server.client())).status, 'guest').toBe(401);
    expect((await inspect(a.buyer)).status, 'buyer').toBe(403);
    expect((await inspect(otherSeller)).status, 'another seller').toBe(404);
    expect((await inspect(seller)).status, "the order's seller").toBe(200);
    expect((await inspect(admin, c.path)).status, 'admin').toBe(200);
    expect((await read(c.buyer, c.id, await inspect(seller, b.path))).status).toBe('returned');
  });
});
