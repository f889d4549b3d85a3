import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore } from '@phonemarket/events';
import { createMemoryDocStore } from './docstore/memory.ts';
import { trackChanges, type PostgresDocStore } from './docstore/postgres.ts';
import { CHECKPOINTS, PROJECTOR_ID, createProjector, type CheckpointDoc, type Projector } from './projector.ts';
import { OUTBOX } from './outbox.ts';
import { rebuildReadModels } from './rebuild.ts';
import type { ReadModel } from './readModels/types.ts';

/**
 * The projector on PostgreSQL (ADR 024). Several may run; one is active per read-model set, under a
 * lease in the event store (`leases`, renewed every 500 ms, 2.5 s to live), the others wait to take it
 * over (polling it every 100 ms). The active one works on an in-memory copy of the read models loaded at takeover, and commits
 * each batch — changed documents, outbox entries and checkpoint — in one transaction, fenced on the
 * checkpoint it last committed: a writer that lost its lease without knowing it cannot commit over the
 * new one, so no event is applied twice.
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

export interface PostgresProjectorRun {
  /** Resolves once this instance holds the lease (before it loads the read models). */
  leased: Promise<void>;
  /** Resolves once this instance holds the lease and has loaded the read models. */
  active: Promise<Projector>;
  /** Stops (gives the lease up when held). */
  stop(): Promise<void>;
}

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
  let stopped = false;
  let projector: Projector | null = null;
  let renew: NodeJS.Timeout | undefined;
  let leaseTaken = () => {};
  const leased = new Promise<void>((resolve) => { leaseTaken = resolve; });

  async function takeOver(): Promise<Projector> {
    while (!(await store.leases.claim(PROJECTOR_LEASE, holder, ttl))) {
      if (stopped) throw new Error('stopped before becoming active');
      await new Promise((resolve) => setTimeout(resolve, CLAIM_EVERY_MS));
    }
    leaseTaken();
    renew = setInterval(() => {
      store.leases.claim(PROJECTOR_LEASE, holder, ttl).then(
        (held) => { if (!held && !stopped) onFatal('lease lost to another projector'); },
        (err: unknown) => { if (!stopped) log('lease renewal failed', err); },
      );
    }, RENEW_EVERY_MS);
    const memory = createMemoryDocStore();
    memory.restore(await docs.images());
    const tracked = trackChanges(memory);
    let committed: unknown = (await memory.collection<CheckpointDoc>(CHECKPOINTS).get(PROJECTOR_ID))?.position ?? null;
    // Read models past the log's head: the log lost its last events (an event store run with
    // synchronous_commit=off on another cluster than the read models crashed, ADR 029). Its next
    // events would take those positions and be skipped here: refuse, and say what to do.
    const head = await store.headPosition();
    if (typeof committed === 'string' && BigInt(committed) > head) {
      const reason = `read models are at position ${committed}, past the event log's head ${head}: the log lost events the read models applied (ADR 029). Run npm run projections:rebuild.`;
      clearInterval(renew);
      onFatal(reason);
      throw new Error(reason);
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
    leased,
    active,
    async stop() {
      stopped = true;
      clearInterval(renew);
      await projector?.stop();
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
