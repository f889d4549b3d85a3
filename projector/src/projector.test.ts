import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteEventStore, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import { createMemoryDocStore, type DocStore } from './docstore/index.ts';
import { createProjector } from './projector.ts';
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
    expect(projector.eventsApplied()).toBe(2);
    const carts = await docs.collection(CARTS).find({});
    expect(JSON.stringify(carts)).toContain('i1');
  } finally {
    await projector.stop();
  }
});
