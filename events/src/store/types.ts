/**
 * The event store contract (DESIGN §2). Both adapters (embedded SQLite and KurrentDB)
 * implement it and are checked by the one suite in `contract.ts`.
 *
 * Positions are global, strictly increasing bigints. In HTTP answers they travel as
 * decimal strings (JSON has no bigint).
 */
export type Role = 'guest' | 'user' | 'seller' | 'admin';

export interface EventMetadata {
  actor: { userId: string | null; role: Role };
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 time the command was decided; comes from the injected clock. */
  at: string;
  /** Schema version of `data`; old versions are upcast on read (see `defineEvent`). */
  schemaVersion?: number;
}

/** What a caller appends. `id` (a uuid) is the idempotency key of the append. */
export interface NewEvent<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
}

export interface RecordedEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  stream: string;
  /** 0-based revision of the event inside its stream. */
  revision: bigint;
  /** Global position, strictly increasing over the whole store. */
  position: bigint;
}

/**
 * - 'no_stream': the stream must not exist yet
 * - 'stream_exists': the stream must have at least one event
 * - 'any': no check
 * - bigint: the revision of the stream's last event must equal it
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: bigint;
  /** Global position of the last event appended (or, for an idempotent no-op, of the already-stored last event of that batch). */
  position: bigint;
}

export interface StreamWrite { stream: string; events: readonly NewEvent[]; expectedRevision: ExpectedRevision }

export interface Subscription extends AsyncIterable<RecordedEvent> {
  /** Stops the subscription; the async iterator then ends. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  fromPosition?: bigint;
  batchSize?: number;
  /**
   * Only events of these types are handed out; SQLite and PostgreSQL skip the others in their SQL, so a
   * consumer pays nothing for rows it would not apply (ADR 025, ninth pass); KurrentDB's adapter skips them
   * as they arrive. A consumer that keeps a position must also pass `onScanned`.
   */
  types?: readonly string[];
  /**
   * With `types`: called (and awaited) when the subscription has read the log up to `position` and every
   * event of `types` up to it is handed out, `position` being past the last one handed out (the rows after
   * it were of other types). It is called from inside `next()`, after the event before was handed out and
   * before anything later is: a consumer that handles each event before asking for the next has handled
   * every event up to `position`, and moves its own position (checkpoint, waiters) there — else a wait for
   * a skipped event's position (a command that appended only skipped types) would last to its timeout.
   * SQLite and PostgreSQL call it after each read that ends on skipped rows (a read that does not fill its
   * batch reads up to the head at that moment); KurrentDB for each event it skips.
   */
  onScanned?: (position: bigint) => void | Promise<void>;
}

export interface EventStore {
  append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Several streams' appends in one transaction, all or none (a process's command to a thousand
   * buyers, issue 42): one commit and one wake-up of the subscribers instead of a thousand. Throws
   * `WrongExpectedVersionError` when any stream is not at its expected revision or any event id is
   * stored already (the caller then appends stream by stream, where a retry is recognised). Optional:
   * a store without it is appended to stream by stream.
   */
  appendStreams?(writes: readonly StreamWrite[]): Promise<AppendResult[]>;
  /**
   * Events of one stream in revision order, from revision `from` (inclusive; all when omitted); []
   * when the stream does not exist. A reader that folded a stream up to revision r reads `{ from: r + 1n }`.
   */
  readStream(stream: string, options?: { from?: bigint }): Promise<RecordedEvent[]>;
  /**
   * Several streams at once, each as `readStream` would answer it (in the order asked): one query for
   * a process that decides on a thousand buyers' streams (issue 42) instead of a thousand. Optional:
   * a store without it is read stream by stream.
   */
  readStreams?(reads: readonly { stream: string; from?: bigint }[]): Promise<RecordedEvent[][]>;
  /**
   * Events with position > fromPosition (all when omitted), in global order, at most `limit`; with
   * `types`, only events of those types (filtered by the store: a fold over one event type across
   * every stream reads those, not the whole log).
   */
  readAll(options?: { fromPosition?: bigint; limit?: number; types?: readonly string[] }): Promise<RecordedEvent[]>;
  /**
   * Catches up from fromPosition (exclusive), then delivers live events, in global order, no gap, no duplicate.
   * `batchSize`: events per read while catching up, where the store reads by position (SQLite, PostgreSQL;
   * KurrentDB streams them): a rebuild reads in larger batches, since a projector's batch ends each read.
   */
  subscribeToAll(options?: SubscribeOptions): Subscription;
  /** Position of the last event in the store (0n when empty). */
  headPosition(): Promise<bigint>;
  /** One active worker among several processes on this store (the process runner, ADR 022). */
  leases: Leases;
  close(): Promise<void>;
}

/**
 * A lease and a checkpoint kept in the store itself, outside the event log (nothing is appended to
 * the log while nothing happens): several command-api instances on one store run one process runner.
 */
export interface Leases {
  /** Takes lease `name` for `holder` for `ttlMs` when it is free, expired or `holder`'s already (a renewal); answers whether `holder` holds it now. */
  claim(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once (a clean stop), so another takes over without waiting for it to expire. */
  release(name: string, holder: string): Promise<void>;
  /** The position saved under `name`, null before the first save. */
  checkpoint(name: string): Promise<bigint | null>;
  /** Saves the position while `holder` holds lease `name` (one that lost it writes nothing); answers whether it saved. */
  saveCheckpoint(name: string, holder: string, position: bigint): Promise<boolean>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  readonly stream: string;
  readonly expected: ExpectedRevision;
  /** Revision of the stream's last event, or 'no_stream'. */
  readonly actual: bigint | 'no_stream';
  constructor(stream: string, expected: ExpectedRevision, actual: bigint | 'no_stream') {
    super(`Wrong expected version on ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}
