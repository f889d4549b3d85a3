import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

interface Cart { items: { itemId: string; productId: string; name: string; price: number; originalPrice: number; quantity: number; color: string }[]; count: number; summary: { total: number; discount: number; shipping: number; payToday: number; monthlyCarrier: number } }

describe('cart', () => {
  it('guests get 401 for the cart and its commands', async () => {
    const guest = server.client();
    expect((await guest.get('/api/cart')).status).toBe(401);
    expect((await guest.post('/api/cart/items', { productId: 'x' })).status).toBe(401);
  });

  it('adds, merges, changes and removes lines; the header count is the real count', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'user' });
    const { body } = await c.get('/api/products?limit=100');
    // Two products with 3 units left at least (the first line takes 3: a 자급제 line, as a carrier line is one unit, issue 39).
    const listed = (body as { products: { id: string; price: number; monthly: number; originalPrice: number; stock: number; carrier: string; condition: string }[] }).products.filter((p) => p.stock >= 3);
    // A new unit: the list's originalPrice is its 출고가 (a used unit's own 판매가 is its cart line's, s59).
    const p1 = listed.find((p) => p.carrier === '자급제' && p.condition === 'new');
    const p2 = listed.find((p) => p !== p1 && p.condition === 'new');
    const a = await c.post('/api/cart/items', { productId: p1!.id });
    expect(a.status).toBe(201);
    await c.post('/api/cart/items', { productId: p1!.id, quantity: 2 });
    const b = await c.post('/api/cart/items', { productId: p2!.id });
    let cart = (await c.get('/api/cart', { 'x-min-position': (b.body as { position: string }).position })).body as Cart;
    expect(cart.count).toBe(2);
    expect(cart.items.find((i) => i.productId === p1!.id)?.quantity).toBe(3);
    // Without choices a line is the offer as listed (its cheapest plan and 할인 방식, 24 months): the list's own figures.
    // A 자급제 line is paid today (no monthly bill, s59); a carrier line is billed monthly (할부, checkout's default).
    const p2Carrier = p2!.carrier !== '자급제';
    expect(cart.summary).toEqual({
      total: p1!.price * 3 + p2!.price, discount: (p1!.originalPrice - p1!.price) * 3 + (p2!.originalPrice - p2!.price), shipping: 0,
      payToday: p1!.price * 3 + (p2Carrier ? 0 : p2!.price), monthlyCarrier: p2Carrier ? p2!.monthly : 0,
    });

    const line = cart.items[0]!;
    expect((await c.request('PATCH', `/api/cart/items/${line.itemId}`, { body: { quantity: 0 } })).status).toBe(400);
    const removed = await c.request('DELETE', `/api/cart/items/${line.itemId}`);
    expect(removed.status).toBe(200);
    cart = (await c.get('/api/cart', { 'x-min-position': (removed.body as { position: string }).position })).body as Cart;
    expect(cart.count).toBe(1);
    expect((await c.request('DELETE', `/api/cart/items/${line.itemId}`)).status).toBe(404);
    expect((await c.post('/api/cart/items', { productId: 'no-such-phone' })).status).toBe(404);
    // another account's cart is its own
    const other = server.client();
    await other.post('/api/auth/demo', { role: 'seller' });
    expect(((await other.get('/api/cart')).body as Cart).count).toBe(0);
  });

  it('refuses a sold-out colour with a Korean message', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'admin' });
    const { body } = await c.get('/api/products?limit=100');
    for (const p of (body as { products: { id: string }[] }).products) {
      const detail = (await c.get(`/api/products/${p.id}`)).body as { colors: { name: string; available: boolean }[] };
      const soldOut = detail.colors.find((col) => !col.available);
      if (!soldOut) continue;
      const res = await c.post('/api/cart/items', { productId: p.id, color: soldOut.name });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: '품절된 색상은 선택할 수 없습니다.' });
      return;
    }
    throw new Error('the seed has no sold-out colour');
  });
});

describe('Idempotency-Key', () => {
  it('the same key never creates twice (cart line, account)', async () => {
    const c = server.client();
    await c.post('/api/auth/register', { email: 'idem@example.kr', password: 'password-123', firstName: '하나', lastName: '정', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }, { 'idempotency-key': 'register-key-0001' });
    const again = await server.client().post('/api/auth/register', { email: 'idem@example.kr', password: 'password-123', firstName: '하나', lastName: '정', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }, { 'idempotency-key': 'register-key-0001' });
    expect(again.status).toBe(201);
    const admin = server.client();
    await admin.post('/api/auth/demo', { role: 'admin' });
    const { users } = (await admin.get('/api/admin/users?q=idem@example.kr', { 'x-min-position': (again.body as { position: string }).position })).body as { users: { email: string }[] };
    expect(users.filter((u) => u.email === 'idem@example.kr')).toHaveLength(1);

    const { body } = await c.get('/api/products?limit=1');
    const productId = (body as { products: { id: string }[] }).products[0]!.id;
    const first = await c.post('/api/cart/items', { productId }, { 'idempotency-key': 'add-to-cart-0001' });
    const second = await c.post('/api/cart/items', { productId }, { 'idempotency-key': 'add-to-cart-0001' });
    expect(second.body).toMatchObject({ position: (first.body as { position: string }).position });
    const cart = (await c.get('/api/cart', { 'x-min-position': (second.body as { position: string }).position })).body as Cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(1);
  });
});
