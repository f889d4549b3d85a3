import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SELLER_SUSPENDED_MESSAGE, STORE_CLOSED_MESSAGES, STORE_IMAGE_MESSAGES, STORE_IMAGE_RULES, STORE_MESSAGES,
  modelOffersSchema, productListSchema, publicStoreSchema, sellerStoreSchema, storeImageAnswerSchema, storeRequestSchema,
  type SellerStore,
} from '@phonemarket/contracts';
import { historySchema } from '@phonemarket/contracts/admin.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { storeForm } from '../support/storeForm.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * A seller's store (issue 29): `GET`/`PUT /api/seller/store`, `POST /api/seller/store/images`,
 * `GET /api/stores/{id}` and the pictures, for every role; a seller edits only its own store.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

type Role = 'guest' | 'buyer' | 'seller' | 'admin';
const ROLES: Role[] = ['guest', 'buyer', 'seller', 'admin'];
const DEMO_STORE = 'store-seller-1';
const SEEDED_STORE = 'store-seller-gangnam-phone';
type Answer = { status: number; body: unknown };

const demo = new Map<'seller' | 'admin', Promise<TestClient>>();
async function as(role: Role): Promise<TestClient> {
  if (role === 'guest') return server.client();
  if (role === 'buyer') return registeredBuyer(server, 'store');
  if (!demo.has(role)) demo.set(role, demoSignedIn(server, role));
  return demo.get(role)!;
}
async function byRole(call: (c: TestClient) => Promise<Answer>) {
  const out: Partial<Record<Role, number>> = {};
  for (const role of ROLES) out[role] = (await call(await as(role))).status;
  return out;
}
const put = (c: TestClient, body: unknown, headers: Record<string, string> = {}) => c.request('PUT', '/api/seller/store', { body, headers });
const upload = (c: TestClient, bytes: Uint8Array, kind = 'logo', headers: Record<string, string> = {}) =>
  c.request('POST', `/api/seller/store/images?kind=${kind}`, { body: bytes, headers: { 'content-type': 'image/png', ...headers } });
const png = (width = 640, height = 480, background = '#2255cc') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const mine = async (c: TestClient, after?: Answer): Promise<SellerStore> => {
  const r = await c.get('/api/seller/store', after ? minPosition(after) : {});
  expect(r.status).toBe(200);
  return sellerStoreSchema.parse(r.body);
};
const publicStore = async (id: string, after?: Answer, c: TestClient = server.client(), query = '') => {
  const r = await c.get(`/api/stores/${id}${query}`, after ? minPosition(after) : {});
  expect(r.status).toBe(200);
  return publicStoreSchema.parse(r.body);
};

/** A buyer who applies and is approved: a second seller with a store of their own (each its own name: store names are unique, issue 39). */
async function approvedSeller(storeName = '지훈모바일'): Promise<TestClient & { id: string }> {
  const c = await registeredBuyer(server, 'store-applicant', { firstName: '지훈', lastName: '박' });
  const applied = await c.post('/api/seller-applications', {
    applicantName: '박지훈', email: `store-applicant-${Date.now()}@example.kr`, phone: '010-3456-7890', businessNumber: '220-81-62517',
    businessType: 'individual', storeName, storeDescription: '갤럭시 전문', experience: '', documents: [],
  });
  expect(applied.status).toBe(201);
  const admin = await as('admin');
  expect((await admin.request('PUT', `/api/seller-applications/${(applied.body as { id: string }).id}`, { body: { status: 'approved' } })).status).toBe(200);
  return c;
}

