import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { RANKING_FOLLOW, RANKING_UNFOLLOW, SOCKET_EVENTS, searchSuggestionsSchema, type SearchSuggestion } from '@phonemarket/contracts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

/** Models some new unit of which has a 출고가 of 1,500,000원 or more (the 프리미엄 chip's rule is the model's 출고가). */
const PREMIUM_MODELS = new Set<string>();
beforeAll(async () => {
  for (let page = 1; ; page++) {
    const { body } = await get<ProductPage>(`/api/products?condition=new&limit=100&page=${page}`);
    for (const p of body.products) if (p.originalPrice >= 1_500_000) PREMIUM_MODELS.add(p.modelId);
    if (body.products.length < 100) break;
  }
});

interface Product { id: string; modelId: string; originalPrice: number; joinType: string | null; condition: string; name: string; brand: string; price: number; monthly: number | null; storage: number; carrier: string; score: number; viewCount: number; stock: number; createdAt: string; badges: string[]; seller: { name: string; rating: number; deals: number } }
interface ProductPage { products: Product[]; total: number }
const get = async <T>(path: string) => {
  const res = await server.client().get(path);
  return { status: res.status, body: res.body as T };
};

describe('GET /api/products', () => {
  it('answers { products, total } with the spec fields, 8 by default, sorted by score', async () => {
    const { status, body } = await get<ProductPage>('/api/products');
    expect(status).toBe(200);
    expect(body.products).toHaveLength(8);
    expect(body.total).toBeGreaterThanOrEqual(300); // one item per offer
    for (const key of ['id', 'name', 'brand', 'img', 'price', 'monthly', 'storage', 'carrier', 'score', 'badges', 'isHot', 'isNew', 'viewCount', 'seller', 'createdAt']) {
      expect(body.products[0]).toHaveProperty(key);
    }
    const scores = body.products.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('pages never overlap and together cover total', async () => {
    const first = await get<ProductPage>('/api/products?limit=100');
    const seen = new Set<string>();
    for (let page = 1; (page - 1) * 7 < first.body.total; page++) {
      const { body } = await get<ProductPage>(`/api/products?page=${page}&limit=7`);
      for (const p of body.products) {
        expect(seen.has(p.id)).toBe(false);
        seen.add(p.id);
      }
    }
    expect(seen.size).toBe(first.body.total);
  });

  it.each([
    ['carrier=SKT', (p: Product) => p.carrier === 'SKT'],
    ['carrier=%EC%9E%90%EA%B8%89%EC%A0%9C', (p: Product) => p.carrier === '자급제'],
    ['condition=used', (p: Product) => p.condition === 'used'],
    ['joinType=%EB%B2%88%ED%98%B8%EC%9D%B4%EB%8F%99', (p: Product) => p.joinType === '번호이동'],
    ['chip=%EC%A4%91%EA%B3%A0%ED%8F%B0', (p: Product) => p.condition === 'used'],
    ['chip=10%EB%A7%8C%EC%9B%90%EB%8C%80', (p: Product) => p.monthly !== null && p.monthly >= 100_000 && p.monthly <= 199_999],
    ['chip=%EA%B0%80%EC%84%B1%EB%B9%84', (p: Product) => p.price <= 700_000],
    // 출고가 ≥ 1,500,000원 is the model's (spec): a used flagship is 프리미엄 at its own lower 판매가 (s59).
    ['chip=%ED%94%84%EB%A6%AC%EB%AF%B8%EC%97%84', (p: Product) => p.originalPrice >= 1_500_000 || (p.condition !== 'new' && PREMIUM_MODELS.has(p.modelId))],
    ['carrier=LGU%2B', (p: Product) => p.carrier === 'LG U+'],
    ['carrier=LG%20U%2B', (p: Product) => p.carrier === 'LG U+'],
    ['storage=512', (p: Product) => p.storage === 512],
    // A monthly budget matches what is billed monthly: a 자급제 offer is paid in full today (s59).
    ['budget=100000', (p: Product) => p.monthly !== null && p.monthly <= 100000],
    ['brand=apple', (p: Product) => p.brand === 'Apple'],
    ['brand=Google', (p: Product) => p.brand === 'Google'],
  ])('filters by %s', async (query, matches) => {
    const all = (await get<ProductPage>('/api/products?limit=1')).body.total;
    const seen: Product[] = [];
    let total: number | undefined;
    for (let page = 1; ; page++) {
      const { status, body } = await get<ProductPage>(`/api/products?${query}&limit=100&page=${page}`);
      expect(status).toBe(200);
      total = body.total;
      seen.push(...body.products);
      if (body.products.length < 100) break;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(matches)).toBe(true);
    expect(total).toBe(seen.length);
    expect(total).toBeLessThan(all);
  });

  it('accepts every category key as brand and counts the category\'s models (one card per model)', async () => {
    const categories = (await get<{ key: string; count: number }[]>('/api/categories')).body;
    expect(categories.map((c) => c.key)).toEqual(['Samsung', 'Apple', 'SpecialOffer', 'Budget', 'Premium', 'Folding']);
    for (const c of categories) {
      const offers = await get<ProductPage>(`/api/products?brand=${c.key}&limit=100`);
      expect(offers.status).toBe(200);
      const models = await get<{ total: number }>(`/api/models?brand=${c.key}&limit=1`);
      expect(models.status).toBe(200);
      expect(models.body.total).toBe(c.count);
      expect(c.count).toBeGreaterThan(0);
      expect(offers.body.total).toBeGreaterThanOrEqual(c.count);
    }
  });

  it.each([
    ['priceAsc', (a: Product, b: Product) => a.price <= b.price],
    ['priceDesc', (a: Product, b: Product) => a.price >= b.price],
    ['new', (a: Product, b: Product) => a.createdAt >= b.createdAt],
    ['popular', (a: Product, b: Product) => a.viewCount >= b.viewCount],
  ])('sorts by %s', async (sort, inOrder) => {
    const { body } = await get<ProductPage>(`/api/products?sort=${sort}&limit=100`);
    for (let i = 1; i < body.products.length; i++) expect(inOrder(body.products[i - 1]!, body.products[i]!)).toBe(true);
  });

  it('filters by q with Korean-aware search', async () => {
    const { body } = await get<ProductPage>(`/api/products?q=${encodeURIComponent('아이폰')}&limit=100`);
    expect(body.total).toBeGreaterThan(0);
    expect(body.products.every((p) => p.brand === 'Apple')).toBe(true);
  });

  it.each([
    'sort=cheapest', 'page=0', 'page=abc', 'limit=0', 'limit=101', 'limit=-1', 'carrier=Verizon', 'storage=64', 'storage=big',
    'budget=-5', 'budget=lots', 'brand=Nokia', 'sort=score&sort=new', 'condition=mint', 'joinType=transfer', 'chip=cheap',
  ])('refuses %s with 400 and a Korean message', async (query) => {
    const { status, body } = await get<{ message: string; errors?: Record<string, string> }>(`/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/[가-힣]/);
    expect(Object.values(body.errors ?? {}).join(' ')).toMatch(/[가-힣]/);
  });

  it('GET /api/products/{id} answers the detail or 404 상품을 찾을 수 없습니다.', async () => {
    const { body: list } = await get<ProductPage>('/api/products?limit=1');
    const id = list.products[0]!.id;
    const detail = await get<Product & { specifications: unknown; colors: unknown[] }>(`/api/products/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id, specifications: expect.any(Object) });
    expect(detail.body.colors.length).toBeGreaterThan(0);
    const missing = await get<{ message: string }>('/api/products/no-such-phone');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '상품을 찾을 수 없습니다.' });
  });
});

