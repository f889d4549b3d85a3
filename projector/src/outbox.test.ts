import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams, toNewEvent, type DomainEvent, type EventStore } from '@phonemarket/events';
import { createMemoryDocStore, type DocStore } from './docstore/index.ts';
import { OUTBOX, outboxWriter, readOutbox, type OutboxDoc } from './outbox.ts';
import { createProjector, type BatchApplied, type Projector } from './projector.ts';
import { cartReadModel } from './readModels/cart/cartReadModel.ts';
import type { ReadModel } from './readModels/types.ts';

let dir: string;
let store: EventStore;
let docs: DocStore;
let projector: Projector;
let n = 0;

const add = (itemId: string): DomainEvent => ({
  type: 'CartItemAdded',
  data: { itemId, productId: 'p1', quantity: 1, color: '블랙', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: null, discount: 'subsidy', months: 24, unitPrice: 1000 },
});
async function append(userId: string, event: DomainEvent) {
  n++;
  const e = toNewEvent(event, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, { actor: { userId, role: 'user' }, correlationId: 'c', causationId: null, at: new Date().toISOString() });
  return store.append(streams.cart(userId), [e], { expectedRevision: 'any' });
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
  docs = createMemoryDocStore();
  projector = createProjector({ store, docs, readModels: [cartReadModel] });
  await projector.start();
});
afterEach(async () => {
  await projector.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('push outbox', () => {
  it('a batch writes its messages before the checkpoint and marks the outbox topic', async () => {
    const batches: BatchApplied[] = [];
    const seen: OutboxDoc[][] = [];
    // What a query-api instance does: after each batch that wrote messages, read them (they are already there).
    projector.onBatch((b) => {
      batches.push(b);
      if (b.changed.has('outbox')) void readOutbox(docs, 0n, b.position).then((m) => seen.push(m));
    });
    const { position } = await append('u1', add('i1'));
    await append('u2', add('i2'));
    await projector.caughtUp();
    await new Promise((r) => setTimeout(r, 10));
    expect(batches.some((b) => b.changed.has('outbox'))).toBe(true);
    const all = await readOutbox(docs, 0n, projector.position());
    expect(all.map((m) => [m.topic, m.room, m.payload])).toEqual([['cartUpdated', 'user:u1', { count: 1 }], ['cartUpdated', 'user:u2', { count: 1 }]]);
    expect(seen.flat().length).toBeGreaterThan(0);
    // reading after a position skips what was already sent
    expect((await readOutbox(docs, position, projector.position())).map((m) => m.room)).toEqual(['user:u2']);
  });

  it('a batch hands its listeners the messages it wrote, in order (embedded mode reads no outbox back)', async () => {
    const handed: string[] = [];
    projector.onBatch((b) => { for (const m of b.messages ?? []) handed.push(m.room); });
    await append('u1', add('i1'));
    await append('u2', add('i2'));
    await projector.caughtUp();
    expect(handed).toEqual(['user:u1', 'user:u2']);
  });

  it('a read model that throws does not stop the others, and is logged', async () => {
    await projector.stop();
    const logged: string[] = [];
    const broken: ReadModel = { name: 'broken', collections: [], apply: async () => { throw new Error('bug'); } };
    // The broken one first: the cart still applies every event after it.
    projector = createProjector({ store, docs, readModels: [broken, cartReadModel], log: (msg) => void logged.push(msg) });
    await projector.start();
    await append('u1', add('i1'));
    await append('u1', add('i2'));
    await projector.caughtUp();
    expect(await docs.collection('carts').get('u1')).toMatchObject({ items: [{ itemId: 'i1' }, { itemId: 'i2' }] });
    expect(logged.filter((m) => m.startsWith('broken failed on CartItemAdded'))).toHaveLength(2);
  });

  it('the checkpoint remembers where the outbox last changed', async () => {
    await append('u1', add('i1'));
    await projector.caughtUp();
    const cp = await docs.collection('checkpoints').get('projector');
    expect(cp?.topics).toMatchObject({ outbox: projector.position().toString() });
  });

  it('trims entries older than the retention, now and then', async () => {
    let now = 1_000_000;
    const writer = outboxWriter(docs, { retentionMs: 1000, trimEveryMs: 500, now: () => now });
    writer.queue(1, { topic: 'cartUpdated', room: 'user:a', payload: {} });
    writer.queue(1, { topic: 'cartUpdated', room: 'user:b', payload: {} });
    await writer.write(writer.take());
    now += 600;
    writer.queue(2, { topic: 'cartUpdated', room: 'user:c', payload: {} });
    await writer.write(writer.take());
    expect(await docs.collection(OUTBOX).count()).toBe(3);
    now += 600; // the first two are 1200 ms old
    await writer.write(writer.take());
    const left = await docs.collection<OutboxDoc>(OUTBOX).find({});
    expect(left.map((m) => [m._id, m.room])).toEqual([['2.0', 'user:c']]);
  });
});