describe('who may call the store routes', () => {
  it('GET and PUT /api/seller/store and POST /api/seller/store/images: guests 401, buyers and admins 403, the seller its own', async () => {
    expect(await byRole((c) => c.get('/api/seller/store'))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
    const body = storeForm(await mine(await as('seller')));
    expect(await byRole((c) => put(c, body))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
    const picture = await png();
    expect(await byRole((c) => upload(c, picture))).toEqual({ guest: 401, buyer: 403, seller: 201, admin: 403 });
  });

  it('GET /api/stores/{id}: public for every role; an unknown store is 404; a bad page 400', async () => {
    expect(await byRole((c) => c.get(`/api/stores/${DEMO_STORE}`))).toEqual({ guest: 200, buyer: 200, seller: 200, admin: 200 });
    expect(await byRole((c) => c.get('/api/stores/store-nobody'))).toEqual({ guest: 404, buyer: 404, seller: 404, admin: 404 });
    const bad = await server.client().get(`/api/stores/${DEMO_STORE}?page=0`);
    expect(bad.status).toBe(400);
  });

  it("a seller edits only its own store: ids in the body are ignored, another seller's store is unchanged, another seller's picture is refused", async () => {
    const other = await approvedSeller();
    const otherStore = await mine(other);
    expect(otherStore).toMatchObject({ storeId: `store-${other.id}`, profile: { name: '지훈모바일', description: '갤럭시 전문' } });
    // The application's values are where the business information starts.
    expect(otherStore.business).toEqual({
      companyName: '지훈모바일', representative: '박지훈', businessNumber: '220-81-62517', mailOrderNumber: null, address: null, phone: '010-3456-7890',
      email: expect.stringContaining('store-applicant-'),
    });
    const seller = await as('seller');
    const saved = await put(seller, { ...storeForm(await mine(seller)), name: '데모 스토어 본점', sellerId: other.id, storeId: otherStore.storeId });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: DEMO_STORE, changed: true });
    expect((await mine(seller, saved)).profile.name).toBe('데모 스토어 본점');
    expect((await mine(other, saved)).profile.name).toBe('지훈모바일');
    expect((await publicStore(otherStore.storeId, saved)).name).toBe('지훈모바일');

    // The other seller's picture cannot be the demo seller's logo.
    const theirs = storeImageAnswerSchema.parse((await upload(other, await png())).body);
    const refused = await put(seller, { ...storeForm(await mine(seller)), logoImageId: theirs.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: STORE_MESSAGES.invalid, errors: { logoImageId: STORE_IMAGE_MESSAGES.unknown } });
  });
});

describe('PUT /api/seller/store', () => {
  it('answers 400 with Korean messages per field, nothing saved', async () => {
    const seller = await as('seller');
    const form = storeForm(await mine(seller));
    const refused = await put(seller, {
      ...form, name: '  ', businessNumber: '123-45-67890', mailOrderNumber: '신고했음', phone: '12345', email: 'not-an-email', theme: 'neon',
      businessHours: { ...form.businessHours, weekdays: { closed: false, open: '19:00', close: '10:00' }, saturday: { closed: false, open: '9시', close: '18:00' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: STORE_MESSAGES.invalid,
      errors: {
        name: STORE_MESSAGES.name, businessNumber: STORE_MESSAGES.businessNumber, mailOrderNumber: STORE_MESSAGES.mailOrderNumber, phone: STORE_MESSAGES.phone,
        email: STORE_MESSAGES.email, theme: STORE_MESSAGES.theme,
        'businessHours.weekdays.close': STORE_MESSAGES.closeAfterOpen, 'businessHours.saturday.open': STORE_MESSAGES.time,
      },
    });
    const tooLong = await put(seller, { ...form, description: '가'.repeat(1001) });
    expect(tooLong.body).toMatchObject({ errors: { description: '1000자 이하로 입력해주세요.' } });
  });

  it('saves the store and the business information, normalised; each change an event with its history (from → to)', async () => {
    const seller = await as('seller');
    const before = await mine(seller);
    const saved = await put(seller, {
      ...storeForm(before), description: '갤럭시·아이폰 새 폰과 검수 중고폰', theme: 'green',
      businessHours: { weekdays: { closed: false, open: '10:00', close: '20:00' }, saturday: { closed: false, open: '11:00', close: '17:00' }, sunday: { closed: true, open: '', close: '' }, note: '점심시간 12:00~13:00' },
      companyName: '데모폰 주식회사', representative: '김셀러', businessNumber: '2208162517', mailOrderNumber: '2024-서울강남-01234',
      address: '서울특별시 강남구 테헤란로 123, 4층', phone: '0212345678', email: 'store@demo.kr',
    });
    expect(saved.status).toBe(200);
    const after = await mine(seller, saved);
    expect(after.profile).toMatchObject({
      description: '갤럭시·아이폰 새 폰과 검수 중고폰', theme: 'green',
      businessHours: { weekdays: { open: '10:00', close: '20:00' }, saturday: { open: '11:00', close: '17:00' }, sunday: null, note: '점심시간 12:00~13:00' },
    });
    expect(after.business).toEqual({
      companyName: '데모폰 주식회사', representative: '김셀러', businessNumber: '220-81-62517', mailOrderNumber: '제2024-서울강남-01234호',
      address: '서울특별시 강남구 테헤란로 123, 4층', phone: '02-1234-5678', email: 'store@demo.kr',
    });
    const entry = after.history[0]!;
    expect(entry.by).toBe('판매자');
    expect(entry.changes).toEqual(expect.arrayContaining([
      { field: 'theme', label: '테마', from: '기본', to: '그린' },
      { field: 'mailOrderNumber', label: '통신판매업 신고번호', from: null, to: '제2024-서울강남-01234호' },
      { field: 'businessNumber', label: '사업자등록번호', from: before.business.businessNumber, to: '220-81-62517' },
      expect.objectContaining({ field: 'businessHours', label: '영업시간', to: '평일 (월~금) 10:00~20:00 · 토요일 11:00~17:00 · 일요일·공휴일 휴무 (점심시간 12:00~13:00)' }),
    ]));
    // The admin's audit history of the seller has the same events.
    const audit = historySchema.parse((await (await as('admin')).get('/api/sellers/seller-1/history', minPosition(saved))).body);
    expect(audit.map((h) => h.type)).toEqual(expect.arrayContaining(['StoreProfileChanged', 'SellerBusinessInfoChanged']));
    // The public page shows the business information 전자상거래법 제13조 asks for.
    const shown = await publicStore(DEMO_STORE, saved);
    expect(shown.business).toEqual(after.business);
    expect(shown).toMatchObject({ open: true, theme: 'green', description: '갤럭시·아이폰 새 폰과 검수 중고폰' });

    // The same form again changes nothing and records nothing; so does what the form really sends (the schema's output).
    const again = await put(seller, storeForm(after));
    expect(again.body).toMatchObject({ changed: false });
    const asSent = await put(seller, storeRequestSchema.parse(storeForm(after)));
    expect(asSent.status).toBe(200);
    expect(asSent.body).toMatchObject({ changed: false });
    expect((await mine(seller, again)).history).toHaveLength(after.history.length);
  });

  it('a rename reaches every list that names the store: the product page 판매처 list and the admin list', async () => {
    const other = await approvedSeller('지훈모바일 역삼점');
    // The other seller lists a phone so the product page has them.
    const market = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s26-ultra/offers')).body).offers;
    const terms = market.find((o) => o.condition === 'new')!;
    const listed = await other.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 10_000, stock: 2 });
    expect(listed.status).toBe(201);
    const renamed = await put(other, { ...storeForm(await mine(other, listed)), name: '지훈모바일 강남점' });
    const offers = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s26-ultra/offers', minPosition(renamed))).body).offers;
    const theirs = offers.find((o) => o.seller.id === other.id)!;
    expect(theirs.seller).toMatchObject({ storeName: '지훈모바일 강남점', storeId: `store-${other.id}` });
    const sellers = (await (await as('admin')).get('/api/sellers', minPosition(renamed))).body as { id: string; storeName: string }[];
    expect(sellers.find((s) => s.id === other.id)?.storeName).toBe('지훈모바일 강남점');
  });

  it('Idempotency-Key: the same save twice answers the same (id and position); another save under the key is 422', async () => {
    const seller = await as('seller');
    const body = { ...storeForm(await mine(seller)), description: `멱등 저장 ${Date.now()}` };
    const key = { 'idempotency-key': `store-save-${Date.now()}` };
    const first = await put(seller, body, key);
    expect(first.status).toBe(200);
    const replay = await put(seller, body, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ id: DEMO_STORE, position: (first.body as { position: string }).position });
    expect((await put(seller, { ...body, description: '다른 저장' }, key)).status).toBe(422);
    expect((await mine(seller, replay)).profile.description).toBe(body.description);
  });
});

