import type { PostgresEventStore } from './store/postgres.ts';
import type { EventStore } from './store/types.ts';

/** Batches per import transaction: large enough to be fast, small enough to keep memory flat. */
const BATCH = 5_000;

/**
 * Moves an embedded store's log into PostgreSQL as it is (ids, streams, revisions and positions
 * kept): the read models rebuilt from the copy equal those from the original. The target must be
 * empty or hold a prefix of this log (a copy that stopped half-way resumes after its head).
 */
export async function copyEvents(from: EventStore, to: PostgresEventStore, onProgress?: (copied: number) => void): Promise<{ events: number; head: bigint }> {
  let after = await to.headPosition();
  let events = 0;
  for (;;) {
    const batch = await from.readAll({ fromPosition: after, limit: BATCH });
    const last = batch.at(-1);
    if (!last) break;
    await to.importEvents(batch);
    events += batch.length;
    after = last.position;
    onProgress?.(events);
  }
  return { events, head: after };
}
