import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { modelOffersSchema, orderSchema } from '@phonemarket/contracts';
import { openSqliteEventStore, parseEvent, streams, toNewEvent, type DomainEvent, type EventDataOf, type StoredEvent } from '@phonemarket/events';
import { demoSignedIn, registeredBuyer } from '../support/accounts.ts';
import { PAID_TODAY } from '../support/checkout.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * s60: a log written before s59 holds cancelled orders with no `PaymentRefunded` (the cancel's process then gave the
 * points and units back only), and its runner's checkpoint is past them. `orderCancelProcess` is at version 2: the
 * runner of the product started on such a log runs it once more over those cancels, so each paid one gets exactly one
 * refund (its 오늘 결제), an unpaid one (할부 only) none, and one refunded already (by s59's process) no second; a
 * restart runs nothing again (`ProcessCaughtUp`).
 */
const servers: TestServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const MODEL = 'galaxy-s26-ultra';
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card' };

/** Real `OrderPlaced` data (a paid order, one paid by 할부 only), from a checkout on a product of today. */
async function placedOrders(): Promise<{ paid: EventDataOf<'OrderPlaced'>; unpaid: EventDataOf<'OrderPlaced'> }> {
  const server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  servers.push(server);
  const seller = await demoSignedIn(server, 'seller');
  const buyer = await registeredBuyer(server, 'catch-up');
  const offers = modelOffersSchema.parse((await buyer.get(`/api/models/${MODEL}/offers`)).body).offers.filter((o) => o.condition === 'new' && o.carrier !== '자급제');
  let offerId = '';
  for (const terms of offers) {
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 5 });
    if (listed.status === 201) { offerId = (listed.body as { id: string }).id; break; }
  }
  expect(offerId).not.toBe('');
  const order = async (payment: 'lump' | 'installment') => {
    expect((await buyer.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const placed = await buyer.post('/api/orders', { ...address, ...PAID_TODAY, payment });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return (placed.body as { id: string }).id;
  };
  const [paidId, unpaidId] = [await order('lump'), await order('installment')];
  const log = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
  const placedOf = async (orderId: string) => (await log.readStream(streams.order(orderId))).map(parseEvent).find((e): e is Extract<StoredEvent, { type: 'OrderPlaced' }> => e?.type === 'OrderPlaced')!.data;
  const found = { paid: await placedOf(paidId), unpaid: await placedOf(unpaidId) };
  await log.close();
  return found;
}

it('the product started on a log of cancels with no refund: one PaymentRefunded per paid cancel, none for an unpaid one or one refunded already; a restart adds nothing', async () => {
  const { paid, unpaid } = await placedOrders();
  expect(paid.amounts.payNow).toBeGreaterThan(0);
  expect(unpaid.amounts.payNow).toBe(0);

  // The old log: orders placed (paid at once, simulated) and cancelled, appended as the product wrote them before s59,
  // and one cancelled by s59 with its refund; the runner of that product had passed them all (its checkpoint the head).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-old-cancels-'));
  dirs.push(dataDir);
  const log = openSqliteEventStore(path.join(dataDir, 'events.sqlite'));
  let n = 0;
  const append = (stream: string, ...events: DomainEvent[]) => log.append(stream, events.map((e) => toNewEvent(e, `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, {
    actor: { userId: paid.buyerId, role: 'user' }, correlationId: `old-${n}`, causationId: null, at: new Date(Date.parse('2026-11-20T10:00:00.000Z') + n * 60_000).toISOString(),
  })), { expectedRevision: 'no_stream' });
  const order = (data: EventDataOf<'OrderPlaced'>, orderId: string): EventDataOf<'OrderPlaced'> => ({ ...data, orderId });
  const cancelled = (orderId: string): DomainEvent => ({ type: 'OrderCancelled', data: { orderId, reason: '단순 변심' } });
  await append(streams.order('old-paid'), { type: 'OrderPlaced', data: order(paid, 'old-paid') }, cancelled('old-paid'));
  await append(streams.order('old-unpaid'), { type: 'OrderPlaced', data: order(unpaid, 'old-unpaid') }, cancelled('old-unpaid'));
  await append(streams.order('s59-paid'), { type: 'OrderPlaced', data: order(paid, 's59-paid') }, cancelled('s59-paid'),
    { type: 'PaymentRefunded', data: { orderId: 's59-paid', amount: paid.amounts.payNow, method: paid.paymentMethod, shippingFee: 0, cancelled: true } });
  expect(await log.leases.claim('processRunner', 'runner-before-s60', 60_000)).toBe(true);
  expect(await log.leases.saveCheckpoint('processRunner', 'runner-before-s60', await log.headPosition())).toBe(true);
  await log.leases.release('processRunner', 'runner-before-s60');
  await log.close();

  const refundsIn = async (server: TestServer) => {
    const read = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    const refunds = (await read.readAll({ types: ['PaymentRefunded'] })).map(parseEvent).flatMap((e) => (e?.type === 'PaymentRefunded' ? [e.data] : []));
    const caughtUp = (await read.readStream(streams.processCatchUp())).length;
    await read.close();
    return { refunds, caughtUp };
  };
  const expected = {
    refunds: [
      { orderId: 's59-paid', amount: paid.amounts.payNow, method: 'card', shippingFee: 0, cancelled: true },
      { orderId: 'old-paid', amount: paid.amounts.payNow, method: 'card', shippingFee: 0, cancelled: true },
    ],
    caughtUp: 1,
  };

  let server = await startTestServer({}, { dataDir });
  servers.push(server);
  let admin = await demoSignedIn(server, 'admin');
  // The refund reaches the order's page (as its buyer and an admin read it): 환불 완료 with the 오늘 결제.
  await expect.poll(async () => orderSchema.parse((await admin.get('/api/orders/old-paid')).body).cancellation?.refund ?? null, { timeout: 10_000, interval: 50 })
    .toEqual({ amount: paid.amounts.payNow, at: expect.any(String) });
  expect(orderSchema.parse((await admin.get('/api/orders/old-unpaid')).body)).toMatchObject({ status: 'cancelled', cancellation: { refund: null } });
  expect(orderSchema.parse((await admin.get('/api/orders/s59-paid')).body).cancellation?.refund).toEqual({ amount: paid.amounts.payNow, at: expect.any(String) });
  expect(await refundsIn(server)).toEqual(expected);

  // A restart (the same log, another runner): nothing run again, nothing appended for them.
  servers.pop();
  server = await server.restart();
  servers.push(server);
  admin = await demoSignedIn(server, 'admin');
  expect(orderSchema.parse((await admin.get('/api/orders/old-paid')).body).cancellation?.refund).toEqual({ amount: paid.amounts.payNow, at: expect.any(String) });
  expect(await refundsIn(server)).toEqual(expected);
});