describe('POST /api/seller/store/images', () => {
  it('re-encodes a logo and a banner to WebP at their sizes, serves them for good, and the store shows them once saved', async () => {
    const seller = await as('seller');
    const logo = await upload(seller, await png(900, 700, '#ff8800'), 'logo');
    expect(logo.status).toBe(201);
    const answer = storeImageAnswerSchema.parse(logo.body);
    expect(answer).toMatchObject({ kind: 'logo', url: `/images/stores/${answer.id}.webp` });
    // the picture is projected once the command's position is: wait for it through the API first
    await mine(seller, logo);
    const served = await fetch(server.url + answer.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    const banner = storeImageAnswerSchema.parse((await upload(seller, await png(1200, 1200), 'banner')).body);
    const saved = await put(seller, { ...storeForm(await mine(seller)), logoImageId: answer.id, bannerImageId: banner.id });
    expect(saved.status).toBe(200);
    const shown = await publicStore(DEMO_STORE, saved);
    expect(shown).toMatchObject({ logoUrl: answer.url, bannerUrl: banner.url });
    const bannerBytes = Buffer.from(await (await fetch(server.url + banner.url)).arrayBuffer());
    expect(await sharp(bannerBytes).metadata()).toMatchObject({ width: 1600, height: 400 });
    // A logo is not a banner.
    const swapped = await put(seller, { ...storeForm(await mine(seller, saved)), bannerImageId: answer.id });
    expect(swapped.body).toMatchObject({ errors: { bannerImageId: STORE_IMAGE_MESSAGES.unknown } });
    expect((await fetch(`${server.url}/images/stores/nope.webp`)).status).toBe(404);
  });

  it('refuses more than 5 MB (413), what is not a picture, an empty body and an unknown kind (400), with Korean messages', async () => {
    const seller = await as('seller');
    const big = new Uint8Array(STORE_IMAGE_RULES.maxBytes + 1);
    const tooLarge = await upload(seller, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: STORE_IMAGE_MESSAGES.tooLarge, errors: { file: STORE_IMAGE_MESSAGES.tooLarge } });
    const text = await upload(seller, new TextEncoder().encode('<html>not a picture</html>'));
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ message: STORE_IMAGE_MESSAGES.notImage, errors: { file: STORE_IMAGE_MESSAGES.notImage } });
    const empty = await upload(seller, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect((empty.body as { message: string }).message).toBe(STORE_IMAGE_MESSAGES.empty);
    const kind = await upload(seller, await png(), 'avatar');
    expect(kind.status).toBe(400);
    expect(kind.body).toMatchObject({ errors: { kind: STORE_IMAGE_MESSAGES.kind } });
    // A picture of exactly 5 MB or less goes through (a big PNG of noise).
    const noisy = await sharp(Buffer.from(Array.from({ length: 1200 * 900 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 1200, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noisy.length).toBeLessThanOrEqual(STORE_IMAGE_RULES.maxBytes);
    expect((await upload(seller, noisy, 'banner')).status).toBe(201);
  });

  it('Idempotency-Key: the same picture twice is one picture (same id); another picture under the key is 422', async () => {
    const seller = await as('seller');
    const key = { 'idempotency-key': `store-image-${Date.now()}` };
    const bytes = await png(500, 500, '#112233');
    const first = await upload(seller, bytes, 'logo', key);
    const again = await upload(seller, bytes, 'logo', key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
    expect((await upload(seller, await png(500, 500, '#445566'), 'logo', key)).status).toBe(422);
  });
});

describe('GET /api/stores/{id}', () => {
  it("lists a store's offers on sale with the pricing module's figures, the same as the product lists", async () => {
    const store = await publicStore(SEEDED_STORE);
    expect(store).toMatchObject({ open: true, name: '강남폰스토어 강남역점', sellerId: 'seller-gangnam-phone' });
    expect(store.offers.total).toBeGreaterThan(store.offers.pageSize);
    expect(store.offers.items).toHaveLength(store.offers.pageSize);
    expect(store.figures).toMatchObject({ offers: expect.any(Number), responseMinutes: null });
    // '거래 N건': real deals (none in the seed), not the seeded profile's 2,340.
    expect(store.trust.deals).toBe(0);
    // Each offer as GET /api/products answers it (one price everywhere).
    const { products } = productListSchema.parse((await server.client().get('/api/products?limit=100&sort=priceAsc')).body);
    const theirs = products.filter((p) => p.seller.name === '강남폰스토어 강남역점');
    const all = [store, await publicStore(SEEDED_STORE, undefined, server.client(), '?page=2')].flatMap((s) => s.offers.items);
    const listed = theirs.filter((p) => all.some((o) => o.id === p.id));
    expect(listed.length).toBeGreaterThan(0);
    for (const p of listed) {
      const o = all.find((i) => i.id === p.id)!;
      expect({ price: o.price, monthly: o.monthly, stock: o.stock }).toEqual({ price: p.price, monthly: p.monthly, stock: p.stock });
    }
    // Every 판매처 row of a product page names the store it links to.
    const rows = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s26-ultra/offers')).body).offers;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.seller.storeId).toBe(`store-${row.seller.id}`);
  });

  it("a suspended seller's store says so and lists nothing; reinstated, it lists again; the seller may not edit it meanwhile", async () => {
    const admin = await as('admin');
    const other = await approvedSeller('지훈모바일 선릉점');
    const market = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s26-ultra/offers')).body).offers;
    const listed = await other.post('/api/offers', { sameTermsAs: market.find((o) => o.condition === 'new')!.offerId, extraSubsidy: 0, stock: 1 });
    expect(listed.status).toBe(201);
    const storeId = `store-${other.id}`;
    expect((await publicStore(storeId, listed)).offers.total).toBe(1);

    const suspended = await admin.request('PUT', `/api/sellers/${other.id}`, { body: { status: 'suspended', reason: '허위 매물' } });
    expect(suspended.status).toBe(200);
    const closed = await publicStore(storeId, suspended);
    expect(closed).toMatchObject({ open: false, status: 'suspended', figures: null, offers: { items: [], total: 0 }, reviews: { items: [], total: 0 } });
    expect(STORE_CLOSED_MESSAGES.suspended).toContain('정지');
    // the seller still sees their store, and may not change it or upload
    expect((await mine(other, suspended)).status).toBe('suspended');
    const refused = await put(other, { ...storeForm(await mine(other)), name: '새 이름' });
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe(SELLER_SUSPENDED_MESSAGE);
    expect((await upload(other, await png())).status).toBe(403);

    const back = await admin.request('PUT', `/api/sellers/${other.id}`, { body: { status: 'approved' } });
    expect((await publicStore(storeId, back)).offers.total).toBe(1);
  });
});
