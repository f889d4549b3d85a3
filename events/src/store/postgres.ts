/**
 * Event store on PostgreSQL (ADR 024), through `pg`.
 *
 * One table `events`; its global position is assigned inside the append under a transaction-level
 * advisory lock, as max(position) + 1, and the lock is held until the transaction commits. So
 * positions are handed out in commit order: a reader that has seen position N never later finds a
 * new event below N (the gap problem of sequence-numbered stores: a transaction that took a lower
 * number and commits later), and subscriptions read `position > last` without gaps, as on SQLite.
 * The whole append is one server-side function call (one round trip): the lock is held for the
 * insert and the commit only, never across the network.
 *
 * Commits NOTIFY `phonemarket_events`; every process LISTENs and wakes its subscribers.
 */
import pg from 'pg';
import { matchStoredBatch, type StoredPlace } from './appendRules.ts';
import { createNotifier, createPollingSubscription } from './subscription.ts';
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
/** pg_advisory_xact_lock key serialising position assignment ('pmev' in ASCII). */
const APPEND_LOCK = 0x706d6576;
/** pg_advisory_lock key serialising schema set-up between processes starting at once. */
const SCHEMA_LOCK = 0x706d7363;
/** With LISTEN waking subscribers, polling only covers a lost notification or listener connection. */
const POLL_INTERVAL_MS = 1_000;
const UNIQUE_VIOLATION = '23505';

/**
 * `expected` arrives as text: 'any' | 'no_stream' | 'stream_exists' | a revision. Answers the
 * stream's tip as it was (-1: no stream) and, when the append was made, the last position.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position bigint PRIMARY KEY,
    id       text   NOT NULL UNIQUE,
    stream   text   NOT NULL,
    revision bigint NOT NULL,
    type     text   NOT NULL,
    data     json   NOT NULL,
    metadata json   NOT NULL,
    UNIQUE (stream, revision)
  );
  CREATE INDEX IF NOT EXISTS events_type_position ON events (type, position);
  CREATE TABLE IF NOT EXISTS leases (
    name       text PRIMARY KEY,
    holder     text,
    expires_at bigint NOT NULL DEFAULT 0,
    checkpoint bigint
  );
  CREATE OR REPLACE FUNCTION phonemarket_now_ms() RETURNS bigint LANGUAGE sql VOLATILE AS
    $$ SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;
  CREATE OR REPLACE FUNCTION phonemarket_append(
    p_stream text, p_expected text, p_ids text[], p_types text[], p_data json[], p_metadata json[],
    OUT tip bigint, OUT last_position bigint
  ) LANGUAGE plpgsql AS $$
  DECLARE
    v_head bigint;
    v_tip_position bigint;
    v_count int := coalesce(array_length(p_ids, 1), 0);
  BEGIN
    PERFORM pg_advisory_xact_lock(${APPEND_LOCK});
    SELECT e.revision, e.position INTO tip, v_tip_position FROM events e WHERE e.stream = p_stream ORDER BY e.revision DESC LIMIT 1;
    tip := coalesce(tip, -1);
    IF NOT (p_expected = 'any'
        OR (p_expected = 'no_stream' AND tip = -1)
        OR (p_expected = 'stream_exists' AND tip >= 0)
        OR (p_expected ~ '^[0-9]+$' AND tip = p_expected::bigint)) THEN
      RETURN;
    END IF;
    IF v_count = 0 THEN
      last_position := coalesce(v_tip_position, 0);
      RETURN;
    END IF;
    SELECT coalesce(max(e.position), 0) INTO v_head FROM events e;
    INSERT INTO events (position, id, stream, revision, type, data, metadata)
      SELECT v_head + n, p_ids[n], p_stream, tip + n, p_types[n], p_data[n], p_metadata[n]
      FROM generate_series(1, v_count) AS n;
    last_position := v_head + v_count;
    PERFORM pg_notify('${CHANNEL}', last_position::text);
  END $$;
`;

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

export async function connectPostgresEventStore(url: string, opts: { poolSize?: number } = {}): Promise<EventStore> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  await ensureSchema(pool);

  const notifier = createNotifier();
  const subscriptions = new Set<Subscription>();
  let closed = false;
  const listener = await listen(url, () => notifier.notify());

  async function readAfter(position: bigint, limit: number | null, types?: readonly string[]): Promise<RecordedEvent[]> {
    const result = types
      ? await pool.query<EventRow>({ name: 'pm-read-types', text: `SELECT ${COLUMNS} FROM events WHERE position > $1 AND type = ANY($2) ORDER BY position LIMIT $3`, values: [position.toString(), types, limit] })
      : await pool.query<EventRow>({ name: 'pm-read-all', text: `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, values: [position.toString(), limit] });
    return result.rows.map(toRecorded);
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

  async function append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    let row: { tip: string; last_position: string | null };
    try {
      const result = await pool.query<{ tip: string; last_position: string | null }>({
        name: 'pm-append',
        text: 'SELECT tip, last_position FROM phonemarket_append($1, $2, $3, $4, $5, $6)',
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
      if (isUniqueViolation(error)) return replayOrThrow(stream, events, expected, error);
      throw error;
    }
    const tip = BigInt(row.tip);
    const actual = tip < 0n ? 'no_stream' : tip;
    if (row.last_position === null) {
      // Rejected: a retry of a stored batch answers its result, anything else is a conflict.
      const error = new WrongExpectedVersionError(stream, expected, actual);
      return events.length > 0 ? replayOrThrow(stream, events, expected, error) : Promise.reject(error);
    }
    if (events.length > 0) notifier.notify();
    return { nextRevision: tip + BigInt(events.length), position: BigInt(row.last_position) };
  }

  return {
    append: (stream, events, { expectedRevision }) => append(stream, events, expectedRevision),
    async readStream(stream, { from = 0n } = {}) {
      const { rows } = await pool.query<EventRow>({
        name: 'pm-read-stream',
        text: `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY revision`,
        values: [stream, from.toString()],
      });
      return rows.map(toRecorded);
    },
    async readAll({ fromPosition = 0n, limit, types } = {}) {
      if (types?.length === 0 || (limit !== undefined && limit <= 0)) return [];
      return readAfter(fromPosition, limit ?? null, types);
    },
    subscribeToAll({ fromPosition = 0n } = {}) {
      const subscription = createPollingSubscription(fromPosition, (after, limit) => readAfter(after, limit), notifier, () => subscriptions.delete(subscription), POLL_INTERVAL_MS);
      subscriptions.add(subscription);
      return subscription;
    },
    async headPosition() {
      const { rows } = await pool.query<{ head: string }>('SELECT coalesce(max(position), 0) AS head FROM events');
      return BigInt(rows[0]?.head ?? '0');
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
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await listener.close();
      await pool.end();
    },
  };
}

/** Creates the tables and functions once, even with several processes starting together. */
async function ensureSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      await client.query(SCHEMA);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * A dedicated connection LISTENing for commits of any process; reconnects after losing it (a
 * subscriber then waits at most the poll interval meanwhile).
 */
async function listen(url: string, onCommit: () => void): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', () => onCommit());
    next.on('error', () => {
      void next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 500);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
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

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === UNIQUE_VIOLATION;
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
