import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsSchema, sellerStoreSchema } from '@phonemarket/contracts';
import {
  BUYBACK_MESSAGES, buybackGradesSchema, buybackMarketSchema, buybackOrderAnswerSchema, buybackOrderSchema, buybackOrdersSchema, buybackPhotoAnswerSchema,
  buybackPricesSchema, buybackQuoteCreatedSchema, buybackQuoteSchema, buybackShopsSchema, type BuybackOrder,
} from '@phonemarket/contracts/buyback.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * 중고폰 매입 (issue 26) over HTTP: shops' grids, the instant quote, the deal from acceptance to payout
 * or return, photos, the scheduler's clocks (the server's clock is the test's), the market's figures,
 * and who may call what (another seller, another shop, a suspended shop).
 */
const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2026-11-20T01:00:00.000Z'); // a Friday, 10:00 in Seoul
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000', SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '10000' }, { clock: () => new Date(now) });
});
afterAll(async () => { await server?.close(); });

type Answer = { status: number; body: unknown };
const message = (r: Answer) => (r.body as { message?: string }).message ?? '';
const errors = (r: Answer) => (r.body as { errors?: Record<string, string> }).errors ?? {};

let shopA: TestClient;
let admin: TestClient;
const S24 = 'galaxy-s24';
const gridA = {
  items: [
    { modelId: S24, storage: 256, grade: 'S', price: 520_000 }, { modelId: S24, storage: 256, grade: 'A', price: 480_000 },
    { modelId: S24, storage: 256, grade: 'B', price: 420_000 }, { modelId: S24, storage: 256, grade: 'C', price: 300_000 },
    { modelId: S24, storage: 256, grade: 'D', price: 120_000 },
  ],
  deductions: [{ code: 'touch', amount: 40_000 }, { code: 'camera', amount: 60_000 }, { code: 'battery', amount: 30_000 }],
};
const gridB = {
  items: [{ modelId: S24, storage: 256, grade: 'A', price: 470_000 }, { modelId: S24, storage: 256, grade: 'B', price: 410_000 }],
  deductions: [{ code: 'touch', amount: 10_000 }],
};

/** A buyer who applies and is approved: another shop. */
let applicants = 0;
async function approvedShop(storeName: string): Promise<TestClient & { id: string }> {
  const c = await registeredBuyer(server, 'bb-shop', { firstName: '지훈', lastName: '박' });
  const applied = await c.post('/api/seller-applications', {
    applicantName: '박지훈', email: `bb-shop-${++applicants}-${Date.now()}@example.kr`, phone: '010-3456-7890', businessNumber: '220-81-62517',
    businessType: 'individual', storeName, storeDescription: '중고폰 매입', experience: '', documents: [],
  });
  expect(applied.status).toBe(201);
  expect((await admin.request('PUT', `/api/seller-applications/${(applied.body as { id: string }).id}`, { body: { status: 'approved' } })).status).toBe(200);
  return c;
}
let shopB: TestClient & { id: string };

const putGrid = (c: TestClient, body: unknown) => c.request('PUT', '/api/seller/buyback-prices', { body });
const quote = async (c: TestClient, answers: Record<string, boolean> = { scratches: true }, extra: Record<string, unknown> = {}) => {
  const r = await c.post('/api/buyback/quotes', { modelId: S24, storage: 256, answers, ...extra });
  expect(r.status).toBe(201);
  return { ...buybackQuoteCreatedSchema.parse(r.body), answer: r };
};
const readOrder = async (c: TestClient, id: string, after?: Answer): Promise<BuybackOrder> => {
  const r = await c.get(`/api/buyback/orders/${id}`, after ? minPosition(after) : {});
  expect(r.status).toBe(200);
  return buybackOrderSchema.parse(r.body);
};
const photo = (color = '#884422') => sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
const upload = (c: TestClient, orderId: string, bytes: Uint8Array) =>
  c.request('POST', `/api/buyback/orders/${orderId}/photos`, { body: bytes, headers: { 'content-type': 'image/jpeg' } });

/** A sold phone: quoted, accepted (points or bank) and received by the best shop. */
async function received(seller: TestClient, payout: 'points' | 'bank' = 'points') {
  const q = await quote(seller);
  const accepted = await seller.post(`/api/buyback/quotes/${q.id}/accept`, payout === 'bank'
    ? { handover: 'parcel', payout: 'bank', bank: { bankName: '국민은행', accountNumber: '123-456-789012', holder: '김민수' } }
    : { handover: 'parcel', payout: 'points' });
  expect(accepted.status).toBe(201);
  const { id } = buybackOrderAnswerSchema.parse(accepted.body);
  const got = await shopA.post(`/api/buyback/orders/${id}/received`);
  expect(got.status).toBe(200);
  return { id, q, last: got as Answer };
}

beforeAll(async () => {
  shopA = await demoSignedIn(server, 'seller');
  admin = await demoSignedIn(server, 'admin');
  shopB = await approvedShop('폰사요');
  expect((await putGrid(shopA, gridA)).status).toBe(200);
  expect((await putGrid(shopB, gridB)).status).toBe(200);
});

