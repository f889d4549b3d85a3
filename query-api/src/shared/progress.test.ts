/**
 * A query-api instance follows the projector's checkpoint in PostgreSQL: the projector's batch commit
 * NOTIFYs, so the instance reads the checkpoint at once instead of at its next poll (ADR 024): what
 * keeps a push caused through one instance on time for sockets on every other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { CHECKPOINTS, connectPostgresDocStore, createMemoryDocStore, PROJECTOR_ID, type BatchApplied } from '@phonemarket/projector';
import { trackChanges } from '@phonemarket/projector/docstore/postgres.ts';
import { pollCheckpoint } from './progress.ts';

const available = postgresAvailable('checkpoint follower on postgres');

describe.skipIf(!available)('pollCheckpoint on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => { cluster = await startPostgres(); });
  afterAll(async () => { await cluster?.stop(); });

  it('sees a committed batch within a moment although its poll is a minute away', async () => {
    const url = await cluster.createDatabase();
    const writer = await connectPostgresDocStore(url);
    const follower = await connectPostgresDocStore(url);
    // A minute between polls: only the commit's notification can bring the batch in time.
    const progress = pollCheckpoint(follower, { idleMs: 60_000 });
    try {
      await expect.poll(() => progress.position(), { timeout: 5_000 }).toBe(0n);
      await new Promise((resolve) => setImmediate(resolve)); // the first poll (nothing yet) has finished
      const seen: BatchApplied[] = [];
      progress.onBatch((b) => seen.push(b));
      for (const position of ['5', '9']) {
        const tracked = trackChanges(createMemoryDocStore());
        await tracked.docs.collection(CHECKPOINTS).put({ _id: PROJECTOR_ID, position, topics: { outbox: position } });
        const committedAt = Date.now();
        await writer.commitChanges(tracked.take());
        await expect.poll(() => progress.position(), { timeout: 2_000, interval: 5 }).toBe(BigInt(position));
        expect(Date.now() - committedAt).toBeLessThan(2_000);
      }
      expect(seen.map((b) => [b.position, [...b.changed]])).toEqual([[5n, ['outbox']], [9n, ['outbox']]]);
    } finally {
      await progress.close();
      await writer.close();
      await follower.close();
    }
  });
});
