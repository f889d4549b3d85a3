import { openSqliteEventStore, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import { allReadModels, createMemoryDocStore, createProjector, type DocStore, type Projector } from '@phonemarket/projector';
import { seedCatalogue } from '@phonemarket/command-api/seedCatalogue.ts';
import { buildCatalogueIndex, type CatalogueIndex } from '../catalogueIndex.ts';

export interface SeededCatalogue {
  store: EventStore;
  docs: DocStore;
  /** Still following the log: a test's appends reach the read models with `projector.caughtUp()`. */
  projector: Projector;
  /** The catalogue index built at the seed's position. */
  index: CatalogueIndex;
  /** The time the appended events carry (a day after the seed). */
  eventsAt: string;
  /** Appends one event to an offer's stream, as an admin would (not waited for). */
  appendToOffer(offerId: string, event: Parameters<typeof toNewEvent>[0]): Promise<unknown>;
  /** Stops the projector and closes the store. */
  close(): Promise<void>;
}

/**
 * The seeded catalogue in an in-memory store, projected by a live projector, and its catalogue index:
 * the start of the index's tests (a refresh after appended offer events equals a fresh build).
 */
export async function startSeededCatalogue(): Promise<SeededCatalogue> {
  const store = openSqliteEventStore(':memory:');
  const docs = createMemoryDocStore();
  const projector = createProjector({ store, docs, readModels: allReadModels });
  await projector.start();
  let seq = 0;
  const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  await seedCatalogue(store, () => new Date('2026-11-20T08:00:00Z'), uuid);
  await projector.caughtUp();
  const index = await buildCatalogueIndex(docs, Number(projector.position()));
  const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'test', causationId: null, at: '2026-11-21T08:00:00.000Z' };
  return {
    store, docs, projector, index, eventsAt: meta.at,
    appendToOffer: (offerId, event) => store.append(streams.offer(offerId), [toNewEvent(event, uuid(), meta)], { expectedRevision: 'any' }),
    async close() {
      await projector.stop();
      await store.close();
    },
  };
}