describe('grades and grids', () => {
  it('GET /api/buyback/grades is public: S–D with objective Korean definitions, the rule, the checklist and the deduction codes', async () => {
    const r = await server.client().get('/api/buyback/grades');
    expect(r.status).toBe(200);
    const grades = buybackGradesSchema.parse(r.body);
    expect(grades.grades.map((g) => g.grade)).toEqual(['S', 'A', 'B', 'C', 'D']);
    expect(grades.grades.find((g) => g.grade === 'B')?.definition).toContain('손톱이 걸리지 않는 생활기스');
    expect(grades.checklist.map((c) => c.code)).toEqual(expect.arrayContaining(['screenCracked', 'burnIn', 'touch', 'biometrics', 'camera', 'speakerMic', 'wifiBt', 'battery', 'privateRepair', 'lostStolen', 'noBox']));
  });

  it('PUT /api/seller/buyback-prices: guests 401, buyers and admins 403; a bad row is named by its line in Korean; unknown models and storages too', async () => {
    expect((await putGrid(server.client(), gridA)).status).toBe(401);
    expect((await putGrid(await registeredBuyer(server, 'bb-buyer'), gridA)).status).toBe(403);
    expect((await putGrid(admin, gridA)).status).toBe(403);
    const bad = await putGrid(shopA, { items: [gridA.items[0], { modelId: S24, storage: 256, grade: 'Z', price: -1 }], deductions: [] });
    expect(bad.status).toBe(400);
    expect(errors(bad)['items.1.grade']).toBe('2번째 줄: 등급은 S, A, B, C, D 중 하나여야 합니다.');
    expect(errors(bad)['items.1.price']).toBe('2번째 줄: 매입가는 0원 이상의 정수로 입력해주세요.');
    const unknown = await putGrid(shopA, { items: [{ modelId: 'no-such-phone', storage: 256, grade: 'A', price: 1 }, { modelId: S24, storage: 64, grade: 'A', price: 1 }], deductions: [] });
    expect(unknown.status).toBe(400);
    expect(errors(unknown)).toEqual({ 'items.0.modelId': '1번째 줄: 알 수 없는 모델입니다 (no-such-phone).', 'items.1.storage': '2번째 줄: 갤럭시 S24에는 64GB 용량이 없습니다.' });
  });

  it('GET /api/seller/buyback-prices: the shop’s own grid and its history (each save an event)', async () => {
    const second = await putGrid(shopB, { ...gridB, items: [...gridB.items, { modelId: S24, storage: 512, grade: 'A', price: 530_000 }] });
    expect(second.status).toBe(200);
    const mine = buybackPricesSchema.parse((await shopB.get('/api/seller/buyback-prices', minPosition(second))).body);
    expect(mine.items).toHaveLength(3);
    expect(mine.history.map((h) => [h.rows, h.added])).toEqual([[3, 1], [2, 2]]);
    expect((await server.client().get('/api/seller/buyback-prices')).status).toBe(401);
  });
});

describe('the instant quote', () => {
  it('best = the highest grid price less that shop’s deductions for the declared faults; runner-up; valid 7 days; GET by its owner and admins', async () => {
    const seller = await registeredBuyer(server, 'bb-q');
    const plain = await quote(seller, { scratches: true });
    expect(plain).toMatchObject({ grade: 'B', best: { shopId: 'seller-1', price: 420_000 }, runnerUp: { price: 410_000, storeName: '폰사요' }, message: null });
    expect(Date.parse(plain.validUntil) - now).toBe(7 * DAY);
    // Touch declared: shop A −40,000 (380,000), shop B −10,000 (400,000): B is best now.
    const touch = await quote(seller, { scratches: true, touch: true });
    expect(touch).toMatchObject({ best: { storeName: '폰사요', price: 400_000 }, runnerUp: { shopId: 'seller-1', price: 380_000 } });
    const read = buybackQuoteSchema.parse((await seller.get(`/api/buyback/quotes/${touch.id}`, minPosition(touch.answer))).body);
    expect(read).toMatchObject({ grade: 'B', gradeTitle: 'B급 (생활기스)', deductions: [{ code: 'touch', label: '터치 불량' }], expired: false, orderId: null });
    expect((await (await registeredBuyer(server, 'bb-other')).get(`/api/buyback/quotes/${touch.id}`)).status).toBe(404);
    expect((await admin.get(`/api/buyback/quotes/${touch.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/buyback/quotes/${touch.id}`)).status).toBe(401);
    expect((await server.client().post('/api/buyback/quotes', { modelId: S24, storage: 256, answers: {} })).status).toBe(401);
    // A shop selling its own phone is quoted by the other shops only.
    expect((await quote(shopA, { scratches: true })).best).toMatchObject({ storeName: '폰사요', price: 410_000 });
  });

  it('no shop buys it → best null and a Korean line; a lost or stolen phone is never bought; bad input is 400', async () => {
    const seller = await registeredBuyer(server, 'bb-none');
    const none = await quote(seller, {}, { storage: 512 });
    expect(none).toMatchObject({ grade: 'S', best: null, runnerUp: null, message: BUYBACK_MESSAGES.noShop });
    const stolen = await quote(seller, { lostStolen: true });
    expect(stolen).toMatchObject({ best: null, message: BUYBACK_MESSAGES.lostStolen });
    expect((await seller.post(`/api/buyback/quotes/${none.id}/accept`, { handover: 'parcel', payout: 'points' })).status).toBe(409);
    const bad = await seller.post('/api/buyback/quotes', { modelId: S24, storage: 64, answers: {} });
    expect(bad.status).toBe(400);
    expect(errors(bad).storage).toBe(BUYBACK_MESSAGES.storage);
    const bank = await seller.post(`/api/buyback/quotes/${none.id}/accept`, { handover: 'parcel', payout: 'bank' });
    expect(bank.status).toBe(400);
    expect(errors(bank).bank).toBe('계좌로 받으려면 계좌 정보를 입력해주세요.');
  });

  it('accept → a buyback order with the best shop; accepting again is 409; an expired quote is 409; another user’s quote 404', async () => {
    const seller = await registeredBuyer(server, 'bb-acc');
    const q = await quote(seller);
    expect((await (await registeredBuyer(server, 'bb-thief')).post(`/api/buyback/quotes/${q.id}/accept`, { handover: 'visit', payout: 'points' })).status).toBe(404);
    const accepted = await seller.post(`/api/buyback/quotes/${q.id}/accept`, { handover: 'visit', payout: 'points' });
    expect(accepted.status).toBe(201);
    const { id } = buybackOrderAnswerSchema.parse(accepted.body);
    expect(await readOrder(seller, id, accepted)).toMatchObject({ status: 'accepted', shopId: 'seller-1', quotedPrice: 420_000, handover: 'visit', payout: 'points' });
    expect((await seller.post(`/api/buyback/quotes/${q.id}/accept`, { handover: 'parcel', payout: 'points' })).status).toBe(409);
    const later = await quote(seller);
    now += 7 * DAY + 1000;
    const expired = await seller.post(`/api/buyback/quotes/${later.id}/accept`, { handover: 'parcel', payout: 'points' });
    expect(expired.status).toBe(409);
    expect(message(expired)).toBe(BUYBACK_MESSAGES.quoteExpired);
    // The scheduler marks it expired too (the quote's page says so).
    await expect.poll(async () => buybackQuoteSchema.parse((await seller.get(`/api/buyback/quotes/${later.id}`)).body).expired, { timeout: 10_000 }).toBe(true);
  });
});

