import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, parseEvent, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import { handleCommand, loadAggregate, storeWith, type CommandContext } from '../../shared/commandHandler.ts';
import { cartDecider } from '../cart/public.ts';
import { seedCatalogue } from '../../seedCatalogue.ts';
import { loadOfferForSale, priceForSale } from '../offers/public.ts';
import { onboardMarketSellers } from '../sellers/public.ts';
import { checkoutDecider } from './checkout.ts';
import { offerDecider } from '../offers/public.ts';
import { startCommandProcessRunner } from '../../processes.ts';
import { BACKLOG_ANSWERED_AT_ONCE, allProcessesSettled, type ProcessRunner } from '../../shared/processRunner.ts';
import { CHECKOUT_EXPIRES_AFTER_MS } from './orderProcesses.ts';
import { orderDecider } from './order.ts';
import { ORDER_STILL_PLACING_MESSAGE, placeOrder } from './placeOrder.ts';
import { walletDecider } from './wallet.ts';

/**
 * The crash gap of a checkout: its appends go to three streams (cart marker, then by the checkout
 * process: wallet, order). A runner that stops after the marker must not leave a cart checked out with
 * no order: the runner that takes over completes it, and a retry with the same Idempotency-Key answers
 * that one order.
 */
/** The tests' clock: moved on by `advance` (the scheduler's timers read it). */
let now = new Date('2026-11-20T10:00:00.000Z');
const clock = () => now;
const advance = (ms: number) => { now = new Date(now.getTime() + ms); };
const buyerId = 'buyer-1';
const input = {
  recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호',
  paymentMethod: 'transfer' as const, usePoints: 500, couponId: 'welcome',
  // Paid in full today (일시불), with the 개통 details carrier lines need (issue 30).
  payment: 'lump' as const, holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true, currentCarrier: 'SKT' as const,
  currentNumber: '010-2222-3333', sim: 'usim' as const, activation: 'delivery' as const,
};
const ctx = (idempotencyKey?: string): CommandContext => ({
  actor: { userId: buyerId, role: 'user' }, correlationId: 'test', clock, newId: randomUUID, ...(idempotencyKey ? { idempotencyKey } : {}),
});

class ProcessStopped extends Error {}
/** The real store, except that from the append `stopsAt` picks (by stream and event types) on, appends fail as if the process had stopped right before it. */
function stoppingBefore(store: EventStore, stopsAt: (stream: string, types: string[]) => boolean): EventStore & { stopped: () => boolean } {
  let stopped = false;
  return Object.assign(storeWith(store, {
    append: async (stream, events, options) => {
      // Once stopped, nothing more is written (a stopped process runs no clean-up).
      if (stopped || stopsAt(stream, events.map((e) => e.type))) {
        stopped = true;
        throw new ProcessStopped(`process stopped before appending to ${stream}`);
      }
      return store.append(stream, events, options);
    },
  }), { stopped: () => stopped });
}

/** The product's process runner, quick to hand over (a dead one's lease expires in 150 ms); timers fire when a test says. */
const runnerOn = (on: EventStore) => startCommandProcessRunner(on, { clock, newId: randomUUID, timerPollMs: 0, attempts: 2, retryDelayMs: 1, leaseMs: 150, leaseRenewMs: 30 });
let runner: ProcessRunner;
/**
 * From now on the process runner dies (as `kill -9`) right before the append `stopsAt` picks; the
 * answer revives it: once it has died there, another runner takes over from its checkpoint.
 */
async function runnerDiesBefore(stopsAt: (stream: string, types: string[]) => boolean): Promise<() => Promise<void>> {
  await runner.close();
  const dying = stoppingBefore(store, stopsAt);
  runner = await runnerOn(dying);
  return async () => {
    await expect.poll(() => dying.stopped(), { timeout: 5_000, interval: 5 }).toBe(true);
    await runner.kill();
    runner = await runnerOn(store);
    expect(await allProcessesSettled(store, 5_000)).toBe(true);
  };
}

