import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_CORRECTION_MESSAGES, historySchema, modelOffersSchema, notificationsSchema, orderSchema, sellerOrdersSchema } from '@phonemarket/contracts';
import { orderContractSchema } from '@phonemarket/contracts/contract.ts';
import { approvedShop, demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * s62: `POST /api/orders/{id}/tracking-correction` — the order's seller (or an admin) corrects the 송장 of an order
 * 배송중, with a reason (the 발송 fields' rules); the buyer's order follows the new one, the buyer is told, the history
 * reads old → new. And the 개통비 each line keeps from its plan when ordered, on the order and its 계약 조건서.
 */
let server: TestServer;
let seller: TestClient;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  seller = await demoSignedIn(server, 'seller');
  admin = await demoSignedIn(server, 'admin');
});
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card', ...PAID_TODAY };
const after = minPosition;
const correction = { courier: '롯데택배', trackingNumber: '223456789012', reason: '송장번호 한 자리를 잘못 입력했습니다' };
const correct = (c: TestClient, orderId: string, body: unknown = correction) => c.post(`/api/orders/${orderId}/tracking-correction`, body);

/** The demo seller's offer on the terms of a market offer whose plan has a 개통비 (`setupFee` > 0), and that fee. */
async function offerWithSetupFee(): Promise<{ offerId: string; setupFee: number }> {
  const offers = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers;
  for (const terms of offers.filter((o) => o.condition === 'new' && (o.plan?.setupFee ?? 0) > 0 && !o.offerId.includes('seller-1'))) {
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 10 });
    if (listed.status === 409) continue;
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    return { offerId: (listed.body as { id: string }).id, setupFee: terms.plan!.setupFee };
  }
  throw new Error('no market offer with a 개통비 to list');
}
async function order(buyer: TestClient, offerId: string): Promise<string> {
  expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
  const placed = await buyer.post('/api/orders', address);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (placed.body as { id: string }).id;
}

describe('the 개통비 an order line keeps (s62)', () => {
  it("is the plan's when ordered, on the buyer's order, the seller's list and the 계약 조건서", async () => {
    const { offerId, setupFee } = await offerWithSetupFee();
    const buyer = await registeredBuyer(server, 'setup-fee');
    const orderId = await order(buyer, offerId);
    expect(orderSchema.parse((await buyer.get(`/api/orders/${orderId}`)).body).items.map((i) => i.setupFee)).toEqual([setupFee]);
    expect(orderContractSchema.parse((await buyer.get(`/api/orders/${orderId}/contract`)).body).lines.map((l) => l.setupFee)).toEqual([setupFee]);
    const mine = sellerOrdersSchema.parse((await seller.get('/api/seller/orders')).body).orders.find((o) => o.id === orderId);
    expect(mine?.items.map((i) => i.setupFee)).toEqual([setupFee]);
  });
});

describe('POST /api/orders/{id}/tracking-correction (송장 정정, s62)', () => {
  it('guest 401, buyers 403 (the order\'s own too), another seller 404, bad input 400 in Korean, before shipping 409; the seller corrects while 배송중', async () => {
    const { offerId } = await offerWithSetupFee();
    const buyer = await registeredBuyer(server, 'tracking-fix');
    const orderId = await order(buyer, offerId);
    const other = await approvedShop(server, admin, `송장가게${Date.now()}`);

    expect(await correct(seller, orderId)).toMatchObject({ status: 409, body: { message: TRACKING_CORRECTION_MESSAGES.notShipped } });
    const shipped = await moveOrder(seller, orderId, 'shipped');
    expect(shipped.status).toBe(200);

    expect((await correct(server.client(), orderId)).status).toBe(401);
    expect((await correct(await registeredBuyer(server, 'tracking-stranger'), orderId)).status).toBe(403);
    expect((await correct(buyer, orderId)).status).toBe(403);
    expect(await correct(other, orderId)).toMatchObject({ status: 404, body: { message: '주문을 찾을 수 없습니다.' } });
    expect((await correct(seller, 'no-such-order')).status).toBe(404);

    expect(await correct(seller, orderId, { ...correction, trackingNumber: '12-3' })).toMatchObject({ status: 400, body: { errors: { trackingNumber: '송장번호는 6~30자의 숫자·영문으로 입력해주세요.' } } });
    expect(await correct(seller, orderId, { ...correction, reason: '  ' })).toMatchObject({ status: 400, body: { errors: { reason: TRACKING_CORRECTION_MESSAGES.reason } } });
    expect(await correct(seller, orderId, { ...correction, reason: '가'.repeat(101) })).toMatchObject({ status: 400, body: { errors: { reason: TRACKING_CORRECTION_MESSAGES.reasonMax } } });
    expect(await correct(seller, orderId, { ...correction, courier: 'CJ대한통운', trackingNumber: '123456789012' })).toMatchObject({ status: 400, body: { errors: { trackingNumber: TRACKING_CORRECTION_MESSAGES.unchanged } } });
    // Nothing refused changed the order.
    expect(orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, after(shipped))).body)).toMatchObject({ courier: 'CJ대한통운', trackingNumber: '123456789012' });

    const done = await correct(seller, orderId);
    expect(done).toMatchObject({ status: 200, body: { status: 'shipped' } });
    expect(orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, after(done))).body)).toMatchObject({ status: 'shipped', courier: '롯데택배', trackingNumber: '223456789012' });
    const history = historySchema.parse((await buyer.get(`/api/orders/${orderId}/history`, after(done))).body);
    expect(history.find((h) => h.type === 'ShipmentTrackingCorrected')).toMatchObject({
      data: { previousCourier: 'CJ대한통운', previousTrackingNumber: '123456789012', courier: '롯데택배', trackingNumber: '223456789012', reason: correction.reason },
      actor: { role: 'seller' },
    });
    const notes = notificationsSchema.parse((await buyer.get('/api/notifications', after(done))).body).notifications;
    expect(notes.find((n) => n.title === '송장번호가 정정되었습니다')?.message).toContain(`CJ대한통운 123456789012 → 롯데택배 223456789012(으)로 정정되었습니다 (사유: ${correction.reason})`);

    // An admin corrects it too; once delivered nobody does.
    const byAdmin = await correct(admin, orderId, { courier: '롯데택배', trackingNumber: '323456789012', reason: '관리자 확인' });
    expect(byAdmin.status).toBe(200);
    expect(orderSchema.parse((await buyer.get(`/api/orders/${orderId}`, after(byAdmin))).body).trackingNumber).toBe('323456789012');
    expect((await seller.request('PUT', `/api/orders/${orderId}/status`, { body: { status: 'delivered' } })).status).toBe(200);
    expect(await correct(seller, orderId, { ...correction, trackingNumber: '423456789012' })).toMatchObject({ status: 409, body: { message: TRACKING_CORRECTION_MESSAGES.notShipped } });
  });
});
