import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_ORDERS_PATH, cartSchema, modelOffersSchema, orderViewSchema, productDetailSchema, publicStoreSchema, sellerOrdersSchema } from '@phonemarket/contracts';
import { SELLER_PRODUCT_MESSAGES, sellerProductImageAnswerSchema, sellerProductsSchema } from '@phonemarket/contracts/sellerProducts.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { PAID_TODAY } from '../support/checkout.ts';

/**
 * Sellers' own listings (issue 27; the spec's product form): a picture upload (≤ 5 MB, re-encoded),
 * POST /api/seller-products for the session's own store (the spec's messages), the listing in the
 * catalogue as the seller's used offer at their price, PUT for the changed fields or only the
 * toggle (the catalogue follows), GET /api/seller-products/store/{storeId}; who may do what.
 */
let server: TestServer;
let seller: TestClient;
let admin: TestClient;
let storeId: string;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  seller = await demoSignedIn(server, 'seller');
  admin = await demoSignedIn(server, 'admin');
  storeId = ((await seller.get('/api/seller/store')).body as { storeId: string }).storeId;
});
afterAll(async () => { await server?.close(); });

const idOf = (r: { body: unknown }) => (r.body as { id: string }).id;
async function upload(c: TestClient, bytes: Uint8Array) {
  return c.request('POST', '/api/seller-products/images', { body: bytes, headers: { 'content-type': 'image/png' } });
}
const photo = async () => new Uint8Array(await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2040a0' } }).png().toBuffer());
const form = (images: string[], over: Record<string, unknown> = {}) => ({
  storeId, title: '갤럭시 S25 256GB 거의새것', description: '배터리 효율 95%, 박스 포함', price: 650_000, originalPrice: 1_155_000, brand: 'Samsung',
  model: 'galaxy-s25', storage: 256, condition: 'like-new', images, stock: 3, batteryHealth: 95, warranty: '판매자 보증 30일 (자연 고장 무상 수리)',
  returnPolicy: '수령 후 7일 이내 반품 가능, 단순 변심은 왕복 배송비 구매자 부담', ...over,
});
async function offerOf(offerId: string, after?: { body: unknown }) {
  const offers = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s25/offers', after ? minPosition(after) : undefined)).body).offers;
  return offers.find((o) => o.offerId === offerId);
}

describe("sellers' own listings", () => {
  it('issue 39: no default condition; a used unit states its battery and the seller’s 보증/반품 terms (Korean 400s); every public view shows its photos, title, description, grade, battery and terms', async () => {
    const { url } = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body);
    const second = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body).url;
    const { condition: _c, ...noCondition } = form([url]);
    const unstated = await seller.post('/api/seller-products', noCondition);
    expect(unstated.status).toBe(400);
    expect((unstated.body as { errors: Record<string, string> }).errors.condition).toBe('상태를 골라주세요.');
    const bare = await seller.post('/api/seller-products', form([url], { condition: 'good', batteryHealth: null, warranty: '', returnPolicy: '' }));
    expect(bare.status).toBe(400);
    expect((bare.body as { errors: Record<string, string> }).errors).toEqual({
      batteryHealth: SELLER_PRODUCT_MESSAGES.batteryRequired, warranty: SELLER_PRODUCT_MESSAGES.warrantyRequired, returnPolicy: SELLER_PRODUCT_MESSAGES.returnPolicyRequired,
    });
    const badBattery = await seller.post('/api/seller-products', form([url], { batteryHealth: 130 }));
    expect((badBattery.body as { errors: Record<string, string> }).errors.batteryHealth).toBe(SELLER_PRODUCT_MESSAGES.battery);

    const created = await seller.post('/api/seller-products', form([url, second], { condition: 'good', title: '아이 없이 쓴 S25 A급', description: '모서리 미세기스 1곳, 박스 포함' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = idOf(created);
    const listing = {
      productId: id, title: '아이 없이 쓴 S25 A급', description: '모서리 미세기스 1곳, 박스 포함', images: [url, second], batteryHealth: 95,
      warranty: '판매자 보증 30일 (자연 고장 무상 수리)', returnPolicy: '수령 후 7일 이내 반품 가능, 단순 변심은 왕복 배송비 구매자 부담',
    };
    // The model page's 판매처 row and the product page's offer.
    expect(await offerOf(`sp-${id}`, created)).toMatchObject({ condition: 'used', grade: 'A', carrier: '자급제', plan: null, quote: { subsidy: 0, principal: 650_000 }, listing });
    // The public store and the product's own answer: its title and first photo, not the catalogue's.
    const store = publicStoreSchema.parse((await server.client().get(`/api/stores/${storeId}?page=1`, minPosition(created))).body);
    expect(store.offers.items.find((o) => o.id === `sp-${id}`)).toMatchObject({ name: '아이 없이 쓴 S25 A급', img: url, grade: 'A', listing });
    const detail = productDetailSchema.parse((await server.client().get(`/api/products/sp-${id}`, minPosition(created))).body);
    expect(detail).toMatchObject({ name: '아이 없이 쓴 S25 A급', img: url });
    // An edit of the words or photos follows on the public views.
    const edited = await seller.request('PUT', `/api/seller-products/${id}`, { body: { title: '갤럭시 S25 A급 (배터리 95%)', images: [second], warranty: '보증 없음' } });
    expect(edited.status).toBe(200);
    expect((await offerOf(`sp-${id}`, edited))?.listing).toMatchObject({ title: '갤럭시 S25 A급 (배터리 95%)', images: [second], warranty: '보증 없음' });
    const storeAfter = publicStoreSchema.parse((await server.client().get(`/api/stores/${storeId}?page=1`, minPosition(edited))).body);
    expect(storeAfter.offers.items.find((o) => o.id === `sp-${id}`)).toMatchObject({ name: '갤럭시 S25 A급 (배터리 95%)', img: second });
    // A catalogue offer has no listing.
    const rows = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s25/offers', minPosition(edited))).body).offers;
    expect(rows.filter((o) => !o.offerId.startsWith('sp-')).every((o) => (o.listing ?? null) === null)).toBe(true);
  });

  it("issue 39: in the cart and the order a used listing is the listing — its grade, battery and terms, 판매가 with no 출고가 discount; catalogue lines have none", async () => {
    const { url } = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body);
    const created = await seller.post('/api/seller-products', form([url], { condition: 'good', title: '장바구니용 S25 A급', stock: 2 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const offerId = `sp-${idOf(created)}`;
    expect(await offerOf(offerId, created)).toBeTruthy();
    const buyer = await registeredBuyer(server, 'used-cart');
    expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const newOne = modelOffersSchema.parse((await server.client().get('/api/models/galaxy-s25/offers')).body).offers.find((o) => o.condition === 'new' && o.stock > 0)!;
    const carted = await buyer.post('/api/cart/items', { productId: newOne.offerId });
    expect(carted.status).toBe(201);
    const cart = cartSchema.parse((await buyer.get('/api/cart', minPosition(carted))).body);
    const used = cart.items.find((i) => i.productId === offerId)!;
    const listing = {
      productId: idOf(created), title: '장바구니용 S25 A급', images: [url], batteryHealth: 95,
      warranty: '판매자 보증 30일 (자연 고장 무상 수리)', returnPolicy: '수령 후 7일 이내 반품 가능, 단순 변심은 왕복 배송비 구매자 부담',
    };
    expect(used).toMatchObject({ condition: 'used', grade: 'A', listing, price: 650_000, originalPrice: 650_000 });
    const catalogueLine = cart.items.find((i) => i.productId === newOne.offerId)!;
    expect(catalogueLine).toMatchObject({ condition: 'new', grade: null, listing: null });
    expect(catalogueLine.originalPrice).toBeGreaterThan(catalogueLine.price);
    // The summary's 지원금 할인 counts the catalogue line only (a used 판매가 is not a discount off the model's 출고가).
    expect(cart.summary.discount).toBe(catalogueLine.originalPrice - catalogueLine.price);

    expect((await buyer.request('DELETE', `/api/cart/items/${catalogueLine.itemId}`)).status).toBeLessThan(300);
    const placed = await buyer.post('/api/orders', {
      agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', memo: '',
      paymentMethod: 'transfer', ...PAID_TODAY,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = orderViewSchema.parse((await buyer.get(`/api/orders/${idOf(placed)}`, minPosition(placed))).body);
    expect(order.listings).toEqual([{ productId: offerId, condition: 'used', grade: 'A', listing: expect.objectContaining(listing) }]);
    expect(order.amounts).toMatchObject({ items: 650_000, discount: 0 });
  });

  it('issue 39: the order keeps the listing as sold — an edit of its title, photos and 보증/반품 terms after the sale shows on the listing, not on the order (buyer and seller)', async () => {
    const first = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body).url;
    const created = await seller.post('/api/seller-products', form([first], { condition: 'good', title: '주문 후 수정할 S25 A급', stock: 2 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const productId = idOf(created);
    const offerId = `sp-${productId}`;
    expect(await offerOf(offerId, created)).toBeTruthy();
    const buyer = await registeredBuyer(server, 'used-kept');
    expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const placed = await buyer.post('/api/orders', {
      agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', memo: '',
      paymentMethod: 'transfer', ...PAID_TODAY,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = idOf(placed);
    const asSold = {
      productId: offerId, condition: 'used', grade: 'A',
      listing: {
        productId, title: '주문 후 수정할 S25 A급', description: '배터리 효율 95%, 박스 포함', images: [first], batteryHealth: 95,
        warranty: '판매자 보증 30일 (자연 고장 무상 수리)', returnPolicy: '수령 후 7일 이내 반품 가능, 단순 변심은 왕복 배송비 구매자 부담',
      },
    };
    const read = async (after: { body: unknown }) => ({
      buyer: orderViewSchema.parse((await buyer.get(`/api/orders/${orderId}`, minPosition(after))).body),
      seller: sellerOrdersSchema.parse((await seller.get(SELLER_ORDERS_PATH, minPosition(after))).body).orders.find((o) => o.id === orderId),
    });
    const before = await read(placed);
    expect(before.buyer.listings).toEqual([asSold]);
    expect(before.seller?.items[0]?.listingAsSold).toEqual(asSold);

    // The seller rewrites the listing after the sale: the catalogue shows the new words and photo, the order the old.
    const second = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body).url;
    const edited = await seller.request('PUT', `/api/seller-products/${productId}`, {
      body: { title: '수정된 제목', description: '수정된 설명', images: [second], batteryHealth: 80, warranty: '보증 없음', returnPolicy: '반품 불가' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await offerOf(offerId, edited))?.listing).toMatchObject({ title: '수정된 제목', images: [second], warranty: '보증 없음', returnPolicy: '반품 불가' });
    const after = await read(edited);
    expect(after.buyer.listings).toEqual([asSold]);
    expect(after.seller?.items[0]?.listingAsSold).toEqual(asSold);

    // An edit names only what it changes: the fields left out stay as they were (no default resets the stock or the terms).
    const retitled = await seller.request('PUT', `/api/seller-products/${productId}`, { body: { title: '제목만 바꿈' } });
    expect(retitled.status, JSON.stringify(retitled.body)).toBe(200);
    const mine = sellerProductsSchema.parse((await seller.get(`/api/seller-products/store/${storeId}`, minPosition(retitled))).body).find((p) => p.id === productId);
    expect(mine).toMatchObject({ title: '제목만 바꿈', description: '수정된 설명', warranty: '보증 없음', returnPolicy: '반품 불가', stock: 2, isActive: true, batteryHealth: 80 });
    expect(await offerOf(offerId, retitled)).toMatchObject({ stock: 1, listing: { title: '제목만 바꿈', warranty: '보증 없음' } });
  });

  it('upload, create (the spec messages), listed in the catalogue as a used S-grade offer at the seller’s price; edit price and toggle; the store list', async () => {
    const uploaded = await upload(seller, await photo());
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { url } = sellerProductImageAnswerSchema.parse(uploaded.body);
    const picture = await server.client().get(url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    const noImage = await seller.post('/api/seller-products', form([]));
    expect(noImage.status).toBe(400);
    expect((noImage.body as { errors: Record<string, string> }).errors.images).toBe(SELLER_PRODUCT_MESSAGES.imagesRequired);

    const created = await seller.post('/api/seller-products', form([url]));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ message: SELLER_PRODUCT_MESSAGES.created });
    const id = idOf(created);
    const offer = await offerOf(`sp-${id}`, created);
    expect(offer).toMatchObject({ condition: 'used', grade: 'S', carrier: '자급제', plan: null, stock: 3, quote: { devicePrice: 650_000, subsidy: 0, principal: 650_000 } });

    // GET /api/stores/{storeId}: the store's offers on sale include the listing (it is one of the seller's offers).
    const storePage = (await server.client().get(`/api/stores/${storeId}?page=1`, minPosition(created))).body as { offers: { items: { id: string; price: number }[]; total: number } };
    expect(storePage.offers.items.map((o) => o.id)).toContain(`sp-${id}`);
    const mine = sellerProductsSchema.parse((await seller.get(`/api/seller-products/store/${storeId}`, minPosition(created))).body);
    expect(mine.find((p) => p.id === id)).toMatchObject({ title: '갤럭시 S25 256GB 거의새것', condition: 'like-new', images: [url], offerId: `sp-${id}`, isActive: true });

    const repriced = await seller.request('PUT', `/api/seller-products/${id}`, { body: { price: 600_000 } });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({ message: SELLER_PRODUCT_MESSAGES.updated, changed: true });
    expect((await offerOf(`sp-${id}`, repriced))?.quote.principal).toBe(600_000);

    const restocked = await seller.request('PUT', `/api/seller-products/${id}`, { body: { stock: 7 } });
    expect((await offerOf(`sp-${id}`, restocked))?.stock).toBe(7);
    // Its stock is the listing's: 상품 관리's 재고 수정 of its offer is refused (409), the listing's stock unchanged.
    const onOffer = await seller.request('PUT', `/api/offers/sp-${id}/stock`, { body: { stock: 1 } });
    expect(onOffer.status).toBe(409);
    expect((onOffer.body as { message: string }).message).toBe('중고·리퍼 상품의 재고는 중고·리퍼 상품 탭에서 수정해주세요.');
    expect((await offerOf(`sp-${id}`, restocked))?.stock).toBe(7);

    const off = await seller.request('PUT', `/api/seller-products/${id}`, { body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(await offerOf(`sp-${id}`, off)).toBeUndefined();
    // The store's list: every listing for its seller, active ones for anyone else.
    expect(sellerProductsSchema.parse((await seller.get(`/api/seller-products/store/${storeId}`, minPosition(off))).body).find((p) => p.id === id)?.isActive).toBe(false);
    expect(sellerProductsSchema.parse((await server.client().get(`/api/seller-products/store/${storeId}`)).body).some((p) => p.id === id)).toBe(false);
    const on = await seller.request('PUT', `/api/seller-products/${id}`, { body: { isActive: true } });
    expect((await offerOf(`sp-${id}`, on))?.quote.principal).toBe(600_000);
  });

  it('a 새상품 listing is held to the 출고가 in force like a new phone\'s offer (the same Korean 400 on price), on create and on edit; a 중고·리퍼 price is the seller\'s own', async () => {
    const { url } = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body);
    // galaxy-s25 256GB: 출고가 1,155,000원 (the seed's).
    const above = '새 휴대폰의 판매가는 출고가 1,155,000원을 넘을 수 없습니다.';
    const newUnit = { condition: 'new', title: '갤럭시 S25 256GB 미개봉', batteryHealth: null };
    const tooDear = await seller.post('/api/seller-products', form([url], { ...newUnit, price: 1_155_001 }));
    expect(tooDear.status).toBe(400);
    expect((tooDear.body as { errors: Record<string, string> }).errors).toEqual({ price: above });

    const atRelease = await seller.post('/api/seller-products', form([url], { ...newUnit, price: 1_155_000 }));
    expect(atRelease.status, JSON.stringify(atRelease.body)).toBe(201);
    const raised = await seller.request('PUT', `/api/seller-products/${idOf(atRelease)}`, { body: { price: 1_200_000 } });
    expect(raised.status).toBe(400);
    expect((raised.body as { errors: Record<string, string> }).errors).toEqual({ price: above });

    // A used unit may be priced above the 출고가 (its own price); made 새상품 at that price, it is refused.
    const used = await seller.post('/api/seller-products', form([url], { price: 1_200_000 }));
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const madeNew = await seller.request('PUT', `/api/seller-products/${idOf(used)}`, { body: { condition: 'new' } });
    expect(madeNew.status).toBe(400);
    expect((madeNew.body as { errors: Record<string, string> }).errors).toEqual({ price: above });
    expect((await seller.request('PUT', `/api/seller-products/${idOf(used)}`, { body: { condition: 'new', price: 1_100_000 } })).status).toBe(200);
  });

  it("pictures: over 5 MB 413, not a picture 400 (Korean); a listing may not name another seller's upload", async () => {
    const big = await upload(seller, new Uint8Array(5 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect((big.body as { message: string }).message).toBe(SELLER_PRODUCT_MESSAGES.tooLarge);
    const text = await upload(seller, new TextEncoder().encode('not a picture at all'));
    expect(text.status).toBe(400);
    expect((text.body as { message: string }).message).toBe(SELLER_PRODUCT_MESSAGES.notImage);
    const bad = await seller.post('/api/seller-products', form(['/images/seller-products/not-mine.webp']));
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors['images.0']).toBe(SELLER_PRODUCT_MESSAGES.image);
    const unknown = await seller.post('/api/seller-products', form(['https://example.kr/p.jpg'], { storage: 7 }));
    expect((unknown.body as { message: string }).message).toBe(SELLER_PRODUCT_MESSAGES.unknownModel);
  });

  it('issue 35: 사양 (specifications) keep the title\'s plain-text rule — no RLO, NUL, BEL — and at most 30 rows of bounded length, on create and edit', async () => {
    const url = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body).url;
    const refused = async (specifications: Record<string, string>, what: string) => {
      const created = await seller.post('/api/seller-products', form([url], { specifications }));
      expect(created.status, what).toBe(400);
      expect(Object.keys((created.body as { errors: Record<string, string> }).errors ?? {}).some((k) => k.startsWith('specifications')), what).toBe(true);
    };
    await refused({ '화면\u202E': '6.2인치' }, 'RLO in a name');
    await refused({ 화면: '6.2\u202E인치' }, 'RLO in a value');
    await refused({ 화면: '6.2\u0000인치' }, 'NUL');
    await refused({ 'cpu\u0007': '스냅드래곤' }, 'BEL');
    await refused({ 화면: '한 줄\n두 줄' }, 'a line break');
    await refused({ '': '빈 이름' }, 'an empty name');
    await refused({ [`${'가'.repeat(41)}`]: '값' }, 'a name over 40');
    await refused({ 화면: '가'.repeat(201) }, 'a value over 200');
    await refused(Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`사양${i}`, '값'])), '31 rows');
    const tooMany = await seller.post('/api/seller-products', form([url], { specifications: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, 'v'])) }));
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { errors: Record<string, string> }).errors.specifications).toBe(SELLER_PRODUCT_MESSAGES.tooManySpecifications);
    const thirty = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`사양${i}`, '값']));
    const created = await seller.post('/api/seller-products', form([url], { specifications: { ...thirty } }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const edited = await seller.request('PUT', `/api/seller-products/${idOf(created)}`, { body: { specifications: { 화면: '6.2\u202E인치' } } });
    expect(edited.status).toBe(400);
  });

  it('who may: guests 401, buyers and admins 403; another store is 403; another seller may not edit the listing (403); an unknown one 404', async () => {
    const url = sellerProductImageAnswerSchema.parse((await upload(seller, await photo())).body).url;
    const created = await seller.post('/api/seller-products', form([url], { title: '아이폰 아님' }));
    const id = idOf(created);
    const buyer = await registeredBuyer(server, 'sp');
    for (const [who, c, status] of [['guest', server.client(), 401], ['buyer', buyer, 403], ['admin', admin, 403]] as const) {
      expect((await c.post('/api/seller-products', form([url]), { 'x-role': 'seller' })).status, who).toBe(status);
      expect((await c.request('PUT', `/api/seller-products/${id}`, { body: { price: 1 }, headers: { 'x-role': 'seller' } })).status, who).toBe(status);
    }
    expect((await seller.post('/api/seller-products', form([url], { storeId: 'store-someone-else' }))).status).toBe(403);

    // Another approved seller.
    const other = await registeredBuyer(server, 'sp-other');
    const applied = await other.post('/api/seller-applications', {
      applicantName: '다른셀러', email: `sp-other-${Date.now()}@example.kr`, phone: '010-2345-6789', businessNumber: '220-81-62517',
      businessType: 'individual', storeName: '다른폰가게', storeDescription: '', experience: '', documents: [],
    });
    expect((await admin.request('PUT', `/api/seller-applications/${idOf(applied)}`, { body: { status: 'approved', reviewNotes: '승인' } })).status).toBe(200);
    expect((await other.request('PUT', `/api/seller-products/${id}`, { body: { price: 1 } })).status).toBe(403);
    expect((await other.post('/api/seller-products', form([url], { storeId }))).status).toBe(403);
    expect((await seller.request('PUT', '/api/seller-products/none', { body: { price: 1 } })).status).toBe(404);

    // A listing turned off: still in its own seller's and the admins' store list, in nobody else's (another seller, a buyer, a guest).
    const hidden = await seller.request('PUT', `/api/seller-products/${id}`, { body: { isActive: false } });
    expect(hidden.status).toBe(200);
    const sees = async (c: TestClient) => sellerProductsSchema.parse((await c.get(`/api/seller-products/store/${storeId}`, minPosition(hidden))).body).some((p) => p.id === id);
    for (const [who, c, expected] of [['its seller', seller, true], ['admin', admin, true], ['another seller', other, false], ['buyer', buyer, false], ['guest', server.client(), false]] as const) {
      expect(await sees(c), who).toBe(expected);
    }
  });
});
