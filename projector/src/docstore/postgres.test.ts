/**
 * The DocStore contract on a throwaway PostgreSQL cluster, plus the projector's path: an in-memory
 * working set whose batches are committed in one transaction, fenced against a second writer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { docStoreContract } from './contract.ts';
import { createMemoryDocStore } from './memory.ts';
import { connectPostgresDocStore, FencedError, trackChanges } from './postgres.ts';

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
});
