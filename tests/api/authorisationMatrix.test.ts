import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_QUESTION_TEXT, modelListSchema, modelOffersSchema, notificationsSchema, questionsSchema, wishlistSchema } from '@phonemarket/contracts';
import { openSqliteEventStore, streams, toNewEvent } from '@phonemarket/events';
import { FOREIGN_HOST_MESSAGE } from '@phonemarket/platform/http/hosts.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/**
 * Every route the catalogue, shopping and review issues added, for each role (guest, buyer, seller,
 * admin) and with another user's ids: who may call it, and that nobody reads or changes what is not
 * theirs. (The detailed rules of each route are in its own test file.)
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

type Role = 'guest' | 'buyer' | 'seller' | 'admin';
const ROLES: Role[] = ['guest', 'buyer', 'seller', 'admin'];
const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...PAID_TODAY };

/** The demo accounts' sessions are reused: demo sign-ins are rate-limited per address (30 in 15 minutes). */
const demoClients = new Map<'seller' | 'admin', Promise<TestClient>>();
async function as(role: Role): Promise<TestClient> {
  if (role === 'guest') return server.client();
  if (role === 'buyer') return registeredBuyer(server, 'matrix');
  if (!demoClients.has(role)) demoClients.set(role, demoSignedIn(server, role));
  return demoClients.get(role)!;
}
async function byRole<T>(call: (c: TestClient) => Promise<{ status: number; body: unknown }>, map?: (r: { status: number; body: unknown }) => T) {
  const out: Partial<Record<Role, number | T>> = {};
  for (const role of ROLES) {
    const r = await call(await as(role));
    out[role] = map ? map(r) : r.status;
  }
  return out;
}

