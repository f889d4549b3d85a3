import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '@phonemarket/events';
import {
  cartSchema, modelOffersSchema, orderSchema, productListSchema, publicStoreSchema, sellerStoreSchema, type ModelOffer,
} from '@phonemarket/contracts';
import { STORE_NAME_TAKEN } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { storeForm } from '../support/storeForm.ts';

/**
 * Issue 30 §6: one store name per seller everywhere — the storefront's store name on the product
 * list, the product's 판매처 rows, the cart, the order and the store page, a rename included.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', memo: '', paymentMethod: 'transfer', ...PAID_TODAY };
type Answer = { body: unknown };
/** A 409 naming the store name taken, on `field`. */
const taken = (r: { status: number; body: unknown }, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({ message: STORE_NAME_TAKEN, errors: { [field]: STORE_NAME_TAKEN } });
};

/** Every name the shop shows for the seller of `offerId`, read after `after`. */
async function namesOf(offerId: string, sellerId: string, storeId: string, buyer: TestClient, after: Answer) {
  const pos = minPosition(after as { body: { position: string } });
  const guest = server.client();
  const products: { id: string; seller: { name: string } }[] = [];
  for (let page = 1; ; page++) {
    const list = productListSchema.parse((await guest.get(`/api/products?limit=100&page=${page}`, pos)).body);
    products.push(...list.products);
    if (products.length >= list.total || list.products.length === 0) break;
  }
  const rows: ModelOffer[] = modelOffersSchema.parse((await guest.get(`/api/models/${MODEL}/offers`, pos)).body).offers;
  const detail = (await guest.get(`/api/products/${offerId}`, pos)).body as { seller: { name: string } };
  expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
  const cart = cartSchema.parse((await buyer.get('/api/cart', pos)).body);
  const placed = await buyer.post('/api/orders', address);
  expect(placed.status).toBe(201);
  const order = orderSchema.parse((await buyer.get(`/api/orders/${(placed.body as { id: string }).id}`, minPosition(placed as { body: { position: string } }))).body);
  const store = publicStoreSchema.parse((await guest.get(`/api/stores/${storeId}`, pos)).body);
  return {
    list: products.find((p) => p.id === offerId)!.seller.name,
    row: rows.find((o) => o.offerId === offerId)!.seller.storeName,
    detail: detail.seller.name,
    cart: cart.items.find((i) => i.productId === offerId)!.seller.name,
    order: order.items.find((i) => i.sellerId === sellerId)!.sellerName,
    store: store.name,
  };
}

describe('one store name per seller', () => {
  it('a seeded seller reads its store name on every page', async () => {
    const rows = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers;
    const offer = rows.find((o) => o.seller.id === 'seller-gangnam-phone' && o.stock > 0)!;
    const names = await namesOf(offer.offerId, 'seller-gangnam-phone', offer.seller.storeId!, await registeredBuyer(server, 'names-a'), { body: { position: '0' } });
    expect(new Set(Object.values(names))).toEqual(new Set(['강남폰스토어 강남역점']));
  });

  it('a renamed store is renamed everywhere (new orders carry the new name)', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const rows = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers;
    const terms = rows.find((o) => o.condition === 'new' && o.carrier === 'KT')!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 50_000, stock: 5 });
    expect(listed.status).toBe(201);
    const own = (listed.body as { id: string }).id;
    const mine = sellerStoreSchema.parse((await seller.get('/api/seller/store', minPosition(listed as { body: { position: string } }))).body);
    const before = await namesOf(own, mine.sellerId, mine.storeId, await registeredBuyer(server, 'names-b'), listed);
    expect(new Set(Object.values(before))).toEqual(new Set([mine.profile.name]));

    const renamed = await seller.request('PUT', '/api/seller/store', { body: { ...storeForm(mine), name: '새이름 폰가게' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await namesOf(own, mine.sellerId, mine.storeId, await registeredBuyer(server, 'names-c'), renamed);
    expect(new Set(Object.values(after))).toEqual(new Set(['새이름 폰가게']));
  });
});

