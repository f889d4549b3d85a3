import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, parseEvent, streams, type EventStore } from '@phonemarket/events';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { cartDecider } from '../cart/cart.ts';
import { seedCatalogue } from '../catalogue/seedCatalogue.ts';
import { loadOfferForSale, priceForSale } from '../offers/offerLookup.ts';
import { onboardMarketSellers } from '../sellers/marketSellers.ts';
import { checkoutDecider } from './checkout.ts';
import { placeOrder } from './placeOrder.ts';
import { walletDecider } from './wallet.ts';

/**
 * The crash gap of a checkout: its appends go to three streams (cart marker, wallet, order). A process
 * that stops after the marker must not leave a cart checked out with no order: the next checkout of
 * the cart completes it, and a retry with the same Idempotency-Key answers that one order.
 */
const clock = () => new Date('2026-11-20T10:00:00.000Z');
const buyerId = 'buyer-1';
const input = {
  recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호',
  paymentMethod: 'transfer' as const, usePoints: 500, couponId: 'welcome',
};
const ctx = (idempotencyKey?: string): CommandContext => ({
  actor: { userId: buyerId, role: 'user' }, correlationId: 'test', clock, newId: randomUUID, ...(idempotencyKey ? { idempotencyKey } : {}),
});

class ProcessStopped extends Error {}
/** The real store, except that the first append to a stream `stopsAt` picks fails as if the process had stopped right before it. */
function stoppingBefore(store: EventStore, stopsAt: (stream: string) => boolean): EventStore {
  let stopped = false;
  return {
    append: async (stream, events, options) => {
      if (!stopped && stopsAt(stream)) {
        stopped = true;
        throw new ProcessStopped(`process stopped before appending to ${stream}`);
      }
      return store.append(stream, events, options);
    },
    readStream: (stream) => store.readStream(stream),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

let store: EventStore;
beforeEach(async () => {
  store = openSqliteEventStore(':memory:');
  await seedCatalogue(store, clock, randomUUID);
  await onboardMarketSellers(store, clock, randomUUID);
  await handleCommand(store, streams.wallet(buyerId), walletDecider, { type: 'GrantWelcomeBenefits' }, ctx());
  for (const offerId of ['galaxy-z-fold8-1tb-lgu-mnp-gangnam', 'galaxy-z-fold8-512-lgu-mnp-gangnam']) await addToCart(offerId);
});
afterEach(async () => { await store.close(); });

async function addToCart(offerId: string) {
  const sale = (await loadOfferForSale(store, offerId))!;
  const priced = priceForSale(sale, {})!;
  await handleCommand(store, streams.cart(buyerId), cartDecider, {
    type: 'AddCartItem', itemId: randomUUID(), productId: offerId, quantity: 1, color: sale.model.colors.find((c) => c.available)!.name, colorAvailable: true,
    storage: sale.offer.storage, carrier: sale.offer.carrier, joinType: sale.offer.joinType, planId: priced.planId, discount: priced.quote.discount,
    months: 24, unitPrice: priced.quote.principal,
  }, ctx());
}

async function eventsOfType(type: string) {
  return (await store.readAll()).map(parseEvent).filter((e) => e?.type === type);
}
const wallet = async () => (await loadAggregate(store, streams.wallet(buyerId), walletDecider)).state;
const cart = async () => (await loadAggregate(store, streams.cart(buyerId), checkoutDecider)).state;

describe('a checkout stopped between its appends', () => {
  it('stopped before the order: the retry with the same Idempotency-Key places exactly that one order, points and coupon spent once', async () => {
    await expect(placeOrder(stoppingBefore(store, (s) => s.startsWith('order-')), buyerId, input, ctx('key-1|fp'))).rejects.toBeInstanceOf(ProcessStopped);
    // The gap: the cart is checked out (and the wallet spent) but there is no order yet.
    const stuck = await cart();
    expect(stuck.items).toEqual({});
    expect(await eventsOfType('OrderPlaced')).toHaveLength(0);

    const placed = await placeOrder(store, buyerId, input, ctx('key-1|fp'));
    expect(placed.orderId).toBe(stuck.lastOrderId);
    expect(placed.status).toBe('paid');
    const orders = await eventsOfType('OrderPlaced');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ data: { orderId: placed.orderId, buyerId, couponId: 'welcome', amounts: { points: 500, coupon: 10_000 } } });
    expect((await store.readStream(streams.order(placed.orderId))).map((e) => e.type)).toEqual(['OrderPlaced', 'PaymentCaptured']);
    const w = await wallet();
    expect(w.points).toBe(500);
    expect(w.coupons.get('welcome')?.usedBy).toBe(placed.orderId);
    expect(await eventsOfType('PointsSpent')).toHaveLength(1);
    expect(await cart()).toMatchObject({ items: {}, lastOrderId: placed.orderId });

    // Once more: the same answer, nothing appended.
    const head = await store.headPosition();
    expect(await placeOrder(store, buyerId, input, ctx('key-1|fp'))).toEqual(placed);
    expect(await store.headPosition()).toBe(head);
  });

  it('stopped before the wallet spend: the next checkout, even without a key, completes it first (one order, spent once) and then finds the cart ordered', async () => {
    await expect(placeOrder(stoppingBefore(store, (s) => s.startsWith('wallet-')), buyerId, input, ctx())).rejects.toBeInstanceOf(ProcessStopped);
    const stuck = await cart();
    expect(stuck.items).toEqual({});
    expect((await wallet()).points).toBe(1000);

    await expect(placeOrder(store, buyerId, input, ctx())).rejects.toThrow('이미 주문된 장바구니입니다.');
    const orders = await eventsOfType('OrderPlaced');
    expect(orders.map((e) => e?.data)).toMatchObject([{ orderId: stuck.lastOrderId }]);
    expect((await wallet()).points).toBe(500);
    expect(await eventsOfType('PointsSpent')).toHaveLength(1);

    // A new cart after that is a new order; the completed one is not placed again.
    await addToCart('galaxy-z-fold8-1tb-lgu-mnp-gangnam');
    const next = await placeOrder(store, buyerId, { ...input, usePoints: 0, couponId: undefined }, ctx());
    expect(next.orderId).not.toBe(stuck.lastOrderId);
    expect(await eventsOfType('OrderPlaced')).toHaveLength(2);
    expect((await wallet()).points).toBe(500);
  });

  it('concurrent checkouts of one cart still make exactly one order', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => placeOrder(store, buyerId, input, ctx(`key-${i}|fp`))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/이미 주문된 장바구니입니다|장바구니가 변경되었습니다/);
    expect(await eventsOfType('OrderPlaced')).toHaveLength(1);
    expect(await eventsOfType('PointsSpent')).toHaveLength(1);
  });
});
