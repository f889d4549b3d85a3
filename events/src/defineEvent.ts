import type { z } from 'zod';
import type { EventMetadata, NewEvent, RecordedEvent } from './store/types.ts';

/** Turns the data of schema version `n` into version `n + 1`. */
export type Upcaster = (data: unknown) => unknown;

/** Everything about one event type, declared in one place (its feature file under `features/`). */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  /** Category of the stream the event lives in (`cart` for `cart-<userId>`); a key of `streams`. */
  readonly stream: string;
  /** Current schema version; older versions are upcast on read, never rewritten in the store. */
  readonly version: number;
  readonly schema: S;
  /** From version n to n+1, by n. A missing step leaves the data as it is. */
  readonly upcasters: Readonly<Record<number, Upcaster>>;
}

/**
 * Declares an event type: its stream category, schema and version (1 unless it changed, with the
 * upcasters from each older version). Features list their events as
 * `export const cartEvents = { CartItemAdded: defineEvent({ ... }), ... }` and the event catalogue
 * spreads those objects, so adding an event is one entry.
 */
export function defineEvent<S extends z.ZodType>(def: { stream: string; schema: S; version?: number; upcast?: Record<number, Upcaster> }): EventDefinition<S> {
  const version = def.version ?? 1;
  if (!Number.isInteger(version) || version < 1) throw new Error(`event schema version must be a positive integer, got ${version}`);
  for (const from of Object.keys(def.upcast ?? {}).map(Number)) {
    if (!(from >= 1 && from < version)) throw new Error(`upcaster from version ${from} does not lead to version ${version}`);
  }
  return { stream: def.stream, version, schema: def.schema, upcasters: def.upcast ?? {} };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // No array of the values per object (`Object.values` made one: a replay freezes every event it applies).
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) deepFreeze(value[i] as unknown);
    } else {
      const obj = value as Record<string, unknown>;
      for (const k in obj) if (Object.hasOwn(obj, k)) deepFreeze(obj[k]);
    }
  }
  return value;
}

/** `<category>-<id>`: the stream name of one aggregate. */
export const streamName = (category: string, id: string) => `${category}-${id}`;
/** The id part of a `<category>-<id>` stream name (ids may contain '-'). */
export function streamId(category: string, stream: string): string {
  const prefix = `${category}-`;
  if (!stream.startsWith(prefix)) throw new Error(`stream ${stream} is not a ${category} stream`);
  return stream.slice(prefix.length);
}

export type EventDefinitions = Readonly<Record<string, EventDefinition>>;

/** The functions every catalogue offers, built from its definitions (the real one in `eventCatalogue.ts`; tests build small ones). */
export function catalogueFunctions(definitions: EventDefinitions) {
  function isKnown(type: string): boolean {
    return Object.hasOwn(definitions, type);
  }

  /** Parses of frozen (immutable) recorded events, e.g. a store's cached stream reads: the same event is validated once. */
  const parsedFrozen = new WeakMap<RecordedEvent, RecordedEvent | null>();

  /**
   * Validates (and upcasts) a recorded event; unknown types answer null so consumers can skip them.
   * A frozen event's parse is kept and answered again, deep-frozen itself (it is shared). `readOnce`: the
   * event object is read by this caller alone (a replay's own read of the log), so its parse is deep-frozen
   * but not kept: a weak entry per event of a rebuild was work for the garbage collector and nobody's hit.
   */
  function parseWith(event: RecordedEvent, readOnce: boolean): RecordedEvent | null {
    const frozen = Object.isFrozen(event);
    if (frozen && !readOnce) {
      const known = parsedFrozen.get(event);
      if (known !== undefined) return known;
    }
    let parsed: RecordedEvent | null = null;
    if (isKnown(event.type)) {
      const def = definitions[event.type]!;
      let data = event.data;
      for (let v = event.metadata.schemaVersion ?? 1; v < def.version; v++) {
        const up = def.upcasters[v];
        if (up) data = up(data);
      }
      parsed = { ...event, data: def.schema.parse(data) };
    }
    if (frozen && readOnce) return parsed && deepFreeze(parsed);
    if (frozen) parsedFrozen.set(event, parsed && deepFreeze(parsed));
    return parsed;
  }
  const parse = (event: RecordedEvent): RecordedEvent | null => parseWith(event, false);
  const parseReadOnce = (event: RecordedEvent): RecordedEvent | null => parseWith(event, true);

  /** Wraps a decided domain event into what the store appends, validating its data and stamping the current version. */
  function toNew(event: { type: string; data: unknown }, id: string, metadata: Omit<EventMetadata, 'schemaVersion'>): NewEvent {
    const def = definitions[event.type];
    if (!def || !isKnown(event.type)) throw new Error(`unknown event type ${event.type}`);
    const data = def.schema.parse(event.data);
    return { id, type: event.type, data, metadata: { ...metadata, schemaVersion: def.version } };
  }

  return { isKnown, parse, parseReadOnce, toNew };
}
