/**
 * Embedded event store: one SQLite file (node:sqlite), WAL mode.
 *
 * Global positions are the table's AUTOINCREMENT rowid. SQLite admits one writer at a
 * time and rowids are assigned inside the write transaction, so commit order equals
 * position order: a reader that has seen position N can never later find a new event
 * below N. Subscriptions rely on that to read `position > last` without gaps.
 */
import { matchStoredBatch, satisfies } from './appendRules.ts';
import { ensurePrivateFile } from './privateFile.ts';
import { createNotifier, createPollingSubscription, type ReadBatch } from './subscription.ts';
import { startWalCheckpointer, type WalCheckpointer } from './walCheckpointer.ts';
import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamWrite,
  type Subscription,
} from './types.ts';

/** How long a writer waits for another process's write lock before failing (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5_000;
/** Streams whose events `readStream` keeps (least recently read dropped first). */
const STREAM_CACHE_STREAMS = 10_000;
/**
 * Every this many commits the WAL is checkpointed from a worker thread (walCheckpointer.ts), the first
 * time starting it (a store that writes a few events, most tests and the CLIs, never does). In the
 * chat bench 64 commits left 200–600 WAL pages (a line's row and indexes, and the runner's checkpoint
 * saves between), about half SQLite's own 1,000-page threshold.
 */
const WAL_CHECKPOINT_EVERY_COMMITS = 64;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    id       TEXT    NOT NULL UNIQUE,
    stream   TEXT    NOT NULL,
    revision INTEGER NOT NULL,
    type     TEXT    NOT NULL,
    data     TEXT    NOT NULL,
    metadata TEXT    NOT NULL,
    UNIQUE (stream, revision)
  );
  CREATE TABLE IF NOT EXISTS leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0,
    checkpoint INTEGER
  )`;

const COLUMNS = 'position, id, stream, revision, type, data, metadata';

/**
 * The types a start reads across the whole log (`readAll({ types })`: the process runner's timers, the price
 * alerts it warms, the store names): a partial index holds their rows alone, so a start looks them up instead of
 * scanning every row (~0.4 s a scan on 3 M events, four of them at every start), and an append of any other type
 * pays nothing for it (an index of every type cost ~10 % of the appends; ADR 025, s57). A `readAll` of other
 * types scans as before. The index is made again when this list changes.
 */
export const TYPES_READ_ACROSS_THE_LOG = [
  'ProcessTimerScheduled', 'ProcessTimerFired', 'ProcessFailed', 'PriceAlertSet', 'PriceAlertIndexed', 'SellerOnboarded', 'SellerStoreOpened', 'SellerStoreRenamed',
] as const;
const READ_ACROSS_TERM = `type IN (${TYPES_READ_ACROSS_THE_LOG.map((t) => `'${t}'`).join(', ')})`;
const READ_ACROSS_INDEX = `CREATE INDEX events_read_across ON events (type) WHERE ${READ_ACROSS_TERM}`;

/** The partial index as `TYPES_READ_ACROSS_THE_LOG` says (built once on an existing log: ~2 s on 3 M events). */
function ensureReadAcrossIndex(db: DatabaseSync): void {
  const found = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'events_read_across'`).get() as { sql: string } | undefined;
  if (found?.sql === READ_ACROSS_INDEX) return;
  // Processes sharing the file may open it at once: whichever comes second finds the work done.
  if (found) db.exec('DROP INDEX IF EXISTS events_read_across');
  db.exec(READ_ACROSS_INDEX.replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS'));
}
const READ_ACROSS = new Set<string>(TYPES_READ_ACROSS_THE_LOG);

/** `readAll`'s query for `types` (parameters: the position after, the types, the limit). */
export function readOfTypes(types: readonly string[]): string {
  // The partial index's own term, as written there, lets SQLite use it (a query must name it to imply it).
  const lookedUp = types.every((t) => READ_ACROSS.has(t)) ? ` AND ${READ_ACROSS_TERM}` : '';
  return `SELECT ${COLUMNS} FROM events WHERE position > ? AND type IN (${types.map(() => '?').join(', ')})${lookedUp} ORDER BY position LIMIT ?`;
}