describe('authorisation matrix of the catalogue, shopping and review routes', () => {
  it('public reads answer every role alike', async () => {
    for (const path of [`/api/products/${MODEL}/reviews`, `/api/products/${MODEL}/questions`, '/api/reviews', '/api/reviews?page=2', '/api/search/popular']) {
      expect(await byRole((c) => c.get(path)), path).toEqual({ guest: 200, buyer: 200, seller: 200, admin: 200 });
    }
    expect(await byRole((c) => c.get('/api/reviews?page=0')), 'a bad page').toEqual({ guest: 400, buyer: 400, seller: 400, admin: 400 });
  });

  it('POST /api/searches: anyone records a search (once per visitor and term); an empty term is 400 for everyone', async () => {
    expect(await byRole((c) => c.post('/api/searches', { q: '갤럭시 S26' }))).toEqual({ guest: 201, buyer: 201, seller: 201, admin: 201 });
    expect(await byRole((c) => c.post('/api/searches', { q: '' }))).toEqual({ guest: 400, buyer: 400, seller: 400, admin: 400 });
  });

  it("signed-in lists (GET /api/wishlist, /api/me/recently-viewed): guests 401; each account sees its own, never another's", async () => {
    expect(await byRole((c) => c.get('/api/wishlist'))).toEqual({ guest: 401, buyer: 200, seller: 200, admin: 200 });
    expect(await byRole((c) => c.get('/api/me/recently-viewed'))).toEqual({ guest: 401, buyer: 200, seller: 200, admin: 200 });
    const a = await registeredBuyer(server, 'matrix-a');
    const b = await registeredBuyer(server, 'matrix-b');
    const hearted = await a.request('PUT', `/api/wishlist/${MODEL}`);
    expect(hearted.status).toBeLessThan(300);
    const viewed = await a.post(`/api/products/${MODEL}/views`, {});
    expect(viewed.status).toBeLessThan(300);
    const mine = async (c: TestClient, path: string, after: { body: unknown }) =>
      wishlistSchema.parse((await c.get(path, minPosition(after))).body).items.map((i) => i.productId);
    expect(await mine(a, '/api/wishlist', hearted)).toEqual([MODEL]);
    expect(await mine(b, '/api/wishlist', hearted)).toEqual([]);
    expect(await mine(a, '/api/me/recently-viewed', viewed)).toEqual([MODEL]);
    expect(await mine(b, '/api/me/recently-viewed', viewed)).toEqual([]);
    // Another account cannot take someone's heart off: B's DELETE leaves A's list as it was.
    const removed = await b.request('DELETE', `/api/wishlist/${MODEL}`);
    expect(removed.status).toBeLessThan(300);
    expect(await mine(a, '/api/wishlist', removed)).toEqual([MODEL]);
  });

  it('POST /api/products/{id}/questions: guests 401, every account 201; a secret question reads as such to other accounts', async () => {
    expect(await byRole((c) => c.post(`/api/products/${MODEL}/questions`, { content: '자급제 모델도 있나요?' }))).toEqual({ guest: 401, buyer: 201, seller: 201, admin: 201 });
    const asker = await registeredBuyer(server, 'matrix-asker');
    const asked = await asker.post(`/api/products/${MODEL}/questions`, { content: '개통 당일 배송 되나요?', secret: true });
    expect(asked.status).toBe(201);
    const id = (asked.body as { id: string }).id;
    const contentFor = async (c: TestClient) => questionsSchema.parse((await c.get(`/api/products/${MODEL}/questions`, minPosition(asked))).body).questions.find((q) => q.id === id)?.content;
    expect(await contentFor(asker)).toBe('개통 당일 배송 되나요?');
    expect(await contentFor(await registeredBuyer(server, 'matrix-other'))).toBe(SECRET_QUESTION_TEXT);
    expect(await contentFor(server.client())).toBe(SECRET_QUESTION_TEXT);
    expect(await contentFor(await demoSignedIn(server, 'admin'))).toBe('개통 당일 배송 되나요?');
    // Answering: guests 401, buyers (the asker too) 403, a seller without an offer of the phone 403, an admin 200.
    const answer = { content: '네, 당일 배송됩니다.' };
    expect((await server.client().post(`/api/questions/${id}/answer`, answer)).status).toBe(401);
    expect((await asker.post(`/api/questions/${id}/answer`, answer)).status).toBe(403);
    expect((await (await demoSignedIn(server, 'seller')).post(`/api/questions/${id}/answer`, answer)).status).toBe(403);
    expect((await (await demoSignedIn(server, 'admin')).post(`/api/questions/${id}/answer`, answer)).status).toBe(200);
  });

  it("POST /api/products/{id}/reviews: guests 401; nobody reviews another account's order (404), whatever the role", async () => {
    const owner = await registeredBuyer(server, 'matrix-owner');
    const { products } = (await server.client().get(`/api/products?limit=50&sort=priceAsc`)).body as { products: { id: string; modelId: string }[] };
    const offer = products[0]!;
    expect((await owner.post('/api/cart/items', { productId: offer.id })).status).toBe(201);
    const placed = await owner.post('/api/orders', address);
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    const review = { orderId, rating: 5, content: '정말 좋은 휴대폰이에요. 추천합니다.' };
    expect(await byRole((c) => c.post(`/api/products/${offer.modelId}/reviews`, review))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 404 });
    // Its owner may not either until it is delivered.
    expect((await owner.post(`/api/products/${offer.modelId}/reviews`, review)).status).toBe(403);
  });

  it("POST /api/offers/{id}/price: guests 401, buyers 403, a seller who does not own the offer 403, an admin changes it", async () => {
    const { products } = (await server.client().get('/api/products?limit=1')).body as { products: { id: string; price: number }[] };
    const offer = products[0]!;
    const body = { price: offer.price - 10_000, extraSubsidy: 0 };
    expect(await byRole((c) => c.post(`/api/offers/${offer.id}/price`, body))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 201 });
  });

  it("PUT /api/offers/{id}/active, GET /api/seller/offers and /api/seller/orders, POST /api/offers: each role, and another seller's offer", async () => {
    const { products } = (await server.client().get('/api/products?limit=1')).body as { products: { id: string }[] };
    const offer = products[0]!.id; // a seeded seller's, not the demo seller's
    expect(await byRole((c) => c.request('PUT', `/api/offers/${offer}/active`, { body: { active: false } }))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
    const back = await (await as('admin')).request('PUT', `/api/offers/${offer}/active`, { body: { active: true } });
    expect(back.body).toMatchObject({ active: true, changed: true });
    expect(await byRole((c) => c.get('/api/seller/offers'))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
    expect(await byRole((c) => c.get('/api/seller/orders'))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
    // unknown terms: the seller gets as far as 404, nobody else past the role check
    expect(await byRole((c) => c.post('/api/offers', { sameTermsAs: 'no-such-offer', extraSubsidy: 0, stock: 1 }))).toEqual({ guest: 401, buyer: 403, seller: 404, admin: 403 });
  });
});

/** A request of this client (its cookies) under another Host, as a page whose name was re-pointed at this server sends it. */
function underHost(c: TestClient, host: string, method: string, p: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const url = new URL(p, server.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname, port: url.port, path: url.pathname + url.search, method,
      headers: { host, origin: `http://${host}`, ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => { text += d; }).on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) as unknown : null }));
    });
    req.on('error', reject).end(payload);
  });
}

