import type { EventStore } from '@phonemarket/events';
import { isMemoryDocStore } from './docstore/memory.ts';
import type { DocStore } from './docstore/types.ts';
import { createProjector, CHECKPOINTS } from './projector.ts';
import type { ReadModel } from './readModels/types.ts';

/**
 * Events per batch of a rebuild (a live projector's catch-up reads the store's 500): each batch's end flushes
 * every read model (ladders, view counts, rankings) and writes the checkpoint, so fewer ends write fewer
 * documents: ~8 % less CPU on the market log at 10,000 (ADR 025, seventh pass). The read models' documents
 * do not depend on where batches end (tests/marketRebuild.test.ts).
 */
export const REBUILD_BATCH = 10_000;

/**
 * Drops every read model and replays the whole event log into them; answers how many events were applied (the
 * store skips the types no read model applies: ADR 025, ninth pass) and how fast.
 */
export async function rebuildReadModels(store: EventStore, docs: DocStore, readModels: readonly ReadModel[]) {
  const started = performance.now();
  await docs.dropAll();
  // Nobody reads a memory store while it is rebuilt: its documents are frozen and its journals built once, at the end.
  const settle = isMemoryDocStore(docs) ? docs.deferUpkeep() : null;
  const projector = createProjector({ store, docs, readModels, catchUpBatch: REBUILD_BATCH });
  try {
    await projector.start();
    await projector.caughtUp();
    await projector.stop();
  } finally {
    settle?.();
  }
  const ms = performance.now() - started;
  const events = projector.eventsApplied();
  return { position: projector.position(), events, ms, eventsPerSecond: ms > 0 ? Math.round((events / ms) * 1000) : 0 };
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
