import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartSchema, modelDetailSchema, modelListSchema, modelOffersSchema, priceHistorySchema, productDetailSchema, productListSchema, rankingSchema,
} from '@phonemarket/contracts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** The answers parse with the very schemas the browser parses them with (@phonemarket/contracts). */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

describe('answers match the shared contracts', () => {
  it('products: list, detail and ranking', async () => {
    const c = server.client();
    const list = productListSchema.parse((await c.get('/api/products?limit=100')).body);
    expect(list.products.length).toBeGreaterThan(8);
    const first = list.products[0]!;
    expect(productDetailSchema.parse((await c.get(`/api/products/${first.id}`)).body).id).toBe(first.id);
    expect(rankingSchema.safeParse((await c.get('/api/products/ranking')).body).success).toBe(true);
  });

  it('cart: items and the server-computed summary', async () => {
    const c = server.client();
    expect((await c.post('/api/auth/register', { email: 'contracts@example.kr', password: 'Blue-Harbor-Kite-92', firstName: '계약', lastName: '이', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
    // A 자급제 product with 2 units left at least (the line takes 2; a carrier line is one unit, issue 39).
    const products = productListSchema.parse((await c.get('/api/products?limit=100')).body).products.filter((p) => p.stock >= 2 && p.carrier === '자급제' && p.condition === 'new');
    const added = await c.post('/api/cart/items', { productId: products[0]!.id, quantity: 2 });
    const cart = cartSchema.parse((await c.get('/api/cart', { 'x-min-position': (added.body as { position: string }).position })).body);
    expect(cart.count).toBe(1);
    const p = products[0]!;
    // A 자급제 line is paid today in full: nothing billed monthly (s59).
    expect(cart.summary).toEqual({ total: p.price * 2, discount: (p.originalPrice - p.price) * 2, shipping: 0, payToday: p.price * 2, monthlyCarrier: 0 });
  });

  it('models: list, detail, offers and price history', async () => {
    const c = server.client();
    const list = modelListSchema.parse((await c.get('/api/models?limit=100')).body);
    expect(list.models.length).toBeGreaterThanOrEqual(40);
    const id = list.models[0]!.id;
    expect(modelDetailSchema.parse((await c.get(`/api/models/${id}`)).body).id).toBe(id);
    expect(modelOffersSchema.parse((await c.get(`/api/models/${id}/offers`)).body).offers.length).toBeGreaterThan(0);
    expect(priceHistorySchema.parse((await c.get(`/api/models/${id}/price-history?days=90`)).body).points.length).toBeGreaterThan(0);
  });
});