describe('the deal', () => {
  it('received → inspected with photos → counter-offer computed by the server → declined → free return; the timeline names every actor', async () => {
    const seller = await registeredBuyer(server, 'bb-deal', { firstName: '서연', lastName: '이' });
    const { id, last } = await received(seller, 'bank');
    const got = await readOrder(seller, id, last);
    expect(got).toMatchObject({ status: 'received', bank: { accountNumber: '***-***-**9012', masked: true } });
    const shot = await upload(shopA, id, await photo());
    expect(shot.status).toBe(201);
    const { id: photoId, url } = buybackPhotoAnswerSchema.parse(shot.body);
    const grade = buybackPhotoAnswerSchema.parse((await upload(shopA, id, await photo('#223344'))).body);
    // A finding may not name what the seller declared (nothing here) nor come without this order's photo.
    const noPhoto = await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'B', findings: [{ code: 'camera', photo: 'not-a-photo' }] });
    expect(noPhoto.status).toBe(400);
    expect(errors(noPhoto)['findings.0.photo']).toBe('이 주문에 올린 사진을 골라주세요.');
    const worseNoPhoto = await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'C', findings: [] });
    expect(worseNoPhoto.status).toBe(400);
    const inspected = await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'C', findings: [{ code: 'camera', photo: photoId }], gradePhotos: [grade.id], note: '모서리 찍힘' });
    expect(inspected.status).toBe(200);
    const countered = await readOrder(seller, id, inspected);
    // C 300,000 − camera 60,000 = 240,000 (quoted 420,000).
    expect(countered).toMatchObject({ status: 'counter_offered', counter: { price: 240_000, cut: 180_000, decision: null } });
    expect(countered.inspection?.findings).toEqual([{ code: 'camera', label: '카메라 불량', photoUrl: url }]);
    // The photo: the order's parties and admins only.
    expect((await seller.get(url)).status).toBe(200);
    expect((await seller.get(url)).headers.get('content-type')).toBe('image/webp');
    expect((await admin.get(url)).status).toBe(200);
    expect((await shopA.get(url)).status).toBe(200);
    expect((await shopB.get(url)).status).toBe(404);
    expect((await (await registeredBuyer(server, 'bb-peek')).get(url)).status).toBe(404);
    expect((await server.client().get(url)).status).toBe(401);
    // Only the phone's seller decides; the shop cannot.
    expect((await shopA.post(`/api/buyback/orders/${id}/counter`, { accept: true })).status).toBe(404);
    const declined = await seller.post(`/api/buyback/orders/${id}/counter`, { accept: false });
    expect(declined.status).toBe(200);
    expect((await readOrder(seller, id, declined)).status).toBe('returning');
    const returned = await shopA.post(`/api/buyback/orders/${id}/return`, { courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(returned.status).toBe(200);
    const done = await readOrder(seller, id, returned);
    expect(done).toMatchObject({ status: 'returned', returnShipment: { courier: 'CJ대한통운', trackingNumber: '123456789012' } });
    expect(done.timeline.map((t) => [t.label, t.actor])).toEqual([
      ['판매 신청', 'customer'], ['입고 확인', 'shop'], ['재견적 제안', 'shop'], ['재견적 거절', 'customer'], ['반송 완료', 'shop'],
    ]);
    expect(done.timeline[3]?.actorName).toBe('이서연');
    expect(done.timeline[1]?.actorName).toBe(done.storeName);
    const notes = ((await seller.get('/api/notifications', minPosition(returned))).body as { notifications: { title: string }[] }).notifications.map((n) => n.title);
    expect(notes).toEqual(expect.arrayContaining(['재견적이 도착했습니다', '휴대폰을 돌려보냈습니다']));
    const shopNotes = ((await shopA.get('/api/notifications', minPosition(returned))).body as { notifications: { title: string }[] }).notifications.map((n) => n.title);
    expect(shopNotes).toContain('재견적이 거절되었습니다');
  });

  it('a match → 개인정보 삭제 확인서 first, then points paid to the wallet at once; the shop’s public figures follow', async () => {
    const seller = await registeredBuyer(server, 'bb-paid');
    const { id } = await received(seller, 'points');
    const inspected = await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'B', findings: [] });
    expect(inspected.status).toBe(200);
    expect((await readOrder(seller, id, inspected)).status).toBe('payout_pending');
    const early = await shopA.post(`/api/buyback/orders/${id}/payout`);
    expect(early.status).toBe(409);
    expect(message(early)).toBe('개인정보 삭제 확인서를 먼저 등록해주세요.');
    // Issue 35: the erasure's time lies between the phone's receipt (the server's clock: `now`) and now; a Korean 400 on `at` otherwise.
    const erasure = (at: string) => shopA.post(`/api/buyback/orders/${id}/erasure`, { method: 'factory_reset', at, imeiLast4: '4321' });
    for (const [at, error] of [
      ['1970-01-01T00:00:00.000Z', '삭제 일시는 휴대폰을 입고한 뒤여야 합니다.'], [new Date(now - 60_000).toISOString(), '삭제 일시는 휴대폰을 입고한 뒤여야 합니다.'],
      [new Date(now + 60_000).toISOString(), '삭제 일시는 지금보다 늦을 수 없습니다.'], ['2026-11-31T10:00', '삭제 일시는 2026-11-30T14:00처럼 실제 있는 날짜와 시각으로 입력해주세요.'],
    ] as const) {
      const refused = await erasure(at);
      expect(refused.status, at).toBe(400);
      expect((refused.body as { errors: Record<string, string> }).errors, at).toEqual({ at: error });
    }
    const erased = await erasure(new Date(now).toISOString());
    expect(erased.status).toBe(200);
    const paid = await shopA.post(`/api/buyback/orders/${id}/payout`);
    expect(paid.status).toBe(200);
    expect(await readOrder(seller, id, paid)).toMatchObject({ status: 'paid', finalPrice: 420_000, erasure: { method: 'factory_reset', imeiLast4: '4321' } });
    const points = pointsSchema.parse((await seller.get('/api/me/points', minPosition(paid))).body);
    expect(points.history.find((h) => h.orderId === id)).toMatchObject({ amount: 420_000, reason: '중고폰 판매 대금' });
    // Notifications at each step: the phone's seller (received, inspected, paid, the points) and the shop (a new order).
    const notes = ((await seller.get('/api/notifications', minPosition(paid))).body as { notifications: { title: string; link: string | null; message: string }[] }).notifications;
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['휴대폰이 매장에 도착했습니다', '검수가 끝났습니다', '판매 대금이 지급되었습니다', '포인트가 적립되었습니다']));
    expect(notes.find((n) => n.title === '판매 대금이 지급되었습니다')?.link).toBe(`/sell/orders/${id}`);
    expect(notes.find((n) => n.title === '포인트가 적립되었습니다')?.message).toContain('중고폰 판매 대금');
    const shopNotes = ((await shopA.get('/api/notifications', minPosition(paid))).body as { notifications: { title: string }[] }).notifications;
    expect(shopNotes.some((n) => n.title === '새 매입 신청이 들어왔습니다')).toBe(true);
    const shops = buybackShopsSchema.parse((await server.client().get('/api/buyback/shops', minPosition(paid))).body);
    const a = shops.items.find((s) => s.shopId === 'seller-1');
    expect(a?.deals).toBeGreaterThanOrEqual(1);
    expect(a?.inspected).toBeGreaterThanOrEqual(2);
    expect(a?.counterOfferShare).toBeGreaterThan(0);
    expect(a?.averageCut).toBe(180_000);
  });

  it('bank payout: the account whole only to admins and, at payout, to the shop; the record keeps it masked', async () => {
    const seller = await registeredBuyer(server, 'bb-bank');
    const { id } = await received(seller, 'bank');
    expect((await readOrder(shopA, id)).bank?.masked).toBe(true);
    expect((await readOrder(admin, id)).bank?.accountNumber).toBe('123-456-789012');
    const inspected = await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'A', findings: [] });
    expect((await readOrder(shopA, id, inspected)).bank).toMatchObject({ accountNumber: '123-456-789012', masked: false });
    expect((await readOrder(seller, id)).bank?.masked).toBe(true);
    await shopA.post(`/api/buyback/orders/${id}/erasure`, { method: 'erasure_tool', at: new Date(now).toISOString(), imeiLast4: '4321' });
    const paid = await shopA.post(`/api/buyback/orders/${id}/payout`);
    const done = await readOrder(admin, id, paid);
    expect(done.status).toBe('paid');
    expect(done.timeline.at(-1)?.detail).toContain('***-***-**9012');
    // Stored sealed and masked: the event log itself never holds the number as typed.
    const db = new DatabaseSync(path.join(server.dataDir, 'events.sqlite'), { readOnly: true });
    const rows = db.prepare(`SELECT data FROM events WHERE type LIKE 'Buyback%' AND data LIKE '%"bank%'`).all() as { data: string }[];
    db.close();
    expect(rows.length).toBeGreaterThan(0);
    for (const { data } of rows) expect(data.replace(/-/g, '')).not.toContain('123456789012');
  });

  it('uploads: a non-image 400, over 5 MB 413, a polyglot keeps only its pixels; only while the phone is being inspected', async () => {
    const seller = await registeredBuyer(server, 'bb-up');
    const { id } = await received(seller);
    const text = await upload(shopA, id, new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    expect(text.status).toBe(400);
    expect(message(text)).toBe(BUYBACK_MESSAGES.photoNotImage);
    const big = await upload(shopA, id, new Uint8Array(5 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(message(big)).toBe(BUYBACK_MESSAGES.photoTooLarge);
    const gif = await upload(shopA, id, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer());
    expect(gif.status).toBe(400);
    const polyglot = Buffer.concat([await photo(), Buffer.from('<script>alert(document.cookie)</script>PK\u0003\u0004evil.js')]);
    const ok = await upload(shopA, id, polyglot);
    expect(ok.status).toBe(201);
    const served = await seller.get(buybackPhotoAnswerSchema.parse(ok.body).url, minPosition(ok));
    expect(served.status).toBe(200);
    expect(String(served.body)).not.toContain('<script>');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await upload(shopB, id, await photo())).status).toBe(404);
    const fresh = await quote(seller);
    const accepted = buybackOrderAnswerSchema.parse((await seller.post(`/api/buyback/quotes/${fresh.id}/accept`, { handover: 'parcel', payout: 'points' })).body);
    expect((await upload(shopA, accepted.id, await photo())).status).toBe(409);
  });
});

