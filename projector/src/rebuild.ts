import type { EventStore } from '@phonemarket/events';
import { isMemoryDocStore } from './docstore/memory.ts';
import type { DocStore } from './docstore/types.ts';
import { createProjector, CHECKPOINTS, type Projector } from './projector.ts';
import type { ReadModel } from './readModels/types.ts';

/**
 * Events per batch of a rebuild, and of a start's catch-up (`startCaughtUp`; a live projector reads the store's 500):
 * each batch's end flushes every read model (ladders, view counts, rankings) and writes the checkpoint, so fewer ends
 * write fewer documents: ~8 % less CPU on the market log at 10,000 (ADR 025, seventh pass). The read models'
 * documents do not depend on where batches end (tests/marketRebuild.test.ts).
 */
export const REBUILD_BATCH = 10_000;

/**
 * Drops every read model and replays the event log into them, up to `until` (a snapshot's position: its stale models'
 * replay at a start) or the head; answers how many events were applied (the store skips the types no read model
 * applies: ADR 025, ninth pass) and how fast.
 */
export async function rebuildReadModels(store: EventStore, docs: DocStore, readModels: readonly ReadModel[], opts: {
  until?: bigint; log?: (msg: string, err?: unknown) => void;
} = {}) {
  const started = performance.now();
  await docs.dropAll();
  // Nobody reads a memory store while it is rebuilt: its documents are frozen and its journals built once, at the end.
  const settle = isMemoryDocStore(docs) ? docs.deferUpkeep() : null;
  const projector = createProjector({ store, docs, readModels, catchUpBatch: REBUILD_BATCH, ...opts });
  try {
    await projector.start();
    if (opts.until === undefined) await projector.caughtUp();
    else while (!(await projector.waitFor(opts.until, 1000))) { /* a long replay */ }
    await projector.stop();
  } finally {
    settle?.();
  }
  const ms = performance.now() - started;
  const events = projector.eventsApplied();
  return { position: projector.position(), events, ms, eventsPerSecond: ms > 0 ? Math.round((events / ms) * 1000) : 0 };
}

/**
 * Starts a live projector and answers once it has caught up with the log (embedded mode's start, ADR 025 eleventh
 * pass). Nothing reads the read models until then (the server listens after), so a memory store defers its upkeep
 * as a rebuild's does, and settles (every document frozen) before this answers; created with
 * `catchUpBatch: REBUILD_BATCH`, the projector also reads up to the head in a rebuild's batches, then the store's.
 */
export async function startCaughtUp(projector: Projector, docs: DocStore): Promise<void> {
  const settle = isMemoryDocStore(docs) ? docs.deferUpkeep() : null;
  try {
    await projector.start();
    await projector.caughtUp();
  } finally {
    settle?.();
  }
}

/** Every document of every read-model collection, sorted by id: for comparing two builds. */
export async function snapshotReadModels(docs: DocStore, readModels: readonly ReadModel[]) {
  const snapshot: Record<string, unknown[]> = {};
  for (const name of readModels.flatMap((m) => m.collections)) {
    if (name === CHECKPOINTS) continue;
    snapshot[name] = (await docs.collection(name).find({}, { sort: { _id: 1 } }));
  }
  return snapshot;
}