describe('issue 23: hosts, suspended sellers, 비밀글 and the seller\'s view of orders', () => {
  it('a foreign Host (DNS rebinding) is 421 for every role on every route touched; loopback names pass', async () => {
    const port = new URL(server.url).port;
    const foreign = `rebind.attacker.example:${port}`;
    for (const [method, path, body] of [
      ['POST', '/api/auth/demo', { role: 'admin' }], ['GET', '/api/site', undefined], ['GET', '/api/seller/orders', undefined],
      ['PUT', '/api/orders/x/status', { status: 'preparing' }], ['GET', `/api/products/${MODEL}/questions`, undefined], ['GET', '/api/products?limit=1', undefined],
    ] as const) {
      expect(await byRole((c) => underHost(c, foreign, method, path, body)), `${method} ${path}`).toEqual({ guest: 421, buyer: 421, seller: 421, admin: 421 });
    }
    expect((await underHost(await as('admin'), foreign, 'GET', '/api/admin/users')).body).toEqual({ message: FOREIGN_HOST_MESSAGE });
    expect(await byRole((c) => underHost(c, `localhost:${port}`, 'GET', '/api/seller/orders'))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
  });

  it('GET /api/products/{id}/questions: a 비밀글 reads as such to every role but admins — a seller of the phone included — until that seller sold it to the asker', async () => {
    const models = modelListSchema.parse((await server.client().get('/api/models?limit=50')).body).models;
    const model = models.find((m) => m.id !== MODEL && m.sellerCount > 0)!.id;
    const terms = modelOffersSchema.parse((await server.client().get(`/api/models/${model}/offers`)).body).offers[0]!.offerId;
    const listed = await (await as('seller')).post('/api/offers', { sameTermsAs: terms, extraSubsidy: 0, stock: 10 });
    expect(listed.status).toBe(201);
    const asker = await registeredBuyer(server, 'matrix-secret');
    const asked = await asker.post(`/api/products/${model}/questions`, { content: '개통 후 유심은 따로 오나요?', secret: true });
    expect(asked.status).toBe(201);
    const id = (asked.body as { id: string }).id;
    const readable = (r: { status: number; body: unknown }) => questionsSchema.parse(r.body).questions.find((q) => q.id === id)!.readable;
    expect(await byRole((c) => c.get(`/api/products/${model}/questions`, minPosition(asked)), readable)).toEqual({ guest: false, buyer: false, seller: false, admin: true });
    expect((await (await as('seller')).get(`/api/products/${model}/questions`)).body).toMatchObject({ canAnswer: true });
    expect((await asker.post('/api/cart/items', { productId: (listed.body as { id: string }).id })).status).toBe(201);
    const bought = await asker.post('/api/orders', address);
    expect(bought.status).toBe(201);
    expect(await byRole((c) => c.get(`/api/products/${model}/questions`, minPosition(bought)), readable)).toEqual({ guest: false, buyer: false, seller: true, admin: true });
  });

  it('GET /api/seller/orders, PUT /api/orders/{id}/status and POST …/seller-cancel: a suspended seller still handles the orders paid to them (s59); no buyer account id in what a seller reads', async () => {
    const admin = await as('admin');
    // A 자급제 phone: shipped as it is (a carrier line goes by 개통 준비), and its 판매처 rows come after the carriers' (s59).
    const terms = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?carrier=${encodeURIComponent('자급제')}`)).body).offers.find((o) => o.condition === 'new')!.offerId;
    const listed = await (await as('seller')).post('/api/offers', { sameTermsAs: terms, extraSubsidy: 0, stock: 10 });
    expect(listed.status).toBe(201);
    const buyer = await registeredBuyer(server, 'matrix-suspended');
    const buy = async () => {
      expect((await buyer.post('/api/cart/items', { productId: (listed.body as { id: string }).id })).status).toBe(201);
      const placed = await buyer.post('/api/orders', address);
      expect(placed.status).toBe(201);
      return { placed, orderId: (placed.body as { id: string }).id };
    };
    const { placed, orderId } = await buy();
    const toCancel = (await buy()).orderId;
    const seen = await (await as('seller')).get('/api/seller/orders', minPosition(placed));
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain(buyer.id);

    const suspended = await admin.request('PUT', '/api/sellers/seller-1', { body: { status: 'suspended', reason: '점검' } });
    expect(suspended.status).toBe(200);
    try {
      const list = (c: TestClient) => c.get('/api/seller/orders', minPosition(suspended));
      expect(await byRole(list)).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
      expect(JSON.stringify((await list(await as('seller'))).body)).not.toContain(buyer.id);
      // The order's own buyer is refused the seller's steps too.
      expect((await buyer.request('PUT', `/api/orders/${orderId}/status`, { body: { status: 'preparing' } })).status).toBe(403);
      expect((await buyer.post(`/api/orders/${toCancel}/seller-cancel`, { reason: '재고 부족' })).status).toBe(403);
      const move = (c: TestClient) => c.request('PUT', `/api/orders/${orderId}/status`, { body: { status: 'preparing' } });
      expect(await byRole(move)).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 409 });
      expect((await (await as('seller')).request('PUT', `/api/orders/${orderId}/status`, { body: { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' } })).status).toBe(200);
      const cancel = (c: TestClient) => c.post(`/api/orders/${toCancel}/seller-cancel`, { reason: '재고 부족' });
      expect(await byRole(cancel)).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 409 });
      expect((await cancel(admin)).body).toEqual({ message: '이미 취소된 주문입니다.' });
      expect((await (await as('seller')).post(`/api/orders/${orderId}/seller-cancel`, { reason: '재고 부족' })).body).toEqual({ message: '배송이 시작된 주문은 취소할 수 없습니다.' });
      // What suspension stops: new offers.
      expect((await (await as('seller')).post('/api/offers', { sameTermsAs: terms, extraSubsidy: 0, stock: 1 })).status).toBe(403);
    } finally {
      expect((await admin.request('PUT', '/api/sellers/seller-1', { body: { status: 'approved' } })).status).toBe(200);
    }
  });

  it('GET /api/orders/{id}/contract (issue 40): the order\'s buyer, its seller and admins 200; another buyer 404; an unknown id 404 for everyone signed in; a 교환/반품 or inquiry citing its conditions: the buyer only', async () => {
    const terms = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers.find((o) => o.carrier === 'SKT')!.offerId;
    const listed = await (await as('seller')).post('/api/offers', { sameTermsAs: terms, extraSubsidy: 0, stock: 10 });
    expect([201, 409]).toContain(listed.status);
    const offerId = listed.status === 201 ? (listed.body as { id: string }).id
      : modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`)).body).offers.find((o) => o.seller.id === 'seller-1' && o.carrier === 'SKT')!.offerId;
    const owner = await registeredBuyer(server, 'matrix-contract');
    expect((await owner.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const placed = await owner.post('/api/orders', address);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const path = `/api/orders/${(placed.body as { id: string }).id}/contract`;
    expect(await byRole((c) => c.get(path, minPosition(placed)))).toEqual({ guest: 401, buyer: 404, seller: 200, admin: 200 });
    expect((await owner.get(path)).status).toBe(200);
    expect((await (await as('buyer')).get(path)).body).toEqual({ message: '계약 조건서를 찾을 수 없습니다.' });
    expect(await byRole((c) => c.get('/api/orders/no-such-order/contract'))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 404 });
    // A 교환/반품 or an inquiry citing a condition of this order (issue 40): its buyer only; everyone else is told it does not exist.
    const orderId = (placed.body as { id: string }).id;
    const cite = { brokenCondition: '0:planKeep' };
    const inquiry = { category: '주문배송', title: '조건 문의', content: '조건이 지켜지지 않았어요. 확인 부탁드립니다.', orderId, ...cite };
    expect(await byRole((c) => c.post(`/api/orders/${orderId}/returns`, { kind: 'return', reason: '조건이 지켜지지 않았어요', ...cite }))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 404 });
    expect(await byRole((c) => c.post('/api/inquiries', inquiry))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 404 });
    // The buyer's own order has no 요금제 유지 to cite: 400 (Korean), nothing filed.
    const owned = await owner.post('/api/inquiries', inquiry);
    expect(owned.status).toBe(400);
    expect((owned.body as { errors: Record<string, string> }).errors.brokenCondition).toBe('이 주문의 계약 조건서에 없는 조건입니다. 목록에서 골라주세요.');
  });

  it("PUT /api/notifications/{id}/read: guests 401; another account's notification or a made-up id is 404 for every role and stores nothing; the owner 200", async () => {
    const owner = await registeredBuyer(server, 'matrix-notified');
    let id = '';
    for (let i = 0; i < 50 && !id; i++) {
      id = notificationsSchema.parse((await owner.get('/api/notifications')).body).notifications[0]?.id ?? '';
      if (!id) await new Promise((r) => setTimeout(r, 100));
    }
    expect(id).not.toBe('');
    const read = (path: string) => (c: TestClient) => c.request('PUT', `/api/notifications/${encodeURIComponent(path)}/read`);
    expect(await byRole(read(id))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 404 });
    for (const [role, userId] of [['seller', 'seller-1'], ['admin', 'admin-1']] as const) {
      expect((await read(`anything~${userId}`)(await as(role))).status).toBe(404);
      expect((await read(id.replace(/~[^~]*$/, `~${userId}`))(await as(role))).status).toBe(404);
    }
    expect((await read(id)(owner)).status).toBe(200);
  });
});

