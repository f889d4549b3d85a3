import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { docStoreContract } from './contract.ts';
import { createMemoryDocStore } from './memory.ts';
import { isDeepFrozen } from '../testing/frozen.ts';

docStoreContract('memory', async () => ({ store: createMemoryDocStore(), cleanup: async () => {} }));

/** Issue 37: documents are shared, not copied, on every get and put; they are frozen so nobody changes them. */
describe('memory store: shared frozen documents', () => {
  it('get answers the stored document itself (no copy), frozen all the way down', async () => {
    const col = createMemoryDocStore().collection('c');
    await col.put({ _id: 'a', nested: { list: [1, { x: 1 }] } });
    const first = await col.get('a');
    expect(await col.get('a')).toBe(first);
    expect((await col.find({}))[0]).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const nested = first!['nested'] as { list: [number, { x: number }] };
    expect(Object.isFrozen(nested.list)).toBe(true);
    expect(Object.isFrozen(nested.list[1])).toBe(true);
  });

  it('a caller can change a stored document neither through a get result nor through the object it put', async () => {
    const col = createMemoryDocStore().collection('c');
    const input = { _id: 'a', n: 1, nested: { list: [1] as number[] } };
    await col.put(input);
    expect(() => { input.n = 2; }).toThrow(TypeError);
    expect(() => input.nested.list.push(2)).toThrow(TypeError);
    const got = (await col.get('a')) as typeof input;
    expect(() => { got.nested.list[0] = 9; }).toThrow(TypeError);
    expect(() => { (got as { extra?: number }).extra = 1; }).toThrow(TypeError);
    expect(await col.get('a')).toEqual({ _id: 'a', n: 1, nested: { list: [1] } });
  });

  it('an update shares the untouched sub-documents of the previous version and leaves that version as it was', async () => {
    const col = createMemoryDocStore().collection('c');
    await col.put({ _id: 'a', big: { a: [1, 2, 3] }, n: 1 });
    const before = await col.get('a');
    await col.update('a', { $inc: { n: 1 } });
    const after = await col.get('a');
    expect(after).not.toBe(before);
    expect(after!['big']).toBe(before!['big']);
    expect(before).toEqual({ _id: 'a', big: { a: [1, 2, 3] }, n: 1 });
    expect(Object.isFrozen(after)).toBe(true);
  });

  it('drops undefined fields without changing the caller\'s object, as the MongoDB adapter does', async () => {
    const col = createMemoryDocStore().collection('c');
    const input = { _id: 'a', gone: undefined, list: [undefined, 1] };
    await col.put(input);
    expect(await col.get('a')).toStrictEqual({ _id: 'a', list: [null, 1] });
    expect(Object.hasOwn(input, 'gone')).toBe(true);
  });

  it('a capture keeps its image while the store moves on (snapshots, ADR 015)', async () => {
    const store = createMemoryDocStore();
    const col = store.collection('c');
    await col.put({ _id: 'a', n: 1 });
    const [image] = store.capture(['c']);
    await col.update('a', { $inc: { n: 1 } });
    await col.put({ _id: 'b', n: 5 });
    expect(image!.docs).toEqual([{ _id: 'a', n: 1 }]);
    const copy = createMemoryDocStore();
    copy.restore([image!]);
    expect(await copy.collection('c').get('a')).toEqual({ _id: 'a', n: 1 });
  });
});

