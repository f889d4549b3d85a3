import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore } from '@phonemarket/events';
import { createMemoryDocStore } from './docstore/memory.ts';
import { applyCommittedChanges, trackChanges, type PostgresDocStore } from './docstore/postgres.ts';
import type { CollectionImage } from './docstore/memory.ts';
import { CHECKPOINTS, PROJECTOR_ID, createProjector, type CheckpointDoc, type Projector } from './projector.ts';
import { OUTBOX } from './outbox.ts';
import { rebuildReadModels } from './rebuild.ts';
import type { ReadModel } from './readModels/types.ts';

/**
 * The projector on PostgreSQL (ADR 024). Several may run; one is active per read-model set, under a
 * lease in the event store (`leases`, renewed every 500 ms, 2.5 s to live), the others wait to take it
 * over (polling it every 100 ms). The active one works on an in-memory copy of the read models and commits
 * each batch — changed documents, outbox entries and checkpoint — in one transaction, fenced on the
 * checkpoint it last committed: a writer that lost its lease without knowing it cannot commit over the
 * new one, so no event is applied twice.
 *
 * A standby is warm (s61): it loads the committed read models at its start and follows what is committed
 * (`changesSince`: the documents written or deleted after the change number it holds, on each commit's
 * NOTIFY and every second), so at takeover it brings in only what was committed since its last step —
 * never the whole set, unless it was too far behind (tombstones trimmed) or held nothing yet.
 */
export const PROJECTOR_LEASE = 'projector:read-models';
/**
 * A standby waits for the dead holder's lease to expire: at most the time to live after its last
 * renewal, so the worst wait is TTL, and an active one keeps its lease through an event-loop stall of
 * up to TTL − renewal interval (a busy batch on a loaded host). 2.5 s / 500 ms keeps the 2 s of stall
 * that 3 s / 1 s allowed and waits 0.5 s less (ADR 024, issue 38's `projector_failover_ms` ≤ 5 s).
 */
const LEASE_TTL_MS = 2_500;
const RENEW_EVERY_MS = 500;
/** How often a standby tries the lease. */
const CLAIM_EVERY_MS = 100;
/**
 * A standby follows the committed read models at most this often (a commit's NOTIFY wakes it; under load
 * the active commits far more often: each step brings in every commit since the last), and at least every
 * `FOLLOW_IDLE_MS` (a NOTIFY missed while its connection was down).
 */
const FOLLOW_EVERY_MS = 100;
const FOLLOW_IDLE_MS = 1_000;
/** Tombstones of deletes are kept this long (the active trims them every `TRIM_EVERY_MS`): a standby further behind loads everything. */
const TOMBSTONES_KEPT_MS = 10 * 60_000;
const TRIM_EVERY_MS = 60_000;

/** How the read models came into memory at takeover. */
export interface Takeover {
  /** Everything loaded (no warm copy, or one too far behind), or only what was committed since the standby's last step. */
  fullLoad: boolean;
  /** Documents loaded or brought in (written or deleted) at takeover. */
  documents: number;
  /** From the lease taken to the read models current in memory. */
  ms: number;
}

export interface PostgresProjectorRun {
  /** Resolves once this instance holds the read models in memory (a standby: before it holds the lease), with how many documents. */
  warm: Promise<{ documents: number }>;
  /** Resolves once this instance holds the lease (before it brings the read models up to date). */
  leased: Promise<void>;
  /** Resolves once this instance holds the lease and has the read models up to date. */
  active: Promise<Projector>;
  /** How it took over (null before): what the failover cost after the lease. */
  takeover(): Takeover | null;
  /** Full loads of the read models so far (one at start; more only when following could not tell what changed). */
  fullLoads(): number;
  /** The in-memory read models as they are now (a standby's copy, then the active one's working set); not to be changed. */
  images(): CollectionImage[];
  /** Stops (gives the lease up when held). */
  stop(): Promise<void>;
}

/** A takeover refused for a reason already given to `onFatal`. */
class FatalAtTakeover extends Error {}

