import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, modelSummarySchema, orderSchema, type Product } from '@phonemarket/contracts';
import { orderContractSchema } from '@phonemarket/contracts/contract.ts';
import { minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * s59 (ADR 017): the figures a buyer reads in the cart are the order's. A 자급제 or used (중고·리퍼) line is paid in
 * full today — no 월 납부금 — and a store's used unit at its own 판매가 counts no 지원금 below a new phone's 출고가.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card' };
const activation = { holderName: '김민수', holderBirthDate: '1990-05-05', sim: 'esim', activation: 'delivery', currentCarrier: '알뜰폰', currentNumber: '010-2222-3333' };

async function products(query = ''): Promise<Product[]> {
  return ((await server.client().get(`/api/products?limit=100${query}`)).body as { products: Product[] }).products;
}

describe('cart summary = order amounts (s59)', () => {
  it('a store\'s used unit and a 자급제 phone: paid today in full, no 지원금 for the used unit, nothing billed monthly; the order says the same', async () => {
    const all = await products();
    // A store's used unit (not a seller's own listing).
    const used = (await products('&condition=used')).find((p) => p.condition === 'used' && !p.listing && p.carrier === '자급제' && p.stock >= 1)!;
    const unlocked = all.find((p) => p.condition === 'new' && p.carrier === '자급제' && p.stock >= 1)!;
    expect(used && unlocked).toBeTruthy();
    const buyer = await registeredBuyer(server, 'figures', { firstName: '민수', lastName: '김' });
    expect((await buyer.post('/api/cart/items', { productId: used.id })).status).toBe(201);
    const added = await buyer.post('/api/cart/items', { productId: unlocked.id });
    const cart = cartSchema.parse((await buyer.get('/api/cart', minPosition(added))).body);
    const usedLine = cart.items.find((i) => i.productId === used.id)!;
    const unlockedLine = cart.items.find((i) => i.productId === unlocked.id)!;
    // The used line's own figures: its 판매가 is its price, no 지원금 under it.
    expect(usedLine.originalPrice).toBe(usedLine.price);
    expect(usedLine.quote.devicePrice - usedLine.quote.principal).toBe(0);
    const paid = usedLine.price + unlockedLine.price;
    expect(cart.summary).toEqual({
      total: paid, discount: unlockedLine.quote.devicePrice - unlockedLine.price, shipping: 0, payToday: paid, monthlyCarrier: 0,
    });

    const placed = await buyer.post('/api/orders', address);
    expect(placed.status).toBe(201);
    const order = orderSchema.parse((await buyer.get(`/api/orders/${(placed.body as { id: string }).id}`, minPosition(placed))).body);
    expect(order.amounts).toMatchObject({ items: cart.summary.total, discount: cart.summary.discount, payNow: cart.summary.payToday, monthlyCarrier: cart.summary.monthlyCarrier });
    expect(order.items.map((i) => i.payment)).toEqual(['lump', 'lump']);
    // s59 lists: the line keeps the unit's condition, so the order and its 계약 조건서 name the used unit's price 판매가.
    expect(order.items.find((i) => i.productId === used.id)!.condition).toBe('used');
    expect(order.items.find((i) => i.productId === unlocked.id)!.condition).toBe('new');
    const contract = orderContractSchema.parse((await buyer.get(`/api/orders/${order.id}/contract`, minPosition(placed))).body);
    expect(contract.lines.map((l) => [l.condition, l.planName, l.payment])).toEqual(
      order.items.map((i) => [i.condition, null, 'lump']),
    );
  });

  it('with a carrier line on 할부 (checkout\'s default): the cart\'s 오늘 결제 and 매월 통신사 청구 are the order\'s', async () => {
    const all = await products();
    const carrier = all.find((p) => p.carrier !== '자급제' && p.joinType === '번호이동' && p.stock >= 1)!;
    const unlocked = all.find((p) => p.condition === 'new' && p.carrier === '자급제' && p.stock >= 1)!;
    const buyer = await registeredBuyer(server, 'figures2', { firstName: '민수', lastName: '김' });
    expect((await buyer.post('/api/cart/items', { productId: carrier.id })).status).toBe(201);
    const added = await buyer.post('/api/cart/items', { productId: unlocked.id });
    const cart = cartSchema.parse((await buyer.get('/api/cart', minPosition(added))).body);
    const carrierLine = cart.items.find((i) => i.productId === carrier.id)!;
    const unlockedLine = cart.items.find((i) => i.productId === unlocked.id)!;
    expect(cart.summary.payToday).toBe(unlockedLine.price);
    expect(cart.summary.monthlyCarrier).toBe(carrierLine.quote.monthlyTotal);

    const placed = await buyer.post('/api/orders', { ...address, ...activation });
    expect(placed.status).toBe(201);
    const order = orderSchema.parse((await buyer.get(`/api/orders/${(placed.body as { id: string }).id}`, minPosition(placed))).body);
    expect(order.amounts).toMatchObject({ items: cart.summary.total, discount: cart.summary.discount, payNow: cart.summary.payToday, monthlyCarrier: cart.summary.monthlyCarrier });
  });
});

describe('lists of offers paid in full (s59 lists)', () => {
  it('/api/products: a used or 자급제 offer has no 월 and a used unit\'s originalPrice is its own 판매가; a carrier offer keeps its 월', async () => {
    const used = (await products('&condition=used')).filter((p) => p.carrier === '자급제');
    expect(used.length).toBeGreaterThan(0);
    for (const p of used) {
      expect(p.monthly, p.id).toBeNull();
      // no 추가지원금 on the seed's used units: its 판매가 is what is paid
      expect(p.originalPrice, p.id).toBe(p.price);
    }
    const all = await products();
    const unlocked = all.filter((p) => p.condition === 'new' && p.carrier === '자급제');
    expect(unlocked.length).toBeGreaterThan(0);
    expect(unlocked.every((p) => p.monthly === null)).toBe(true);
    const carrier = all.filter((p) => p.carrier !== '자급제');
    expect(carrier.length).toBeGreaterThan(0);
    expect(carrier.every((p) => typeof p.monthly === 'number' && p.monthly > 0)).toBe(true);
  });

  it('/api/models with only used units: the card\'s headline is what is paid today (lowestToday), a carrier model\'s is its 월', async () => {
    const list = (await server.client().get('/api/models?condition=used&limit=50')).body as { models: unknown[] };
    const models = list.models.map((m) => modelSummarySchema.parse(m));
    expect(models.length).toBeGreaterThan(0);
    for (const m of models) expect(m.lowestToday, m.id).toBe(m.lowestPrice);
    const plan = ((await server.client().get('/api/models?limit=50')).body as { models: unknown[] }).models.map((m) => modelSummarySchema.parse(m)).filter((m) => m.lowestMonthlyKind === 'plan');
    expect(plan.length).toBeGreaterThan(0);
    expect(plan.every((m) => m.lowestToday === null)).toBe(true);
  });
});