/** ADR 025 seventh pass: a rebuild's writes are frozen and journaled once, when it settles. */
describe('memory store: upkeep deferred while a rebuild writes', () => {
  it('settled, every document is stored as a live write would store it: frozen all the way down, undefined dropped, read since a position', async () => {
    const build = async (deferred: boolean) => {
      const store = createMemoryDocStore();
      const col = store.collection('c');
      await col.createIndex({ sellerId: 1 });
      const settle = deferred ? store.deferUpkeep() : () => {};
      for (let i = 0; i < 50; i++) await col.put({ _id: `d${i % 20}`, sellerId: `s${i % 3}`, nested: { list: [i, { x: undefined }] }, gone: undefined, _pos: i + 1 });
      await col.update('d3', { $set: { 'nested.more': { y: 1 } }, $inc: { n: 1 } });
      await col.updateMany({ sellerId: 's1' }, { $set: { flagged: [true] } });
      await col.delete('d4');
      // Lookups are kept meanwhile: a read model reads by them while it rebuilds.
      const bySeller = (await col.find({ sellerId: 's2' })).map((d) => d._id);
      settle();
      return { col, bySeller };
    };
    const live = await build(false);
    const deferred = await build(true);
    expect(deferred.bySeller).toEqual(live.bySeller);
    const all = await deferred.col.find({});
    expect(all).toStrictEqual(await live.col.find({}));
    expect(all.every(isDeepFrozen)).toBe(true);
    expect((await deferred.col.find({ _pos: { $gt: 40 } })).map((d) => d._id)).toEqual((await live.col.find({ _pos: { $gt: 40 } })).map((d) => d._id));
    expect((await deferred.col.find({ _pos: { $gt: 40 } })).length).toBeGreaterThan(0);
  });

  it('after a snapshot\'s load, a catch-up\'s settle walks only the documents it wrote (s57), and its journal is kept', async () => {
    const loaded = createMemoryDocStore();
    const source = loaded.collection('views');
    for (let i = 0; i < 10_000; i++) await source.put({ _id: `v${i}`, count: { n: i }, _pos: i + 1 });
    const store = createMemoryDocStore();
    store.restore(loaded.capture(['views']));
    const col = store.collection('views');
    expect((await col.find({ _pos: { $gt: 9_998 } })).map((d) => d._id)).toEqual(['v9998', 'v9999']);
    const settle = store.deferUpkeep();
    await col.update('v5', { $set: { count: { n: -5 } }, $inc: { _pos: 10_000 } });
    await col.put({ _id: 'v10000', count: { n: 10_000 }, _pos: 10_002 });
    await col.put({ _id: 'new', count: { n: 0 }, _pos: 10_003 });
    // What a settle costs: each document it walks is asked whether it is frozen (`freezeStored`).
    const asked = vi.spyOn(Object, 'isFrozen');
    try {
      settle();
      expect(asked.mock.calls.length).toBeLessThan(50);
    } finally {
      asked.mockRestore();
    }
    const written = await Promise.all(['v5', 'v10000', 'new'].map((id) => col.get(id)));
    expect(written.every((d) => d !== null && isDeepFrozen(d))).toBe(true);
    expect((await col.find({ _pos: { $gt: 10_000 } })).map((d) => d._id)).toEqual(['v5', 'v10000', 'new']);
    expect((await col.find({})).every(isDeepFrozen)).toBe(true);
  });
});

describe('memory store: what a write and a settle look up (ADR 025, s62)', () => {
  /** `Map.prototype.get` calls while `run` runs (the store's collections are Maps: a call each is a cache miss in a big one). */
  function mapReads(run: () => void): number {
    const reads = vi.spyOn(Map.prototype, 'get');
    try {
      run();
      return reads.mock.calls.length;
    } finally {
      reads.mockRestore();
    }
  }

  it('a write to a collection with no index reads nothing back, and later indexes and ordered reads still answer what a scan answers', async () => {
    const store = createMemoryDocStore();
    const col = store.collection('lookups');
    await col.put({ _id: 'first', n: 0, _pos: 1 });
    const settle = store.deferUpkeep();
    let writes: Promise<void>[] = [];
    const reads = mapReads(() => {
      for (let i = 0; i < 2_000; i++) writes.push(col.put({ _id: `d${i % 1_500}`, n: i % 3, _pos: i + 2 }));
    });
    await Promise.all(writes);
    settle();
    expect(reads).toBeLessThan(100);
    writes = [];
    const liveReads = mapReads(() => {
      for (let i = 0; i < 500; i++) writes.push(col.put({ _id: `live${i}`, n: i % 3, _pos: 3_000 + i }));
    });
    await Promise.all(writes);
    expect(liveReads).toBeLessThan(100);
    const all = await col.find({});
    expect(all.length).toBe(2_001);
    expect(all.every(isDeepFrozen)).toBe(true);
    await col.createIndex({ n: 1 });
    expect((await col.find({ n: 2 })).map((d) => d._id)).toEqual(all.filter((d) => d['n'] === 2).map((d) => d._id));
    expect((await col.find({ _pos: { $gt: 3_497 } })).map((d) => d._id)).toEqual(['live498', 'live499']);
  });

  it('a rebuild\'s settle walks its documents without looking each up again', async () => {
    const store = createMemoryDocStore();
    const col = store.collection('entries');
    const settle = store.deferUpkeep();
    for (let i = 0; i < 10_000; i++) await col.put({ _id: `e${i}`, at: { n: i, u: i % 2 ? undefined : 1 }, _pos: i + 1 });
    expect(mapReads(settle)).toBeLessThan(100);
    const docs = await col.find({});
    expect(docs.length).toBe(10_000);
    expect(docs.every(isDeepFrozen)).toBe(true);
    expect(docs[1]).toEqual({ _id: 'e1', at: { n: 1 }, _pos: 2 });
  });
});

