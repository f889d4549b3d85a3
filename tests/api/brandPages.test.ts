import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelDetailSchema, modelListSchema, productListSchema, type Product } from '@phonemarket/contracts';
import * as z from 'zod/mini';
import { brandCatalogueSchema, brandSchema } from '@phonemarket/contracts/brandCatalogue.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** Issue 30 §6: brand pages from the live catalogue; the headline 최저 월 compares like with like. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const get = async (path: string) => server.client().get(path);
const models = async (query = '') => modelListSchema.parse((await get(`/api/models?limit=100${query}`)).body);
async function allOffers(): Promise<Product[]> {
  const out: Product[] = [];
  for (let page = 1; ; page++) {
    const body = productListSchema.parse((await get(`/api/products?limit=100&page=${page}`)).body);
    out.push(...body.products);
    if (out.length >= body.total || body.products.length === 0) return out;
  }
}

describe('GET /api/brands', () => {
  it('counts each brand\'s models on sale, as the model list and the category page count them', async () => {
    const brands = z.array(brandSchema).parse((await get('/api/brands')).body);
    const samsung = brands.find((b) => b.id === 'samsung')!;
    expect(samsung.modelCount).toBe((await models('&brand=samsung')).total);
    expect(samsung.modelCount).toBeGreaterThan(8);
    const categories = (await get('/api/categories')).body as { key: string; count: number }[];
    expect(categories.find((c) => c.key === 'Samsung')?.count).toBe(samsung.modelCount);
    // a brand that sells nothing now counts none
    expect(brands.find((b) => b.id === 'lg')?.modelCount).toBe(0);
  });
});

describe('GET /api/brands/{brand}', () => {
  it('lists the brand\'s models on sale with their card figures, ratings and review counts from real reviews', async () => {
    const page = brandCatalogueSchema.parse((await get('/api/brands/samsung')).body);
    const list = await models('&brand=samsung');
    expect(page.models.map((m) => m.id).sort()).toEqual(list.models.map((m) => m.id).sort());
    for (const m of page.models) {
      const card = list.models.find((x) => x.id === m.id)!;
      expect(m, m.id).toMatchObject({ lowestPrice: card.lowestPrice, lowestMonthly: card.lowestMonthly, lowestMonthlyKind: card.lowestMonthlyKind, sellerCount: card.sellerCount });
      const detail = modelDetailSchema.parse((await get(`/api/models/${m.id}`)).body);
      expect({ rating: m.rating, reviewCount: m.reviewCount }).toEqual({ rating: detail.rating, reviewCount: detail.reviewCount });
      expect(m.specifications.display).toBe(detail.specifications.display);
      expect(m.conditions.length).toBeGreaterThan(0);
      expect(m.stock).toBe(m.conditions.reduce((n, c) => n + c.stock, 0));
    }
    // no fixed catalogue numbers: a fresh store has no reviews at all
    expect(page.models.every((m) => m.rating === 0 && m.reviewCount === 0)).toBe(true);
  });

  it('each condition\'s figures are those of the model\'s offers in that condition', async () => {
    const page = brandCatalogueSchema.parse((await get('/api/brands/samsung')).body);
    const used = page.models.find((m) => m.conditions.some((c) => c.condition === 'used'))!;
    const usedList = await models(`&brand=samsung&condition=used`);
    const card = usedList.models.find((m) => m.id === used.id)!;
    expect(used.conditions.find((c) => c.condition === 'used')).toMatchObject({ lowestPrice: card.lowestPrice, lowestMonthly: card.lowestMonthly, lowestMonthlyKind: 'used', lowestToday: card.lowestPrice });
  });

  it('404s an unknown brand', async () => {
    expect((await get('/api/brands/nokia')).status).toBe(404);
  });
});

describe('the headline 최저 월 compares like with like', () => {
  it('is the lowest 월 납부금 of a new unit on a carrier plan; another kind only when a model has none, and says which', async () => {
    const offers = (await allOffers()).filter((o) => (o.stock ?? 1) > 0);
    const list = await models();
    let mixed = 0;
    for (const m of list.models) {
      const own = offers.filter((o) => o.modelId === m.id);
      const onPlan = own.filter((o) => o.condition === 'new' && o.carrier !== '자급제');
      if (onPlan.length > 0) {
        expect(m.lowestMonthlyKind, m.id).toBe('plan');
        expect(m.lowestMonthly, m.id).toBe(Math.min(...onPlan.map((o) => o.monthly ?? Infinity)));
        expect(m.lowestToday, m.id).toBeNull();
        if (own.some((o) => o.monthly === null)) mixed++;
      } else {
        // none on a plan: a model of 자급제 or used units only, each paid in full, so its headline is what is paid today
        expect(own.every((o) => o.monthly === null), m.id).toBe(true);
        expect(m.lowestToday, m.id).toBe(Math.min(...own.map((o) => o.price)));
        expect(m.lowestMonthlyKind, m.id).not.toBe('plan');
      }
    }
    // the seed has models with a new unit on a plan and a used or 자급제 unit paid in full: the card leads with the plan's 월
    expect(mixed).toBeGreaterThan(0);
  });

  it('a used filter shows what the used units are paid in full (no 월) and says so', async () => {
    const used = await models('&condition=used');
    expect(used.models.length).toBeGreaterThan(0);
    expect(used.models.every((m) => m.lowestMonthlyKind === 'used')).toBe(true);
    expect(used.models.every((m) => m.lowestToday === m.lowestPrice)).toBe(true);
  });
});
