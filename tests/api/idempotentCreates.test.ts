import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { commandRouteTable } from '../support/commandRouteTable.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/**
 * Issue 23 §3 "every create is idempotent" (ADR 008): for every command route that creates a record
 * with a new id, the same Idempotency-Key and body twice answer the same id and leave one record (read
 * back from the query side); the same key with another body is 422. The POST routes are walked from the
 * command route table, so a new one fails here until it is listed as a create (with its case) or not.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

type Answer = { status: number; body: unknown };
const idOf = (r: Answer) => (r.body as { id?: string } | null)?.id;
const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...PAID_TODAY };
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

/** The demo sessions are reused: demo sign-ins are rate-limited per address. */
const demo = new Map<'seller' | 'admin', Promise<TestClient>>();
const as = (role: 'seller' | 'admin') => {
  if (!demo.has(role)) demo.set(role, demoSignedIn(server, role));
  return demo.get(role)!;
};
const get = async <T>(c: TestClient, path: string, after: Answer): Promise<T> => {
  const r = await c.get(path, minPosition(after));
  expect(r.status, path).toBe(200);
  return r.body as T;
};

/** One create route, set up: who calls, where, two different bodies, and how many records the query side shows. */
interface CreateCase {
  c: TestClient;
  path: string;
  body: (variant: 0 | 1) => unknown;
  records: (id: string, after: Answer) => Promise<number>;
  /** A guest's first answer signs them in; a retried request comes from the browser that never got it. */
  forgetCookies?: boolean;
}

async function chatOf(c: TestClient, agent?: TestClient): Promise<string> {
  const id = unique('idem-chat-');
  expect((await c.post('/api/chat-sessions', { id })).status).toBe(201);
  if (agent) {
    expect((await c.post(`/api/chat-sessions/${id}/escalate`, { reason: '상담원 연결' })).status).toBe(200);
    expect((await agent.post(`/api/chat-sessions/${id}/assign`)).status).toBe(200);
  }
  return id;
}
const transcript = (c: TestClient, id: string, after: Answer) => get<{ messages: { id: string; type: string; content: string }[] }>(c, `/api/chat-sessions/${id}/messages`, after);

async function deliveredOrder(c: TestClient): Promise<{ orderId: string; modelId: string }> {
  const products = ((await server.client().get('/api/products?limit=50&sort=priceAsc')).body as { products: { id: string; modelId: string }[] }).products;
  const offer = products[0]!;
  expect((await c.post('/api/cart/items', { productId: offer.id })).status).toBe(201);
  const placed = await c.post('/api/orders', address);
  expect(placed.status).toBe(201);
  const orderId = idOf(placed)!;
  const admin = await as('admin');
  expect((await moveOrder(admin, orderId, 'delivered')).status).toBe(200);
  return { orderId, modelId: offer.modelId };
}