describe('memory store: indexed lookups', () => {
  it('an indexed equality reads only the matching documents, in the natural order a scan gives', async () => {
    const col = createMemoryDocStore().collection('offers');
    await col.createIndex({ sellerId: 1 });
    for (let i = 0; i < 2_000; i++) await col.put({ _id: `o${i}`, sellerId: `s${i % 100}`, price: i });
    await col.put({ _id: 'o5', sellerId: 's7', price: -1 }); // a replaced document keeps its place
    await col.delete('o7');
    await col.put({ _id: 'o7', sellerId: 's7', price: 7 }); // a deleted and re-inserted one goes last
    const scan = (await col.find({ price: { $gte: -1 } })).filter((d) => d.sellerId === 's7').map((d) => d._id);
    expect((await col.find({ sellerId: 's7' })).map((d) => d._id)).toEqual(scan);
    expect(scan.slice(0, 2)).toEqual(['o5', 'o107']);
    expect(scan.at(-1)).toBe('o7');
    // Cost follows the matches, not the collection: a lookup among 2,000 documents takes about what one among 20 does.
    const timed = (n: number) => { const t = performance.now(); for (let i = 0; i < n; i++) void col.find({ sellerId: 's3' }); return performance.now() - t; };
    timed(200);
    const indexed = timed(2_000);
    const t = performance.now();
    for (let i = 0; i < 2_000; i++) void col.find({ price: { $gte: 1_990 } });
    const scanned = performance.now() - t;
    expect(indexed).toBeLessThan(scanned / 3);
  });
});

/**
 * Issue 37: `{ _pos: { $gt: n } }` (the catalogue index's refresh after each batch) is read from the
 * journal of writes, not a scan; it must answer exactly what the scan answers, in the same order,
 * whatever the writes were (positions going down turn the journal off), after deletes, a restore and a
 * rebuild's deferred writes. The journal and the natural order of indexed lookups are built on first
 * read (ADR 025 tenth pass), so reads come at random points, not after every write.
 */
describe('memory store: documents written since a position', () => {
  type Op = { kind: 'put' | 'update' | 'delete' | 'restore' | 'defer'; id: number; pos: number; down: boolean; read: boolean };
  const op = fc.record({
    kind: fc.constantFrom<Op['kind']>('put', 'put', 'put', 'update', 'delete', 'restore', 'defer'),
    id: fc.integer({ min: 0, max: 30 }),
    pos: fc.integer({ min: 0, max: 5 }),
    down: fc.boolean(),
    read: fc.boolean(),
  });
  it('answers what a scan answers, in natural order', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { maxLength: 120 }), fc.boolean(), async (ops, lowering) => {
      const store = createMemoryDocStore();
      const col = store.collection('offers');
      await col.createIndex({ v: 1 });
      let position = 0;
      let settle: (() => void) | null = null;
      const reads = async () => {
        const all = await col.find({});
        for (const after of [-1, 0, position - 7, position - 2, position]) {
          const scanned = all.filter((d) => (d['_pos'] as number) > after).map((d) => d._id);
          expect((await col.find({ _pos: { $gt: after } })).map((d) => d._id)).toEqual(scanned);
        }
        for (const v of [0, 1, 2]) expect((await col.find({ v })).map((d) => d._id)).toEqual(all.filter((d) => d['v'] === v).map((d) => d._id));
      };
      for (const o of ops) {
        // Mostly rising positions (a projector's writes); sometimes one below the last when `lowering`.
        position = lowering && o.down && o.pos === 0 ? Math.max(0, position - 3) : position + o.pos;
        if (o.kind === 'put') await col.put({ _id: `o${o.id}`, _pos: position, v: o.pos });
        else if (o.kind === 'update') await col.update(`o${o.id}`, { $set: { v: o.pos } });
        else if (o.kind === 'delete') await col.delete(`o${o.id}`);
        else if (o.kind === 'restore') store.restore(store.capture(['offers']));
        else if (settle) {
          settle();
          settle = null;
          // Settled, every document is frozen again, whether the collection was empty or not when the deferral began.
          expect((await col.find({})).every(isDeepFrozen)).toBe(true);
        } else settle = store.deferUpkeep();
        if (o.read) await reads();
      }
      settle?.();
      expect((await col.find({})).every(isDeepFrozen)).toBe(true);
      await reads();
    }), { numRuns: 200 });
  });
});