export function runPostgresProjector(opts: {
  store: EventStore; docs: PostgresDocStore; readModels: readonly ReadModel[];
  log?: (msg: string, err?: unknown) => void;
  /** What to do when a batch cannot be committed or the lease is lost: the process stops (a restart reloads what was committed). */
  onFatal?: (reason: string, err?: unknown) => void;
  leaseTtlMs?: number;
}): PostgresProjectorRun {
  const { store, docs, readModels } = opts;
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  const log = opts.log ?? ((msg, err) => console.error(`[projector] ${msg}`, err ?? ''));
  const onFatal = opts.onFatal ?? ((reason, err) => { log(reason, err); process.exit(1); });
  const ttl = opts.leaseTtlMs ?? LEASE_TTL_MS;
  const collections = [...new Set([...readModels.flatMap((m) => m.collections), CHECKPOINTS, OUTBOX])];
  let stopped = false;
  let projector: Projector | null = null;
  let renew: NodeJS.Timeout | undefined;
  let trim: NodeJS.Timeout | undefined;
  let leaseTaken = () => {};
  const leased = new Promise<void>((resolve) => { leaseTaken = resolve; });
  let warmed = (_: { documents: number }) => {};
  const warm = new Promise<{ documents: number }>((resolve) => { warmed = resolve; });
  let tookOver: Takeover | null = null;

  // The read models in memory, at change number `held` of the committed state (null: nothing loaded).
  const memory = createMemoryDocStore();
  let held: bigint | null = null;
  let fullLoads = 0;

  async function loadAll(): Promise<number> {
    const snapshot = await docs.snapshot();
    held = null;
    await memory.dropAll();
    memory.restore(snapshot.images);
    held = snapshot.seq;
    fullLoads++;
    return snapshot.images.reduce((n, image) => n + image.docs.length, 0);
  }

  /** Brings the committed changes since `held` into memory (everything when it cannot tell what changed). */
  async function catchUp(): Promise<Omit<Takeover, 'ms'>> {
    const changes = held === null ? null : await docs.changesSince(held);
    if (!changes) return { fullLoad: true, documents: await loadAll() };
    // Applying again what a failed step half applied changes nothing: documents are put as they are now.
    const documents = await applyCommittedChanges(memory, changes);
    held = changes.seq;
    return { fullLoad: false, documents };
  }

  // The standby's steps: one at a time, a request while one is due makes no other. At takeover a step
  // under way ends first; one still waiting for its turn does not run.
  let standingBy = true;
  let following: Promise<void> = Promise.resolve();
  let stepping: Promise<void> | null = null;
  let queued = false;
  let lastStep = 0;
  let isWarm = false;
  function follow(): void {
    if (queued || stopped || !standingBy) return;
    queued = true;
    following = following.then(async () => {
      const wait = lastStep + FOLLOW_EVERY_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      queued = false;
      if (stopped || !standingBy) return;
      lastStep = performance.now();
      stepping = catchUp().then(
        () => { if (!isWarm) becameWarm(); },
        (err: unknown) => { if (!stopped) log('standby: could not follow the committed read models (tries again)', err); },
      );
      await stepping;
      stepping = null;
    });
  }
  function becameWarm(): void {
    isWarm = true;
    warmed({ documents: memory.capture(collections).reduce((n, image) => n + image.docs.length, 0) });
  }

  async function takeOver(): Promise<Projector> {
    const unlisten = docs.onCommit?.(() => follow());
    follow();
    let idleSince = performance.now();
    while (!(await store.leases.claim(PROJECTOR_LEASE, holder, ttl))) {
      if (stopped) { unlisten?.(); throw new Error('stopped before becoming active'); }
      await new Promise((resolve) => setTimeout(resolve, CLAIM_EVERY_MS));
      if (performance.now() - idleSince >= FOLLOW_IDLE_MS) {
        idleSince = performance.now();
        follow();
      }
    }
    const leasedAt = performance.now();
    leaseTaken();
    standingBy = false;
    unlisten?.();
    renew = setInterval(() => {
      store.leases.claim(PROJECTOR_LEASE, holder, ttl).then(
        (held) => { if (!held && !stopped) onFatal('lease lost to another projector'); },
        (err: unknown) => { if (!stopped) log('lease renewal failed', err); },
      );
    }, RENEW_EVERY_MS);
    try {
      return await becomeActive(leasedAt);
    } catch (err) {
      // Holding the lease without projecting would stop every standby for good: give it up and stop, so
      // another takes over (a restart loads what is committed).
      clearInterval(renew);
      clearInterval(trim);
      await store.leases.release(PROJECTOR_LEASE, holder).catch(() => {});
      if (!(err instanceof FatalAtTakeover)) onFatal('could not become active after taking the lease', err);
      throw err;
    }
  }

  /** Brings what was committed since the last step into memory, at worst everything (a catch-up that failed once). */
  async function catchUpAtTakeover(): Promise<Omit<Takeover, 'ms'>> {
    try {
      return await catchUp();
    } catch (err) {
      log('takeover: catching up failed, loading everything', err);
      held = null;
      return catchUp();
    }
  }

  async function becomeActive(leasedAt: number): Promise<Projector> {
    // The step under way ends first; then only what was committed since (the old holder is dead or fenced).
    await stepping;
    const taken = await catchUpAtTakeover();
    tookOver = { ...taken, ms: Math.round(performance.now() - leasedAt) };
    if (!isWarm) becameWarm();
    trim = setInterval(() => {
      docs.trimTombstones(TOMBSTONES_KEPT_MS).catch((err: unknown) => { if (!stopped) log('tombstone trim failed', err); });
    }, TRIM_EVERY_MS);
    trim.unref();
    const tracked = trackChanges(memory);
    let committed: unknown = (await memory.collection<CheckpointDoc>(CHECKPOINTS).get(PROJECTOR_ID))?.position ?? null;
    // Read models past the log's head: the log lost its last events (an event store run with
    // synchronous_commit=off on another cluster than the read models crashed, ADR 029). Its next
    // events would take those positions and be skipped here: refuse, and say what to do.
    const head = await store.headPosition();
    if (typeof committed === 'string' && BigInt(committed) > head) {
      const reason = `read models are at position ${committed}, past the event log's head ${head}: the log lost events the read models applied (ADR 029). Run npm run projections:rebuild.`;
      onFatal(reason);
      throw new FatalAtTakeover(reason);
    }
    const active = createProjector({
      store, docs: tracked.docs, readModels, log,
      persist: async () => {
        const changes = tracked.take();
        const next = changes.docs.get(CHECKPOINTS)?.get(PROJECTOR_ID)?.['position'] ?? committed;
        try {
          await docs.commitChanges(changes, { collection: CHECKPOINTS, id: PROJECTOR_ID, field: 'position', expected: committed });
        } catch (err) {
          // The batch left the working set: carrying on would lose it. Stop; a restart reloads what is committed.
          onFatal('batch not committed', err);
          throw err;
        }
        committed = next;
      },
    });
    await active.start();
    projector = active;
    return active;
  }

  const active = takeOver();
  active.catch(() => {});
  return {
    warm,
    leased,
    active,
    takeover: () => tookOver,
    fullLoads: () => fullLoads,
    images: () => memory.capture(collections),
    async stop() {
      stopped = true;
      clearInterval(trim);
      await stepping;
      // The lease is renewed until the last batch is committed: a stop's flush that outlived it (a loaded
      // host) was fenced by the standby that took over meanwhile (found by the warm-standby test).
      await projector?.stop();
      clearInterval(renew);
      await store.leases.release(PROJECTOR_LEASE, holder);
    },
  };
}

/**
 * `projections:rebuild` on PostgreSQL: replays into memory (the embedded store itself: no change
 * tracking needed, everything is new), then writes every read model and the checkpoint in one transaction.
 */
export async function rebuildIntoPostgres(store: EventStore, docs: PostgresDocStore, readModels: readonly ReadModel[]) {
  const memory = createMemoryDocStore();
  const result = await rebuildReadModels(store, memory, readModels);
  const images = memory.capture([...new Set([...readModels.flatMap((m) => m.collections), CHECKPOINTS, OUTBOX])]);
  await docs.commitChanges({
    dropped: true,
    docs: new Map(images.map((image) => [image.name, new Map(image.docs.map((doc) => [doc._id, doc]))])),
    indexes: new Map(images.map((image) => [image.name, image.indexes.map((index) => ({ ...index, owners: new Map() }))])),
  });
  return result;
}
