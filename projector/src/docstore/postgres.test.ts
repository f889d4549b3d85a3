/**
 * The DocStore contract on a throwaway PostgreSQL cluster, plus the projector's path: an in-memory
 * working set whose batches are committed in one transaction, fenced against a second writer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { docStoreContract } from './contract.ts';
import { createMemoryDocStore } from './memory.ts';
import { applyCommittedChanges, connectPostgresDocStore, FencedError, trackChanges, type PostgresDocStore } from './postgres.ts';
import type { CollectionImage, MemoryDocStore } from './memory.ts';
import type { DocStore } from './types.ts';

const available = postgresAvailable('postgres docstore');

describe.skipIf(!available)('PostgreSQL read-model store', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  const freshDatabase = () => cluster.createDatabase(`docs_${randomUUID().replaceAll('-', '')}`);

  docStoreContract('postgresql', async () => {
    const store = await connectPostgresDocStore(await freshDatabase(), { poolSize: 2 });
    return { store, cleanup: () => store.close() };
  });

  it('a numeric range narrowed in SQL (the outbox follower\'s read) finds what the embedded store finds: numbers in range, arrays with an element in it', async () => {
    const store = await connectPostgresDocStore(await freshDatabase(), { poolSize: 2 });
    const memory = createMemoryDocStore();
    try {
      const docs = [
        { _id: 'a', position: 1 }, { _id: 'b', position: 3 }, { _id: 'c', position: 5 }, { _id: 'd', position: 6.5 },
        { _id: 'e', position: [0, 4] }, { _id: 'f', position: [9] }, { _id: 'g', position: '4' }, { _id: 'h' }, { _id: 'i', position: null },
        { _id: 'j', position: -2, other: 1 },
      ];
      for (const doc of docs) {
        await store.collection('ranges').put(doc);
        await memory.collection('ranges').put(doc);
      }
      for (const filter of [{ position: { $gt: 2, $lte: 5 } }, { position: { $lt: 2 } }, { position: { $gte: 5 }, other: { $exists: false } }, { position: { $gt: -10 }, other: { $gte: 1 } }]) {
        const ids = async (docs: DocStore) => (await docs.collection('ranges').find(filter, { sort: { _id: 1 } })).map((d) => d._id);
        expect(await ids(store), JSON.stringify(filter)).toEqual(await ids(memory));
      }
      expect((await store.collection('ranges').find({ position: { $gt: 2, $lte: 5 } }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['b', 'c', 'e']);
    } finally {
      await store.close();
    }
  });

  it('a batch with no unique index commits in one statement: written, deleted, fenced whole; a unique index found later takes the transaction\'s way', async () => {
    const url = await freshDatabase();
    const store = await connectPostgresDocStore(url);
    const reader = await connectPostgresDocStore(url);
    const fence = (expected: string | null) => ({ collection: 'checkpoints', id: 'projector', field: 'position', expected });
    try {
      const memory = createMemoryDocStore();
      const tracked = trackChanges(memory);
      const carts = tracked.docs.collection('carts');
      const checkpoints = tracked.docs.collection('checkpoints');
      await carts.put({ _id: 'a', n: 1 });
      await carts.put({ _id: 'b', n: 1 });
      await checkpoints.put({ _id: 'projector', position: '3', topics: { outbox: '3' } });
      await store.commitChanges(tracked.take(), fence(null));
      expect(await reader.collection('carts').find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a', n: 1 }, { _id: 'b', n: 1 }]);
      expect(await reader.collection('checkpoints').get('projector')).toEqual({ _id: 'projector', position: '3', topics: { outbox: '3' } });

      await carts.delete('a');
      await carts.update('b', { $inc: { n: 1 } });
      await checkpoints.put({ _id: 'projector', position: '5' });
      await store.commitChanges(tracked.take(), fence('3'));
      expect(await reader.collection('carts').find()).toEqual([{ _id: 'b', n: 2 }]);

      // A writer that still believes the checkpoint is 3 (or that there is none): nothing of its batch is written.
      for (const stale of ['3', null]) {
        await carts.put({ _id: `stale-${stale}` });
        await checkpoints.put({ _id: 'projector', position: '4' });
        await expect(store.commitChanges(tracked.take(), fence(stale))).rejects.toBeInstanceOf(FencedError);
      }
      expect(await reader.collection('carts').find()).toEqual([{ _id: 'b', n: 2 }]);
      expect(await reader.collection('checkpoints').get('projector')).toEqual({ _id: 'projector', position: '5' });

      // Another store (this one does not know) gave the collection a unique index: the batch writes its keys.
      await reader.collection('carts').createIndex({ owner: 1 }, { unique: true });
      await carts.put({ _id: 'c', owner: 'kim' });
      await checkpoints.put({ _id: 'projector', position: '6' });
      await store.commitChanges(tracked.take(), fence('5'));
      expect(await reader.collection('carts').get('c')).toEqual({ _id: 'c', owner: 'kim' });
      await expect(reader.collection('carts').put({ _id: 'd', owner: 'kim' })).rejects.toMatchObject({ code: 11000 });
    } finally {
      await store.close();
      await reader.close();
    }
  });

  it('a tracked working set commits each batch in one transaction; a second store loads exactly that; a stale writer is fenced', async () => {
    const url = await freshDatabase();
    const store = await connectPostgresDocStore(url);
    const reader = await connectPostgresDocStore(url);
    try {
      const memory = createMemoryDocStore();
      const tracked = trackChanges(memory);
      const phones = tracked.docs.collection('phones');
      const checkpoints = tracked.docs.collection('checkpoints');
      await phones.createIndex({ sku: 1 }, { unique: true });
      await phones.put({ _id: 'a', sku: 'A', n: 1, at: new Date('2024-05-01T00:00:00Z') });
      await phones.put({ _id: 'b', sku: 'B', n: 1 });
      await phones.update('a', { $inc: { n: 1 } });
      await checkpoints.put({ _id: 'projector', position: '7' });
      // Nothing reaches PostgreSQL before the commit.
      expect(await reader.collection('phones').count()).toBe(0);
      await store.commitChanges(tracked.take(), { collection: 'checkpoints', id: 'projector', field: 'position', expected: null });
      expect(await reader.collection('phones').find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', sku: 'A', n: 2, at: new Date('2024-05-01T00:00:00Z') },
        { _id: 'b', sku: 'B', n: 1 },
      ]);

      await phones.delete('b');
      await phones.updateMany({ n: 2 }, { $set: { hot: true } });
      await checkpoints.put({ _id: 'projector', position: '9' });
      await store.commitChanges(tracked.take(), { collection: 'checkpoints', id: 'projector', field: 'position', expected: '7' });

      // A standby loads the committed state, indexes included.
      const standby = createMemoryDocStore();
      standby.restore(await reader.images());
      expect(await standby.collection('phones').find()).toEqual(await reader.collection('phones').find());
      expect(await standby.collection('checkpoints').get('projector')).toEqual({ _id: 'projector', position: '9' });
      await expect(reader.collection('phones').put({ _id: 'c', sku: 'A' })).rejects.toMatchObject({ code: 11000 });

      // The old writer still believes the checkpoint is 7: its batch is refused whole.
      await phones.put({ _id: 'z', sku: 'Z' });
      await checkpoints.put({ _id: 'projector', position: '8' });
      await expect(store.commitChanges(tracked.take(), { collection: 'checkpoints', id: 'projector', field: 'position', expected: '7' })).rejects.toBeInstanceOf(FencedError);
      expect(await reader.collection('phones').get('z')).toBeNull();
      expect(await reader.collection('checkpoints').get('projector')).toEqual({ _id: 'projector', position: '9' });
    } finally {
      await store.close();
      await reader.close();
    }
  });
  it('a warm standby follows what is committed (changesSince): writes, deletes, a document deleted and written again, unique keys changing hands; a drop or a trim past it makes it load again', async () => {
    const url = await freshDatabase();
    const writer = await connectPostgresDocStore(url);
    const reader = await connectPostgresDocStore(url);
    /** Each collection's documents in `_id` order and its indexes by name: what a store holds, whatever its order. */
    const held = (images: readonly CollectionImage[]) => Object.fromEntries(images
      .filter((image) => image.docs.length > 0 || image.indexes.length > 0)
      .map((image) => [image.name, {
        docs: [...image.docs].sort((a, b) => (a._id < b._id ? -1 : 1)),
        indexes: [...image.indexes].sort((a, b) => (a.name < b.name ? -1 : 1)),
      }]));
    const names = ['phones', 'plain', 'checkpoints'];
    const sameAsCommitted = async (standby: MemoryDocStore) => expect(held(standby.capture(names))).toEqual(held(await reader.images()));
    try {
      const memory = createMemoryDocStore();
      const tracked = trackChanges(memory);
      const phones = tracked.docs.collection('phones');
      const plain = tracked.docs.collection('plain');
      const checkpoints = tracked.docs.collection('checkpoints');
      let position = 0;
      const commit = async (store: PostgresDocStore = writer) => {
        const expected = position === 0 ? null : String(position);
        await checkpoints.put({ _id: 'projector', position: String(++position) });
        await store.commitChanges(tracked.take(), { collection: 'checkpoints', id: 'projector', field: 'position', expected });
      };
      await phones.createIndex({ sku: 1 }, { unique: true });
      await phones.put({ _id: 'a', sku: 'A', _pos: 1 });
      await phones.put({ _id: 'b', sku: 'B', _pos: 1 });
      await plain.put({ _id: 'p1', n: 1, _pos: 1, at: new Date('2024-05-01T00:00:00Z') });
      await plain.put({ _id: 'p2', n: 1, _pos: 1 });
      await commit();

      // The standby loads once, then only follows.
      const standby = createMemoryDocStore();
      const loaded = await reader.snapshot();
      standby.restore(loaded.images);
      await sameAsCommitted(standby);
      let at = loaded.seq;
      const follow = async () => {
        const changes = await reader.changesSince(at);
        if (!changes) throw new Error('a full load was needed');
        const n = await applyCommittedChanges(standby, changes);
        at = changes.seq;
        return n;
      };
      expect(await follow()).toBe(0);

      // The one-statement way (no unique index touched): an update, a delete, a new document.
      await plain.update('p1', { $inc: { n: 1 }, $set: { _pos: 2 } });
      await plain.delete('p2');
      await plain.put({ _id: 'p3', n: 3, _pos: 2 });
      await commit();
      expect(await follow()).toBe(4); // with the checkpoint
      await sameAsCommitted(standby);
      expect(await standby.collection('plain').get('p2')).toBeNull();

      // The transaction's way (a unique index): a and b swap their keys over two batches, b deleted and written again.
      await phones.update('a', { $set: { sku: 'X', _pos: 3 } });
      await commit();
      await phones.update('b', { $set: { sku: 'A', _pos: 4 } });
      await phones.update('a', { $set: { sku: 'B', _pos: 4 } });
      await commit();
      await phones.delete('b');
      await commit();
      await phones.put({ _id: 'b', sku: 'C', _pos: 6 });
      await plain.delete('p3');
      await commit();
      expect(await follow()).toBe(4); // a, b, p3 and the checkpoint: each once, as it is now
      await sameAsCommitted(standby);
      await expect(standby.collection('phones').put({ _id: 'c', sku: 'B' })).rejects.toMatchObject({ code: 11000 });
      expect(await standby.collection('plain').find({ _pos: { $gt: 1 } })).toEqual([{ _id: 'p1', n: 2, _pos: 2, at: new Date('2024-05-01T00:00:00Z') }]);

      // Nothing committed since: nothing to bring in.
      expect(await follow()).toBe(0);

      // Tombstones trimmed past what the standby holds: it cannot tell what was deleted, so it loads again.
      await plain.put({ _id: 'p4', n: 4, _pos: 7 });
      await plain.delete('p1');
      await commit();
      expect(await reader.trimTombstones(0)).toBeGreaterThan(0);
      expect(await reader.changesSince(at)).toBeNull();
      const again = await reader.snapshot();
      expect(again.seq).toBeGreaterThan(at);
      expect(await reader.changesSince(again.seq)).toMatchObject({ seq: again.seq, docs: new Map() });

      // Everything dropped (projections:rebuild): a standby holding the old state loads again.
      at = again.seq;
      await writer.commitChanges({ dropped: true, docs: new Map([['plain', new Map([['q', { _id: 'q' }]])]]), indexes: new Map() });
      expect(await reader.changesSince(at)).toBeNull();
    } finally {
      await writer.close();
      await reader.close();
    }
  });
});