type Row = Record<string, SQLOutputValue>;
interface StreamTip {
  revision: bigint;
  position: bigint;
}

export function openSqliteEventStore(path: string): EventStore {
  if (path !== ':memory:') ensurePrivateFile(path);
  const db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS, readBigInts: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec(SCHEMA);
  ensureReadAcrossIndex(db);

  let commits = 0;
  let walCheckpointer: WalCheckpointer | null = null;
  /** Counts this connection's commits; every `WAL_CHECKPOINT_EVERY_COMMITS`th asks the WAL worker for a checkpoint (a file store only). */
  function committed() {
    if (++commits % WAL_CHECKPOINT_EVERY_COMMITS !== 0 || path === ':memory:' || closed) return;
    walCheckpointer ??= startWalCheckpointer(path, { busyTimeoutMs: BUSY_TIMEOUT_MS,
      onError: (message) => console.warn(`WAL checkpoint worker (${path}): ${message}`) });
    walCheckpointer.request();
  }

  const sql = {
    begin: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
    tip: db.prepare('SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1'),
    insert: db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)'),
    byId: db.prepare('SELECT stream, revision, position FROM events WHERE id = ?'),
    streamAfter: db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision > ? ORDER BY revision`),
    // Many streams, each after its own revision: a JSON array of [stream, revision] pairs, each looked up in the (stream, revision)
    // index (no ORDER BY: a sort of every row read; `readStreamsSync` puts each stream's in revision order).
    streamsAfter: db.prepare(`SELECT ${COLUMNS.split(', ').map((c) => `e.${c}`).join(', ')} FROM json_each(?) AS w CROSS JOIN events AS e
      WHERE e.stream = w.value ->> 0 AND e.revision > w.value ->> 1`),
    // LIMIT -1 means "no limit" in SQLite.
    after: db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`),
    head: db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events'),
    lease: db.prepare('SELECT holder, expires_at, checkpoint FROM leases WHERE name = ?'),
    takeLease: db.prepare(`INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at`),
    releaseLease: db.prepare('UPDATE leases SET expires_at = 0 WHERE name = ? AND holder = ?'),
    saveCheckpoint: db.prepare('UPDATE leases SET checkpoint = ? WHERE name = ? AND holder = ? AND expires_at > ?'),
  };

  /**
   * Streams as read before, whole (revision 0 on), their events frozen: stored events never change, so
   * a read fetches only what was appended since (by this process or another) and the rest is the same
   * objects as before (which lets `parseEvent` reuse its work on them). The arrays are this cache's own
   * (appended to, never handed out): a reader gets a copy of the part it asked for.
   */
  const streamCache = new Map<string, RecordedEvent[]>();

  /** The revision a read of `stream` from `from` reads after: the kept events' last, or (a reader resuming its fold, the stream not kept) just before `from`. */
  const readAfterRevision = (stream: string, from: bigint) => streamCache.get(stream)?.at(-1)?.revision ?? (from > 0n ? from - 1n : -1n);

  /** The events of `stream` appended after revision `after` (`fresh`) added to the kept ones; a stream read whole is kept. Answers the stream's known events, consecutive revisions. */
  function keep(stream: string, after: bigint, fresh: RecordedEvent[]): RecordedEvent[] {
    const cached = streamCache.get(stream);
    if (!cached && (after >= 0n || fresh.length === 0)) return fresh;
    const events = cached ?? [];
    for (const event of fresh) events.push(event);
    streamCache.delete(stream);
    streamCache.set(stream, events);
    if (streamCache.size > STREAM_CACHE_STREAMS) streamCache.delete(streamCache.keys().next().value!);
    return events;
  }
  /** A copy of the events from revision `from` (revisions are consecutive, so revision r is at index r − the first's). */
  const fromRevision = (events: readonly RecordedEvent[], from: bigint) => events.slice(Math.max(0, Number(from - (events[0]?.revision ?? 0n))));

  function readStreamSync(stream: string, from = 0n): RecordedEvent[] {
    const after = readAfterRevision(stream, from);
    return fromRevision(keep(stream, after, sql.streamAfter.all(stream, after).map((row) => Object.freeze(toRecorded(row)))), from);
  }

  function readStreamsSync(reads: readonly { stream: string; from?: bigint }[]): RecordedEvent[][] {
    // One look-up per stream however often it is asked (after the earliest revision asked).
    const after = new Map<string, bigint>();
    for (const { stream, from = 0n } of reads) {
      const revision = readAfterRevision(stream, from);
      const known = after.get(stream);
      if (known === undefined || revision < known) after.set(stream, revision);
    }
    const fresh = new Map<string, RecordedEvent[]>([...after.keys()].map((stream) => [stream, []]));
    for (const row of sql.streamsAfter.all(JSON.stringify([...after].map(([stream, revision]) => [stream, Number(revision)])))) {
      const event = Object.freeze(toRecorded(row));
      fresh.get(event.stream)!.push(event);
    }
    const inOrder = (events: RecordedEvent[]) => (events.every((e, i) => i === 0 || e.revision > events[i - 1]!.revision) ? events : events.sort((a, b) => (a.revision < b.revision ? -1 : 1)));
    const known = new Map([...after].map(([stream, revision]) => [stream, keep(stream, revision, inOrder(fresh.get(stream)!))]));
    return reads.map(({ stream, from = 0n }) => fromRevision(known.get(stream)!, from));
  }

  const notifier = createNotifier();
  const subscriptions = new Set<Subscription>();
  let closed = false;

  function tipOf(stream: string): StreamTip | undefined {
    const row = sql.tip.get(stream);
    return row && { revision: int(row.revision), position: int(row.position) };
  }

  function readAfter(position: bigint, limit: number): RecordedEvent[] {
    return sql.after.all(position, limit).map(toRecorded);
  }

  /** `limit` null: every event after `after` at that commit (the append's own), whatever limit is asked. */
  let lastSubscriberRead: { after: bigint; limit: number | null; commits: number; events: readonly RecordedEvent[] } | null = null;
  /**
   * Right after this process's commit, what a live subscriber's next read (`position >` the one before
   * the append's first) would answer: the events just written, as stored (their JSON parsed back), so the
   * projector and the process runner need not read back what was just appended. One transaction's
   * positions follow each other (one writer at a time); an event another process commits after them is
   * read on the subscriber's next read, and a subscriber further behind reads from the table.
   */
  function keepForSubscribers(stream: string, events: readonly NewEvent[], stored: readonly StoredJson[], result: AppendResult) {
    const n = BigInt(events.length);
    const first = result.position - n + 1n;
    const firstRevision = result.nextRevision - n + 1n;
    const recorded = events.map((event, i) => Object.freeze({
      position: first + BigInt(i), id: event.id, stream, revision: firstRevision + BigInt(i), type: event.type,
      data: JSON.parse(stored[i]!.data) as unknown, metadata: JSON.parse(stored[i]!.metadata) as EventMetadata,
    }));
    lastSubscriberRead = { after: first - 1n, limit: null, commits: notifier.count(), events: recorded };
    // A stream kept whole up to just before these: they follow it there too (its next read need not fetch them).
    const cached = streamCache.get(stream);
    if (cached && cached.at(-1)?.revision === firstRevision - 1n) cached.push(...recorded);
  }
  /**
   * The subscribers' read: the projector and the process runner, woken by the same commit, ask for the
   * same events. The last read is kept with the commit count it began at, and a subscriber asking the
   * same while nothing was committed here since gets those events (frozen, so shared: their parse is
   * shared too, `parseEvent`) instead of a second query and parse (issue 44: a chat line was read back
   * twice). A kept answer is never empty: the commit count only counts this process's commits, so
   * an empty answer kept would hide another process's commits from a polling subscriber for good (the
   * projector of a separate-services deployment polls a log that command-api appends to). A non-empty
   * one is at worst a prefix of what is there, and the subscriber's next read starts after it.
   */
  function subscriberReadAfter(position: bigint, limit: number): RecordedEvent[] {
    const commits = notifier.count();
    const last = lastSubscriberRead;
    if (last && last.after === position && last.commits === commits && (last.limit === limit || (last.limit === null && last.events.length <= limit))) return last.events.slice();
    const events = sql.after.all(position, limit).map((row) => Object.freeze(toRecorded(row)));
    lastSubscriberRead = events.length > 0 ? { after: position, limit, commits, events } : null;
    return events.slice();
  }

  /**
   * A subscriber's read of `types` only (`subscribeToAll`'s `types`): the other rows are skipped in SQL, never
   * decoded or parsed. Up to the head read just before (every row at or below it is committed: commit order is
   * position order), so a read that does not fill `limit` has looked at every row up to the head and says so
   * (`scannedTo`). Right after this process's commit the events kept for subscribers are filtered instead.
   */
  function typedReader(types: readonly string[]): (position: bigint, limit: number) => ReadBatch {
    const wanted = new Set(types);
    const statement = types.length === 0 ? null
      : db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ? AND type IN (${types.map(() => '?').join(', ')}) ORDER BY position LIMIT ?`);
    return (position, limit) => {
      const last = lastSubscriberRead;
      if (last && last.after === position && last.commits === notifier.count()) {
        // The kept read holds every row after `position` up to its last event.
        const events: RecordedEvent[] = [];
        for (const event of last.events) {
          if (!wanted.has(event.type)) continue;
          events.push(event);
          if (events.length >= limit) return { events, scannedTo: event.position };
        }
        return { events, scannedTo: last.events.at(-1)!.position };
      }
      const head = int(sql.head.get()?.head);
      if (!statement || head <= position) return { events: [], scannedTo: head > position ? head : position };
      const events = statement.all(position, head, ...types, limit).map((row) => Object.freeze(toRecorded(row)));
      return { events, scannedTo: events.length >= limit ? events.at(-1)!.position : head };
    };
  }

  function appendInTransaction(stream: string, events: readonly NewEvent[], expected: ExpectedRevision, written?: StoredJson[]): AppendResult {
    // The stream kept whole ends at the revision expected: it is there (the log only grows), and the unique
    // (stream, revision) index refuses the next one if another writer took it, so the tip need not be read.
    const kept = streamCache.get(stream)?.at(-1);
    const tip = kept && typeof expected === 'bigint' && kept.revision === expected ? kept : tipOf(stream);
    const actual = tip?.revision ?? 'no_stream';
    if (!satisfies(expected, actual)) throw new WrongExpectedVersionError(stream, expected, actual);
    let revision = tip?.revision ?? -1n;
    let position = tip?.position ?? 0n;
    for (const event of events) {
      revision += 1n;
      position = insertEvent(sql.insert, stream, revision, event, written);
    }
    return { nextRevision: revision, position };
  }

  /**
   * After a rejected append: if these exact events are already stored where this
   * append would have put them, the call is a retry and answers the stored result.
   */
  function replayOrThrow(stream: string, events: readonly NewEvent[], expected: ExpectedRevision, error: unknown): AppendResult {
    const stored = events.map((e) => sql.byId.get(e.id));
    const replay = matchStoredBatch(stream, expected, stored.map((row) => row && { stream: text(row.stream), revision: int(row.revision), position: int(row.position) }));
    if (replay) return replay;
    if (error instanceof WrongExpectedVersionError) throw error;
    const actual = tipOf(stream)?.revision ?? 'no_stream';
    // Another writer's event at a revision this append took (its tip was known, not read): a conflict.
    if (stored.some((row) => row !== undefined) || !satisfies(expected, actual)) throw new WrongExpectedVersionError(stream, expected, actual);
    throw error; // e.g. the same id twice inside one batch
  }

  function appendSync(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): AppendResult {
    sql.begin.run();
    try {
      const written: StoredJson[] = [];
      const result = appendInTransaction(stream, events, expected, written);
      sql.commit.run();
      committed();
      if (events.length > 0) {
        notifier.notify();
        keepForSubscribers(stream, events, written, result);
      }
      return result;
    } catch (error) {
      if (db.isTransaction) sql.rollback.run();
      if (error instanceof WrongExpectedVersionError || isUniqueViolation(error)) {
        return replayOrThrow(stream, events, expected, error);
      }
      throw error;
    }
  }

  function appendStreamsSync(writes: readonly StreamWrite[]): AppendResult[] {
    sql.begin.run();
    try {
      const results = writes.map((w) => appendInTransaction(w.stream, w.events, w.expectedRevision));
      sql.commit.run();
      committed();
      if (writes.some((w) => w.events.length > 0)) notifier.notify();
      return results;
    } catch (error) {
      if (db.isTransaction) sql.rollback.run();
      // A retry of some of these (their ids stored): the caller appends stream by stream, where it is recognised.
      if (isUniqueViolation(error)) throw new WrongExpectedVersionError(writes[0]?.stream ?? '', 'any', 'no_stream');
      throw error;
    }
  }

  return {
    async append(stream, events, { expectedRevision }) {
      return appendSync(stream, events, expectedRevision);
    },
    async appendStreams(writes) {
      return appendStreamsSync(writes);
    },
    async readStream(stream, options = {}) {
      return readStreamSync(stream, options.from ?? 0n);
    },
    async readStreams(reads) {
      return readStreamsSync(reads);
    },
    async readAll(options = {}) {
      const limit = options.limit === undefined ? -1 : Math.max(0, options.limit);
      if (options.types === undefined) return readAfter(options.fromPosition ?? 0n, limit);
      if (options.types.length === 0) return [];
      return db.prepare(readOfTypes(options.types))
        .all(options.fromPosition ?? 0n, ...options.types, limit).map(toRecorded);
    },
    subscribeToAll({ fromPosition = 0n, batchSize, types, onScanned } = {}) {
      const subscription = createPollingSubscription(fromPosition, types ? typedReader(types) : subscriberReadAfter, notifier, () =>
        subscriptions.delete(subscription),
      undefined, { ...(batchSize === undefined ? {} : { batchSize }), ...(onScanned ? { onScanned } : {}) });
      subscriptions.add(subscription);
      return subscription;
    },
    async headPosition() {
      const row = sql.head.get();
      return row ? int(row.head) : 0n;
    },
    leases: {
      async claim(name, holder, ttlMs) {
        const now = Date.now();
        sql.begin.run();
        try {
          const row = sql.lease.get(name);
          const free = !row || row.holder === holder || int(row.expires_at) <= BigInt(now);
          if (free) sql.takeLease.run(name, holder, now + ttlMs);
          sql.commit.run();
          return free;
        } catch (error) {
          if (db.isTransaction) sql.rollback.run();
          throw error;
        }
      },
      async release(name, holder) {
        sql.releaseLease.run(name, holder);
      },
      async checkpoint(name) {
        const row = sql.lease.get(name);
        return row && row.checkpoint !== null ? int(row.checkpoint) : null;
      },
      async saveCheckpoint(name, holder, position) {
        return Number(sql.saveCheckpoint.run(position, name, holder, Date.now()).changes) > 0;
      },
    },
    async close() {
      if (closed) return;
      closed = true;
      streamCache.clear();
      await Promise.all([...subscriptions].map((s) => s.close()));
      await walCheckpointer?.close();
      db.close();
    },
  };
}

/** An event's data and metadata as written (JSON). */
interface StoredJson { data: string; metadata: string }

/** `written`: where to note the JSON written, for a caller that hands the events on. */
function insertEvent(insert: StatementSync, stream: string, revision: bigint, event: NewEvent, written?: StoredJson[]): bigint {
  const data = JSON.stringify(event.data) ?? 'null';
  const metadata = JSON.stringify(event.metadata);
  const { lastInsertRowid } = insert.run(event.id, stream, revision, event.type, data, metadata);
  written?.push({ data, metadata });
  return BigInt(lastInsertRowid);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'errcode' in error && error.errcode === SQLITE_CONSTRAINT_UNIQUE;
}

function toRecorded(row: Row): RecordedEvent {
  return {
    position: int(row.position),
    id: text(row.id),
    stream: text(row.stream),
    revision: int(row.revision),
    type: text(row.type),
    data: JSON.parse(text(row.data)) as unknown,
    metadata: JSON.parse(text(row.metadata)) as EventMetadata,
  };
}

function int(value: SQLOutputValue | undefined): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  throw new TypeError(`expected an integer column, got ${typeof value}`);
}

function text(value: SQLOutputValue | undefined): string {
  if (typeof value === 'string') return value;
  throw new TypeError(`expected a text column, got ${typeof value}`);
}