describe('issue 39: after applying — the 매입처’s address, the 송장, a cancel; an IMEI that differs is flagged', () => {
  const notesOf = async (c: TestClient, after: Answer) =>
    ((await c.get('/api/notifications', minPosition(after))).body as { notifications: { title: string; message: string }[] }).notifications;
  const apply = async (seller: TestClient, handover: 'parcel' | 'visit' = 'parcel', imeiLast4: string | null = '1234') => {
    const q = await quote(seller, { scratches: true }, { imeiLast4 });
    const accepted = await seller.post(`/api/buyback/quotes/${q.id}/accept`, { handover, payout: 'points' });
    expect(accepted.status).toBe(201);
    return { id: buybackOrderAnswerSchema.parse(accepted.body).id, accepted: accepted as Answer };
  };

  it('no 송장 while the 매입처 has no address (409, in Korean; nothing recorded): there is nowhere to send the phone', async () => {
    // A new shop (no address) that buys dearest for this one quote, then stops buying.
    const bare = await approvedShop('주소없는 매입샵');
    expect((await putGrid(bare, { ...gridA, items: gridA.items.map((i) => ({ ...i, price: i.price + 100_000 })) })).status).toBe(200);
    const seller = await registeredBuyer(server, 'bb39-noaddr');
    const { id, accepted } = await apply(seller);
    expect((await putGrid(bare, { items: [], deductions: [] })).status).toBe(200);
    const order = await readOrder(seller, id, accepted);
    expect(order.storeName).toBe('주소없는 매입샵');
    expect(order.shop.address).toBeNull();
    const refused = await seller.post(`/api/buyback/orders/${id}/shipment`, { courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(BUYBACK_MESSAGES.shipmentNoAddress);
    expect((await readOrder(seller, id, accepted)).shipment).toBeNull();
    // Someone else's order is still not found to them.
    const stranger = await registeredBuyer(server, 'bb39-stranger');
    expect((await stranger.post(`/api/buyback/orders/${id}/shipment`, { courier: 'CJ대한통운', trackingNumber: '123456789012' })).status).toBe(404);
    expect((await server.client().post(`/api/buyback/orders/${id}/shipment`, { courier: 'CJ대한통운', trackingNumber: '123456789012' })).status).toBe(401);
  });

  it('the demo buyback shops come with an address: an order with one shows where to send the phone, and its 송장 is taken', async () => {
    const seller = await registeredBuyer(server, 'bb39-demo-shop');
    const quoted = await seller.post('/api/buyback/quotes', { modelId: 'galaxy-s25', storage: 256, answers: { scratches: true } });
    expect(quoted.status).toBe(201);
    const accepted = await seller.post(`/api/buyback/quotes/${buybackQuoteCreatedSchema.parse(quoted.body).id}/accept`, { handover: 'parcel', payout: 'points' });
    expect(accepted.status).toBe(201);
    const id = buybackOrderAnswerSchema.parse(accepted.body).id;
    const order = await readOrder(seller, id, accepted as Answer);
    expect(['seller-1', 'seller-gangnam-phone', 'seller-yongsan-mobile', 'seller-hongdae-phonemart']).toContain(order.shopId);
    expect(order.shop.address).toMatch(/^서울특별시 .+구 /);
    expect((await seller.post(`/api/buyback/orders/${id}/shipment`, { courier: 'CJ대한통운', trackingNumber: '123456789012' })).status).toBe(200);
  });

  it('the order shows the 매입처’s address and hours; the person selling gives the 송장 (Korean 400s; visit orders have none) and the 매입처 is told', async () => {
    const store = sellerStoreSchema.parse((await shopA.get('/api/seller/store')).body);
    const day = (d: { open: string; close: string } | null) => (d ? { closed: false, ...d } : { closed: true, open: '', close: '' });
    const hours = store.profile.businessHours ?? { weekdays: { open: '10:00', close: '19:00' }, saturday: null, sunday: null, note: null };
    const saved = await shopA.request('PUT', '/api/seller/store', { body: {
      name: store.profile.name, description: store.profile.description ?? '', logoImageId: store.profile.logoImageId, bannerImageId: store.profile.bannerImageId,
      theme: store.profile.theme, businessHours: { weekdays: day(hours.weekdays), saturday: day(hours.saturday), sunday: day(hours.sunday), note: hours.note ?? '' },
      companyName: store.business.companyName ?? '', representative: store.business.representative ?? '', businessNumber: store.business.businessNumber ?? '',
      mailOrderNumber: store.business.mailOrderNumber ?? '', address: '서울특별시 강남구 테헤란로 123 폰마켓빌딩 2층', phone: '02-555-1234', email: store.business.email ?? '',
    } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const seller = await registeredBuyer(server, 'bb39-ship');
    const { id } = await apply(seller);
    const order = await readOrder(seller, id, saved);
    expect(order.shop).toMatchObject({ address: '서울특별시 강남구 테헤란로 123 폰마켓빌딩 2층', phone: '02-555-1234' });
    expect(order.shop.businessHours).toContain('평일');
    expect(order).toMatchObject({ status: 'accepted', shipment: null, imei: { declared: '1234', inspected: null, mismatch: false } });
    const bad = await seller.post(`/api/buyback/orders/${id}/shipment`, { courier: '', trackingNumber: '12ab' });
    expect(bad.status).toBe(400);
    expect(errors(bad)).toEqual({ courier: '택배사를 입력해주세요.', trackingNumber: '운송장 번호는 숫자 6~20자리로 입력해주세요.' });
    const shipped = await seller.post(`/api/buyback/orders/${id}/shipment`, { courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(shipped.status).toBe(200);
    const read = await readOrder(seller, id, shipped);
    expect(read.shipment).toMatchObject({ courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(read.timeline.at(-1)).toMatchObject({ label: '휴대폰 발송', actor: 'customer' });
    expect((await readOrder(shopA, id, shipped)).shipment?.trackingNumber).toBe('123456789012');
    expect((await notesOf(shopA, shipped)).find((n) => n.title === '판매하시는 분이 휴대폰을 보냈습니다')?.message).toContain('CJ대한통운 123456789012');
    // A 매장 방문 order has no 송장.
    const visit = await apply(seller, 'visit');
    const noParcel = await seller.post(`/api/buyback/orders/${visit.id}/shipment`, { courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(noParcel.status).toBe(400);
    expect(message(noParcel)).toBe(BUYBACK_MESSAGES.shipmentVisit);
    // Once the 매입처 has the phone, no 송장.
    const got = await shopA.post(`/api/buyback/orders/${id}/received`);
    const late = await seller.post(`/api/buyback/orders/${id}/shipment`, { courier: 'CJ대한통운', trackingNumber: '123456789012' });
    expect(late.status).toBe(409);
    expect(message(late)).toBe("'입고·검수 중' 상태의 매입 주문은 송장 입력할 수 없습니다.");
    expect(got.status).toBe(200);
  });

  it('cancel before receipt (again: nothing more); not after; the 매입처 is told and cannot receive it', async () => {
    const seller = await registeredBuyer(server, 'bb39-cancel');
    const { id } = await apply(seller);
    const cancelled = await seller.post(`/api/buyback/orders/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(buybackOrderAnswerSchema.parse(cancelled.body).status).toBe('cancelled');
    expect((await readOrder(seller, id, cancelled))).toMatchObject({ status: 'cancelled', statusLabel: '판매 취소' });
    expect((await seller.post(`/api/buyback/orders/${id}/cancel`)).status).toBe(200);
    const receive = await shopA.post(`/api/buyback/orders/${id}/received`);
    expect(receive.status).toBe(409);
    expect((await notesOf(shopA, cancelled)).some((n) => n.title === '매입 신청이 취소되었습니다')).toBe(true);
    const kept = await received(seller);
    const tooLate = await seller.post(`/api/buyback/orders/${kept.id}/cancel`);
    expect(tooLate.status).toBe(409);
    expect(message(tooLate)).toBe("'입고·검수 중' 상태의 매입 주문은 취소할 수 없습니다.");
  });

  it('an IMEI read at inspection that differs from the one declared is flagged to both sides and admins; the 삭제 확인서 must name the inspected phone', async () => {
    const seller = await registeredBuyer(server, 'bb39-imei');
    const { id } = await apply(seller, 'parcel', '1234');
    await shopA.post(`/api/buyback/orders/${id}/received`);
    const noImei = await shopA.post(`/api/buyback/orders/${id}/inspection`, { grade: 'B', findings: [] });
    expect(noImei.status).toBe(400);
    expect(errors(noImei)).toEqual({ imeiLast4: '단말기 식별번호 뒤 4자리를 숫자로 입력해주세요.' });
    const inspected = await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '9999', grade: 'B', findings: [] });
    expect(inspected.status).toBe(200);
    for (const c of [seller, shopA, admin]) expect((await readOrder(c, id, inspected)).imei).toEqual({ declared: '1234', inspected: '9999', mismatch: true });
    const flagged = buybackOrdersSchema.parse((await admin.get('/api/admin/buyback-orders?overdue=1', minPosition(inspected))).body);
    expect(flagged.items.find((o) => o.id === id)?.imei.mismatch).toBe(true);
    expect((await notesOf(seller, inspected)).find((n) => n.title === '단말기 식별번호가 다릅니다')?.message).toContain('9999');
    expect((await notesOf(shopA, inspected)).some((n) => n.title === '단말기 식별번호 불일치')).toBe(true);
    const wrongPhone = await shopA.post(`/api/buyback/orders/${id}/erasure`, { method: 'factory_reset', at: new Date(now).toISOString(), imeiLast4: '1234' });
    expect(wrongPhone.status).toBe(400);
    expect(errors(wrongPhone).imeiLast4, JSON.stringify(wrongPhone.body)).toContain('검수 때 확인한 단말기 식별번호 뒤 4자리(9999)와 다릅니다');
    // The same number as declared: no flag.
    const fine = await apply(seller, 'parcel', '4321');
    await shopA.post(`/api/buyback/orders/${fine.id}/received`);
    const ok = await shopA.post(`/api/buyback/orders/${fine.id}/inspection`, { imeiLast4: '4321', grade: 'B', findings: [] });
    expect((await readOrder(seller, fine.id, ok)).imei.mismatch).toBe(false);
  });

  it('who may give the 송장 or cancel: the person selling only (guests 401; another user, the 매입처, another shop and admins 404)', async () => {
    const seller = await registeredBuyer(server, 'bb39-roles');
    const { id } = await apply(seller);
    const stranger = await registeredBuyer(server, 'bb39-stranger');
    const ship = { courier: 'CJ대한통운', trackingNumber: '123456789012' };
    for (const step of ['shipment', 'cancel']) {
      expect((await server.client().post(`/api/buyback/orders/${id}/${step}`, ship)).status, step).toBe(401);
      for (const [who, c] of [['stranger', stranger], ['shop', shopA], ['other shop', shopB], ['admin', admin]] as const) {
        const r = await c.post(`/api/buyback/orders/${id}/${step}`, ship);
        expect(r.status, `${who} ${step}`).toBe(404);
        expect(message(r)).toBe(BUYBACK_MESSAGES.orderNotFound);
      }
    }
    expect((await readOrder(seller, id)).status).toBe('accepted');
  });
});

describe('the scheduler’s clocks', () => {
  it('not received within 7 days → expired; received and not inspected in 2 business days → flagged to admins, listed first', async () => {
    const seller = await registeredBuyer(server, 'bb-late');
    const q = await quote(seller);
    const waiting = buybackOrderAnswerSchema.parse((await seller.post(`/api/buyback/quotes/${q.id}/accept`, { handover: 'parcel', payout: 'points' })).body);
    const { id } = await received(seller);
    now += 7 * DAY + 60_000;
    await expect.poll(async () => (await readOrder(seller, waiting.id)).status, { timeout: 10_000 }).toBe('expired');
    await expect.poll(async () => (await readOrder(admin, id)).timeline.some((t) => t.type === 'BuybackInspectionOverdue'), { timeout: 10_000 }).toBe(true);
    const list = buybackOrdersSchema.parse((await admin.get('/api/admin/buyback-orders')).body);
    expect(list.items[0]?.overdue).toContain('inspection');
    const overdue = buybackOrdersSchema.parse((await admin.get('/api/admin/buyback-orders?overdue=1')).body);
    expect(overdue.items.every((o) => o.overdue.length > 0)).toBe(true);
    expect(overdue.items.some((o) => o.id === id)).toBe(true);
    // Inspected late: recorded as late.
    const late = await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'B', findings: [] });
    expect((await readOrder(admin, id, late)).inspection?.late).toBe(true);
  });
});

describe('who may call what', () => {
  it('guests 401; another user and another shop 404; a buyer never acts as the shop; the admin list is admins’ only', async () => {
    const seller = await registeredBuyer(server, 'bb-roles');
    const { id } = await received(seller);
    const guest = server.client();
    for (const step of ['received', 'inspection', 'counter', 'return', 'erasure', 'payout']) expect((await guest.post(`/api/buyback/orders/${id}/${step}`, {})).status).toBe(401);
    expect((await guest.get(`/api/buyback/orders/${id}`)).status).toBe(401);
    const stranger = await registeredBuyer(server, 'bb-stranger');
    expect((await stranger.get(`/api/buyback/orders/${id}`)).status).toBe(404);
    expect((await stranger.post(`/api/buyback/orders/${id}/counter`, { accept: true })).status).toBe(404);
    expect((await seller.post(`/api/buyback/orders/${id}/received`)).status).toBe(403);
    expect((await seller.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'B', findings: [] })).status).toBe(403);
    for (const step of ['received', 'inspection', 'return', 'erasure', 'payout']) expect((await shopB.post(`/api/buyback/orders/${id}/${step}`, {})).status).toBe(404);
    expect((await shopB.get(`/api/buyback/orders/${id}`)).status).toBe(404);
    expect(buybackOrdersSchema.parse((await shopB.get('/api/seller/buyback-orders')).body).items.some((o) => o.id === id)).toBe(false);
    expect(buybackOrdersSchema.parse((await shopA.get('/api/seller/buyback-orders')).body).items.some((o) => o.id === id)).toBe(true);
    expect(buybackOrdersSchema.parse((await seller.get('/api/buyback/orders')).body).items.map((o) => o.id)).toContain(id);
    expect((await seller.get('/api/admin/buyback-orders')).status).toBe(403);
    expect((await shopA.get('/api/admin/buyback-orders')).status).toBe(403);
    expect((await guest.get('/api/admin/buyback-orders')).status).toBe(401);
  });

  it('a suspended shop: no grid saves, no order steps, no reads of its orders; its grid leaves the quotes', async () => {
    const shopC = await approvedShop('정지될매장');
    expect((await putGrid(shopC, { items: [{ modelId: S24, storage: 256, grade: 'B', price: 900_000 }], deductions: [] })).status).toBe(200);
    const seller = await registeredBuyer(server, 'bb-susp');
    const q = await quote(seller);
    expect(q.best?.storeName).toBe('정지될매장');
    const accepted = buybackOrderAnswerSchema.parse((await seller.post(`/api/buyback/quotes/${q.id}/accept`, { handover: 'parcel', payout: 'points' })).body);
    const suspended = await admin.request('PUT', `/api/sellers/${shopC.id}`, { body: { status: 'suspended', reason: '검수 분쟁' } });
    expect(suspended.status).toBe(200);
    expect((await putGrid(shopC, gridB)).status).toBe(403);
    expect((await shopC.post(`/api/buyback/orders/${accepted.id}/received`)).status).toBe(403);
    expect((await shopC.get('/api/seller/buyback-orders', minPosition(suspended))).status).toBe(403);
    expect((await shopC.get(`/api/buyback/orders/${accepted.id}`)).status).toBe(403);
    expect((await quote(seller)).best?.storeName).not.toBe('정지될매장');
  });
});

describe('the market', () => {
  it('GET /api/buyback/market: the spec’s quote items from real quotes (median best price, range, quotes in 7 days, trend)', async () => {
    const seller = await registeredBuyer(server, 'bb-market');
    const last = await quote(seller, { scratches: true });
    const r = await server.client().get('/api/buyback/market', minPosition(last.answer));
    expect(r.status).toBe(200);
    const items = buybackMarketSchema.parse(r.body);
    const b = items.find((i) => i.modelId === S24 && i.grade === 'B');
    expect(b).toMatchObject({ deviceModel: '갤럭시 S24', condition: 'B급 (생활기스)', trend: expect.stringMatching(/up|down|stable/) });
    expect(b!.recentQuotes).toBeGreaterThanOrEqual(1);
    expect(b!.priceRange.min).toBeLessThanOrEqual(b!.estimatedPrice);
    expect(items.length).toBeLessThanOrEqual(10);
  });
});

describe('shop review of a buyback (issue 41)', () => {
  it('only the seller of the phone, only after payout, once; the shop itself and others 404; the buying shop’s figures count it', async () => {
    const seller = await registeredBuyer(server, 'bb-review');
    const { id } = await received(seller, 'points');
    const path = `/api/buyback/orders/${id}/shop-review`;
    const review = { kindness: 4, speed: 5, conditions: 5, content: '검수도 빠르고 견적 그대로 받았어요.' };
    expect((await server.client().post(path, review)).status).toBe(401);
    const early = await seller.post(path, review);
    expect(early.status).toBe(403);
    expect(message(early)).toBe('대금 지급이 끝난 매입 거래만 매장 리뷰를 남길 수 있습니다.');
    expect(await seller.get(path)).toMatchObject({ status: 200, body: { open: false, shops: [{ sellerId: 'seller-1', reviewed: false }] } });

    expect((await shopA.post(`/api/buyback/orders/${id}/inspection`, { imeiLast4: '4321', grade: 'B', findings: [] })).status).toBe(200);
    expect((await shopA.post(`/api/buyback/orders/${id}/erasure`, { method: 'factory_reset', at: new Date(now).toISOString(), imeiLast4: '4321' })).status).toBe(200);
    const paid = await shopA.post(`/api/buyback/orders/${id}/payout`);
    expect(paid.status).toBe(200);
    // The buying shop cannot review itself, nor can another account or an admin: as if there were no such deal.
    for (const c of [shopA, shopB, admin, await registeredBuyer(server, 'bb-review-other')]) {
      expect((await c.post(path, review)).status).toBe(404);
      expect((await c.get(path)).status).toBe(404);
    }
    const written = await seller.post(path, review);
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ id: `buyback~${id}~seller-1` });
    expect((await seller.post(path, review)).status).toBe(409);
    const shops = (await server.client().get('/api/buyback/shops', minPosition(written))).body as { items: { shopId: string; trust: { reviewCount: number } }[] };
    expect(shops.items.find((s) => s.shopId === 'seller-1')!.trust.reviewCount).toBeGreaterThanOrEqual(1);
    const listed = (await server.client().get('/api/shops/seller-1/reviews', minPosition(written))).body as { reviews: { id: string; kind: string }[] };
    expect(listed.reviews.find((r) => r.id === `buyback~${id}~seller-1`)).toMatchObject({ kind: 'buyback' });
  });
});