let store: EventStore;
beforeEach(async () => {
  now = new Date('2026-11-20T10:00:00.000Z');
  store = openSqliteEventStore(':memory:');
  await seedCatalogue(store, clock, randomUUID);
  await onboardMarketSellers(store, clock, randomUUID);
  await handleCommand(store, streams.wallet(buyerId), walletDecider, { type: 'GrantWelcomeBenefits' }, ctx());
  for (const offerId of ['galaxy-z-fold8-1tb-lgu-mnp-gangnam', 'galaxy-z-fold8-512-lgu-mnp-gangnam']) await addToCart(offerId);
  runner = await runnerOn(store);
  // The seed's processes (a price series per offer, issue 42: ~1,200 appends) run first. A checkout waits
  // for its own order at most 2 s (\`processesSettled\`); on a loaded host the runner could still be on the
  // seed then, and the order would be placed after the test looked (the flake that made reading an
  // offer's streams together look like a checkout bug: quicker reads reached that wait sooner).
  expect(await allProcessesSettled(store, 60_000)).toBe(true);
});
afterEach(async () => {
  await runner.close();
  await store.close();
});

async function addToCart(offerId: string) {
  const sale = (await loadOfferForSale(store, offerId))!;
  const priced = priceForSale(sale, {})!;
  await handleCommand(store, streams.cart(buyerId), cartDecider, {
    type: 'AddCartItem', itemId: randomUUID(), productId: offerId, quantity: 1, color: sale.model.colors.find((c) => c.available)!.name, colorAvailable: true,
    storage: sale.offer.storage, carrier: sale.offer.carrier, joinType: sale.offer.joinType, planId: priced.planId, discount: priced.quote.discount, laterPlanId: null, cardUsed: false,
    months: 24, unitPrice: priced.quote.principal, stockLeft: sale.stockLeft,
  }, ctx());
}

async function eventsOfType(type: string) {
  return (await store.readAll()).map(parseEvent).filter((e) => e?.type === type);
}
/** A checkout whose order the runner has not placed: 503, asked to try again (quickly here: the runner is stopped). */
const STILL_PLACING = { status: 503, message: ORDER_STILL_PLACING_MESSAGE, headers: { 'Retry-After': '5' } };
const STILL_PLACING_SOON = { cardLimit: null, outcomeWaitMs: 200 };
const wallet = async () => (await loadAggregate(store, streams.wallet(buyerId), walletDecider)).state;
const cart = async () => (await loadAggregate(store, streams.cart(buyerId), checkoutDecider)).state;

