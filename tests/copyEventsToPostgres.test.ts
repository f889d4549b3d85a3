/**
 * Moving an embedded install to PostgreSQL (README, ADR 024): `events:copy` copies the SQLite log
 * as it is, and the read models rebuilt on PostgreSQL equal the embedded ones, document for document.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgresEventStore, openSqliteEventStore } from '@phonemarket/events';
import { copyEvents } from '@phonemarket/events/copyEvents.ts';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { allReadModels, connectPostgresDocStore, createMemoryDocStore, rebuildReadModels, snapshotReadModels } from '@phonemarket/projector';
import { rebuildIntoPostgres } from '@phonemarket/projector/postgresProjector.ts';
import { appendLog, everyEventLog } from './support/everyEventLog.ts';

const available = postgresAvailable('events:copy to postgres');

describe.skipIf(!available)('SQLite → PostgreSQL', () => {
  let cluster: PostgresCluster;
  let dir: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    dir = mkdtempSync(join(tmpdir(), 'copy-events-'));
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every event as it is; rebuilt read models equal the embedded ones; a second copy adds nothing', async () => {
    const sqlite = openSqliteEventStore(join(dir, 'events.sqlite'));
    await appendLog(sqlite, everyEventLog());
    const postgres = await connectPostgresEventStore(await cluster.createDatabase('events'));
    const docs = await connectPostgresDocStore(await cluster.createDatabase('read_models'));
    try {
      const copied = await copyEvents(sqlite, postgres);
      const log = await sqlite.readAll();
      expect(copied.events).toBe(log.length);
      expect(await postgres.readAll()).toEqual(log);
      expect(await postgres.headPosition()).toBe(await sqlite.headPosition());
      expect((await copyEvents(sqlite, postgres)).events).toBe(0);

      const embedded = createMemoryDocStore();
      await rebuildReadModels(sqlite, embedded, allReadModels);
      await rebuildIntoPostgres(postgres, docs, allReadModels);
      const expected = await snapshotReadModels(embedded, allReadModels);
      expect(Object.values(expected).flat().length).toBeGreaterThan(50);
      expect(await snapshotReadModels(docs, allReadModels)).toStrictEqual(expected);

      // The copy goes on as a store: appends continue after the copied head.
      const [first] = log;
      const next = await postgres.append(first!.stream, [{ ...first!, id: crypto.randomUUID() }], { expectedRevision: 'any' });
      expect(next.position).toBe((await sqlite.headPosition()) + 1n);
    } finally {
      await sqlite.close();
      await postgres.close();
      await docs.close();
    }
  });
});
