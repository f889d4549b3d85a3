/**
 * Subscriptions shared by the stores that read their own table by position (SQLite, PostgreSQL).
 */
import type { RecordedEvent, Subscription } from './types.ts';

/**
 * One read of the log: its events and the position it read up to (at least the last event's): past
 * it where the read skipped rows of types not asked for (`subscribeToAll`'s `types`), up to the head
 * at the read when it did not fill its batch.
 */
export interface ReadBatch { events: RecordedEvent[]; scannedTo: bigint }

/** Upper bound on how late a subscriber sees events nobody woke it for. */
const POLL_INTERVAL_MS = 200;
/** Events a subscription reads per query while catching up. */
const SUBSCRIPTION_BATCH = 500;

export interface Notifier {
  /** Calls `wake` on the next notify(); answers a cancel. */
  wait(wake: () => void): () => void;
  notify(): void;
  /** How many notify() calls so far: a reader that saw it unchanged since its read began has missed nothing. */
  count(): number;
}

/** Wakes in-process subscribers right after a commit. */
export function createNotifier(): Notifier {
  const waiters = new Set<() => void>();
  let notified = 0;
  return {
    wait(wake) {
      waiters.add(wake);
      return () => waiters.delete(wake);
    },
    count: () => notified,
    notify() {
      notified++;
      for (const wake of waiters) wake();
      waiters.clear();
    },
  };
}

/**
 * Pull-based: each next() serves from the current batch, otherwise reads
 * `position > last` from the store, otherwise sleeps until the notifier wakes it (an append
 * in this process, or another process's commit where the store can tell) or the poll interval
 * passes. Reading by position makes catch-up and live the same code path, hence no gap and no
 * duplicate — as long as the store never makes an event visible below a position already read
 * (SQLite: one writer at a time; PostgreSQL: ADR 024).
 */
export function createPollingSubscription(
  fromPosition: bigint,
  /** Events after `position`, at most `limit`; a `ReadBatch` where the read may skip rows (`types`). */
  readAfter: (position: bigint, limit: number) => RecordedEvent[] | ReadBatch | Promise<RecordedEvent[] | ReadBatch>,
  notifier: Notifier,
  onClose: () => void,
  pollIntervalMs = POLL_INTERVAL_MS,
  opts: {
    /**
     * While catching up, ask for the next batch as soon as one arrives, so the store (another process:
     * PostgreSQL) reads it while the consumer works through this one. Not for a store read in-process
     * (SQLite): its read would only run earlier on the same thread.
     */
    readAhead?: boolean;
    /** Events per read while catching up (default 500). */
    batchSize?: number;
    /** `subscribeToAll`'s `onScanned`: called once a read's events are handed out, when it read past the last of them. */
    onScanned?: (position: bigint) => void | Promise<void>;
  } = {},
): Subscription {
  const batchSize = opts.batchSize ?? SUBSCRIPTION_BATCH;
  let last = fromPosition;
  let batch: RecordedEvent[] = [];
  /** Where the current batch's read ended past its last event (rows of other types skipped): told once the batch is handed out. */
  let scannedPast: bigint | null = null;
  /** The next batch, asked for ahead while catching up: read `position > after`. */
  let ahead: { after: bigint; readFrom: number; rows: Promise<RecordedEvent[] | ReadBatch | null> } | null = null;
  let closed = false;
  let catchingUp = true;
  /** Ends the current sleep, if any (a notify, the poll timer, or close). */
  let wakeSleeper: (() => void) | null = null;
  /**
   * The poll: one timer at a time, not one per sleep. A sleep that an append ends leaves it running, and
   * the next sleep is woken by it, at most `pollIntervalMs` after it began (issue 44: a timer set and
   * cleared, and a race of two promises, at every append was a tenth of what a subscriber allocated).
   */
  let pollTimer: NodeJS.Timeout | null = null;
  // Serialises overlapping next() calls so each event is handed out once, in order.
  let queue: Promise<unknown> = Promise.resolve();

  function sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        if (wakeSleeper !== wake) return;
        wakeSleeper = null;
        cancel();
        resolve();
      };
      const cancel = notifier.wait(wake);
      wakeSleeper = wake;
      pollTimer ??= setTimeout(() => {
        pollTimer = null;
        wakeSleeper?.();
      }, pollIntervalMs);
    });
  }

  /** `notifier.count()` when the last read began (-1: none yet). */
  let readFrom = -1;

  async function pull(): Promise<IteratorResult<RecordedEvent>> {
    while (!closed) {
      const next = batch.shift();
      if (next) return { value: next, done: false };
      if (scannedPast !== null) {
        const scanned = scannedPast;
        scannedPast = null;
        await opts.onScanned?.(scanned);
        if (closed) break;
      }
      if (catchingUp) {
        // Catching up (the last read filled a batch): yield to timers and I/O between batches, or a
        // consumer reading a long log on microtasks alone would starve the process.
        await new Promise((resolve) => setImmediate(resolve));
        if (closed) break;
      } else if (readFrom === notifier.count()) {
        // Live, and nothing committed since the last read began: sleep without reading again (an empty
        // read per wake of every subscriber cost as much as the append that woke them). Woken by an
        // append: read at once, so a subscriber (the process runner) acts before the next requests.
        await sleep();
        if (closed) break;
      }
      // A batch read ahead began earlier: what was committed by then is what it can hold.
      const early = ahead?.after === last ? await ahead.rows : null; // null: none asked for, or its read failed
      readFrom = early && ahead ? ahead.readFrom : notifier.count();
      ahead = null;
      const rows = early ?? await readAfter(last, batchSize);
      const read = Array.isArray(rows) ? { events: rows, scannedTo: rows.at(-1)?.position ?? last } : rows;
      batch = read.events;
      catchingUp = batch.length >= batchSize;
      if (read.scannedTo > (batch.at(-1)?.position ?? last)) scannedPast = read.scannedTo;
      if (read.scannedTo > last) last = read.scannedTo;
      if (catchingUp && opts.readAhead && !closed) {
        // A failed read ahead is read again when it is needed (its error surfaces then, as without one).
        ahead = {
          after: last,
          readFrom: notifier.count(),
          rows: Promise.resolve(readAfter(last, batchSize)).catch(() => null),
        };
      }
    }
    return { value: undefined, done: true };
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    batch = [];
    ahead = null;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
    wakeSleeper?.();
    onClose();
  }

  const iterator: AsyncIterableIterator<RecordedEvent> = {
    next() {
      const result = queue.then(pull);
      queue = result.catch(() => undefined);
      return result;
    },
    async return() {
      await close();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };

  return { close, [Symbol.asyncIterator]: () => iterator };
}