describe('issue 39: store names are unique, compared without spaces and case', () => {
  let applications = 0; // each application its own e-mail address
  const apply = (c: TestClient, storeName: string) => c.post('/api/seller-applications', {
    applicantName: '박지훈', email: `names39-${++applications}@example.kr`, phone: '010-3456-7890', businessNumber: '220-81-62517',
    businessType: 'individual', storeName, storeDescription: '', experience: '', documents: [],
  });

  it('an application with a name another store or applicant has (spaces and case aside) is 409 in Korean; a seeded store’s name too', async () => {
    expect((await apply(await registeredBuyer(server, 'names39-a'), 'Phone 39 스토어')).status).toBe(201);
    taken(await apply(await registeredBuyer(server, 'names39-b'), 'phone39스토어'), 'storeName');
    taken(await apply(await registeredBuyer(server, 'names39-c'), '강남폰스토어강남역점'), 'storeName');
    expect((await apply(await registeredBuyer(server, 'names39-d'), 'Phone 40 스토어')).status).toBe(201);
  });

  it('a rename to a taken name is 409 on the name field (nothing saved); a rename frees the old name for others; the same name with other spacing is the seller’s own', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const mine = sellerStoreSchema.parse((await seller.get('/api/seller/store')).body);
    taken(await seller.request('PUT', '/api/seller/store', { body: { ...storeForm(mine), name: '용산모바일 전자상가점'.replace(/ /g, '') } }), 'name');
    expect(sellerStoreSchema.parse((await seller.get('/api/seller/store')).body).profile.name).toBe(mine.profile.name);
    const respaced = await seller.request('PUT', '/api/seller/store', { body: { ...storeForm(mine), name: ` ${mine.profile.name.replace(/ /g, '')} ` } });
    expect(respaced.status, JSON.stringify(respaced.body)).toBe(200);
    const renamed = await seller.request('PUT', '/api/seller/store', { body: { ...storeForm(mine), name: 'Rename 39 Store' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // The old name is free; the new one is taken.
    expect((await apply(await registeredBuyer(server, 'names39-e'), mine.profile.name)).status).toBe(201);
    taken(await apply(await registeredBuyer(server, 'names39-f'), 'rename39store'), 'storeName');
  });
});

/** The form /my-store sends, from the store as it is. */

describe('a refused application takes no store name (the seller-lifecycle model found it)', () => {
  const apply = (c: TestClient, storeName: string) => c.post('/api/seller-applications', {
    applicantName: '이서윤', email: 'apply@example.kr', phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
    storeName, storeDescription: '', experience: '', documents: [],
  });

  it('a second application while one is open is 409 and appends nothing: its name stays free for another account', async () => {
    const first = await registeredBuyer(server, 'names-open');
    expect((await apply(first, '서윤 모바일 본점')).status).toBe(201);
    const again = await apply(first, '서윤 모바일 2호점');
    expect(again.status).toBe(409);
    const log = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    try {
      const reserved = (await log.readAll({ types: ['StoreNameReserved'] })).filter((e) => (e.data as { name: string }).name === '서윤 모바일 2호점');
      expect(reserved).toEqual([]);
    } finally {
      await log.close();
    }
    expect((await apply(await registeredBuyer(server, 'names-other'), '서윤모바일 2호점')).status).toBe(201);
  });

  it('a rejected application releases its store name: another applicant takes it, and the rejected one may not take it back', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const first = await registeredBuyer(server, 'names-rejected');
    const filed = await apply(first, '반려 39 모바일');
    expect(filed.status).toBe(201);
    const other = await registeredBuyer(server, 'names-after-reject');
    expect((await apply(other, '반려39모바일')).status).toBe(409);
    const rejected = await admin.request('PUT', `/api/seller-applications/${(filed.body as { id: string }).id}`, { body: { status: 'rejected', reviewNotes: '서류 미비' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await apply(other, '반려39모바일')).status).toBe(201);
    const log = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    try {
      expect((await log.readAll({ types: ['StoreNameReleased'] })).some((e) => (e.data as { holderId: string }).holderId === first.id)).toBe(true);
    } finally {
      await log.close();
    }
    taken(await apply(first, '반려 39 모바일'), 'storeName');
  });
});
