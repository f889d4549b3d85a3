/**
 * A query-api instance follows the projector's checkpoint in PostgreSQL: the projector's batch commit
 * NOTIFYs, so the instance reads the checkpoint at once instead of at its next poll (ADR 024): what
 * keeps a push caused through one instance on time for sockets on every other.
 */
import pg from 'pg';
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
  it('the projector\'s fenced commit sends its checkpoint along, and the follower takes it from there (a malformed one: it reads the checkpoint)', async () => {
    const url = await cluster.createDatabase();
    const writer = await connectPostgresDocStore(url);
    const follower = await connectPostgresDocStore(url);
    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    const heard: string[] = [];
    raw.on('notification', (m) => heard.push(m.payload ?? ''));
    await raw.query('LISTEN phonemarket_read_models');
    const progress = pollCheckpoint(follower, { idleMs: 60_000 });
    try {
      await expect.poll(() => progress.position(), { timeout: 5_000 }).toBe(0n);
      await new Promise((resolve) => setImmediate(resolve));
      // The projector's commit (fenced on the checkpoint) carries the checkpoint document.
      const tracked = trackChanges(createMemoryDocStore());
      const checkpoint = { _id: PROJECTOR_ID, position: '7', topics: { outbox: '7' } };
      await tracked.docs.collection(CHECKPOINTS).put(checkpoint);
      await writer.commitChanges(tracked.take(), { collection: CHECKPOINTS, id: PROJECTOR_ID, field: 'position', expected: null });
      await expect.poll(() => heard.length, { timeout: 2_000, interval: 5 }).toBe(1);
      expect(JSON.parse(heard[0]!)).toEqual(checkpoint);
      await expect.poll(() => progress.position(), { timeout: 2_000, interval: 5 }).toBe(7n);
      // A checkpoint only the notification holds (the table still says 7): taken from the notification.
      await raw.query("SELECT pg_notify('phonemarket_read_models', $1)", [JSON.stringify({ _id: PROJECTOR_ID, position: '42', topics: { outbox: '42' } })]);
      await expect.poll(() => progress.position(), { timeout: 2_000, interval: 5 }).toBe(42n);
      // A malformed one (or none) is only a wake-up: the table's checkpoint is read, and an older one changes nothing.
      await raw.query("SELECT pg_notify('phonemarket_read_models', $1)", ['{"_id":"x","position":"99"}']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(progress.position()).toBe(42n);
    } finally {
      await progress.close();
      await raw.end();
      await writer.close();
      await follower.close();
    }
  });
});
