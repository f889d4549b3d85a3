/**
 * The event store contract on a throwaway PostgreSQL cluster (events/src/testing/postgres.ts), plus
 * what only a multi-writer SQL store can get wrong: many connections appending at once while a
 * subscriber follows, which must never skip an event committed late (ADR 024).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '../testing/postgres.ts';
import { eventStoreContract } from './contract.ts';
import { connectPostgresEventStore } from './postgres.ts';
import type { EventStore, NewEvent, RecordedEvent } from './types.ts';

const available = postgresAvailable('postgres event store');

describe.skipIf(!available)('postgresql event store', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  eventStoreContract('postgresql', async () => {
    const url = await cluster.createDatabase(`contract_${randomUUID().replaceAll('-', '')}`);
    return { store: await connectPostgresEventStore(url), reopen: () => connectPostgresEventStore(url), cleanup: async () => {} };
  });

  it('a subscriber in another process-like connection sees every event of 8 concurrent writers, in order, none skipped', async () => {
    const url = await cluster.createDatabase(`writers_${randomUUID().replaceAll('-', '')}`);
    // Each writer its own store (its own pool): as separate command-api instances are.
    const writers = await Promise.all(Array.from({ length: 8 }, () => connectPostgresEventStore(url, { poolSize: 4 })));
    const reader = await connectPostgresEventStore(url);
    const perWriter = 150;
    const total = writers.length * perWriter;
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll();
    const following = (async () => {
      for await (const event of subscription) {
        seen.push(event);
        if (seen.length === total) break;
      }
    })();
    try {
      // Four concurrent appends per writer, batches of 1–3 events: commits interleave as much as they can.
      await Promise.all(writers.flatMap((store, w) => Array.from({ length: 4 }, (_, lane) => appendMany(store, `w${w}-${lane}`, perWriter / 4 + (lane < perWriter % 4 ? 1 : 0)))));
      await withTimeout(following, 20_000, () => `subscriber saw ${seen.length} of ${total}`);
      const log = await reader.readAll();
      expect(log).toHaveLength(total);
      expect(seen).toEqual(log);
      const positions = seen.map((e) => e.position);
      expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    } finally {
      await subscription.close();
      await Promise.all([...writers, reader].map((s) => s.close()));
    }
  });

  it('appends made at once in one process go as one batch, each answered as if alone: successes, a conflict, a retried batch, two to one stream', async () => {
    const url = await cluster.createDatabase(`batch_${randomUUID().replaceAll('-', '')}`);
    const store = await connectPostgresEventStore(url);
    try {
      const stored = [event(), event()];
      const first = await store.append('batch-retried', stored, { expectedRevision: 'no_stream' });
      await store.append('batch-conflict', [event()], { expectedRevision: 'no_stream' });
      const fresh = Array.from({ length: 6 }, (_, i) => store.append(`batch-fresh-${i}`, [event(), event()], { expectedRevision: 'no_stream' }));
      const conflict = store.append('batch-conflict', [event()], { expectedRevision: 'no_stream' });
      const retried = store.append('batch-retried', stored, { expectedRevision: 'no_stream' });
      const sameStream = [store.append('batch-twice', [event()], { expectedRevision: 'any' }), store.append('batch-twice', [event()], { expectedRevision: 'any' })];
      const results = await Promise.all(fresh);
      await expect(conflict).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
      expect(await retried).toEqual(first);
      const twice = await Promise.all(sameStream);
      expect(results.map((r) => r.nextRevision)).toEqual(results.map(() => 1n));
      expect(twice.map((r) => r.nextRevision).sort()).toEqual([0n, 1n]);
      // Every answered position is where its events are, and the log has nothing else.
      const log = await store.readAll();
      expect(log).toHaveLength(2 + 1 + 12 + 2);
      for (const [i, r] of results.entries()) {
        const events = log.filter((e) => e.stream === `batch-fresh-${i}`);
        expect(events.map((e) => e.revision)).toEqual([0n, 1n]);
        expect(events[1]!.position).toBe(r.position);
      }
      expect(log.map((e) => e.position)).toEqual([...log.map((e) => e.position)].sort((a, b) => (a < b ? -1 : 1)));
    } finally {
      await store.close();
    }
  });

  it('8 writers appending one after another each share transactions (one WAL flush each): the group commit, not one flush per append', async () => {
    const url = await cluster.createDatabase(`group_${randomUUID().replaceAll('-', '')}`);
    const store = await connectPostgresEventStore(url, { poolSize: 10 });
    const perWriter = 40;
    try {
      // Closed loops, as the bench's writers and as request handlers awaiting their append.
      await Promise.all(Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) await store.append(`group-${w}-${i}`, [event()], { expectedRevision: 'no_stream' });
      }));
      // Rows written by one transaction share its xmin.
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows: [row] } = await client.query<{ appends: string; transactions: string }>(`SELECT count(*) AS appends, count(DISTINCT xmin::text) AS transactions FROM events WHERE stream LIKE 'group-%'`);
        expect(Number(row!.appends)).toBe(8 * perWriter);
        // All 8 go together once the first round is answered (≈ perWriter + 1 transactions); a batcher
        // that let the first answered writer go alone would make about 2 × perWriter.
        expect(Number(row!.transactions)).toBeLessThanOrEqual(perWriter * 1.5);
      } finally {
        await client.end();
      }
    } finally {
      await store.close();
    }
  });

  it('reads begun at once go as one statement, each answered as if alone (readStreams, and readStream calls in one turn)', async () => {
    const url = await cluster.createDatabase(`reads_${randomUUID().replaceAll('-', '')}`);
    const store = await connectPostgresEventStore(url);
    try {
      await store.append('x', [event(), event(), event()], { expectedRevision: 'no_stream' });
      await store.append('y', [event(), event()], { expectedRevision: 'no_stream' });
      const reads = [{ stream: 'x', from: 1n }, { stream: 'y' }, { stream: 'never' }, { stream: 'x' }, { stream: 'y', from: 5n }];
      const readOne = (r: { stream: string; from?: bigint }) => store.readStream(r.stream, r.from === undefined ? {} : { from: r.from });
      const alone: RecordedEvent[][] = [];
      for (const r of reads) alone.push(await readOne(r));
      expect(alone.map((events) => events.map((e) => `${e.stream}@${e.revision}`))).toEqual([['x@1', 'x@2'], ['y@0', 'y@1'], [], ['x@0', 'x@1', 'x@2'], []]);
      expect(await store.readStreams!(reads)).toEqual(alone);
      expect(await store.readStreams!([])).toEqual([]);
      // Counted at the driver (pg's client), not at our store: one query for the five reads.
      const { default: pg } = await import('pg');
      const queries = vi.spyOn(pg.Client.prototype, 'query');
      try {
        expect(await Promise.all(reads.map(readOne))).toEqual(alone);
        expect(queries).toHaveBeenCalledTimes(1);
      } finally {
        queries.mockRestore();
      }
    } finally {
      await store.close();
    }
  });

  it('synchronousCommit sets the sessions\' synchronous_commit (ADR 029): off answers before the WAL flush, on waits for it', async () => {
    const url = await cluster.createDatabase(`commit_${randomUUID().replaceAll('-', '')}`);
    const { default: pg } = await import('pg');
    const query = pg.Client.prototype.query;
    for (const [synchronousCommit, expected] of [[false, 'off'], [true, 'on']] as const) {
      const store = await connectPostgresEventStore(url, { synchronousCommit, poolSize: 1 });
      // The pool's one connection, caught at the driver as the store appends through it.
      const clients = new Set<InstanceType<typeof pg.Client>>();
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: InstanceType<typeof pg.Client>, ...args: unknown[]) {
        clients.add(this);
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query);
      try {
        await store.append(`commit-${expected}`, [event()], { expectedRevision: 'no_stream' });
      } finally {
        spy.mockRestore();
      }
      try {
        expect(clients.size).toBe(1);
        const [client] = clients;
        const { rows } = await client!.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
        expect(rows[0]!.synchronous_commit).toBe(expected);
      } finally {
        await store.close();
      }
    }
  });

  it('a process that only appends keeps no LISTEN connection; its first subscription listens, and other processes\' commits wake it (not its 1 s poll)', async () => {
    const url = await cluster.createDatabase(`listen_${randomUUID().replaceAll('-', '')}`);
    const database = decodeURIComponent(new URL(url).pathname.slice(1));
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const listening = async () => (await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN phonemarket_events'", [database],
    )).rows[0]!.n;
    const writer = await connectPostgresEventStore(url);
    const reader = await connectPostgresEventStore(url);
    try {
      await writer.append('listen-0', [event()], { expectedRevision: 'no_stream' });
      await reader.readAll();
      expect(await listening()).toBe(0);
      const subscription = reader.subscribeToAll();
      const seen: RecordedEvent[] = [];
      let wake = (): void => {};
      const following = (async () => {
        for await (const e of subscription) {
          seen.push(e);
          wake();
        }
      })();
      const seenCount = (n: number) => new Promise<void>((resolve) => {
        wake = () => { if (seen.length >= n) resolve(); };
        wake();
      });
      await withTimeout(seenCount(1), 10_000, () => 'the subscriber never saw the first event');
      while (await listening() !== 1) await new Promise((resolve) => setTimeout(resolve, 20));
      // Each append right after the subscriber read the last one, so it sleeps: a wake by the poll alone takes ~1 s.
      const latencies: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const started = performance.now();
        await writer.append(`listen-${i}`, [event()], { expectedRevision: 'no_stream' });
        await withTimeout(seenCount(i + 1), 10_000, () => `the subscriber saw ${seen.length} of ${i + 1}`);
        latencies.push(performance.now() - started);
      }
      expect(latencies.sort((a, b) => a - b)[2]).toBeLessThan(500);
      expect(seen).toEqual(await reader.readAll());
      await subscription.close();
      await following;
    } finally {
      await Promise.all([writer.close(), reader.close()]);
      await admin.end();
    }
  });

  it('a subscriber in the appending process reads once per append: the notification of its own commit does not wake it a second time', async () => {
    const url = await cluster.createDatabase(`own_${randomUUID().replaceAll('-', '')}`);
    const store = await connectPostgresEventStore(url);
    const { default: pg } = await import('pg');
    const query = pg.Client.prototype.query;
    let reads = 0;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: InstanceType<typeof pg.Client>, ...args: unknown[]) {
      if ((args[0] as { name?: string } | undefined)?.name === 'pm-read-all') reads++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    const subscription = store.subscribeToAll();
    const seen: RecordedEvent[] = [];
    const following = (async () => { for await (const e of subscription) seen.push(e); })();
    try {
      await store.append('own-0', [event()], { expectedRevision: 'no_stream' });
      while (seen.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
      // Let the listener connect and its notification of the first commit arrive before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = reads;
      const appends = 100;
      for (let i = 1; i <= appends; i++) {
        await store.append(`own-${i}`, [event()], { expectedRevision: 'no_stream' });
        while (seen.length < i + 1) await new Promise((resolve) => setImmediate(resolve));
        // Time for a notification of this commit to come back before the next append.
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      // One read per append woken in-process, plus the 1 s poll's; a second wake per own commit made it ~2 per append.
      expect(reads - before).toBeLessThan(appends * 1.3);
      expect(seen).toEqual(await store.readAll());
    } finally {
      spy.mockRestore();
      await subscription.close();
      await following;
      await store.close();
    }
  });

  it('a subscriber catching up over many batches (read ahead) while appends go on gets every event once, in order', async () => {
    const url = await cluster.createDatabase(`ahead_${randomUUID().replaceAll('-', '')}`);
    const store = await connectPostgresEventStore(url);
    try {
      // Well past several catch-up reads (2,000 each) before the subscriber starts.
      for (let i = 0; i < 30; i++) await store.append(`ahead-${i}`, Array.from({ length: 200 }, () => event()), { expectedRevision: 'no_stream' });
      const total = 30 * 200 + 8 * 25;
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll();
      const following = (async () => {
        for await (const e of subscription) {
          seen.push(e);
          if (seen.length === total) break;
        }
      })();
      await Promise.all(Array.from({ length: 8 }, (_, w) => appendMany(store, `ahead-live-${w}`, 25)));
      await withTimeout(following, 20_000, () => `subscriber saw ${seen.length} of ${total}`);
      await subscription.close();
      expect(seen).toEqual(await store.readAll());
    } finally {
      await store.close();
    }
  });

  it('a transaction that takes its position later cannot commit below a position a reader has already passed', async () => {
    const url = await cluster.createDatabase(`gap_${randomUUID().replaceAll('-', '')}`);
    const store = await connectPostgresEventStore(url);
    const { default: pg } = await import('pg');
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      // Another connection has taken a position in an open transaction (a slow appender between taking
      // its position and committing): appends wait for it instead of committing past it.
      await blocker.query('BEGIN');
      await blocker.query('UPDATE events_head SET position = position + 1');
      let done = false;
      const pending = store.append('gap-a', [event()], { expectedRevision: 'no_stream' }).then((r) => { done = true; return r; });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(done).toBe(false);
      expect(await store.readAll()).toEqual([]);
      await blocker.query('COMMIT');
      const result = await pending;
      // After the position the other transaction took (it wrote no event there: a hole, never a late arrival).
      expect(result.position).toBe(2n);
    } finally {
      await blocker.end();
      await store.close();
    }
  });
});

async function appendMany(store: EventStore, stream: string, count: number): Promise<void> {
  let revision: bigint | 'no_stream' = 'no_stream';
  let left = count;
  while (left > 0) {
    const size = Math.min(left, 1 + (left % 3));
    const batch = Array.from({ length: size }, () => event());
    const result = await store.append(stream, batch, { expectedRevision: revision });
    revision = result.nextRevision;
    left -= size;
  }
}

let written = 0;
function event(): NewEvent {
  return {
    id: randomUUID(),
    type: 'Written',
    data: { text: '안녕하세요', n: ++written },
    metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: '2024-01-01T00:00:00.000Z' },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(message())), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}
