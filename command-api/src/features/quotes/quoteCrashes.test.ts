import { NO_CONDITIONS } from '@phonemarket/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { priceQuoteOffer } from '@phonemarket/contracts/quotes.ts';
import { openSqliteEventStore, streams, type EventStore, type QuoteOfferTerms, type QuoteRequestData } from '@phonemarket/events';
import { startCommandProcessRunner } from '../../processes.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { allProcessesSettled } from '../../shared/processRunner.ts';
import { orderDecider } from '../orders/public.ts';
import { quoteBuyerDecider } from './quoteBuyer.ts';
import { quoteOfferDecider } from './quoteOffer.ts';
import { quoteRequestDecider } from './quoteRequest.ts';

/**
 * The quote flows stopped between their appends (the command-api dies after the commit point, before
 * its process ran): the process runner that starts next completes them — a filed request is opened,
 * an accepted request always gets its one order and frees the buyer's place, and nothing is appended twice.
 */
const now = new Date('2026-11-20T10:00:00.000Z');
const ctx = (userId = 'u1', role: 'user' | 'seller' | 'admin' = 'user'): CommandContext => ({ actor: { userId, role }, correlationId: 'test', clock: () => now, newId: randomUUID });
const request: QuoteRequestData = {
  requestId: 'q1', buyerId: 'u1', modelId: 'galaxy-s26', modelName: '갤럭시 S26', brand: 'Samsung', storage: 256, color: null,
  carrier: 'SKT', joinType: '번호이동', plan: 'premium', budget: '100-150', discount: 'any', name: '김민수', phone_number: '010-1234-5678',
  email: null, region: null, openHours: 24, createdAt: now.toISOString(), closesAt: '2026-11-21T10:00:00.000Z', decideBy: '2026-11-23T10:00:00.000Z',
};
function terms(extraSubsidy: number): QuoteOfferTerms {
  const p = priceQuoteOffer({ devicePrice: 1_200_000, subsidy: 400_000, planFee: 89_000 }, { discount: 'subsidy', months: 24, extraSubsidy, conditions: {} });
  return {
    storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', planName: '5GX 프라임', discount: 'subsidy', months: 24, extraSubsidy,
    planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false, note: null, figures: p.quote, cost24: p.cost24, addOnCost: 0, totalCost: p.totalCost,
    sourceOfferId: 'galaxy-s26-256-skt-mnp-gangnam', conditions: { ...NO_CONDITIONS, planKeep: { planId: 'skt-5gx-prime', months: 6 } },
  };
}

/** The runner of the next start: runs what the log asks for, then stops (appending nothing when there is nothing to do). */
async function runnerRuns(store: EventStore): Promise<void> {
  const runner = await startCommandProcessRunner(store, { clock: () => now, newId: randomUUID, timerPollMs: 0 });
  expect(await allProcessesSettled(store, 5_000)).toBe(true);
  await runner.close();
}
const count = async (store: EventStore, type: string) => (await store.readAll()).filter((e) => e.type === type).length;

describe('quote flows stopped half-way', () => {
  it('a request filed on the buyer\'s stream whose own stream was never opened: the next runner opens it, once', async () => {
    const store = openSqliteEventStore(':memory:');
    await handleCommand(store, streams.quoteBuyer('u1'), quoteBuyerDecider, { type: 'FileQuoteRequest', request }, ctx());
    expect((await loadAggregate(store, streams.quoteRequest('q1'), quoteRequestDecider)).state.status).toBe('none');
    await runnerRuns(store);
    expect((await loadAggregate(store, streams.quoteRequest('q1'), quoteRequestDecider)).state.status).toBe('open');
    await runnerRuns(store);
    expect(await count(store, 'QuoteRequestOpened')).toBe(1);
  });

  it('accepted, then stopped before the order: the next runner places the one order and frees the place; another start appends nothing', async () => {
    const store = openSqliteEventStore(':memory:');
    await handleCommand(store, streams.quoteBuyer('u1'), quoteBuyerDecider, { type: 'FileQuoteRequest', request }, ctx());
    await runnerRuns(store);
    for (const [i, seller] of ['s1', 's2'].entries()) {
      await handleCommand(store, streams.quoteRequest('q1'), quoteOfferDecider, {
        type: 'SubmitQuoteOffer', offerId: `o${i + 1}`, seller: { id: seller, storeName: seller, rating: 0, deals: 0 }, terms: terms(100_000 * i),
      }, ctx(seller, 'seller'));
    }
    const shipping = { fulfilment: 'visit' as const, recipient: null, postcode: null, address: null, addressDetail: null };
    // The accept is appended; the command-api dies before its process places the order.
    await handleCommand(store, streams.quoteRequest('q1'), quoteRequestDecider, { type: 'AcceptQuoteOffer', offerId: 'o2', orderId: 'ord1', shipping, activation: null }, ctx());
    expect((await loadAggregate(store, streams.order('ord1'), orderDecider)).state.status).toBe('none');

    await runnerRuns(store);
    const order = (await loadAggregate(store, streams.order('ord1'), orderDecider)).state;
    expect(order.status).toBe('paid');
    expect(order.placed?.items[0]).toMatchObject({ sellerId: 's2', payment: 'installment' });
    expect(order.placed?.amounts.payNow).toBe(0);
    expect((await loadAggregate(store, streams.quoteBuyer('u1'), quoteBuyerDecider)).state.live.size).toBe(0);

    // Another start appends nothing at all.
    const head = await store.headPosition();
    await runnerRuns(store);
    expect(await store.headPosition()).toBe(head);
    expect(await count(store, 'OrderPlaced')).toBe(1);
    expect(await count(store, 'QuoteRequestSlotFreed')).toBe(1);
    await store.close();
  });
});
