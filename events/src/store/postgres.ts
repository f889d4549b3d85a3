/**
 * Event store on PostgreSQL (ADR 024), through `pg`.
 *
 * One table `events`; an append takes its positions by moving the one-row `events_head` on, and the
 * row lock it takes there is held until the transaction commits. So positions are handed out in
 * commit order: a reader that has seen position N never later finds a new event below N (the gap
 * problem of sequence-numbered stores: a transaction that took a lower number and commits later),
 * and subscriptions read `position > last` without gaps, as on SQLite. The whole append is one
 * statement (one round trip): the lock is held for the insert and the commit only, never across
 * the network.
 *
 * Commits NOTIFY `phonemarket_events`; every process with a subscription LISTENs and wakes its subscribers.
 */
import pg from 'pg';
import { matchStoredBatch, type StoredPlace } from './appendRules.ts';
import { createNotifier, createPollingSubscription, type ReadBatch } from './subscription.ts';
import { ensurePostgresSchema } from './postgresSchema.ts';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './types.ts';

const CHANNEL = 'phonemarket_events';
/** pg_advisory_lock key serialising schema set-up between processes starting at once. */
const SCHEMA_LOCK = 0x706d7363;
/** With LISTEN waking subscribers, polling only covers a lost notification or listener connection. */
const POLL_INTERVAL_MS = 1_000;
const UNIQUE_VIOLATION = '23505';
/**
 * Events per read while a subscription catches up. Each read is a round trip and a statement: reading
 * the bench's 101,464-event log took 362 ms of Node CPU and 120 ms of the server's in reads of 500,
 * 271 ms and 90 ms in reads of 2,000 (ADR 024).
 */
const CATCH_UP_BATCH = 2_000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position bigint PRIMARY KEY,
    id       text   NOT NULL UNIQUE,
    stream   text   NOT NULL,
    revision bigint NOT NULL,
    type     text   NOT NULL,
    data     json   NOT NULL,
    metadata json   NOT NULL,
    CONSTRAINT events_stream_revision UNIQUE (stream, revision)
  );
  CREATE INDEX IF NOT EXISTS events_type_position ON events (type, position);
  -- The last position handed out: one row, its row lock is what serialises appends (see APPEND).
  CREATE TABLE IF NOT EXISTS events_head (
    id       int    PRIMARY KEY CHECK (id = 1),
    position bigint NOT NULL
  );
  INSERT INTO events_head (id, position) SELECT 1, coalesce(max(position), 0) FROM events ON CONFLICT (id) DO NOTHING;
  CREATE TABLE IF NOT EXISTS leases (
    name       text PRIMARY KEY,
    holder     text,
    expires_at bigint NOT NULL DEFAULT 0,
    checkpoint bigint
  );
  CREATE OR REPLACE FUNCTION phonemarket_now_ms() RETURNS bigint LANGUAGE sql VOLATILE AS
    $$ SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;
