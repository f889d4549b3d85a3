/** rebuild_per_s: replays a generated event log into fresh in-memory read models. */
import { openSqliteEventStore } from '@phonemarket/events';
import { allReadModels, createMemoryDocStore, rebuildReadModels } from '@phonemarket/projector';

export async function rebuildThroughput(file: string) {
  const store = openSqliteEventStore(file);
  try {
    const docs = createMemoryDocStore();
    const result = await rebuildReadModels(store, docs, allReadModels);
    const head = await store.headPosition();
    if (result.position !== head) throw new Error(`rebuild stopped at ${result.position}, head is ${head}`);
    return result;
  } finally {
    await store.close();
  }
}