describe('issue 26: 중고폰 매입 routes by role, with another account\'s quote and order', () => {
  it('public reads alike; grids and shop lists the shop\'s; the admin list admins\'; quotes for every account; another account\'s quote and order 404', async () => {
    for (const path of ['/api/buyback/grades', '/api/buyback/market', '/api/buyback/shops']) {
      expect(await byRole((c) => c.get(path)), path).toEqual({ guest: 200, buyer: 200, seller: 200, admin: 200 });
    }
    expect(await byRole((c) => c.get('/api/seller/buyback-prices'))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
    expect(await byRole((c) => c.get('/api/seller/buyback-orders'))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
    expect(await byRole((c) => c.get('/api/admin/buyback-orders'))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
    const quote = { modelId: 'galaxy-s25', storage: 256, answers: { scratches: true } };
    expect(await byRole((c) => c.post('/api/buyback/quotes', quote))).toEqual({ guest: 401, buyer: 201, seller: 201, admin: 201 });

    // The demo seller's grid buys a 갤럭시 S25 dearest (demo data): an owner's quote, accepted, is the demo seller's order.
    const owner = await registeredBuyer(server, 'matrix-bb');
    const quoted = await owner.post('/api/buyback/quotes', quote);
    const quoteId = (quoted.body as { id: string }).id;
    expect(await byRole((c) => c.get(`/api/buyback/quotes/${quoteId}`, minPosition(quoted)))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 200 });
    expect(await byRole((c) => c.post(`/api/buyback/quotes/${quoteId}/accept`, { handover: 'parcel', payout: 'points' }))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 404 });
    const accepted = await owner.post(`/api/buyback/quotes/${quoteId}/accept`, { handover: 'parcel', payout: 'points' });
    expect(accepted.status).toBe(201);
    const orderId = (accepted.body as { id: string }).id;
    expect(await byRole((c) => c.get(`/api/buyback/orders/${orderId}`, minPosition(accepted)))).toEqual({ guest: 401, buyer: 404, seller: 200, admin: 200 });
    expect(await byRole((c) => c.post(`/api/buyback/orders/${orderId}/counter`, { accept: true }))).toEqual({ guest: 401, buyer: 404, seller: 404, admin: 404 });
    expect(await byRole((c) => c.post(`/api/buyback/orders/${orderId}/payout`))).toEqual({ guest: 401, buyer: 403, seller: 409, admin: 403 });
    expect(await byRole((c) => c.post(`/api/buyback/orders/${orderId}/received`))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
    expect((await owner.get(`/api/buyback/orders/${orderId}`)).status).toBe(200);
    // Last: the demo seller's grid saved (empty) by the seller only.
    expect(await byRole((c) => c.request('PUT', '/api/seller/buyback-prices', { body: { items: [], deductions: [] } }))).toEqual({ guest: 401, buyer: 403, seller: 200, admin: 403 });
  });
});

describe("issue 27: sellers' own listings and their pictures by role", () => {
  it('a store\'s listings and the listing pictures are public reads, alike for every role; an unknown picture 404 for all', async () => {
    const me = (await (await as('seller')).get('/api/auth/me')).body as { user: { id: string } };
    const storeId = `store-${me.user.id}`;
    expect(await byRole((c) => c.get(`/api/seller-products/store/${storeId}`))).toEqual({ guest: 200, buyer: 200, seller: 200, admin: 200 });
    expect(await byRole((c) => c.get('/images/seller-products/none.webp'))).toEqual({ guest: 404, buyer: 404, seller: 404, admin: 404 });
    // A listing's picture is public like the listing: the same for every role, whoever uploaded it.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3060c0' } }).png().toBuffer();
    const uploaded = await (await as('seller')).request('POST', '/api/seller-products/images', { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
    expect(uploaded.status).toBe(201);
    const { url } = uploaded.body as { url: string };
    expect(await byRole((c) => c.get(url, minPosition(uploaded)))).toEqual({ guest: 200, buyer: 200, seller: 200, admin: 200 });
    // Listing on carrier terms is the seller's own act: guests 401, buyers and admins 403.
    const terms = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '신규', extraSubsidy: 0, stock: 1 };
    const statuses = await byRole((c) => c.post('/api/offers/on-terms', terms));
    expect({ guest: statuses.guest, buyer: statuses.buyer, admin: statuses.admin }).toEqual({ guest: 401, buyer: 403, admin: 403 });
    expect(statuses.seller, 'no carrier terms for these yet: the seller passes the role check and meets 404').toBe(404);
  });
});

describe('issue 39: review photos by role', () => {
  it("POST /api/orders/{id}/review-photos: guests 401, another buyer 404, sellers and admins 403 (unread); the order's buyer 201 and their own 413; the photo is public", async () => {
    const owner = await registeredBuyer(server, 'matrix-photo');
    const { products } = (await server.client().get('/api/products?limit=50&sort=priceAsc')).body as { products: { id: string }[] };
    expect((await owner.post('/api/cart/items', { productId: products[0]!.id })).status).toBe(201);
    const placed = await owner.post('/api/orders', address);
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    expect((await moveOrder(await as('admin'), orderId, 'delivered')).status).toBe(200);
    const png = new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c06030' } }).png().toBuffer());
    const upload = (body: Uint8Array) => (c: TestClient) => c.request('POST', `/api/orders/${orderId}/review-photos`, { body, headers: { 'content-type': 'image/png' } });
    expect(await byRole(upload(png))).toEqual({ guest: 401, buyer: 404, seller: 403, admin: 403 });
    expect(await byRole(upload(new Uint8Array(6 * 1024 * 1024))), 'too large').toEqual({ guest: 401, buyer: 404, seller: 403, admin: 403 });
    expect((await upload(new Uint8Array(6 * 1024 * 1024))(owner)).status).toBe(413);
    const uploaded = await upload(png)(owner);
    expect(uploaded.status).toBe(201);
    const { url } = uploaded.body as { url: string };
    expect(await byRole((c) => c.get(url, minPosition(uploaded)))).toEqual({ guest: 200, buyer: 200, seller: 200, admin: 200 });
    expect(await byRole((c) => c.get('/images/reviews/none.webp'))).toEqual({ guest: 404, buyer: 404, seller: 404, admin: 404 });
  });
});

describe('issue 27: a channel\'s settings by role', () => {
  it('PUT /api/admin/channels/{id}/settings: guests 401, buyers and sellers 403 (a registered channel or not), admins 200; an unknown channel 404', async () => {
    const created = await (await as('admin')).post('/api/admin/channels', { channelId: 'matrix-settings', channelName: '설정 매트릭스' });
    expect(created.status).toBe(201);
    expect(await byRole((c) => c.request('PUT', '/api/admin/channels/matrix-settings/settings', { body: { autoProcessImages: false } })))
      .toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
    expect(await byRole((c) => c.request('PUT', '/api/admin/channels/matrix-nobody/settings', { body: { autoProcessImages: false } })))
      .toEqual({ guest: 401, buyer: 403, seller: 403, admin: 404 });
  });
});

describe('주문 관리 and 견적 요청 관리 by role (the pages behind the shared AdminGate)', () => {
  it('GET /api/admin/orders and /api/admin/quote-requests: guests 401, buyers and sellers 403, admins 200', async () => {
    expect(await byRole((c) => c.get('/api/admin/orders'))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
    expect(await byRole((c) => c.get('/api/admin/quote-requests'))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
  });
});

describe('issue 36: process failures by role', () => {
  it('GET /api/admin/processes (and a failure\'s history), POST /api/admin/processes/{id}/retry: guests 401, buyers and sellers 403, admins 200; an unknown failure 404', async () => {
    // A failure as the process runner records it (a fixture: the store admits a second writer on the same file).
    const store = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    const { position } = await store.append(streams.processFailure('matrix-pf'), [toNewEvent({
      type: 'ProcessFailed',
      data: { failureId: 'matrix-pf', process: 'checkout', triggerId: 'ev-matrix', triggerStream: 'checkout-matrix', triggerType: 'CheckoutStarted', step: '0', error: 'timeout', attempts: 5, timerKey: null },
    }, randomUUID(), { actor: { userId: null, role: 'guest' }, correlationId: 'matrix', causationId: null, at: new Date().toISOString() })], { expectedRevision: 'any' });
    await store.close();
    const seen = { 'x-min-position': position.toString() };
    expect(await byRole((c) => c.get('/api/admin/processes', seen))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
    expect(await byRole((c) => c.get('/api/admin/processes/matrix-pf/history', seen))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
    expect(await byRole((c) => c.post('/api/admin/processes/matrix-nobody/retry'))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 404 });
    // Only the admin's 재시도 went through (the others were refused before deciding): one in the failure's history.
    const retried = await byRole((c) => c.post('/api/admin/processes/matrix-pf/retry'), (r) => ({ status: r.status, position: (r.body as { position?: string }).position }));
    expect(Object.fromEntries(Object.entries(retried).map(([role, r]) => [role, typeof r === 'number' ? r : r.status]))).toEqual({ guest: 401, buyer: 403, seller: 403, admin: 200 });
    const byAdmin = retried.admin;
    const afterRetry = { 'x-min-position': typeof byAdmin === 'object' ? byAdmin.position ?? '0' : '0' };
    const history = (await (await as('admin')).get('/api/admin/processes/matrix-pf/history', afterRetry)).body as { type: string }[];
    expect(history.filter((h) => h.type === 'ProcessRetryRequested')).toHaveLength(1);
  });
});

describe('issue 35: who and where before the body — uploads, imports and the webhook by role', () => {
  it('a body too large for the route is refused by role first (401/403, unread) and reaches its own 413 only for the role that may send it', async () => {
    const sixMb = new Uint8Array(6 * 1024 * 1024);
    const upload = (path: string) => (c: TestClient) => c.request('POST', path, { body: sixMb, headers: { 'content-type': 'image/png' } });
    expect(await byRole(upload('/api/seller-products/images')), 'listing picture').toEqual({ guest: 401, buyer: 403, seller: 413, admin: 403 });
    expect(await byRole(upload('/api/seller/store/images?kind=logo')), 'store picture').toEqual({ guest: 401, buyer: 403, seller: 413, admin: 403 });
    // Where before the body: a bad kind, another shop's (or no) buyback order.
    expect(await byRole(upload('/api/seller/store/images?kind=poster')), 'store picture of no kind').toEqual({ guest: 401, buyer: 403, seller: 400, admin: 403 });
    expect(await byRole(upload('/api/buyback/orders/no-such-order/photos')), 'buyback photo').toEqual({ guest: 401, buyer: 403, seller: 404, admin: 403 });
    // The imports read more than the common 100 KB, only for their role; beyond their own limit 413 in Korean.
    const padded = (bytes: number) => ({ csv: `모델ID,용량,통신사,가입유형,요금제ID,공시지원금\n${'x'.repeat(bytes)}` });
    expect(await byRole((c) => c.post('/api/admin/carrier-terms/import', padded(3_200_000))), 'carrier-terms import').toEqual({ guest: 401, buyer: 403, seller: 403, admin: 413 });
    expect(await byRole((c) => c.post('/api/admin/carrier-terms/import', padded(150_000))), 'carrier-terms import over 100 KB').toEqual({ guest: 401, buyer: 403, seller: 403, admin: 400 });
    const grid = (rows: number) => ({ items: Array.from({ length: rows }, (_, i) => ({ modelId: `m-${'x'.repeat(60)}-${i}`, storage: 256, grade: 'A', price: 1 })), deductions: [] });
    expect(await byRole((c) => c.request('PUT', '/api/seller/buyback-prices', { body: grid(12_000) })), 'buyback grid over 1 MB').toEqual({ guest: 401, buyer: 403, seller: 413, admin: 403 });
    // An unknown channel's webhook: 401 for every role, whatever the body.
    expect(await byRole((c) => c.request('POST', '/api/channels/matrix-nobody/webhook', { body: '{not json', headers: { 'x-timestamp': String(Math.floor(Date.now() / 1000)) } })))
      .toEqual({ guest: 401, buyer: 401, seller: 401, admin: 401 });
  });
});
