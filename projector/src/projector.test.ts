import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteEventStore, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import { createMemoryDocStore, type DocStore } from './docstore/index.ts';
import { CHECKPOINTS, createProjector, PROJECTOR_ID, type CheckpointDoc } from './projector.ts';
import type { ReadModel } from './readModels/types.ts';
import { CARTS, cartReadModel } from './readModels/cart/cartReadModel.ts';

let dir: string;
let store: EventStore;
let docs: DocStore;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'projector-'));
  store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
  docs = createMemoryDocStore();
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const meta = { actor: { userId: 'u1', role: 'user' as const }, correlationId: 'c', causationId: null, at: new Date().toISOString() };

// Issue 37: a market's first start reads 50,000 of the process runner's own events (a price series'
// moves) that no read model applies. They count for the position only: they are not validated.
it('passes over events no read model applies without validating them, and applies the rest', async () => {
  const unapplied = { id: '00000000-0000-4000-8000-000000000001', type: 'PriceSeriesOfferPriced', data: { notWhatTheSchemaSays: true }, metadata: { ...meta, schemaVersion: 1 } };
  await store.append(streams.priceSeries('m|256|SKT|번호이동'), [unapplied], { expectedRevision: 'any' });
  const added = toNewEvent({
    type: 'CartItemAdded',
    data: { itemId: 'i1', productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: null, discount: 'subsidy', months: 24, unitPrice: 1000 },
  }, '00000000-0000-4000-8000-000000000002', meta);
  const { position } = await store.append(streams.cart('u1'), [added], { expectedRevision: 'any' });
  const projector = createProjector({ store, docs, readModels: [cartReadModel], log: () => {} });
  await projector.start();
  try {
    expect(await projector.waitFor(position, 5_000)).toBe(true);
    // The store does not hand the other out at all (ADR 025, ninth pass).
    expect(projector.eventsApplied()).toBe(1);
    const carts = await docs.collection(CARTS).find({});
    expect(JSON.stringify(carts)).toContain('i1');
  } finally {
    await projector.stop();
  }
});

const cartItem = (n: number) => toNewEvent({
  type: 'CartItemAdded',
  data: { itemId: `i${n}`, productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: null, discount: 'subsidy', months: 24, unitPrice: 1000 },
}, `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`, meta);
/** An event no read model applies (the process runner's record of a price series' move). */
const seriesMove = (n: number) => ({ id: `00000000-0000-4000-8000-2000000000${String(n).padStart(2, '0')}`, type: 'PriceSeriesOfferPriced', data: {}, metadata: { ...meta, schemaVersion: 1 } });
const checkpointOf = async () => (await docs.collection<CheckpointDoc>(CHECKPOINTS).get(PROJECTOR_ID))?.position;

// A command that appended only events no read model applies: a read after it (X-Min-Position → waitFor) must
// not wait for its timeout, though the projector is never handed those events.
it('reaches the position of events it is not handed: at the end of its catch-up and live', async () => {
  await store.append(streams.cart('u1'), [cartItem(1)], { expectedRevision: 'any' });
  const { position: tail } = await store.append(streams.priceSeries('m|256|SKT|번호이동'), [seriesMove(1), seriesMove(2)], { expectedRevision: 'any' });
  const projector = createProjector({ store, docs, readModels: [cartReadModel], log: () => {} });
  await projector.start();
  try {
    expect(await projector.waitFor(tail, 2_000)).toBe(true);
    await expect.poll(checkpointOf).toBe(String(tail));
    const { position: live } = await store.append(streams.priceSeries('m|256|SKT|번호이동'), [seriesMove(3)], { expectedRevision: 'any' });
    expect(await projector.waitFor(live, 2_000)).toBe(true);
    expect(projector.position()).toBe(live);
    expect(projector.eventsApplied()).toBe(1);
  } finally {
    await projector.stop();
  }
});

