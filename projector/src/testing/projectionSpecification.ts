import { expect } from 'vitest';
import { appendedEvent, eventCatalogue, toNewEvent, type DomainEvent, type Role } from '@phonemarket/events';
import { createMemoryDocStore } from '../docstore/memory.ts';
import type { Doc, DocStore, Filter } from '../docstore/types.ts';
import type { ApplyContext, PushMessage, PushTopic, ReadModel } from '../readModels/types.ts';

/**
 * Given/when/then for a read model, as Emmett's projection specifications:
 *
 *   const given = ProjectionSpecification.for(cartReadModel);
 *   await given([modelDefined, offerListed])
 *     .when([{ ...itemAdded, stream: 'cart-u1' }])
 *     .then(expectDocuments.fromCollection(CARTS).withId('u1').toMatch({ items: [{ name: '갤럭시 S25' }] }));
 *
 * Events are domain events (validated by their schema), at positions 1, 2, … in the order given; each may
 * name its stream (default `<category>-spec`, e.g. `cart-spec`), its time (default a minute after the one
 * before, from 2026-11-20T10:00Z) and its actor (default a guest). The model starts on an empty store,
 * its `flush` runs after the given events and after the when events (a projector's batches). Only what
 * the when events did is checked, and `then` also re-applies them (a crash before the checkpoint) and
 * expects no document to change.
 */
export type SpecEvent = Immutable<DomainEvent> & { stream?: string; at?: string; actor?: { userId: string | null; role: Role } };
/** Events may be written `as const`. */
type Immutable<T> = T extends readonly (infer U)[] ? readonly Immutable<U>[] : T extends object ? { readonly [K in keyof T]: Immutable<T[K]> } : T;

/** What the when events did: the store after them, the messages they pushed and the topics they marked changed. */
export interface ProjectionResult {
  docs: DocStore;
  pushed: PushMessage[];
  changed: ReadonlySet<PushTopic>;
}
export type ProjectionAssertion = (result: ProjectionResult) => void | Promise<void>;

const START = Date.parse('2026-11-20T10:00:00.000Z');

export const ProjectionSpecification = {
  for(readModel: ReadModel) {
    return (given: readonly SpecEvent[] = []) => ({
      when(events: SpecEvent | readonly SpecEvent[]) {
        const when = Array.isArray(events) ? events : [events as SpecEvent];
        return {
          /** Runs the events and each assertion on what the when events did. */
          async then(...assertions: ProjectionAssertion[]): Promise<void> {
            const docs = createMemoryDocStore();
            await readModel.setup?.(docs);
            const run = async (events: readonly SpecEvent[], first: number) => {
              const result: ProjectionResult = { docs, pushed: [], changed: new Set() };
              for (const [i, event] of events.entries()) {
                const position = first + i;
                const ctx: ApplyContext = {
                  docs, position,
                  changed: (topic) => void (result.changed as Set<PushTopic>).add(topic),
                  push: (message) => void result.pushed.push(message),
                };
                await readModel.apply(stored(event, position), ctx);
              }
              await readModel.flush?.(docs);
              return result;
            };
            await run(given, 1);
            const result = await run(when, given.length + 1);
            for (const assertion of assertions) await assertion(result);

            const before = await snapshot(docs, readModel);
            await run(when, given.length + 1);
            expect(await snapshot(docs, readModel), 'the when events re-applied (a crash before the checkpoint) change no document').toEqual(before);
          },
        };
      },
    });
  },
};

/** The event as the store hands it to the projector at `position`. */
function stored(event: SpecEvent, position: number) {
  const { stream, at, actor, ...domain } = event;
  const category = eventCatalogue[domain.type].stream;
  const made = toNewEvent(domain as DomainEvent, `spec-${position}`, {
    actor: actor ?? { userId: null, role: 'guest' }, correlationId: 'spec', causationId: null, at: at ?? new Date(START + position * 60_000).toISOString(),
  });
  return appendedEvent(made, { stream: stream ?? `${category}-spec`, revision: BigInt(position - 1), position: BigInt(position) });
}

async function snapshot(docs: DocStore, readModel: ReadModel) {
  return Object.fromEntries(await Promise.all(readModel.collections.map(async (name) => [name, await docs.collection(name).find({}, { sort: { _id: 1 } })])));
}

/** A stored document without what the skeleton keeps (`_id`, `_pos`). */
const body = (doc: Doc) => {
  const { _id, _pos, ...rest } = doc;
  return rest;
};

/** Expectations on the documents of one collection, as Emmett's `expectPongoDocuments`. */
export const expectDocuments = {
  fromCollection(collection: string) {
    return {
      withId(id: string) {
        const get = (docs: DocStore) => docs.collection(collection).get(id);
        return {
          /** The whole document (without `_id` and `_pos`). */
          toBeEqual: (expected: Record<string, unknown>): ProjectionAssertion => async ({ docs }) => {
            const doc = await get(docs);
            expect(doc, `${collection}/${id}`).not.toBeNull();
            expect(body(doc!), `${collection}/${id}`).toEqual(expected);
          },
          /** The fields named (nested objects and arrays as `toMatchObject` reads them). */
          toMatch: (expected: Record<string, unknown>): ProjectionAssertion => async ({ docs }) => {
            expect(await get(docs), `${collection}/${id}`).toMatchObject(expected);
          },
          notToExist: (): ProjectionAssertion => async ({ docs }) => {
            expect(await get(docs), `${collection}/${id}`).toBeNull();
          },
        };
      },
      /** The documents matching a filter, in `_id` order (without `_id` and `_pos`). */
      matching(filter: Filter = {}) {
        const find = (docs: DocStore) => docs.collection(collection).find(filter, { sort: { _id: 1 } });
        return {
          toBeTheSame: (expected: Record<string, unknown>[]): ProjectionAssertion => async ({ docs }) => {
            expect((await find(docs)).map(body), `${collection} ${JSON.stringify(filter)}`).toEqual(expected);
          },
          toHaveCount: (count: number): ProjectionAssertion => async ({ docs }) => {
            expect(await find(docs), `${collection} ${JSON.stringify(filter)}`).toHaveLength(count);
          },
        };
      },
    };
  },
};

/** The messages the when events pushed, in order. */
export const expectPushes = (expected: PushMessage[]): ProjectionAssertion => ({ pushed }) => {
  expect(pushed).toEqual(expected);
};

/** The push topics the when events marked changed (`ctx.changed`). */
export const expectChanged = (expected: PushTopic[]): ProjectionAssertion => ({ changed }) => {
  expect([...changed].sort()).toEqual([...expected].sort());
};