describe('a checkout stopped between its appends', () => {
  it('the runner stopped before the order: the next runner places it, and the retry with the same Idempotency-Key answers exactly that one order, points and coupon spent once', async () => {
    const revive = await runnerDiesBefore((s) => s.startsWith('order-'));
    // Committed, the order not placed: a 503 that asks to try again, never an order id nobody can open.
    await expect(placeOrder(store, buyerId, input, ctx('key-1|fp'), STILL_PLACING_SOON)).rejects.toMatchObject(STILL_PLACING);
    // The gap: the cart is checked out (and the wallet spent) but there is no order yet.
    const stuck = await cart();
    expect(stuck.items).toEqual({});
    expect(await eventsOfType('OrderPlaced')).toHaveLength(0);
    await revive();

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

  it('the runner stopped before the wallet spend: the next runner completes it (one order, spent once) and the next checkout finds the cart ordered', async () => {
    const revive = await runnerDiesBefore((s) => s.startsWith('wallet-'));
    await expect(placeOrder(store, buyerId, input, ctx(), STILL_PLACING_SOON)).rejects.toMatchObject(STILL_PLACING);
    const stuck = await cart();
    expect(stuck.items).toEqual({});
    expect((await wallet()).points).toBe(1000);
    await revive();

    await expect(placeOrder(store, buyerId, input, ctx())).rejects.toThrow('이미 주문된 장바구니입니다.');
    const orders = await eventsOfType('OrderPlaced');
    expect(orders.map((e) => e?.data)).toMatchObject([{ orderId: stuck.lastOrderId }]);
    expect((await wallet()).points).toBe(500);
    expect(await eventsOfType('PointsSpent')).toHaveLength(1);

    // A new cart after that is a new order; the completed one is not placed again. Its line is this buyer's
    // third in 30 days, so the buyer confirms the 내구제 warning (issue 41).
    await addToCart('galaxy-z-fold8-1tb-lgu-mnp-gangnam');
    const next = await placeOrder(store, buyerId, { ...input, usePoints: 0, couponId: undefined, naegujeConfirmed: true }, ctx());
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

describe('a checkout while the runner catches up on a start\'s long backlog', () => {
  it('waits for its order behind the backlog and answers the placed order (not an id nobody can open yet)', async () => {
    // A log grown without a runner (more than BACKLOG_ANSWERED_AT_ONCE positions), held until the "server listens".
    await runner.close();
    const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'test', causationId: null, at: now.toISOString() };
    const profile = (i: number) => ({ sellerId: `backlog-${i}`, name: `판매자 ${i}`, storeName: `가게 ${i}`, rating: 4.5, deals: 1, verified: false });
    await store.append(streams.marketSeller('backlog'), Array.from({ length: Number(BACKLOG_ANSWERED_AT_ONCE) + 200 }, (_, i) => toNewEvent({ type: 'SellerProfileDefined', data: profile(i) }, randomUUID(), meta)), { expectedRevision: 'any' });
    let listening = (): void => {};
    runner = await startCommandProcessRunner(store, { clock, newId: randomUUID, timerPollMs: 0, holdBacklogUntil: new Promise<void>((resolve) => { listening = resolve; }) });
    await expect.poll(() => runner.catchingUp()).toBe(true);

    const checkout = placeOrder(store, buyerId, input, ctx('during-backlog|fp'));
    setTimeout(listening, 300);
    const placed = await checkout;
    expect(placed.status).toBe('paid');
    expect((await store.readStream(streams.order(placed.orderId))).map((e) => e.type)).toEqual(['OrderPlaced', 'PaymentCaptured']);
    expect(placed.position).toBe((await store.readStream(streams.order(placed.orderId))).at(-1)!.position);
  });
});

describe('the card limit of the payment settings (issue 29 결제 설정)', () => {
  const byCard = { ...input, paymentMethod: 'card' as const };

  it('refuses a new order paid by card above the limit (409, nothing written); under it, or not by card, it is placed', async () => {
    const head = await store.headPosition();
    await expect(placeOrder(store, buyerId, byCard, ctx('card-1|fp'), { cardLimit: 100_000 }))
      .rejects.toMatchObject({ status: 409, message: '카드 결제 한도(100,000원)를 초과했습니다. 다른 결제 수단을 선택해주세요.' });
    expect(await store.headPosition()).toBe(head);
    expect(Object.keys((await cart()).items)).toHaveLength(2);

    const placed = await placeOrder(store, buyerId, byCard, ctx('card-2|fp'), { cardLimit: 10_000_000 });
    expect(placed.status).toBe('paid');
  });

  it('never refuses completing a checkout begun before the limit was lowered', async () => {
    const revive = await runnerDiesBefore((s) => s.startsWith('order-'));
    await expect(placeOrder(store, buyerId, byCard, ctx('card-3|fp'), { cardLimit: 10_000_000, outcomeWaitMs: STILL_PLACING_SOON.outcomeWaitMs })).rejects.toMatchObject(STILL_PLACING);
    expect(await eventsOfType('OrderPlaced')).toHaveLength(0);
    await revive();
    const placed = await placeOrder(store, buyerId, byCard, ctx('card-3|fp'), { cardLimit: 100_000 });
    expect(placed.status).toBe('paid');
    expect(await eventsOfType('OrderPlaced')).toHaveLength(1);
  });
});

describe('stock taken by a checkout stopped between its appends (issue 23)', () => {
  const FOLD_1TB = 'galaxy-z-fold8-1tb-lgu-mnp-gangnam';
  const FOLD_512 = 'galaxy-z-fold8-512-lgu-mnp-gangnam';
  const stockLeft = async (offerId: string) => {
    const s = (await loadAggregate(store, streams.offer(offerId), offerDecider)).state;
    return s.status === 'listed' ? s.stockLeft : -1;
  };
  const beforeMarker = (stream: string, types: string[]) => stream.startsWith('cart-') && types.includes('CartCheckedOut');
  let initial: Record<string, number>;
  beforeEach(async () => { initial = { [FOLD_1TB]: await stockLeft(FOLD_1TB), [FOLD_512]: await stockLeft(FOLD_512) }; });

  it('stopped after taking the units, before the marker: the retry with the same key places the order, the units taken once', async () => {
    await expect(placeOrder(stoppingBefore(store, beforeMarker), buyerId, input, ctx('key-2|fp'))).rejects.toBeInstanceOf(ProcessStopped);
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]! - 1);
    expect((await cart()).pending).not.toBeNull();
    expect(await eventsOfType('OrderPlaced')).toHaveLength(0);

    const placed = await placeOrder(store, buyerId, input, ctx('key-2|fp'));
    expect(placed.status).toBe('paid');
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]! - 1);
    expect(await stockLeft(FOLD_512)).toBe(initial[FOLD_512]! - 1);
    expect(await eventsOfType('OfferStockReserved')).toHaveLength(2);
    expect(await cart()).toMatchObject({ items: {}, pending: null, lastOrderId: placed.orderId });
  });

  it('stopped before the marker: another checkout without the key puts the stale units back and takes them once for its own order', async () => {
    await expect(placeOrder(stoppingBefore(store, beforeMarker), buyerId, input, ctx())).rejects.toBeInstanceOf(ProcessStopped);
    const placed = await placeOrder(store, buyerId, input, ctx());
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]! - 1);
    expect(await stockLeft(FOLD_512)).toBe(initial[FOLD_512]! - 1);
    expect((await eventsOfType('OfferStockReleased')).map((e) => e?.data)).toMatchObject([{ reason: 'checkout_abandoned' }, { reason: 'checkout_abandoned' }]);
    expect((await eventsOfType('OrderPlaced')).map((e) => e?.data)).toMatchObject([{ orderId: placed.orderId }]);
  });

  it('stopped between two offers: the checkout timer abandons it and puts back what was taken — once, across a restart and two instances', async () => {
    let offerAppends = 0;
    const stopsAtSecondOffer = (stream: string) => stream.startsWith('offer-') && ++offerAppends === 2;
    await expect(placeOrder(stoppingBefore(store, stopsAtSecondOffer), buyerId, input, ctx())).rejects.toBeInstanceOf(ProcessStopped);
    const held = (await stockLeft(FOLD_1TB)) + (await stockLeft(FOLD_512));
    expect(held).toBe(initial[FOLD_1TB]! + initial[FOLD_512]! - 1);

    // The runner recorded the checkout's timer (an event), not due yet; then it stops and two instances start.
    await expect.poll(() => runner.pendingTimers(), { timeout: 10_000 }).toBe(1);
    advance(CHECKOUT_EXPIRES_AFTER_MS - 1_000);
    expect(await runner.fireDue()).toBe(0);
    await runner.close();
    const other = await runnerOn(store);
    runner = await runnerOn(store);
    await expect.poll(() => [runner.active(), other.active()].filter(Boolean).length).toBe(1);
    const active = runner.active() ? runner : other;
    await expect.poll(() => active.pendingTimers()).toBe(1);
    advance(1_000);
    await Promise.all([runner.fireDue(), other.fireDue()]);
    expect(await allProcessesSettled(store, 5_000)).toBe(true);
    await other.close();

    expect((await eventsOfType('CartCheckoutAbandoned')).map((e) => e?.data)).toEqual([{ orderId: expect.any(String), reason: 'expired' }]);
    expect(await eventsOfType('ProcessTimerFired')).toHaveLength(1);
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]);
    expect(await stockLeft(FOLD_512)).toBe(initial[FOLD_512]);
    expect(await eventsOfType('OfferStockReleased')).toHaveLength(1);
    const after = await cart();
    expect(after.pending).toBeNull();
    expect(Object.keys(after.items)).toHaveLength(2);
    expect(await eventsOfType('OrderPlaced')).toHaveLength(0);
    expect((await wallet()).points).toBe(1000);
    // The buyer then checks out normally.
    await placeOrder(store, buyerId, input, ctx());
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]! - 1);
  });

  it('a runner that starts after a stop completes a committed checkout whose order is missing, and a cancel whose refund and units are missing; a restart sends nothing again', async () => {
    // No runner while the checkout commits (the command-api stopped right after the marker).
    await runner.close();
    await expect(placeOrder(store, buyerId, input, ctx(), STILL_PLACING_SOON)).rejects.toMatchObject(STILL_PLACING);
    expect(await eventsOfType('OrderPlaced')).toHaveLength(0);
    runner = await runnerOn(store);
    expect(await allProcessesSettled(store, 5_000)).toBe(true);
    const [placed] = await eventsOfType('OrderPlaced');
    expect(placed).toBeDefined();
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]! - 1);
    expect((await wallet()).points).toBe(500);

    // Cancelled while no runner ran: the next one refunds and puts the units back.
    await runner.close();
    const orderId = (placed!.data as { orderId: string }).orderId;
    await handleCommand(store, streams.order(orderId), orderDecider, { type: 'CancelOrder', reason: '구매자 취소' }, ctx());
    runner = await runnerOn(store);
    expect(await allProcessesSettled(store, 5_000)).toBe(true);
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]);
    expect(await stockLeft(FOLD_512)).toBe(initial[FOLD_512]);
    expect((await wallet()).points).toBe(1000);
    // Another restart sends nothing again, and appends nothing at all.
    const head = await store.headPosition();
    await runner.close();
    runner = await runnerOn(store);
    expect(await allProcessesSettled(store, 5_000)).toBe(true);
    expect(await eventsOfType('PointsRefunded')).toHaveLength(1);
    expect(await store.headPosition()).toBe(head);
  });

  it('more than is left: 409 with the units left, and nothing changes (no units held, cart and wallet as they were)', async () => {
    const left = await stockLeft(FOLD_512);
    const c = await cart();
    const [itemId] = Object.entries(c.items).find(([, l]) => l.productId === FOLD_512)!;
    // Another buyer took all but one meanwhile.
    await handleCommand(store, streams.offer(FOLD_512), offerDecider, { type: 'ReserveStock', orderId: 'someone-else', quantity: left }, ctx());
    await handleCommand(store, streams.cart(buyerId), cartDecider, { type: 'ChangeCartItemQuantity', itemId, quantity: 1, stockLeft: 1 }, ctx());
    const head = await store.headPosition();
    await expect(placeOrder(store, buyerId, input, ctx())).rejects.toThrow('재고가 부족합니다. (남은 수량 0개)');
    expect(await stockLeft(FOLD_1TB)).toBe(initial[FOLD_1TB]);
    expect(await stockLeft(FOLD_512)).toBe(0);
    expect(Object.keys((await cart()).items)).toHaveLength(2);
    expect((await cart()).pending).toBeNull();
    expect((await wallet()).points).toBe(1000);
    expect(await eventsOfType('OrderPlaced')).toHaveLength(0);
    expect(await store.headPosition()).toBeGreaterThan(head);
  });
});