// A snapshot's replay of a model of another version stops at the snapshot's position, which may be an event no
// model applies: it ends there (not waiting for ever) and applies nothing after it.
it('a replay until a position it is not handed stops there and applies nothing after it', async () => {
  await store.append(streams.cart('u1'), [cartItem(1)], { expectedRevision: 'any' });
  const { position: until } = await store.append(streams.priceSeries('m|256|SKT|번호이동'), [seriesMove(1), seriesMove(2)], { expectedRevision: 'any' });
  await store.append(streams.priceSeries('m|256|SKT|번호이동'), [seriesMove(3)], { expectedRevision: 'any' });
  await store.append(streams.cart('u1'), [cartItem(2)], { expectedRevision: 'any' });
  for (const batch of [undefined, 1]) {
    const replay = createMemoryDocStore();
    const projector = createProjector({ store, docs: replay, readModels: [cartReadModel], until, log: () => {}, ...(batch ? { catchUpBatch: batch } : {}) });
    await projector.start();
    expect(await projector.waitFor(until, 2_000)).toBe(true);
    await projector.stop();
    expect(projector.position()).toBe(until);
    const carts = JSON.stringify(await replay.collection(CARTS).find({}));
    expect(carts).toContain('i1');
    expect(carts).not.toContain('i2');
  }
});

// A start's catch-up reads in a rebuild's batches (`catchUpBatch`, ADR 025 eleventh pass), up to the head at its start
// only: live, a burst of events is applied a store's batch (500) at a time, each batch flushed and announced before the
// next (a batch is applied without a pause of the event loop, and waiters learn positions per batch).
it('catchUpBatch: one batch up to the head at start, then batches of the store\'s size', async () => {
  /** 1,200 cart events over 60 carts, appended in one transaction. */
  let n = 0;
  const burst = () => Array.from({ length: 60 }, (_, cart) => ({
    stream: streams.cart(`u${cart}`), expectedRevision: 'any' as const,
    events: Array.from({ length: 20 }, () => {
      n++;
      return toNewEvent({
        type: 'CartItemAdded',
        data: { itemId: `i${n}`, productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: null, discount: 'subsidy', months: 24, unitPrice: 1000 },
      }, `00000000-0000-4000-8000-3${String(n).padStart(11, '0')}`, meta);
    }),
  }));
  const head = (await store.appendStreams!(burst())).at(-1)!.position;
  const projector = createProjector({ store, docs, readModels: [cartReadModel], log: () => {}, catchUpBatch: 10_000 });
  const batches: bigint[] = [];
  projector.onBatch((b) => batches.push(b.position));
  await projector.start();
  try {
    await projector.caughtUp();
    expect(batches, 'the catch-up: one batch').toEqual([head]);
    const live = (await store.appendStreams!(burst())).at(-1)!.position;
    expect(await projector.waitFor(live, 5_000)).toBe(true);
    expect(batches.slice(1), 'live: batches of 500').toEqual([head + 500n, head + 1_000n, live]);
    expect(projector.eventsApplied()).toBe(2_400);
  } finally {
    await projector.stop();
  }
});

// s63 (CI, tests/postgresProjectors): a stop that came while the last event was being applied ran its own flush
// beside the one that event had queued (a setImmediate not yet run); both committed with the same expected checkpoint,
// and PostgreSQL's fence refused the second (FencedError "another writer is active": the projector fenced itself).
it('a stop during the last apply commits one flush at a time: never two persists at once, the checkpoint at the last event', async () => {
  let inPersist = 0;
  let overlapped = false;
  let holdApply: Promise<void> | null = null;
  let releaseApply: () => void = () => {};
  let heldApplies = 0;
  const gatedCart: ReadModel = { ...cartReadModel, apply: async (event, ctx) => { if (holdApply) { heldApplies++; await holdApply; } await cartReadModel.apply(event, ctx); } };
  const projector = createProjector({
    store, docs, readModels: [gatedCart], log: () => {},
    persist: async () => {
      inPersist++;
      if (inPersist > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 30));
      inPersist--;
    },
  });
  await projector.start();
  const first = await store.append(streams.cart('u1'), [cartItem(1)], { expectedRevision: 'any' });
  expect(await projector.waitFor(first.position, 5_000)).toBe(true);
  holdApply = new Promise((resolve) => { releaseApply = resolve; });
  const { position } = await store.append(streams.cart('u1'), [cartItem(2)], { expectedRevision: 'any' });
  await expect.poll(() => heldApplies === 1 && inPersist === 0).toBe(true);
  const stopped = projector.stop();
  releaseApply();
  await stopped;
  expect(projector.eventsApplied()).toBe(2);
  expect(overlapped).toBe(false);
  expect(await checkpointOf()).toBe(String(position));
});
