import { parseEvent, parseEventReadOnce, type EventStore, type Subscription } from '@phonemarket/events';
import type { DocStore } from './docstore/types.ts';
import { outboxWriter, type OutboxEntry, type OutboxOptions } from './outbox.ts';
import { handledTypesOf, readModelGroup } from './readModels/docProjection.ts';
import type { PushMessage, PushTopic, ReadModel } from './readModels/types.ts';

export const CHECKPOINTS = 'checkpoints';
export const PROJECTOR_ID = 'projector';

export interface CheckpointDoc {
  _id: string;
  [key: string]: unknown;
  /** Last applied global position (decimal string: positions are bigints). */
  position: string;
  /** Per push topic, the position at which it last changed. */
  topics: Partial<Record<PushTopic, string>>;
}

export interface BatchApplied {
  position: bigint;
  changed: ReadonlySet<PushTopic>;
  /**
   * The push messages the batch wrote to the outbox, in order, when the listener learns of the batch
   * from the projector itself (embedded mode): it sends them without reading the outbox back. Absent
   * where the batch is learned from a polled checkpoint (another process): read the outbox then.
   */
  messages?: readonly OutboxEntry[];
}

export interface Projector {
  start(): Promise<void>;
  stop(): Promise<void>;
  position(): bigint;
  /** How many events this projector instance has applied (positions are not counts in KurrentDB). */
  eventsApplied(): number;
  onBatch(listener: (batch: BatchApplied) => void): () => void;
  /** Resolves true once `position` is applied, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  /** Resolves when the projector has applied everything in the store at call time. */
  caughtUp(): Promise<void>;
  /**
   * Holds events back, waits for the one being applied, flushes (read models, outbox, checkpoint),
   * then runs `capture` and lets events flow again: `capture` sees the read models exactly as of
   * `position()` (read-model snapshots, ADR 015). Keep it synchronous and short.
   */
  quiesce<T>(capture: () => T): Promise<T>;
}

/**
 * One subscription to all events from the stored checkpoint. Each event goes to every read model;
 * the checkpoint is written after each batch (handlers are idempotent, so a crash between an update
 * and its checkpoint only re-applies events that change nothing).
 */