`;

/** SQL: the expected revision `expected` ('any' | 'no_stream' | 'stream_exists' | a revision) holds for the stream's tip `r` (-1: no stream). */
const expectedHolds = (expected: string) =>
  `${expected} = 'any' OR (${expected} = 'no_stream' AND r = -1) OR (${expected} = 'stream_exists' AND r >= 0) OR (${expected} ~ '^[0-9]+$' AND r = ${expected}::bigint)`;

/**
 * One statement, one round trip. `tip` is the stream's last revision in the statement's snapshot
 * (-1: no stream); when it satisfies `$2` ('any' | 'no_stream' | 'stream_exists' | a revision), the
 * head row is moved on — its row lock, held to the commit, makes every other append wait here, so
 * positions are taken in commit order — and the events inserted after it. A concurrent append to the
 * same stream that committed after the snapshot makes the insert hit `events_stream_revision`
 * (handled by the caller: retried for 'any'/'stream_exists', a conflict otherwise).
 */
const APPEND = `
  WITH tip AS (SELECT coalesce((SELECT revision FROM events WHERE stream = $1 ORDER BY revision DESC LIMIT 1), -1) AS r),
  ok AS (SELECT r FROM tip WHERE ${expectedHolds('$2')}),
  head AS (
    UPDATE events_head SET position = position + cardinality($3::text[])
    WHERE id = 1 AND EXISTS (SELECT 1 FROM ok) AND cardinality($3::text[]) > 0
    RETURNING position - cardinality($3::text[]) AS base
  ),
  inserted AS (
    INSERT INTO events (position, id, stream, revision, type, data, metadata)
    SELECT head.base + e.n, e.id, $1, ok.r + e.n, e.type, e.data, e.metadata
    FROM head, ok, unnest($3::text[], $4::text[], $5::json[], $6::json[]) WITH ORDINALITY AS e(id, type, data, metadata, n)
    RETURNING position
  )
  SELECT (SELECT r FROM tip) AS tip, EXISTS (SELECT 1 FROM ok) AS ok, (SELECT max(position) FROM inserted) AS last_position,
    CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN pg_notify('${CHANNEL}', '') END AS notified`;

/**
 * `APPEND` for the usual append, of one event: the same checks, lock and insert, with the event as
 * plain parameters — no arrays for node-postgres to escape and PostgreSQL to parse, no `unnest`
 * (ADR 029, "One writer's durable appends").
 */
const APPEND_ONE = `
  WITH tip AS (SELECT coalesce((SELECT revision FROM events WHERE stream = $1 ORDER BY revision DESC LIMIT 1), -1) AS r),
  ok AS (SELECT r FROM tip WHERE ${expectedHolds('$2')}),
  head AS (UPDATE events_head SET position = position + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM ok) RETURNING position),
  inserted AS (
    INSERT INTO events (position, id, stream, revision, type, data, metadata)
    SELECT head.position, $3, $1, ok.r + 1, $4, $5::json, $6::json FROM head, ok
    RETURNING position
  )
  SELECT (SELECT r FROM tip) AS tip, EXISTS (SELECT 1 FROM ok) AS ok, (SELECT position FROM inserted) AS last_position,
    CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN pg_notify('${CHANNEL}', '') END AS notified`;

/**
 * Group commit: the appends waiting while one is in flight go together in one statement (one round
 * trip, one transaction, one WAL flush), each still checked against its own expected revision. The
 * same head-row lock makes positions commit-ordered. Only one append per stream per batch (a second
 * one's expected revision may depend on the first): later ones wait for the next batch.
 */
const APPEND_BATCH = `
  WITH req AS (
    SELECT r.a, r.stream, r.expected, r.n FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS r(stream, expected, n, a)
  ),
  tip AS (
    SELECT req.*, coalesce((SELECT e.revision FROM events e WHERE e.stream = req.stream ORDER BY e.revision DESC LIMIT 1), -1) AS r FROM req
  ),
  ok AS (
    SELECT tip.*, sum(tip.n) OVER (ORDER BY tip.a) - tip.n AS before FROM tip
    WHERE ${expectedHolds('expected')}
  ),
  head AS (
    UPDATE events_head SET position = position + (SELECT sum(n) FROM ok)
    WHERE id = 1 AND EXISTS (SELECT 1 FROM ok)
    RETURNING position - (SELECT sum(n) FROM ok) AS base
  ),
  ev AS (
    SELECT * FROM unnest($4::int[], $5::int[], $6::text[], $7::text[], $8::json[], $9::json[]) AS e(a, i, id, type, data, metadata)
  ),
  inserted AS (
    INSERT INTO events (position, id, stream, revision, type, data, metadata)
    SELECT head.base + ok.before + ev.i, ev.id, ok.stream, ok.r + ev.i, ev.type, ev.data, ev.metadata
    FROM head CROSS JOIN ok JOIN ev ON ev.a = ok.a
    RETURNING 1
  )
  SELECT tip.a, tip.r AS tip, ok.a IS NOT NULL AS ok, (SELECT base FROM head) + ok.before + ok.n AS last_position,
    (SELECT count(*) FROM inserted) AS inserted,
    CASE WHEN EXISTS (SELECT 1 FROM ok) THEN pg_notify('${CHANNEL}', '') END AS notified
  FROM tip LEFT JOIN ok ON ok.a = tip.a ORDER BY tip.a`;
/** At most this many appends (and events) in one batch statement. */
const MAX_BATCH_APPENDS = 256;
const MAX_BATCH_EVENTS = 4_096;

interface PendingAppend {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

const COLUMNS = 'position, id, stream, revision, type, data, metadata';

interface EventRow {
  position: string;
  id: string;
  stream: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** The PostgreSQL store, plus the bulk import that moves an embedded store's log over (`events:copy`). */
export interface PostgresEventStore extends EventStore {
  /**
   * Writes recorded events as they are (ids, streams, revisions, positions kept), in one transaction
   * per call; each must lie after the store's head, in position order. Subscribers are woken.
   */
  importEvents(events: readonly RecordedEvent[]): Promise<void>;
}

/** How the store connects: its pool's size, and whether a commit waits for its WAL flush (ADR 029). */
export interface PostgresEventStoreOptions {
  poolSize?: number;
  /**
   * `true`: an append is answered once its commit is flushed to disk, so an answered write survives a
   * crash of the server or a power loss (the product's default, `EVENT_STORE_SYNCHRONOUS_COMMIT=on`;
   * unset here: the server's own setting, `on` unless its administrator changed it). `false`: the session runs with
   * `synchronous_commit=off` — answered before the flush, which the WAL writer does within about
   * 3 × `wal_writer_delay` (0.6 s by default); a crash of the PostgreSQL server or the machine in
   * that window loses the last answered appends (never corrupts: the log stays a prefix of what was
   * answered). The embedded SQLite store's WAL with synchronous=NORMAL makes the same trade on a power loss.
   */
  synchronousCommit?: boolean;
}

export async function connectPostgresEventStore(url: string, opts: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, ...(opts.synchronousCommit === undefined ? {} : { options: `-c synchronous_commit=${opts.synchronousCommit ? 'on' : 'off'}` }) });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  /**
   * The server processes of this store's own pool. Their commits' notifications come back to the
   * listener after the append has already woken the subscribers in-process (`notifier.notify()`
   * below); a second wake only made every subscriber read again and find nothing — one empty read
   * per subscriber per append in every command-api (ADR 029). A commit whose answer was lost is
   * still read by the subscribers' poll.
   */
  const ownBackends = new Set<number>();
  const backendOf = (client: pg.PoolClient) => (client as pg.PoolClient & { processID?: number | null }).processID; // set by pg, not in its types
  pool.on('connect', (client) => { const pid = backendOf(client); if (pid) ownBackends.add(pid); });
  pool.on('remove', (client) => { const pid = backendOf(client); if (pid) ownBackends.delete(pid); });
  await ensurePostgresSchema(pool, SCHEMA_LOCK, SCHEMA);

  const notifier = createNotifier();
  const subscriptions = new Set<Subscription>();
  let closed = false;
  /**
   * Other processes' commits wake this one's subscribers through a LISTENing connection, opened with
   * the first subscription: a process that only appends (a bulk load, `events:copy`, the bench's
   * writer) keeps no listener for PostgreSQL to wake and for Node to read on every commit
   * (ADR 029). Once listening it wakes every subscriber (`listenForCommits` calls back on connect),
   * so a commit made while it was connecting is read then; a failed connect is tried again, the
   * subscribers' poll covering the wait.
   */
  let listener: Promise<{ close(): Promise<void> }> | null = null;
  let listenRetry: NodeJS.Timeout | undefined;
  function listen(): void {
    if (listener || closed) return;
    const connecting = listenForCommits(url, CHANNEL, (_payload, fromBackend) => {
      if (fromBackend === undefined || !ownBackends.has(fromBackend)) notifier.notify();
    });
    listener = connecting;
    connecting.catch(() => {
      if (listener === connecting) listener = null;
      if (!closed) listenRetry = setTimeout(listen, 500).unref();
    });
  }

  async function readAfter(position: bigint, limit: number | null, types?: readonly string[]): Promise<RecordedEvent[]> {
    const result = types
      ? await pool.query<EventRow>({ name: 'pm-read-types', text: `SELECT ${COLUMNS} FROM events WHERE position > $1 AND type = ANY($2) ORDER BY position LIMIT $3`, values: [position.toString(), types, limit] })
      : await pool.query<EventRow>({ name: 'pm-read-all', text: `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, values: [position.toString(), limit] });
    return result.rows.map(toRecorded);
  }

  /**
   * A subscriber's read of `types` only: the other rows are skipped by the server. One statement reads the
   * head row and the events up to it, in one snapshot (an append moves the head in its own transaction), so
   * a read that does not fill `limit` has looked at every row up to that head and says so (`scannedTo`).
   */
  async function readTypesAfter(position: bigint, limit: number, types: readonly string[]): Promise<ReadBatch> {
    const { rows } = await pool.query<{ head: string } & (EventRow | { [K in keyof EventRow]: null })>({
      name: 'pm-subscribe-types',
      text: `SELECT h.position AS head, e.* FROM events_head AS h LEFT JOIN LATERAL (
        SELECT ${COLUMNS} FROM events WHERE position > $1 AND position <= h.position AND type = ANY($2) ORDER BY position LIMIT $3
      ) AS e ON true ORDER BY e.position`,
      values: [position.toString(), types, limit],
    });
    const events = rows.flatMap((row) => (row.position === null ? [] : [toRecorded(row)]));
    const head = BigInt(rows[0]?.head ?? '0');
    return { events, scannedTo: events.length >= limit ? events.at(-1)!.position : head > position ? head : position };
  }

  async function tipOf(stream: string): Promise<bigint | 'no_stream'> {
    const { rows } = await pool.query<{ revision: string }>('SELECT revision FROM events WHERE stream = $1 ORDER BY revision DESC LIMIT 1', [stream]);
    return rows[0] ? BigInt(rows[0].revision) : 'no_stream';
  }

  /** After a unique violation: the same batch already stored where this append would put it is a retry. */
  async function replayOrThrow(stream: string, events: readonly NewEvent[], expected: ExpectedRevision, error: unknown): Promise<AppendResult> {
    const { rows } = await pool.query<{ id: string; stream: string; revision: string; position: string }>(
      'SELECT id, stream, revision, position FROM events WHERE id = ANY($1)', [events.map((e) => e.id)],
    );
    const byId = new Map(rows.map((r): [string, StoredPlace] => [r.id, { stream: r.stream, revision: BigInt(r.revision), position: BigInt(r.position) }]));
    const replay = matchStoredBatch(stream, expected, events.map((e) => byId.get(e.id)));
    if (replay) return replay;
    if (byId.size > 0) throw new WrongExpectedVersionError(stream, expected, await tipOf(stream));
    throw error; // e.g. the same id twice inside one batch
  }

  /** One append in its own statement: an empty one, a batch member a batch could not settle, or a retry after a lost race. */
  async function appendAlone(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    for (;;) {
      let row: { tip: string; ok: boolean; last_position: string | null };
      try {
        const [one] = events;
        const result = await pool.query<typeof row>(one && events.length === 1
          ? {
            name: 'pm-append-one',
            text: APPEND_ONE,
            values: [stream, expected.toString(), one.id, one.type, JSON.stringify(one.data) ?? 'null', JSON.stringify(one.metadata)],
          }
          : {
            name: 'pm-append',
            text: APPEND,
            values: [
              stream,
              expected.toString(),
              events.map((e) => e.id),
              events.map((e) => e.type),
              events.map((e) => JSON.stringify(e.data) ?? 'null'),
              events.map((e) => JSON.stringify(e.metadata)),
            ],
          });
        row = result.rows[0]!;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const lostRace = error.constraint === 'events_stream_revision';
        // Another append to this stream committed after our snapshot: 'any' and 'stream_exists' still hold, try again.
        if (lostRace && (expected === 'any' || expected === 'stream_exists')) continue;
        return replayOrThrow(stream, events, expected, lostRace ? new WrongExpectedVersionError(stream, expected, await tipOf(stream)) : error);
      }
      const tip = BigInt(row.tip);
      if (!row.ok) {
        // Rejected: a retry of a stored batch answers its result, anything else is a conflict.
        const error = new WrongExpectedVersionError(stream, expected, tip < 0n ? 'no_stream' : tip);
        if (events.length === 0) throw error;
        return replayOrThrow(stream, events, expected, error);
      }
      if (events.length === 0) return { nextRevision: tip, position: tip < 0n ? 0n : await positionOf(stream, tip) };
      notifier.notify();
      return { nextRevision: tip + BigInt(events.length), position: BigInt(row.last_position!) };
    }
  }

  const queue: PendingAppend[] = [];
  let flushing = false;

  function append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return appendAlone(stream, events, expected);
    return new Promise((resolve, reject) => {
      queue.push({ stream, events, expected, resolve, reject });
      if (!flushing) void flush();
    });
  }

  /** Takes the next batch off the queue: in order, one append per stream, within the size caps. */
  function takeBatch(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (let i = 0; i < queue.length && batch.length < MAX_BATCH_APPENDS;) {
      const next = queue[i]!;
      if (streams.has(next.stream) || (batch.length > 0 && events + next.events.length > MAX_BATCH_EVENTS)) { i++; continue; }
      streams.add(next.stream);
      events += next.events.length;
      batch.push(next);
      queue.splice(i, 1);
    }
    return batch;
  }

  const settle = (pending: PendingAppend, result: Promise<AppendResult>) => { result.then(pending.resolve, pending.reject); };

  async function flush(): Promise<void> {
    flushing = true;
    try {
      for (;;) {
        // Let every append that arrives in this turn of the event loop join the batch — among them the
        // next appends of the writers the last batch just answered (their continuations run now), who
        // would otherwise go one alone and the rest in the batch after (half the appends per flush).
        await new Promise((resolve) => setImmediate(resolve));
        if (queue.length === 0) break;
        const batch = takeBatch();
        if (batch.length === 1) {
          const [only] = batch;
          const result = appendAlone(only!.stream, only!.events, only!.expected);
          settle(only!, result);
          await result.catch(() => {});
          continue;
        }
        let rows: { a: string; tip: string; ok: boolean; last_position: string | null }[];
        try {
          const flat = batch.flatMap((p, a) => p.events.map((e, i) => ({ a: a + 1, i: i + 1, e })));
          ({ rows } = await pool.query<(typeof rows)[number]>({
            name: 'pm-append-batch',
            text: APPEND_BATCH,
            values: [
              batch.map((p) => p.stream), batch.map((p) => p.expected.toString()), batch.map((p) => p.events.length),
              flat.map((f) => f.a), flat.map((f) => f.i), flat.map((f) => f.e.id), flat.map((f) => f.e.type),
              flat.map((f) => JSON.stringify(f.e.data) ?? 'null'), flat.map((f) => JSON.stringify(f.e.metadata)),
            ],
          }));
        } catch (error) {
          // Nothing of the batch was written (one statement): a lost race or a retried event id — each alone sorts it out.
          if (!isUniqueViolation(error)) {
            for (const p of batch) p.reject(error);
          } else {
            for (const p of batch) settle(p, appendAlone(p.stream, p.events, p.expected));
          }
          continue;
        }
        if (rows.some((r) => r.ok)) notifier.notify();
        for (const [a, p] of batch.entries()) {
          const row = rows[a]!;
          if (row.ok) p.resolve({ nextRevision: BigInt(row.tip) + BigInt(p.events.length), position: BigInt(row.last_position!) });
          else settle(p, appendAlone(p.stream, p.events, p.expected)); // a conflict or a replay: answered as alone
        }
      }
    } finally {
      flushing = false;
    }
  }

  /**
   * Reads begun in the same turn of the event loop go as one statement (a command reading an offer's
   * terms, model, plans and seller at once: one round trip instead of one each, ADR 024). Each read
   * still answers its own stream from `from` on, as read in that statement's snapshot.
   */
  let pendingReads: { stream: string; from: bigint; resolve(events: RecordedEvent[]): void; reject(error: unknown): void }[] = [];
  function readStreamJoined(stream: string, from: bigint): Promise<RecordedEvent[]> {
    return new Promise((resolve, reject) => {
      pendingReads.push({ stream, from, resolve, reject });
      if (pendingReads.length === 1) queueMicrotask(() => {
        const reads = pendingReads;
        pendingReads = [];
        readStreamsAtOnce(reads).then((answers) => { for (const [i, r] of reads.entries()) r.resolve(answers[i]!); }, (error) => { for (const r of reads) r.reject(error); });
      });
    });
  }

  async function readStreamsAtOnce(reads: readonly { stream: string; from: bigint }[]): Promise<RecordedEvent[][]> {
    if (reads.length === 0) return [];
    if (reads.length === 1) {
      const { rows } = await pool.query<EventRow>({
        name: 'pm-read-stream',
        text: `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY revision`,
        values: [reads[0]!.stream, reads[0]!.from.toString()],
      });
      return [rows.map(toRecorded)];
    }
    // Each stream after its own revision: LATERAL makes it one look-up in the (stream, revision) index
    // per read (a plain join of the unnest let the planner hash-join a scan of the whole table).
    const { rows } = await pool.query<EventRow & { a: string }>({
      name: 'pm-read-streams',
      text: `SELECT r.a, e.* FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r(stream, from_revision, a)
        CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM events WHERE stream = r.stream AND revision >= r.from_revision ORDER BY revision) AS e
        ORDER BY r.a, e.revision`,
      values: [reads.map((r) => r.stream), reads.map((r) => r.from.toString())],
    });
    const answers: RecordedEvent[][] = reads.map(() => []);
    for (const row of rows) answers[Number(row.a) - 1]!.push(toRecorded(row));
    return answers;
  }

  async function positionOf(stream: string, revision: bigint): Promise<bigint> {
    const { rows } = await pool.query<{ position: string }>('SELECT position FROM events WHERE stream = $1 AND revision = $2', [stream, revision.toString()]);
    return BigInt(rows[0]?.position ?? '0');
  }

  return {
    append: (stream, events, { expectedRevision }) => append(stream, events, expectedRevision),
    readStream: (stream, { from = 0n } = {}) => readStreamJoined(stream, from),
    readStreams: (reads) => readStreamsAtOnce(reads.map(({ stream, from = 0n }) => ({ stream, from }))),
    async readAll({ fromPosition = 0n, limit, types } = {}) {
      if (types?.length === 0 || (limit !== undefined && limit <= 0)) return [];
      return readAfter(fromPosition, limit ?? null, types);
    },
    subscribeToAll({ fromPosition = 0n, batchSize = CATCH_UP_BATCH, types, onScanned } = {}) {
      const read = types ? (after: bigint, limit: number) => readTypesAfter(after, limit, types) : (after: bigint, limit: number) => readAfter(after, limit);
      const subscription = createPollingSubscription(fromPosition, read, notifier, () => subscriptions.delete(subscription), POLL_INTERVAL_MS,
        { readAhead: true, batchSize, ...(onScanned ? { onScanned } : {}) });
      subscriptions.add(subscription);
      listen();
      return subscription;
    },
    async headPosition() {
      const { rows } = await pool.query<{ position: string }>('SELECT position FROM events_head');
      return BigInt(rows[0]?.position ?? '0');
    },
    leases: {
      // The database's clock decides expiry: instances on several machines need not agree on the time.
      async claim(name, holder, ttlMs) {
        const { rowCount } = await pool.query(
          `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, phonemarket_now_ms() + $3)
           ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
           WHERE leases.holder = excluded.holder OR leases.expires_at <= phonemarket_now_ms()`,
          [name, holder, Math.round(ttlMs)],
        );
        return rowCount === 1;
      },
      async release(name, holder) {
        await pool.query('UPDATE leases SET expires_at = 0 WHERE name = $1 AND holder = $2', [name, holder]);
      },
      async checkpoint(name) {
        const { rows } = await pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM leases WHERE name = $1', [name]);
        const checkpoint = rows[0]?.checkpoint;
        return checkpoint === undefined || checkpoint === null ? null : BigInt(checkpoint);
      },
      async saveCheckpoint(name, holder, position) {
        const { rowCount } = await pool.query(
          'UPDATE leases SET checkpoint = $3 WHERE name = $1 AND holder = $2 AND expires_at > phonemarket_now_ms()',
          [name, holder, position.toString()],
        );
        return rowCount === 1;
      },
    },
    async importEvents(events) {
      const last = events.at(-1);
      if (!last) return;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows: [head] } = await client.query<{ position: string }>('SELECT position FROM events_head WHERE id = 1 FOR UPDATE');
        if (events.some((e, i) => e.position <= (i === 0 ? BigInt(head?.position ?? '0') : events[i - 1]!.position))) {
          throw new Error('importEvents: events must follow the store\'s head, in position order');
        }
        await client.query(
          `INSERT INTO events (position, id, stream, revision, type, data, metadata)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::json[], $7::json[])`,
          [
            events.map((e) => e.position.toString()), events.map((e) => e.id), events.map((e) => e.stream), events.map((e) => e.revision.toString()),
            events.map((e) => e.type), events.map((e) => JSON.stringify(e.data) ?? 'null'), events.map((e) => JSON.stringify(e.metadata)),
          ],
        );
        await client.query('UPDATE events_head SET position = $1 WHERE id = 1', [last.position.toString()]);
        await client.query(`SELECT pg_notify('${CHANNEL}', '')`);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      notifier.notify();
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      clearTimeout(listenRetry);
      await listener?.then((l) => l.close(), () => {});
      await pool.end();
    },
  };
}


/**
 * A dedicated connection LISTENing on `channel` for commits of any process; reconnects after losing it
 * (a follower then waits for its poll meanwhile) and calls `onCommit` once connected again, for what
 * was committed while it was not listening (without a payload). Shared with the read models' store
 * (its batch commits, whose NOTIFY carries the checkpoint).
 */
export async function listenForCommits(url: string, channel: string, onCommit: (payload?: string, fromBackend?: number) => void): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => onCommit(message.payload || undefined, message.processId));
    next.on('error', () => {
      void next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 500);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    onCommit(); // whatever was committed while not listening
  }
  await connect();
  return {
    async close() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

function isUniqueViolation(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    position: BigInt(row.position),
    id: row.id,
    stream: row.stream,
    revision: BigInt(row.revision),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}