describe('GET /api/search', () => {
  const search = async (q: string) => get<SearchSuggestion[]>(`/api/search?q=${encodeURIComponent(q)}`);

  it.each(['갤럭시s25', '갤럭시 S25', 'S25', 's25'])('%s finds Galaxy S25', async (q) => {
    const { status, body } = await search(q);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(10);
    expect(body[0]!.name).toMatch(/S25/);
    // s60: a suggestion carries its model card's headline figures (searchSuggestionSchema), no `monthly` of its own
    expect(Object.keys(body[0]!).sort()).toEqual(['brand', 'id', 'lowestMonthly', 'lowestMonthlyKind', 'lowestPrice', 'lowestToday', 'name']);
    expect(searchSuggestionsSchema.parse(body)).toEqual(body);
  });

  it('initial consonants ㄱㄹㅅ find 갤럭시', async () => {
    const { body } = await search('ㄱㄹㅅ');
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((r) => r.name.includes('갤럭시'))).toBe(true);
  });

  it.each([['아이폰', 'iphone'], ['갤럭시', 'galaxy'], ['픽셀', 'pixel']])('%s and %s find the same line', async (ko, en) => {
    const [a, b] = await Promise.all([search(ko), search(en)]);
    expect(a.body.length).toBeGreaterThan(0);
    expect(a.body.map((r) => r.id).sort()).toEqual(b.body.map((r) => r.id).sort());
  });

  it.each(['', ' ', 'a', ' 갤 '])('refuses %j (fewer than 2 characters after trimming) with 400', async (q) => {
    const { status, body } = await get<{ message: string }>(`/api/search?q=${encodeURIComponent(q)}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/[가-힣]/);
  });
});

describe('categories and ads', () => {
  it('GET /api/ads answers only active ads inside their dates', async () => {
    const { body } = await get<{ id: string; isActive: boolean; startDate: string | null; endDate: string | null }[]>('/api/ads');
    expect(body.length).toBeGreaterThan(0);
    const now = new Date().toISOString();
    for (const ad of body) {
      expect(ad.isActive).toBe(true);
      if (ad.startDate) expect(ad.startDate <= now).toBe(true);
      if (ad.endDate) expect(ad.endDate >= now).toBe(true);
    }
  });
});

describe('live ranking', () => {
  interface RankingItem extends Product { rank: number; change: 'up' | 'down' | 'same'; changeValue: number }

  it('answers ranked products with rank, change and changeValue', async () => {
    const { body } = await get<RankingItem[]>('/api/products/ranking');
    expect(body.length).toBe(10);
    expect(body.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const r of body) expect(['up', 'down', 'same']).toContain(r.change);
  });

  it('a view (of a model) is counted once per visitor per 10 minutes; read-your-writes with X-Min-Position', async () => {
    const { body: list } = await get<{ models: { id: string }[] }>('/api/models?sort=priceAsc&limit=1');
    const id = list.models[0]!.id;
    const c = server.client();
    const first = await c.post(`/api/products/${id}/views`);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, counted: true, position: expect.stringMatching(/^\d+$/) });
    const again = await c.post(`/api/products/${id}/views`);
    expect(again.body).toMatchObject({ counted: false });
    const read = await c.get(`/api/models/${id}`, { 'x-min-position': (first.body as { position: string }).position });
    expect((read.body as Product).viewCount).toBe(1);
    const offers = await c.get(`/api/products?q=${encodeURIComponent((read.body as Product).name)}&sort=popular&limit=1`);
    expect((offers.body as ProductPage).products[0]!.viewCount).toBeGreaterThanOrEqual(1);
    expect((await c.post('/api/products/no-such-phone/views')).status).toBe(404);
    expect((await c.get('/api/products', { 'x-min-position': 'soon' })).status).toBe(400);
  });

  it('pushes ranking:update within 1 s of the top list changing to every socket that follows the ranking, and to no other', async () => {
    const socket = io(server.url, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
    await socket.emitWithAck(RANKING_FOLLOW);
    const others = await rankingAudience();
    const before = (await get<RankingItem[]>('/api/products/ranking')).body;
    const last = before.at(-1)!;
    const received = new Promise<{ list: RankingItem[]; ms: number }>((resolve) => {
      const t0 = performance.now();
      socket.on('ranking:update', (list: RankingItem[]) => { if (list[0]?.id !== before[0]?.id) resolve({ list, ms: performance.now() - t0 }); });
    });
    // Three signed-in visitors view the last-ranked product: it must reach the top.
    for (const role of ['user', 'seller', 'admin'] as const) {
      const c = server.client();
      await c.post('/api/auth/demo', { role });
      await c.post(`/api/products/${last.id}/views`);
    }
    const { list, ms } = await received;
    socket.close();
    expect(ms).toBeLessThan(1000);
    expect(list[0]).toMatchObject({ id: last.id, rank: 1, change: 'up' });
    const now = (await get<RankingItem[]>('/api/products/ranking')).body;
    expect(now[0]!.id).toBe(last.id);
    await others.check(last.id);
  });
});

/**
 * Four tabs of one signed-in account, beside the test's follower: one that never follows the ranking (a page
 * without it), one that followed and unfollowed, one that follows on every connection and was reconnected, and
 * one that reconnected without following again. `check` then changes the account's cart: each socket hears its
 * `cart:updated` after any ranking snapshot written to it before (one socket's frames keep their order, and a
 * snapshot goes to every follower in the same slice), so what each heard by then is all it was sent.
 */
async function rankingAudience() {
  const account = server.client();
  expect((await account.post('/api/auth/demo', { role: 'user' })).status).toBe(200);
  const cookie = [...account.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const tab = async (reconnection: boolean) => {
    const socket: Socket = io(server.url, { transports: ['websocket'], reconnection, reconnectionDelay: 50, extraHeaders: { cookie } });
    const heard = { ranking: [] as { id: string }[][], cart: 0, connects: 0 };
    socket.on(SOCKET_EVENTS.rankingUpdate, (list: { id: string }[]) => heard.ranking.push(list));
    socket.on(SOCKET_EVENTS.cartUpdated, () => { heard.cart++; });
    socket.on('connect', () => { heard.connects++; });
    await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
    return { socket, heard };
  };
  const never = await tab(false);
  const unfollowed = await tab(false);
  await unfollowed.socket.emitWithAck(RANKING_FOLLOW);
  await unfollowed.socket.emitWithAck(RANKING_UNFOLLOW);
  // Both follow, lose their connection and get a new one, which is in no room: the page follows again (as
  // `useRankingFollow` does on every connection) and hears the ranking; one that does not, hears nothing.
  const refollowed = await tab(true);
  const notRefollowed = await tab(true);
  for (const t of [refollowed, notRefollowed]) await t.socket.emitWithAck(RANKING_FOLLOW);
  for (const t of [refollowed, notRefollowed]) t.socket.io.engine.close();
  await expect.poll(() => refollowed.heard.connects === 2 && notRefollowed.heard.connects === 2).toBe(true);
  await refollowed.socket.emitWithAck(RANKING_FOLLOW);
  const tabs = [never, unfollowed, refollowed, notRefollowed];
  return {
    async check(topId: string) {
      await expect.poll(() => refollowed.heard.ranking.some((list) => list[0]?.id === topId), { timeout: 5000 }).toBe(true);
      const productId = ((await get<ProductPage>('/api/products?limit=100')).body.products.find((p) => p.stock > 0 && p.carrier === '자급제'))!.id;
      expect((await account.post('/api/cart/items', { productId })).status).toBe(201);
      await expect.poll(() => tabs.every((t) => t.heard.cart > 0), { timeout: 10_000 }).toBe(true);
      expect(never.heard.ranking).toEqual([]);
      expect(unfollowed.heard.ranking).toEqual([]);
      expect(notRefollowed.heard.ranking).toEqual([]);
      for (const t of tabs) t.socket.close();
    },
  };
}

describe('state survives a restart', () => {
  it('views, accounts and the catalogue are all there after a restart, and nothing is seeded twice', async () => {
    let s = await startTestServer();
    try {
      const c = s.client();
      const { body } = await c.get('/api/products?limit=1');
      const id = (body as ProductPage).products[0]!.modelId;
      const total = (body as ProductPage).total;
      await c.post(`/api/products/${id}/views`);
      s = await s.restart();
      const after = await s.client().get(`/api/models/${id}`);
      expect((after.body as Product).viewCount).toBe(1);
      expect(((await s.client().get('/api/products?limit=1')).body as ProductPage).total).toBe(total);
    } finally {
      await s.close();
    }
  });
});