const CREATES: Record<string, () => Promise<CreateCase>> = {
  'POST /api/orders/:id/returns': async () => {
    const c = await registeredBuyer(server, 'idem-return');
    const { orderId } = await deliveredOrder(c);
    return {
      c, path: `/api/orders/${orderId}/returns`,
      body: (v) => ({ kind: v ? 'exchange' : 'return', reason: '화면에 불량 화소가 있습니다' }),
      records: async (_id, after) => (await get<{ returns: unknown[] }>(c, `/api/orders/${orderId}`, after)).returns.length,
    };
  },
  'POST /api/auth/register': async () => {
    const tag = unique('');
    const email = (v: number) => `idem-register-${tag}-${v}@example.kr`;
    return {
      c: server.client(), path: '/api/auth/register', forgetCookies: true,
      body: (v) => ({ email: email(v), password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }),
      records: async (_id, after) => (await get<{ total: number }>(await as('admin'), `/api/admin/users?q=${encodeURIComponent(email(0))}`, after)).total,
    };
  },
  'POST /api/inquiries': async () => {
    const c = await registeredBuyer(server, 'idem-inquiry');
    const title = unique('배송 문의 ');
    return {
      c, path: '/api/inquiries',
      body: (v) => ({ category: '주문배송', title, content: v ? '다른 내용의 문의입니다. 확인 부탁드려요.' : '주문한 휴대폰이 언제 도착하나요?', priority: '보통' }),
      records: async (_id, after) => (await get<{ title: string }[]>(c, '/api/inquiries', after)).filter((i) => i.title === title).length,
    };
  },
  'POST /api/knowledge-base': async () => {
    const admin = await as('admin');
    const question = unique('포인트 적립은 어떻게 되나요 ');
    return {
      c: admin, path: '/api/knowledge-base',
      body: (v) => ({ category: '기타', question, answer: v ? '구매 금액의 2%가 적립됩니다.' : '구매 금액의 1%가 적립됩니다.', keywords: ['포인트'] }),
      records: async (_id, after) => (await get<{ question: string }[]>(admin, '/api/knowledge-base', after)).filter((e) => e.question === question).length,
    };
  },
  'POST /api/admin/chatbot/knowledge-entries': async () => {
    // A question the knowledge base did not answer becomes one 대기 entry (issue 29, /admin/chatbot).
    const admin = await as('admin');
    const customer = await registeredBuyer(server, 'idem-kb');
    const sessionId = await chatOf(customer);
    const logId = unique('idem-log-');
    expect((await customer.post('/api/chatbot-logs', { id: logId, sessionId, userQuestion: '펫보험 되나요?', botAnswer: '죄송합니다', knowledgeId: null })).status).toBe(201);
    const source = `chat:${sessionId}/${logId}`;
    return {
      c: admin, path: '/api/admin/chatbot/knowledge-entries',
      body: (v) => ({ source: { kind: 'question', sessionId, logId }, question: '펫보험 되나요?', answer: v ? '통신사 부가서비스입니다.' : '통신사에서 가입할 수 있습니다.' }),
      records: async (_id, after) => (await get<{ sourceInquiryId: string | null }[]>(admin, '/api/knowledge-base', after)).filter((e) => e.sourceInquiryId === source).length,
    };
  },
  'POST /api/chat-sessions': async () => {
    const c = await registeredBuyer(server, 'idem-chat');
    const id = unique('idem-start-');
    return {
      c, path: '/api/chat-sessions',
      body: (v) => ({ id, tags: v ? ['다른'] : ['배송'] }),
      records: async (sessionId, after) => ((await transcript(c, sessionId, after)) ? 1 : 0),
    };
  },
  'POST /api/chatbot-logs': async () => {
    const c = await registeredBuyer(server, 'idem-log');
    const sessionId = await chatOf(c);
    return {
      c, path: '/api/chatbot-logs',
      body: (v) => ({ sessionId, userQuestion: v ? '반품은 어떻게 하나요?' : '배송은 얼마나 걸리나요?', botAnswer: '보통 2~3일 걸립니다.' }),
      records: async (logId, after) => (await transcript(c, sessionId, after)).messages.filter((m) => m.id === `${logId}.a`).length,
    };
  },
  'POST /api/chat-sessions/:id/messages': async () => {
    const c = await registeredBuyer(server, 'idem-message');
    const sessionId = await chatOf(c, await as('admin'));
    const content = unique('주문 번호를 알려드릴게요 ');
    return {
      c, path: `/api/chat-sessions/${sessionId}/messages`,
      body: (v) => ({ content: v ? `${content} (수정)` : content }),
      records: async (_id, after) => (await transcript(c, sessionId, after)).messages.filter((m) => m.content === content).length,
    };
  },
  'POST /api/reports': async () => {
    const c = await registeredBuyer(server, 'idem-report');
    const products = ((await server.client().get('/api/products?limit=5')).body as { products: { id: string }[] }).products;
    const text = unique('현금 페이백을 약속했어요 ');
    const admin = await as('admin');
    return {
      c, path: '/api/reports',
      body: (v) => ({ kind: 'offer', targetId: products[0]!.id, reason: v ? 'scam' : 'payback', text }),
      records: async (_id, after) => (await get<{ items: { text: string }[] }>(admin, '/api/admin/reports', after)).items.filter((r) => r.text === text).length,
    };
  },
  'POST /api/products/:id/questions': async () => {
    const c = await registeredBuyer(server, 'idem-question');
    const content = unique('자급제 모델도 있나요? ');
    return {
      c, path: `/api/products/${MODEL}/questions`,
      body: (v) => ({ content: v ? `${content} 색상도요.` : content }),
      records: async (_id, after) => (await get<{ questions: { content: string }[] }>(c, `/api/products/${MODEL}/questions`, after)).questions.filter((q) => q.content === content).length,
    };
  },
  'POST /api/products/:id/reviews': async () => {
    const c = await registeredBuyer(server, 'idem-review');
    const { orderId, modelId } = await deliveredOrder(c);
    const content = unique('배송도 빠르고 폰 상태가 아주 좋아요 ');
    return {
      c, path: `/api/products/${modelId}/reviews`,
      body: (v) => ({ orderId, rating: v ? 2 : 5, content }),
      records: async (_id, after) => (await get<{ reviews: { content: string }[] }>(c, `/api/products/${modelId}/reviews`, after)).reviews.filter((r) => r.content === content).length,
    };
  },
  'POST /api/orders/:id/review-photos': async () => {
    // The body is the photo itself (issue 39); another photo under the key is another request.
    const c = await registeredBuyer(server, 'idem-review-photo');
    const { orderId } = await deliveredOrder(c);
    const photos = await Promise.all(['#204080', '#804020'].map((background) => sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer()));
    return {
      c, path: `/api/orders/${orderId}/review-photos`,
      body: (v) => new Uint8Array(photos[v]!),
      records: async (id, after) => ((await c.get(`/images/reviews/${id}.webp`, minPosition(after))).status === 200 ? 1 : 0),
    };
  },
  'POST /api/seller-applications': async () => {
    const c = await registeredBuyer(server, 'idem-applicant');
    const storeName = unique('멱등폰');
    const email = `${unique('idem-applicant-')}@example.kr`;
    return {
      c, path: '/api/seller-applications',
      body: (v) => ({
        applicantName: '김셀러', email, phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
        storeName: v ? `${storeName}2` : storeName, storeDescription: '', experience: '', documents: [],
      }),
      records: async (_id, after) => (await get<{ storeName: string }[]>(await as('admin'), `/api/seller-applications?q=${encodeURIComponent(storeName)}`, after))
        .filter((a) => a.storeName === storeName).length,
    };
  },
  'POST /api/phone-thumbnails': async () => {
    const admin = await as('admin');
    const modelName = unique('갤럭시 멱등 ');
    return {
      c: admin, path: '/api/phone-thumbnails',
      body: (v) => ({ brandName: '삼성', modelName, thumbnailUrl: v ? 'https://example.kr/other.png' : 'https://example.kr/s25.png' }),
      records: async (_id, after) => (await get<{ modelName: string }[]>(admin, '/api/phone-thumbnails', after)).filter((t) => t.modelName === modelName).length,
    };
  },
  'POST /api/offers/on-terms': async () => {
    const seller = await as('seller');
    const admin = await as('admin');
    // Terms nobody sells: a table an admin adds (LG U+ 신규 of a model), so this seller has no offer on them yet.
    const terms = { modelId: 'galaxy-s26-ultra', storage: 256, carrier: 'LG U+', joinType: '신규' };
    await admin.request('PUT', '/api/admin/carrier-terms/subsidies', { body: { ...terms, planId: 'lgu-5g-premier-essential', subsidy: 300_000 } });
    return {
      c: seller, path: '/api/offers/on-terms',
      body: (v) => ({ ...terms, extraSubsidy: v ? 20_000 : 10_000, stock: 2 }),
      records: async (id, after) => (await get<{ offers: { offerId: string }[] }>(server.client(), `/api/models/galaxy-s26-ultra/offers?carrier=${encodeURIComponent('LG U+')}`, after)).offers.filter((o) => o.offerId === id).length,
    };
  },
  'POST /api/seller-products/images': async () => {
    const seller = await as('seller');
    const photos = await Promise.all(['#204080', '#804020'].map((background) => sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer()));
    return {
      c: seller, path: '/api/seller-products/images',
      body: (v) => new Uint8Array(photos[v]!),
      records: async (id, after) => ((await seller.get(`/images/seller-products/${id}.webp`, minPosition(after))).status === 200 ? 1 : 0),
    };
  },
  'POST /api/seller-products': async () => {
    const seller = await as('seller');
    const storeId = ((await seller.get('/api/seller/store')).body as { storeId: string }).storeId;
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#208040' } }).png().toBuffer();
    const url = ((await seller.request('POST', '/api/seller-products/images', { body: new Uint8Array(photo), headers: { 'content-type': 'image/png' } })).body as { url: string }).url;
    const title = unique('멱등 중고폰 ');
    return {
      c: seller, path: '/api/seller-products',
      body: (v) => ({ storeId, title, price: v ? 510_000 : 500_000, brand: 'Samsung', model: 'galaxy-s25', storage: 256, condition: 'good', batteryHealth: 90, warranty: '판매자 보증 14일', returnPolicy: '수령 후 7일 이내 반품 가능', images: [url], stock: 1 }),
      records: async (_id, after) => (await get<{ title: string }[]>(seller, `/api/seller-products/store/${storeId}`, after)).filter((p) => p.title === title).length,
    };
  },
  'POST /api/admin/price-policies': async () => {
    const admin = await as('admin');
    // A policy is written from an image batch: a channel's signed delivery of a link.
    const channelId = unique('idem-policy-').toLowerCase().replace(/[^a-z0-9_-]/g, '').slice(0, 40);
    const { apiKey } = (await admin.post('/api/admin/channels', { channelId, channelName: '멱등 정책방' })).body as { apiKey: string };
    const delivery = JSON.stringify({ deliveryId: 'd-1', images: [{ url: 'https://example.kr/policy.png' }] });
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', apiKey).update(ts + delivery).digest('hex')}`;
    const queued = await server.client().request('POST', `/api/channels/${channelId}/webhook`, { body: delivery, headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signature } });
    const known = idOf(queued)!;
    const policyName = unique('멱등 정책 ');
    return {
      c: admin, path: '/api/admin/price-policies',
      body: (v) => ({
        sourceImageBatchId: known, policyName, validFrom: '2026-11-01', validUntil: v ? '2026-12-31' : '2026-11-30',
        rows: [{ modelId: 'galaxy-s26-ultra', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 500_000 }],
      }),
      records: async (_id, after) => (await get<{ policies: { policyName: string }[] }>(admin, '/api/admin/price-policies', after)).policies.filter((p) => p.policyName === policyName).length,
    };
  },
  'POST /api/admin/channels': async () => {
    const admin = await as('admin');
    const channelId = unique('idem-channel-').toLowerCase().replace(/[^a-z0-9_-]/g, '').slice(0, 40);
    return {
      c: admin, path: '/api/admin/channels',
      body: (v) => ({ channelId, channelName: v ? '다른 채널' : '멱등 채널' }),
      records: async (_id, after) => (await get<{ channels: { channelId: string }[] }>(admin, '/api/admin/channels', after)).channels.filter((ch) => ch.channelId === channelId).length,
    };
  },
  'POST /api/orders': async () => {
    const c = await registeredBuyer(server, 'idem-order');
    const products = ((await server.client().get('/api/products?limit=5&sort=priceAsc')).body as { products: { id: string }[] }).products;
    expect((await c.post('/api/cart/items', { productId: products[0]!.id })).status).toBe(201);
    return {
      c, path: '/api/orders',
      body: (v) => ({ ...address, addressDetail: v ? '5층' : '4층' }),
      records: async (id, after) => (await get<{ orders: { id: string }[] }>(c, '/api/orders', after)).orders.filter((o) => o.id === id).length,
    };
  },
  'POST /api/me/addresses': async () => {
    const c = await registeredBuyer(server, 'idem-address');
    return {
      c, path: '/api/me/addresses',
      body: (v) => ({ label: v ? '회사' : '집', recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층' }),
      records: async (id, after) => (await get<{ addresses: { addressId: string }[] }>(c, '/api/me/addresses', after)).addresses.filter((a) => a.addressId === id).length,
    };
  },
  'POST /api/cart/items': async () => {
    const c = await registeredBuyer(server, 'idem-cart');
    const products = ((await server.client().get('/api/products?limit=5&sort=priceAsc')).body as { products: { id: string }[] }).products;
    return {
      c, path: '/api/cart/items',
      body: (v) => ({ productId: products[v]!.id }),
      records: async (_id, after) => (await get<{ items: { productId: string }[] }>(c, '/api/cart', after)).items.filter((i) => i.productId === products[0]!.id).length,
    };
  },
  'POST /api/me/alerts': async () => {
    const c = await registeredBuyer(server, 'idem-alert');
    return {
      c, path: '/api/me/alerts',
      body: (v) => ({ modelId: MODEL, storage: null, carrier: null, joinType: null, rule: { kind: 'drop', percent: v ? 20 : 10 } }),
      records: async (id, after) => (await get<{ alerts: { id: string }[] }>(c, '/api/me/alerts', after)).alerts.filter((a) => a.id === id).length,
    };
  },
  'POST /api/offers': async () => {
    // The demo seller starts with no offers: any new phone's terms are theirs to list once.
    const seller = await as('seller');
    const market = (await get<{ offers: { offerId: string; condition: string }[] }>(server.client(), `/api/models/${MODEL}/offers`, { status: 200, body: { position: '0' } })).offers;
    const terms = market.find((o) => o.condition === 'new')!;
    return {
      c: seller, path: '/api/offers',
      body: (v) => ({ sameTermsAs: terms.offerId, extraSubsidy: v ? 20_000 : 10_000, stock: 3 }),
      records: async (id, after) => (await get<{ offers: { id: string }[] }>(seller, '/api/seller/offers', after)).offers.filter((o) => o.id === id).length,
    };
  },
  'POST /api/seller/pre-approval/document': async () => {
    const seller = await as('seller');
    const scans = await Promise.all(['#203040', '#403020'].map((background) => sharp({ create: { width: 80, height: 60, channels: 3, background } }).png().toBuffer()));
    return {
      c: seller, path: '/api/seller/pre-approval/document',
      body: (v) => new Uint8Array(scans[v]!),
      records: async (id, after) => ((await seller.get(`/api/pre-approval-documents/${id}`, minPosition(after))).status === 200 ? 1 : 0),
    };
  },
  'POST /api/seller/pre-approval': async () => {
    const seller = await as('seller');
    const scan = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#305070' } }).png().toBuffer();
    const documentId = ((await seller.request('POST', '/api/seller/pre-approval/document', { body: new Uint8Array(scan), headers: { 'content-type': 'image/png' } })).body as { id: string }).id;
    const number = unique('IDEM-').replace(/[^A-Za-z0-9-]/g, '').slice(0, 30);
    return {
      c: seller, path: '/api/seller/pre-approval',
      body: (v) => ({ number, carrier: v ? 'KT' : 'SKT', parentDealer: '멱등대리점', validUntil: '2030-12-31', documentId }),
      records: async (_id, after) => ((await get<{ pending: { number: string } | null }>(seller, '/api/seller/pre-approval', after)).pending?.number === number ? 1 : 0),
    };
  },
  'POST /api/seller-applications/pre-approval/document': async () => {
    // An applicant's 사전승낙서 picture (issue 41, at application), before it is a seller: admins can read it.
    const applicant = await registeredBuyer(server, 'idem-applicant-scan');
    const admin = await as('admin');
    const scans = await Promise.all(['#213141', '#413121'].map((background) => sharp({ create: { width: 80, height: 60, channels: 3, background } }).png().toBuffer()));
    return {
      c: applicant, path: '/api/seller-applications/pre-approval/document',
      body: (v) => new Uint8Array(scans[v]!),
      records: async (id, after) => ((await admin.get(`/api/pre-approval-documents/${id}`, minPosition(after))).status === 200 ? 1 : 0),
    };
  },
  'POST /api/seller/safe-trade/document': async () => {
    const seller = await as('seller');
    const scans = await Promise.all(['#223242', '#423222'].map((background) => sharp({ create: { width: 80, height: 60, channels: 3, background } }).png().toBuffer()));
    return {
      c: seller, path: '/api/seller/safe-trade/document',
      body: (v) => new Uint8Array(scans[v]!),
      records: async (id, after) => ((await seller.get(`/api/safe-trade-documents/${id}`, minPosition(after))).status === 200 ? 1 : 0),
    };
  },
  'POST /api/seller/safe-trade': async () => {
    const seller = await as('seller');
    const scan = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#325272' } }).png().toBuffer();
    const documentId = ((await seller.request('POST', '/api/seller/safe-trade/document', { body: new Uint8Array(scan), headers: { 'content-type': 'image/png' } })).body as { id: string }).id;
    const number = unique('SAFE-').replace(/[^A-Za-z0-9-]/g, '').slice(0, 30);
    return {
      c: seller, path: '/api/seller/safe-trade',
      body: (v) => ({ number, issuedOn: v ? '2026-02-01' : '2026-01-05', validUntil: '2030-12-31', documentId }),
      records: async (_id, after) => ((await get<{ pending: { number: string } | null }>(seller, '/api/seller/safe-trade', after)).pending?.number === number ? 1 : 0),
    };
  },
  'POST /api/seller/store/images': async () => {
    // The body is the picture itself; another picture under the key is another request.
    const seller = await as('seller');
    const pictures = await Promise.all(['#204080', '#804020'].map((background) => sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer()));
    return {
      c: seller, path: '/api/seller/store/images?kind=logo',
      body: (v) => new Uint8Array(pictures[v]!),
      records: async (id, after) => {
        await get(seller, '/api/seller/store', after);
        return (await fetch(`${server.url}/images/stores/${id}.webp`)).status === 200 ? 1 : 0;
      },
    };
  },
  'POST /api/buyback/quotes': async () => {
    const c = await registeredBuyer(server, 'idem-bbq');
    return {
      c, path: '/api/buyback/quotes',
      body: (v) => ({ modelId: 'galaxy-s24', storage: 256, answers: { scratches: v === 1 } }),
      records: async (id, after) => ((await c.get(`/api/buyback/quotes/${id}`, minPosition(after))).status === 200 ? 1 : 0),
    };
  },
  'POST /api/buyback/quotes/:id/accept': async () => {
    const { c, quoteId } = await buybackQuote();
    return {
      c, path: `/api/buyback/quotes/${quoteId}/accept`,
      body: (v) => ({ handover: v ? 'visit' : 'parcel', payout: 'points' }),
      records: async (_id, after) => (await get<{ items: { quoteId: string }[] }>(c, '/api/buyback/orders', after)).items.filter((o) => o.quoteId === quoteId).length,
    };
  },
  'POST /api/buyback/orders/:id/photos': async () => {
    // The body is the photo itself; another photo under the key is another request.
    const { c, quoteId } = await buybackQuote();
    const seller = await as('seller');
    const accepted = await c.post(`/api/buyback/quotes/${quoteId}/accept`, { handover: 'parcel', payout: 'points' });
    const orderId = idOf(accepted)!;
    expect((await seller.post(`/api/buyback/orders/${orderId}/received`)).status).toBe(200);
    const photos = await Promise.all(['#204080', '#804020'].map((background) => sharp({ create: { width: 64, height: 64, channels: 3, background } }).jpeg().toBuffer()));
    return {
      c: seller, path: `/api/buyback/orders/${orderId}/photos`,
      body: (v) => new Uint8Array(photos[v]!),
      records: async (id, after) => ((await seller.get(`/api/buyback/photos/${id}`, minPosition(after))).status === 200 ? 1 : 0),
    };
  },
  // Quote matching (issue 25).
  'POST /api/quote-requests': async () => {
    const c = await registeredBuyer(server, 'idem-quote');
    return {
      c, path: '/api/quote-requests',
      body: (v) => quoteRequestBody(v ? 'KT' : 'SKT'),
      records: async (_id, after) => (await get<{ items: unknown[] }>(c, '/api/quote-requests/mine', after)).items.length,
    };
  },
  'POST /api/quote-requests/:id/offers': async () => {
    const { requestId, offer } = await quoteRequestWithTerms();
    const seller = await as('seller');
    return {
      c: seller, path: `/api/quote-requests/${requestId}/offers`,
      body: (v) => offer(v ? 120_000 : 100_000),
      records: async (_id, after) => (await get<{ offers: unknown[] }>(seller, `/api/quote-requests/${requestId}`, after)).offers.length,
    };
  },
  'POST /api/quote-requests/:id/accept': async () => {
    const { c, requestId, offer } = await quoteRequestWithTerms();
    const offered = await (await as('seller')).post(`/api/quote-requests/${requestId}/offers`, offer(100_000));
    expect(offered.status).toBe(201);
    return {
      c, path: `/api/quote-requests/${requestId}/accept`,
      body: (v) => ({ ...(v ? { offerId: idOf(offered)!, fulfilment: 'delivery', recipient: '김민수', postcode: '06236', address: '서울 강남구', addressDetail: '1층' } : { offerId: idOf(offered)!, fulfilment: 'visit' }), conditionsConfirmed: [idOf(offered)!] }),
      records: async (_id, after) => (await get<{ orders: unknown[] }>(c, '/api/orders', after)).orders.length,
    };
  },
};

const quoteRequestBody = (carrier: string) => ({
  modelId: MODEL, carrier, joinType: '번호이동', plan: 'premium', budget: 'any', discount: 'any', name: '김민수', phone_number: '010-1234-5678', openHours: 24,
});
/** A buyer's open quote request and an offer body on the market's first SKT 번호이동 terms of its model (issue 25). */
async function quoteRequestWithTerms() {
  const c = await registeredBuyer(server, 'idem-qr');
  const created = await c.post('/api/quote-requests', quoteRequestBody('SKT'));
  expect(created.status).toBe(201);
  const requestId = idOf(created)!;
  const seller = await as('seller');
  const terms = (await get<{ terms: { storage: number; carrier: string; joinType: string; planId: string }[] }>(seller, `/api/quote-requests/${requestId}/terms`, created)).terms;
  const t = terms.find((x) => x.carrier === 'SKT' && x.joinType === '번호이동')!;
  const offer = (extraSubsidy: number) => ({
    storage: t.storage, carrier: t.carrier, joinType: t.joinType, planId: t.planId, discount: 'subsidy', months: 24, extraSubsidy,
    planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false,
  });
  return { c, requestId, offer };
}

/** A buyer's buyback quote that the demo seller's grid buys (issue 26). */
async function buybackQuote(): Promise<{ c: TestClient; quoteId: string }> {
  const seller = await as('seller');
  const grid = await seller.request('PUT', '/api/seller/buyback-prices', { body: { items: [{ modelId: 'galaxy-s24', storage: 256, grade: 'B', price: 400_000 }], deductions: [] } });
  expect(grid.status).toBe(200);
  const c = await registeredBuyer(server, 'idem-bb');
  const quoted = await c.post('/api/buyback/quotes', { modelId: 'galaxy-s24', storage: 256, answers: { scratches: true } });
  expect(quoted.status).toBe(201);
  return { c, quoteId: idOf(quoted)! };
}

/** POST routes that create no record with a new id (they change one, sign in, or count once per visitor). */
const NOT_CREATES: Record<string, string> = {
  'POST /api/auth/login': 'signs in',
  'POST /api/auth/logout': 'signs out',
  'POST /api/auth/demo': 'signs in',
  'POST /api/products/:id/views': 'counts a view once per visitor (the id is the product)',
  'POST /api/searches': 'counts a search once per visitor and term',
  'POST /api/restock-alerts': 'waits once per buyer and offer or model (asking again is nothing new)',
  'POST /api/offers/:id/price': 'changes an offer',
  'POST /api/knowledge-base/:id/review': 'changes an entry',
  'POST /api/knowledge-base/:id/active': 'changes an entry',
  'POST /api/knowledge-base/:id/use': 'counts a use of an entry',
  'POST /api/chat-sessions/:id/escalate': 'changes a session',
  'POST /api/chat-sessions/:id/assign': 'changes a session',
  'POST /api/chat-sessions/:id/close': 'changes a session',
  'POST /api/orders/:id/cancel': 'changes an order',
  'POST /api/orders/:id/seller-cancel': 'changes an order (판매자·관리자 취소 once)',
  'POST /api/orders/:id/tracking-correction': 'changes an order (송장 정정: the order\'s 송장, no new record)',
  'POST /api/orders/:id/confirm': 'changes an order (구매확정 once)',
  'POST /api/orders/:id/receipt': 'changes an order (수령 확인 once)',
  'POST /api/orders/:id/returns/:returnId/collection': 'changes an order (a 반품\'s 회수 once)',
  'POST /api/orders/:id/returns/:returnId/inspection': 'changes an order (a 반품\'s 검수 once)',
  'POST /api/questions/:id/answer': 'answers a question once (the id is the question)',
  'POST /api/reviews/:id/answer': 'answers a review once (the id is the review)',
  'POST /api/admin/settings/email/test': 'sends a test mail through the saved SMTP settings (records nothing)',
  'POST /api/channels/:channelId/webhook': 'one batch per delivery id',
  'POST /api/admin/carrier-terms/import': 'sets figures (no record)',
  'POST /api/admin/carrier-terms/subsidies/scheduled/cancel': 'cancels a waiting figure once (a second is 404)',
  'POST /api/admin/price-policies/:id/approve': 'changes a policy',
  'POST /api/admin/price-policies/:id/revert': 'changes a policy',
  'POST /api/buyback/orders/:id/received': 'changes a buyback order',
  'POST /api/buyback/orders/:id/shipment': 'changes a buyback order',
  'POST /api/buyback/orders/:id/cancel': 'changes a buyback order',
  'POST /api/buyback/orders/:id/inspection': 'changes a buyback order (its photos were created before)',
  'POST /api/buyback/orders/:id/counter': 'changes a buyback order',
  'POST /api/buyback/orders/:id/return': 'changes a buyback order',
  'POST /api/buyback/orders/:id/erasure': 'changes a buyback order (개인정보 삭제 확인서 once)',
  'POST /api/buyback/orders/:id/payout': 'changes a buyback order (paid once)',
  'POST /api/quote-requests/:id/cancel': 'changes a quote request',
  'POST /api/admin/processes/:failureId/retry': 'asks for a 재시도 of a failure (a second while it is pending is 409)',
  'POST /api/orders/:id/shop-reviews': 'reviews a shop of an order once (the id is the order and the shop; a second is 409)',
  'POST /api/buyback/orders/:id/shop-review': 'reviews the shop of a buyback once (the id is the order and the shop; a second is 409)',
  'POST /api/shop-reviews/:id/answer': 'answers a shop review once (the id is the review)',
  'POST /api/admin/shop-reviews/:id/hide': 'hides a shop review once (the id is the review)',
  'POST /api/admin/reports/:id/resolve': 'resolves a 신고 once (the id is the report; a second is 409)',
  'POST /api/admin/pre-approvals/:sellerId/decide': 'decides the 사전승낙서 waiting (the id is the seller; nothing waiting is 404)',
  'POST /api/admin/safe-trades/:sellerId/decide': 'decides the 안심거래 certificate waiting (the id is the seller; nothing waiting is 404)',
  'POST /api/admin/held-texts/:id/release': 'publishes a held text once (the id is the held text; a second is 409)',
  'POST /api/admin/held-texts/:id/reject': 'rejects a held text once (the id is the held text; a second is 409)',
};

describe('every create is idempotent', () => {
  it('every POST command route is either a create (with its case below) or listed as not one', async () => {
    const posts = (await commandRouteTable()).filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`);
    expect(posts.filter((r) => !(r in CREATES) && !(r in NOT_CREATES)), 'unclassified POST routes').toEqual([]);
    expect([...Object.keys(CREATES), ...Object.keys(NOT_CREATES)].filter((r) => !posts.includes(r)), 'routes that no longer exist').toEqual([]);
  });

  it('the same key and body twice: the same id and one record; the same key with another body: 422', async () => {
    const problems: string[] = [];
    for (const [route, prepare] of Object.entries(CREATES)) {
      try {
        const t = await prepare();
        const key = { 'idempotency-key': unique('idem-create-') };
        const send = async (variant: 0 | 1) => {
          if (t.forgetCookies) t.c.cookies.clear();
          return t.c.post(t.path, t.body(variant), key);
        };
        const first = await send(0);
        const again = await send(0);
        const id = idOf(first);
        if (first.status !== 201 || !id) { problems.push(`${route}: first ${first.status} ${JSON.stringify(first.body)}`); continue; }
        if (again.status >= 300 || idOf(again) !== id) problems.push(`${route}: replay ${again.status}, id ${idOf(again)} (first ${id})`);
        const records = await t.records(id, again);
        if (records !== 1) problems.push(`${route}: ${records} records`);
        const other = await send(1);
        if (other.status !== 422) problems.push(`${route}: another body under the key ${other.status}`);
      } catch (err) {
        problems.push(`${route}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
