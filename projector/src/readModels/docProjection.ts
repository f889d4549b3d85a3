import type { EventType, StoredEvent } from '@phonemarket/events';
import type { Doc, DocStore } from '../docstore/types.ts';
import { alreadyApplied, type ApplyContext, type PushMessage, type ReadModel } from './types.ts';

/** A stored event of one of the given types. */
export type EventOf<T extends EventType> = Extract<StoredEvent, { type: T }>;

/** A projected document without what the skeleton owns (`_id`, `_pos`) and without `Doc`'s index signature. */
export type DocBody<D extends Doc> = { [K in keyof D as string extends K ? never : K extends '_id' | '_pos' ? never : K]: D[K] };

export interface DocProjection<D extends Doc, T extends EventType> {
  /** Shown in logs; defaults to the collection name. */
  name?: string;
  /** See `ReadModel.version`: required when the projection is a model of its own in `allReadModels`. */
  version?: number;
  collection: string;
  /** The event types this projection reads; every other event is ignored without a read. */
  canHandle: readonly T[];
  /** The id of the document an event changes. */
  id(event: EventOf<T>): string;
  /**
   * The document after the event, from the document before it (null: none yet). Answer null to
   * write nothing. Pure apart from reads through `ctx.docs` of its own read model's collections (e.g. the
   * lookup a cart keeps of offers' names): never another read model's, so the order of read models never matters.
   */
  evolve(doc: DocBody<D> | null, event: EventOf<T>, ctx: ApplyContext): DocBody<D> | null | Promise<DocBody<D> | null>;
  /** Push messages to send once the new document is committed (ADR 007): e.g. `cart:updated` to its owner. */
  push?(doc: DocBody<D>, event: EventOf<T>): readonly PushMessage[];
  /** Indexes and the like. */
  setup?(docs: DocStore): Promise<void>;
}

/**
 * One skeleton for read models that keep one document per id: it reads the document, skips events
 * it has already applied (each document keeps `_pos`, the position of the last event applied to it),
 * lets `evolve` compute the next document, and writes it with its new `_pos`. Re-applying an event
 * (a crash between a write and the checkpoint) therefore changes nothing and pushes nothing.
 */
export function docProjection<D extends Doc, T extends EventType>(def: DocProjection<D, T>): ReadModel {
  const handled = new Set<string>(def.canHandle);
  async function applyHandled(e: EventOf<T>, ctx: ApplyContext): Promise<void> {
    const id = def.id(e);
    const col = ctx.docs.collection<D>(def.collection);
    const stored = await col.get(id);
    if (alreadyApplied(stored, ctx.position)) return;
    const before = stored === null ? null : withoutInternals(stored);
    const next = await def.evolve(before, e, ctx);
    if (next === null) return;
    await col.put({ ...next, _id: id, _pos: ctx.position } as unknown as D);
    for (const message of def.push?.(next, e) ?? []) ctx.push(message);
  }
  return handling(def.canHandle, {
    name: def.name ?? def.collection,
    ...(def.version === undefined ? {} : { version: def.version }),
    collections: [def.collection],
    setup: def.setup,
    apply: (event, ctx) => (handled.has(event.type) ? applyHandled(event as EventOf<T>, ctx) : DONE),
  });
}

const DONE: Promise<void> = Promise.resolve();
/** The event types a read model applies, where it says so (every `docProjection`; others through `handling`). */
const handledTypes = new WeakMap<ReadModel, ReadonlySet<string>>();

/**
 * Says which event types `model` applies (it ignores every other): a group then calls it only for
 * those, so the many small projections of a model (its lookups) cost nothing on the other events.
 */
export function handling<M extends ReadModel>(types: Iterable<EventType>, model: M): M {
  handledTypes.set(model, new Set(types));
  return model;
}

/** The event types `model` applies, where it says so (undefined: it may apply any event). */
export function handledTypesOf(model: ReadModel): ReadonlySet<string> | undefined {
  return handledTypes.get(model);
}

function withoutInternals<D extends Doc>(doc: D): DocBody<D> {
  const { _id, _pos, ...body } = doc;
  return body as unknown as DocBody<D>;
}

/** Several read models shown and run as one (e.g. the catalogue's five collections), with one version (`ReadModel.version`). */
export function readModelGroup(name: string, models: readonly ReadModel[], opts: { version?: number } = {}): ReadModel {
  const collections = [...new Set(models.flatMap((m) => m.collections))];
  // Per event type, the parts that apply it (a part that does not say what it applies gets every event).
  const partsByType = new Map<string, readonly ReadModel[]>();
  const partsFor = (type: string) => {
    let parts = partsByType.get(type);
    if (!parts) partsByType.set(type, (parts = models.filter((m) => handledTypes.get(m)?.has(type) ?? true)));
    return parts;
  };
  const group: ReadModel = {
    name,
    ...(opts.version === undefined ? {} : { version: opts.version }),
    collections,
    async setup(docs) {
      for (const m of models) await m.setup?.(docs);
    },
    async flush(docs) {
      for (const m of models) await m.flush?.(docs);
    },
    apply(event, ctx) {
      const parts = partsFor(event.type);
      if (parts.length === 0) return DONE;
      if (parts.length === 1) return parts[0]!.apply(event, ctx);
      return (async () => {
        for (const m of parts) await m.apply(event, ctx);
      })();
    },
  };
  if (models.every((m) => handledTypes.has(m))) handling(models.flatMap((m) => [...handledTypes.get(m)!]) as EventType[], group);
  return group;
}
