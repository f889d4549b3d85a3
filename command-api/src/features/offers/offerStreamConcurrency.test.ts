import { NO_CONDITIONS } from '@phonemarket/contracts';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams, type EventStore, type OfferListed } from '@phonemarket/events';
import { offerDecider } from './offer.ts';
import { handleCommand, loadAggregate, viewOfStore, type CommandContext } from '../../shared/commandHandler.ts';

const ctx: CommandContext = { actor: { userId: 'u1', role: 'user' }, correlationId: 'test', clock: () => new Date('2026-11-20T10:00:00.000Z'), newId: randomUUID };
const offer: OfferListed = {
  offerId: 'o1', modelId: 'galaxy-s26', sellerId: 's1', storage: 256, condition: 'new', grade: null, carrier: 'KT', joinType: '번호이동',
  plans: [], requiredMonths: 0, price: 1_000_000, extraSubsidy: 0, stock: 60, score: 90, badges: [], conditions: NO_CONDITIONS, listedAt: '2026-09-01T00:00:00.000Z',
};

let store: EventStore;
beforeEach(async () => {
  store = openSqliteEventStore(':memory:');
  await handleCommand(store, streams.offer('o1'), offerDecider, { type: 'ListOffer', offer }, ctx);
});
afterEach(async () => { await store.close(); });

describe('handleCommand on one contended stream', () => {
  it('50 concurrent commands on one stream each decide once on the state the previous left: all succeed, none is lost', async () => {
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) =>
      handleCommand(store, streams.offer('o1'), offerDecider, { type: 'ReserveStock', orderId: `ord-${i}`, quantity: 1 }, ctx)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const state = (await loadAggregate(store, streams.offer('o1'), offerDecider)).state;
    expect(state).toMatchObject({ stockLeft: 10 });
  });

  it('past the units left, the rest are refused by the decider (409 with the units left), never by contention', async () => {
    const results = await Promise.allSettled(Array.from({ length: 70 }, (_, i) =>
      handleCommand(store, streams.offer('o1'), offerDecider, { type: 'ReserveStock', orderId: `ord-${i}`, quantity: 1 }, ctx)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toContain('재고가 부족합니다. (남은 수량 0개)');
  });
});

describe('loadAggregate keeps its fold', () => {
  it('a second load folds only the events appended since, also through a view of the store; another store starts afresh', async () => {
    let evolved = 0;
    const counting = { initialState: offerDecider.initialState, evolve: (st: Parameters<typeof offerDecider.evolve>[0], e: Parameters<typeof offerDecider.evolve>[1]) => { evolved++; return offerDecider.evolve(st, e); } };
    for (let i = 0; i < 5; i++) await handleCommand(store, streams.offer('o1'), offerDecider, { type: 'ReserveStock', orderId: `ord-${i}`, quantity: 1 }, ctx);
    expect((await loadAggregate(store, streams.offer('o1'), counting)).state).toMatchObject({ stockLeft: 55 });
    expect(evolved).toBe(6);
    await handleCommand(store, streams.offer('o1'), offerDecider, { type: 'ReserveStock', orderId: 'ord-9', quantity: 2 }, ctx);
    const view = viewOfStore({ ...store, readStream: (s: string) => store.readStream(s) }, store);
    const again = await loadAggregate(view, streams.offer('o1'), counting);
    expect(again.state).toMatchObject({ stockLeft: 53 });
    expect(again.ids.size).toBe(7);
    expect(evolved).toBe(7);

    const other = openSqliteEventStore(':memory:');
    await handleCommand(other, streams.offer('o1'), offerDecider, { type: 'ListOffer', offer: { ...offer, stock: 2 } }, ctx);
    expect((await loadAggregate(other, streams.offer('o1'), counting)).state).toMatchObject({ stockLeft: 2 });
    await other.close();
  });
});