export function createProjector(opts: {
  store: EventStore; docs: DocStore; readModels: readonly ReadModel[]; outbox?: OutboxOptions; log?: (msg: string, err?: unknown) => void;
  /** Stop after the event at this position (a replay up to a snapshot's position); default: follow the log. */
  until?: bigint;
  /**
   * Called at the end of each batch, after the checkpoint is written to `docs`: a store that keeps the
   * batch in memory commits it here, documents and checkpoint in one transaction (PostgreSQL, ADR 024).
   * A rejection leaves the batch uncommitted (nothing is announced to waiters or listeners).
   */
  persist?: () => Promise<void>;
  /**
   * Events per read of the log up to the head as it is at `start()` (the store's default otherwise): a batch
   * of read models ends with each read (flush, checkpoint), so a rebuild and a start's catch-up read in larger
   * ones (`REBUILD_BATCH`). From that head on, reads are of the store's default size: the events of one read
   * are applied without a pause of the event loop, and waiters and listeners learn positions per read.
   */
  catchUpBatch?: number;
}): Projector {
  const { store, docs, readModels } = opts;
  // Per event type only the models that apply it (those that say which they apply; the others get every
  // event): awaiting all 29 for every event was a large part of a replay's cost in this loop alone.
  const everyModel = readModelGroup('projector', readModels);
  // Events no read model applies (the process runner's own, e.g. a price series' moves: 50,000 on a market's
  // first start) are not read at all: the store skips them (`types`) and says how far it read (`onScanned`),
  // so only their positions count (ADR 025, ninth pass). Where a model does not say what it applies, every
  // event comes, and those no model applies are not validated.
  const appliedTypes = handledTypesOf(everyModel);
  /** The models that write something per batch (most write as they apply). */
  const flushers = readModels.filter((m) => m.flush);
  const outbox = outboxWriter(docs, opts.outbox);
  const log = opts.log ?? ((msg, err) => console.error(`[projector] ${msg}`, err ?? ''));
  const checkpoints = docs.collection<CheckpointDoc>(CHECKPOINTS);
  let applied = 0n;
  /** Last position whose read-model state is written and checkpointed: what queries may rely on. */
  let committed = 0n;
  let appliedCount = 0;
  let subscription: Subscription | null = null;
  let running: Promise<void> | null = null;
  /** Set by `stop()`: a catch-up that ends then does not go on live. */
  let stopping = false;
  let flushScheduled = false;
  const pendingTopics = new Set<PushTopic>();
  const topicPositions: Partial<Record<PushTopic, string>> = {};
  const listeners = new Set<(b: BatchApplied) => void>();
  const waiters = new Set<{ position: bigint; resolve: (ok: boolean) => void }>();
  /** Set while `quiesce` holds events back; `applying` is true while an event goes through the read models. */
  let gate: Promise<void> | null = null;
  let applying = false;
  let onIdle: (() => void) | null = null;
  let quiescing: Promise<unknown> = Promise.resolve();

  /**
   * Ends a batch: read models write what they kept in memory, then the batch's push messages go to
   * the outbox, then the checkpoint, then waiters and listeners learn the new position. Read models
   * may already hold later events (they are idempotent), never earlier ones, so everything up to the
   * checkpoint is visible to queries before any message about it is sent.
   */
  async function flush() {
    flushScheduled = false;
    const position = applied;
    const changed = new Set(pendingTopics);
    pendingTopics.clear();
    const messages = outbox.take();
    if (messages.length > 0) changed.add('outbox');
    for (const t of changed) topicPositions[t] = position.toString();
    for (const model of flushers) await model.flush!(docs);
    await outbox.write(messages);
    await checkpoints.put({ _id: PROJECTOR_ID, position: position.toString(), topics: { ...topicPositions } });
    await opts.persist?.();
    committed = position;
    for (const w of waiters) if (w.position <= committed) { waiters.delete(w); w.resolve(true); }
    for (const l of listeners) l({ position: committed, changed, messages });
  }

  /** Flushes run one after another, so checkpoints never go backwards. */
  let flushing: Promise<void> = Promise.resolve();
  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      // A stop's last flush may have taken this one's work meanwhile: nothing left, nothing to commit.
      flushing = flushing.then(() => (flushScheduled ? flush() : undefined)).catch((err) => log('checkpoint failed', err));
    });
  }

  /**
   * The store read past events no read model applies, up to `position`, after handing out every applied one
   * before it (all applied: `run` handles each before asking for the next): the position moves there, so a
   * wait for a skipped event's position (a command that appended only such events) ends with the next batch.
   */
  async function scannedTo(position: bigint, until: bigint | undefined) {
    while (gate) await gate;
    const stop = until !== undefined && position >= until;
    applied = stop ? until : position;
    scheduleFlush();
    if (stop) await subscription?.close();
  }

  /**
   * `catchUpBatch` applies up to `catchUpTo` (the head at start): the log is followed there in reads of that
   * size, then from there on in the store's (a second subscription, from the position reached).
   */
  async function run(from: bigint, catchUpTo: bigint | null) {
    const end = opts.until !== undefined && catchUpTo !== null && opts.until < catchUpTo ? opts.until : catchUpTo;
    if (end !== null && end > from) {
      await follow(from, opts.catchUpBatch, end);
      if (stopping || (opts.until !== undefined && applied >= opts.until)) return;
      from = applied;
    }
    await follow(from, undefined, opts.until);
  }

  /** Applies the log after `from` in reads of `batchSize` (undefined: the store's), up to `until` if given. */
  async function follow(from: bigint, batchSize: number | undefined, until: bigint | undefined) {
    subscription = store.subscribeToAll({
      fromPosition: from, ...(batchSize === undefined ? {} : { batchSize }),
      ...(appliedTypes === undefined ? {} : { types: [...appliedTypes], onScanned: (position: bigint) => scannedTo(position, until) }),
    });
    for await (const raw of subscription) {
      while (gate) await gate;
      // Past the end of a replay (the events up to it since the last applied were of types no model applies):
      // not applied, and the replay is at its end.
      if (until !== undefined && raw.position > until) {
        applied = until;
        scheduleFlush();
        break;
      }
      applying = true;
      // A catch-up's reads (`batchSize`) are this projector's own: their parses are not kept for other readers.
      const event = appliedTypes === undefined || appliedTypes.has(raw.type) ? (batchSize === undefined ? parseEvent(raw) : parseEventReadOnce(raw)) : null;
      if (event) {
        const position = Number(raw.position);
        const ctx = {
          docs, position,
          changed: (t: PushTopic) => void pendingTopics.add(t),
          push: (m: PushMessage) => outbox.queue(position, m),
        };
        try {
          await everyModel.apply(event, ctx);
        } catch {
          // One broken handler must not stop every read model: each applies the event again on its own
          // (handlers are idempotent: what one already applied changes nothing), and the broken one is
          // logged and skipped for this event.
          for (const model of readModels) {
            try {
              await model.apply(event, ctx);
            } catch (err) {
              log(`${model.name} failed on ${event.type} @${raw.position}`, err);
            }
          }
        }
      }
      applied = raw.position;
      appliedCount++;
      applying = false;
      if (onIdle) {
        const resume = onIdle;
        onIdle = null;
        resume();
      }
      scheduleFlush();
      if (until !== undefined && raw.position >= until) break;
    }
  }

  return {
    async start() {
      for (const model of readModels) await model.setup?.(docs);
      await outbox.setup();
      const cp = await checkpoints.get(PROJECTOR_ID);
      applied = cp ? BigInt(cp.position) : 0n;
      committed = applied;
      Object.assign(topicPositions, cp?.topics ?? {});
      stopping = false;
      const catchUpTo = opts.catchUpBatch === undefined ? null : await store.headPosition();
      running = run(applied, catchUpTo).catch((err) => log('subscription ended', err));
    },
    async stop() {
      stopping = true;
      await subscription?.close();
      await running;
      // The last flush goes on the same chain as the scheduled ones: one queued by the last event (its setImmediate
      // not yet run) would otherwise run beside it, both committing against the same checkpoint (s63: fenced).
      const last = flushing.then(() => (flushScheduled || committed < applied ? flush() : undefined));
      flushing = last.catch(() => undefined);
      await last;
    },
    position: () => committed,
    eventsApplied: () => appliedCount,
    onBatch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitFor(position, timeoutMs) {
      if (position <= committed) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = { position, resolve };
        waiters.add(waiter);
        setTimeout(() => { if (waiters.delete(waiter)) resolve(false); }, timeoutMs).unref();
      });
    },
    async caughtUp() {
      const head = await store.headPosition();
      while (!(await this.waitFor(head, 1000))) { /* keep waiting: a long catch-up */ }
    },
    quiesce(capture) {
      const result = quiescing.then(async () => {
        let open = (): void => {};
        gate = new Promise<void>((resolve) => { open = resolve; });
        try {
          if (applying) await new Promise<void>((resolve) => { onIdle = resolve; });
          await flushing;
          if (flushScheduled || committed < applied) {
            flushing = flushing.then(flush).catch((err) => log('checkpoint failed', err));
            await flushing;
          }
          if (committed < applied) throw new Error(`read models not flushed (applied ${applied}, committed ${committed})`);
          return capture();
        } finally {
          gate = null;
          open();
        }
      });
      quiescing = result.catch(() => {});
      return result;
    },
  };
}
