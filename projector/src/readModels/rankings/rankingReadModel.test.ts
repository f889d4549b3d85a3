import { NO_CONDITIONS } from '@phonemarket/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams, toNewEvent, type DomainEvent, type EventStore } from '@phonemarket/events';
import { createMemoryDocStore, type DocStore } from '../../docstore/index.ts';
import { createProjector, type Projector } from '../../projector.ts';
import { PRODUCT_RANKING_ID, RANKINGS, rankingReadModel, type RankingDoc } from './rankingReadModel.ts';
import { withChanges } from './rankingRules.ts';

let dir: string;
let store: EventStore;
let docs: DocStore;
let projector: Projector;
let n = 0;

/**
 * The events production appends: a seller's `OfferListed` (stream `offer-<id>`, as the catalogue seed
 * and POST /api/seller/offers write it) gives its phone model a base score; `ProductViewed` (stream
 * `productVisitor-<modelId>.<visitorKey>`, POST /api/products/{id}/views) is the signal. Ranked are models.
 */
const offer = (offerId: string, modelId: string, score: number): DomainEvent => ({
  type: 'OfferListed',
  data: {
    offerId, modelId, sellerId: 'seller-gangnam-phone', storage: 256, condition: 'new', grade: null, carrier: 'SKT', joinType: '번호이동',
    plans: [{ planId: 'skt-5gx-prime', subsidy: 300_000 }], requiredMonths: 6, price: 1_155_000, extraSubsidy: 0, stock: 10, score, badges: [],
    listedAt: '2026-11-01T00:00:00.000Z', conditions: NO_CONDITIONS,
  },
});
const viewed = (modelId: string): DomainEvent => ({ type: 'ProductViewed', data: { productId: modelId, visitorKey: `visitor-${n}` } });

async function append(event: DomainEvent, at: string) {
  n++;
  const e = toNewEvent(event, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at });
  const stream = event.type === 'OfferListed' ? streams.offer(event.data.offerId)
    : event.type === 'ProductViewed' ? streams.productVisitor(event.data.productId, event.data.visitorKey)
    : `test-${n}`;
  await store.append(stream, [e], { expectedRevision: 'no_stream' });
}
async function ranking() {
  await projector.caughtUp();
  const doc = await docs.collection<RankingDoc>(RANKINGS).get(PRODUCT_RANKING_ID);
  return doc ? withChanges(doc.entries, doc.previousRanks) : [];
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ranking-'));
  store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
  docs = createMemoryDocStore();
  projector = createProjector({ store, docs, readModels: [rankingReadModel] });
  await projector.start();
  // Models a, b, c: a's best offer scores 90 (its other offer 60), b's 80, c's 70.
  for (const [offerId, modelId, score] of [['a-1', 'a', 60], ['a-2', 'a', 90], ['b-1', 'b', 80], ['c-1', 'c', 70]] as const) {
    await append(offer(offerId, modelId, score), '2026-11-20T08:00:00.000Z');
  }
});
afterEach(async () => {
  await projector.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('live ranking projection', () => {
  it('without signals ranks models by their best offer\'s score, all unchanged newcomers', async () => {
    const list = await ranking();
    expect(list.map((r) => [r.productId, r.rank])).toEqual([['a', 1], ['b', 2], ['c', 3]]);
  });

  it('a new offer below the model\'s best leaves its score; one above raises it', async () => {
    await append(offer('b-2', 'b', 50), '2026-11-20T08:30:00.000Z');
    expect((await ranking()).map((r) => r.productId)).toEqual(['a', 'b', 'c']);
    await append(offer('c-2', 'c', 95), '2026-11-20T08:40:00.000Z');
    expect((await ranking()).map((r) => r.productId)).toEqual(['c', 'a', 'b']);
  });

  it('a view of a model without an offer is not ranked', async () => {
    await append(viewed('z'), '2026-11-20T09:00:00.000Z');
    expect((await ranking()).map((r) => r.productId)).toEqual(['a', 'b', 'c']);
  });

  it('views move a model up; change and changeValue compare with the previous 10-minute period', async () => {
    await append(viewed('a'), '2026-11-20T09:00:00.000Z'); // period P: snapshot a,b,c
    await append(viewed('c'), '2026-11-20T09:01:00.000Z');
    await append(viewed('c'), '2026-11-20T09:02:00.000Z');
    let list = await ranking();
    expect(list.map((r) => r.productId)).toEqual(['c', 'a', 'b']);
    // previous ranks = those at the start of this period (a1 b2 c3)
    expect(list.map((r) => [r.productId, r.change, r.changeValue])).toEqual([['c', 'up', 2], ['a', 'down', 1], ['b', 'down', 1]]);

    await append(viewed('b'), '2026-11-20T09:12:00.000Z'); // next period: previous = c,a,b
    list = await ranking();
    expect(list.map((r) => [r.productId, r.change, r.changeValue])).toEqual([['c', 'same', 0], ['a', 'same', 0], ['b', 'same', 0]]);
  });

  it('signals leave the 24-hour window', async () => {
    await append(viewed('c'), '2026-11-20T09:00:00.000Z');
    expect((await ranking())[0]?.productId).toBe('c');
    await append(viewed('b'), '2026-11-21T09:30:00.000Z'); // c's view is now older than 24 h
    const list = await ranking();
    expect(list.map((r) => r.productId)).toEqual(['b', 'a', 'c']);
  });

  it('marks the ranking topic changed only when the list changes', async () => {
    const changes: boolean[] = [];
    projector.onBatch((b) => changes.push(b.changed.has('ranking')));
    await append(viewed('c'), '2026-11-20T09:00:00.000Z');
    await ranking();
    await append(viewed('c'), '2026-11-20T09:00:30.000Z');
    await ranking();
    expect(changes.at(0)).toBe(true);
    expect(changes.at(-1)).toBe(false);
  });
});
