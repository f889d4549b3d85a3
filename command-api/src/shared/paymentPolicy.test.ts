import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams, type NewEvent } from '@phonemarket/events';
import { withCardLimit } from './paymentPolicy.ts';

const meta = { actor: { userId: 'u1', role: 'user' as const }, correlationId: 'c', causationId: null, at: '2026-11-20T10:00:00.000Z' };
let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** An order's terms as the events carry them (only what the guard reads matters here). */
const order = (orderId: string, paymentMethod: 'card' | 'transfer', total: number) => ({
  orderId, buyerId: 'u1', items: [], paymentMethod, couponId: null, activation: null,
  amounts: { items: total, discount: 0, points: 0, coupon: 0, total, payNow: total, monthlyCarrier: 0 },
  shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울', addressDetail: '1층', memo: null },
});
/** A raw event (the guard reads appended events as they are, without the catalogue's schema). */
const raw = (type: string, data: unknown): NewEvent => ({ id: id(), type, data, metadata: { ...meta, schemaVersion: 1 } });

describe('withCardLimit: the card limit at checkout, apart from placeOrder', () => {
  const payment = { methods: { card: true, transfer: true, deposit: true }, cardLimit: 100_000 };

  it('refuses a new card order above the limit at its checkout\'s start or its direct placement, before anything is written', async () => {
    const store = openSqliteEventStore(':memory:');
    const guarded = withCardLimit(store, payment);
    await expect(guarded.append(streams.cart('u1'), [raw('CartCheckoutStarted', { orderId: 'o1', order: order('o1', 'card', 200_000) })], { expectedRevision: 'any' }))
      .rejects.toMatchObject({ status: 409, message: '카드 결제 한도(100,000원)를 초과했습니다. 다른 결제 수단을 선택해주세요.' });
    await expect(guarded.append(streams.order('o2'), [raw('OrderPlaced', order('o2', 'card', 200_000))], { expectedRevision: 'any' })).rejects.toMatchObject({ status: 409 });
    expect(await store.readAll()).toEqual([]);
    // Under the limit, or not by card: written.
    await guarded.append(streams.cart('u1'), [raw('CartCheckoutStarted', { orderId: 'o3', order: order('o3', 'card', 100_000) })], { expectedRevision: 'any' });
    await guarded.append(streams.cart('u1'), [raw('CartCheckoutStarted', { orderId: 'o4', order: order('o4', 'transfer', 900_000) })], { expectedRevision: 'any' });
    expect((await store.readAll()).length).toBe(2);
    await store.close();
  });

  it('never refuses placing the order of a checkout already started (a limit lowered since does not strand it)', async () => {
    const store = openSqliteEventStore(':memory:');
    await store.append(streams.cart('u1'), [raw('CartCheckoutStarted', { orderId: 'o5', order: order('o5', 'card', 200_000) })], { expectedRevision: 'any' });
    await withCardLimit(store, payment).append(streams.order('o5'), [raw('OrderPlaced', order('o5', 'card', 200_000))], { expectedRevision: 'any' });
    expect((await store.readStream(streams.order('o5'))).map((e) => e.type)).toEqual(['OrderPlaced']);
    await store.close();
  });
});
