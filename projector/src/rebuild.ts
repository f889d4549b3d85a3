import type { EventStore } from '@phonemarket/events';
import type { DocStore } from './docstore/types.ts';
import { createProjector, CHECKPOINTS } from './projector.ts';
import type { ReadModel } from './readModels/types.ts';

/** Drops every read model and replays the whole event log into them; answers how many events and how fast. */
export async function rebuildReadModels(store: EventStore, docs: DocStore, readModels: readonly ReadModel[]) {
  const started = performance.now();
  await docs.dropAll();
  const projector = createProjector({ store, docs, readModels });
  await projector.start();
  await projector.caughtUp();
  await projector.stop();
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
