import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogueFunctions, defineEvent, streamId, streamName } from './defineEvent.ts';
import { CURRENT_SCHEMA_VERSION, appendedEvent, eventCatalogue, eventSchemas, parseEvent, parseEventReadOnce, streams, toNewEvent } from './eventCatalogue.ts';
import type { RecordedEvent } from './store/types.ts';

const meta = { actor: { userId: null, role: 'guest' as const }, correlationId: 'c', causationId: null, at: '2026-11-20T08:00:00.000Z' };
const recorded = (type: string, data: unknown, schemaVersion?: number): RecordedEvent => ({
  id: 'e1', type, data, stream: 'x-1', revision: 0n, position: 1n, metadata: { ...meta, ...(schemaVersion ? { schemaVersion } : {}) },
});

describe('event catalogue', () => {
  it('every event names a stream category that `streams` can build', () => {
    // Builders answer `<category>-<id>`; the reverse helpers (cartOwner, …) refuse a name that is not theirs.
    const categories = new Set<string>();
    for (const build of Object.values(streams) as ((...a: string[]) => string)[]) {
      try {
        categories.add(build('a', 'b').split('-')[0]!);
      } catch { /* a reverse helper */ }
    }
    for (const [type, def] of Object.entries(eventCatalogue)) expect(categories.has(def.stream), type).toBe(true);
  });

  it('schemas and versions are derived from the one declaration', () => {
    expect(Object.keys(eventSchemas)).toEqual(Object.keys(eventCatalogue));
    expect(eventSchemas.CartItemRemoved).toBe(eventCatalogue.CartItemRemoved.schema);
    expect(CURRENT_SCHEMA_VERSION.ProductViewed).toBe(1);
  });

  it('a frozen recorded event (a cached store read) is parsed once: the same deep-frozen answer again; others each time anew', () => {
    const raw = Object.freeze(recorded('CartItemRemoved', { itemId: 'i1' }));
    const parsed = parseEvent(raw);
    expect(parsed).toMatchObject({ type: 'CartItemRemoved', data: { itemId: 'i1' } });
    expect(parseEvent(raw)).toBe(parsed);
    expect(Object.isFrozen(parsed!.data)).toBe(true);
    const open = recorded('CartItemRemoved', { itemId: 'i1' });
    expect(parseEvent(open)).not.toBe(parseEvent(open));
    expect(parseEvent(Object.freeze(recorded('NoSuchEvent', {})))).toBeNull();
  });

  it('an event its reader alone reads (a replay\'s own read of the log) is parsed deep-frozen, and its parse is not kept (s62)', () => {
    const raw = Object.freeze(recorded('OfferDeactivated', { offerId: 'o1' }));
    const parsed = parseEventReadOnce(raw);
    expect(parsed).toMatchObject({ type: 'OfferDeactivated', data: { offerId: 'o1' } });
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(Object.isFrozen(parsed!.data)).toBe(true);
    // Not kept: neither a second read-once parse nor a shared one answers it again.
    expect(parseEventReadOnce(raw)).not.toBe(parsed);
    expect(parseEventReadOnce(raw)).toEqual(parsed);
    expect(parseEvent(raw)).not.toBe(parsed);
    expect(() => { (parsed!.data as { offerId: string }).offerId = 'o2'; }).toThrow(TypeError);
    expect(parseEventReadOnce(Object.freeze(recorded('NoSuchEvent', {})))).toBeNull();
  });

  it('appendedEvent answers what parseEvent would read back of an event toNewEvent made', () => {
    const made = toNewEvent({ type: 'CartItemRemoved', data: { itemId: 'i1' } }, 'e1', meta);
    const at = { stream: 'cart-u1', revision: 0n, position: 1n };
    expect(appendedEvent(made, at)).toEqual(parseEvent({ ...made, ...at }));
    expect(() => appendedEvent({ ...made, type: 'NoSuchEvent' }, at)).toThrow('unknown event type');
  });

  it('toNewEvent validates and stamps the version; parseEvent validates and skips unknown types', () => {
    const e = toNewEvent({ type: 'CartItemRemoved', data: { itemId: 'i1' } }, 'e1', meta);
    expect(e.metadata.schemaVersion).toBe(1);
    expect(() => toNewEvent({ type: 'CartItemRemoved', data: { itemId: '' } }, 'e1', meta)).toThrow();
    expect(parseEvent(recorded('CartItemRemoved', { itemId: 'i1' }))).toMatchObject({ type: 'CartItemRemoved', data: { itemId: 'i1' } });
    expect(parseEvent(recorded('SomethingElse', {}))).toBeNull();
  });

  it('stream names round-trip: streams.cartOwner reads back the account', () => {
    expect(streams.cart('user-1')).toBe('cart-user-1');
    expect(streams.cartOwner(streams.cart('user-1'))).toBe('user-1');
    expect(() => streams.cartOwner('user-1')).toThrow();
    expect(streamId('productVisitor', streams.productVisitor('p-1', 'v'))).toBe('p-1.v');
    expect(streamName('ad', 'a1')).toBe('ad-a1');
  });
});

describe('defineEvent: versions and upcasting', () => {
  const v3 = z.object({ name: z.string(), tags: z.array(z.string()) });
  const defs = {
    Renamed: defineEvent({
      stream: 'thing',
      schema: v3,
      version: 3,
      upcast: {
        1: (d) => ({ name: (d as { title: string }).title }), // v1 had `title`
        2: (d) => ({ ...(d as object), tags: [] }), // v2 had no tags
      },
    }),
  };
  const { parse, toNew } = catalogueFunctions(defs);

  it('upcasts old versions step by step on read, never touching the stored data', () => {
    const old = recorded('Renamed', { title: '갤럭시' }, 1);
    expect(parse(old)?.data).toEqual({ name: '갤럭시', tags: [] });
    expect(old.data).toEqual({ title: '갤럭시' });
    expect(parse(recorded('Renamed', { name: '아이폰' }, 2))?.data).toEqual({ name: '아이폰', tags: [] });
    expect(parse(recorded('Renamed', { name: '픽셀', tags: ['a'] }, 3))?.data).toEqual({ name: '픽셀', tags: ['a'] });
  });

  it('new events carry the current version', () => {
    expect(toNew({ type: 'Renamed', data: { name: 'n', tags: [] } }, 'id', meta).metadata.schemaVersion).toBe(3);
    expect(() => toNew({ type: 'Nope', data: {} }, 'id', meta)).toThrow(/unknown event type/);
  });

  it('refuses upcasters that do not lead to the declared version', () => {
    expect(() => defineEvent({ stream: 's', schema: v3, version: 2, upcast: { 2: (d) => d } })).toThrow();
    expect(() => defineEvent({ stream: 's', schema: v3, version: 0 })).toThrow();
  });
});
