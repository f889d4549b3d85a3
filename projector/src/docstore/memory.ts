/**
 * Embedded document store: one Map per collection, filters evaluated by `mingo`, updates by
 * `update.ts`. By-id reads and writes never scan. Stored documents are frozen all the way down
 * (`freezeStored`): a write freezes what it stores and every read hands out the stored document
 * itself, without a copy (issue 37: copying whole documents on every get and put was most of a
 * start's time). Nobody can change a stored document: a write stores a new object, a reader or the
 * writer who changes one gets a TypeError (modules run in strict mode).
 *
 * Indexes answer lookups as MongoDB's do: a filter with an equality (or `$in`) on the first field of
 * an index reads only the documents holding that value, so a read model's `find({ sellerId })` per
 * event costs the seller's documents, not the collection's (issue 37).
 */
import { Query } from 'mingo';
import { DuplicateKeyError } from './errors.ts';
import type { Collection, Doc, DocStore, Filter, FindOptions, Sort, Update } from './types.ts';
import { applyUpdate, pathsOverlap } from './update.ts';
import { compileFastFilter } from './fastFilter.ts';
import { cloneValue, compareStrings, freezeStored, compareValues, isPlainObject, pathValues, sortKeyOf } from './values.ts';

/** A collection's documents and index definitions at one moment (see `MemoryDocStore.capture`). */
export interface CollectionImage {
  name: string;
  indexes: IndexSpec[];
  /** The stored documents themselves (never mutated once stored): read them, do not change them. */
  docs: Doc[];
}

export interface IndexSpec {
  name: string;
  keys: Sort;
  unique: boolean;
}

/** The embedded store, plus what read-model snapshots need (ADR 015). */
export interface MemoryDocStore extends DocStore {
  /**
   * The named collections as they are now, without copying a document: stored documents are never
   * changed in place (every write stores a new object), so the image stays as it was while the store
   * moves on. O(documents) pointer copies; missing collections are answered empty.
   */
  capture(names: readonly string[]): CollectionImage[];
  /** Replaces each imaged collection's documents and indexes with the image's (the documents are taken as they are). */
  restore(images: readonly CollectionImage[]): void;
  /**
   * A rebuild's writes (`rebuildReadModels`, ADR 025 seventh pass): until the returned `settle` is called, a
   * write stores the document as it is given, not frozen, and a collection empty at its first such write keeps
   * no journal of writes (a `_pos` read scans meanwhile); `settle` then freezes its every document, once (its
   * journal is built from the documents at its first read). A collection that held documents (a start's
   * catch-up after a snapshot) keeps its journal and has only the documents written meanwhile frozen: a
   * settle costs what was written, not the collection's size (s57).
   * Indexes are kept as always (read models look documents up while they rebuild). What it gives up meanwhile
   * is the TypeError on a changed stored document: the live projector, and every read model's tests, keep it.
   */
  deferUpkeep(): () => void;
}

export function isMemoryDocStore(docs: DocStore): docs is MemoryDocStore {
  return typeof (docs as Partial<MemoryDocStore>).capture === 'function' && typeof (docs as Partial<MemoryDocStore>).restore === 'function';
}

export function createMemoryDocStore(): MemoryDocStore {
  const collections = new Map<string, MemoryCollection>();
  const mode: WriteMode = { deferred: false };
  const collectionOf = (name: string) => {
    let col = collections.get(name);
    if (!col) {
      col = createMemoryCollection(name, mode);
      collections.set(name, col);
    }
    return col;
  };
  return {
    capture(names) {
      return names.map((name) => collections.get(name)?.image() ?? { name, indexes: [], docs: [] });
    },
    restore(images) {
      for (const image of images) collectionOf(image.name).load(image);
    },
    deferUpkeep() {
      if (mode.deferred) throw new Error('upkeep is deferred already');
      mode.deferred = true;
      return () => {
        if (!mode.deferred) return;
        mode.deferred = false;
        for (const col of collections.values()) col.settle();
      };
    },
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      // The document type is the caller's claim, exactly as with MongoDB's `db.collection<T>()`.
      return collectionOf(name) as unknown as Collection<T>;
    },
    async dropAll() {
      // Handles stay valid, like MongoDB collections that are recreated on the next write.
      for (const col of collections.values()) col.drop();
    },
    async close() {},
  };
}

/** Shared by a store's collections: whether writes defer their upkeep (`deferUpkeep`). */
interface WriteMode { deferred: boolean }

interface MemoryCollection extends Collection<Doc> {
  /** Removes all documents and secondary indexes. */
  drop(): void;
  /** After deferred writes: freezes the documents (the journal is built from them at its first read). */
  settle(): void;
  image(): CollectionImage;
  /** Replaces documents and indexes with the image's; unique indexes are rebuilt (and checked). */
  load(image: CollectionImage): void;
}

export interface Index {
  name: string;
  keys: Sort;
  unique: boolean;
  /** Index key → id of the document holding it; only kept for unique indexes. */
  owners: Map<string, string>;
}

function createMemoryCollection(name: string, mode: WriteMode): MemoryCollection {
  if (name === '' || name.includes('$') || name.includes('\0')) throw new Error(`Invalid collection name '${name}'`);
  const docs = new Map<string, Doc>();
  const indexes = new Map<string, Index>();
  let uniqueIndexes: Index[] = [];
  /** Per path that leads an index: value key → ids of the documents holding it (the lookups `matching` uses). */
  const lookups = new Map<string, Map<string, Set<string>>>();
  /**
   * When each document was first stored, so that a lookup answers in natural order, as a scan does. Numbered
   * on first need: the `docs` Map's own order is that order (a new id is appended to it, a delete removes it),
   * so a collection no indexed or `_pos` read ever sorts keeps no numbers (most of a rebuild's documents: a
   * Map insert per new document, ADR 025 tenth pass).
   */
  let insertedAt: Map<string, number> | null = null;
  let inserted = 0;
  function inNaturalOrder(ids: string[]): string[] {
    if (!insertedAt) {
      insertedAt = new Map();
      for (const id of docs.keys()) insertedAt.set(id, inserted++);
    }
    const rank = insertedAt;
    return ids.sort((a, b) => rank.get(a)! - rank.get(b)!);
  }
  /**
   * The writes in commit order with their `_pos` (issue 37): what changed since a position
   * (`{ _pos: { $gt: n } }`, the catalogue index's refresh after each batch, on 50,000 offers) is read
   * back from the last write, not tested document by document. Kept while writes' `_pos` never go down
   * (a projector's writes); a write that lowers it or has none turns it off until the collection is
   * dropped or loaded. Compacted to the documents' own `_pos` once it holds twice as many writes.
   */
  let journal: { pos: number[]; ids: string[] } | null = { pos: [], ids: [] };
  /** The journal is to be built from the documents at its first read (after a rebuild's settle or a load: most collections are never read by `_pos`). */
  let journalPending = false;
  function journalFromDocs(): void {
    const all = [...docs.values()];
    if (!all.every((d) => typeof d['_pos'] === 'number')) { journal = null; return; }
    all.sort((a, b) => (a['_pos'] as number) - (b['_pos'] as number));
    journal = { pos: all.map((d) => d['_pos'] as number), ids: all.map((d) => d._id) };
  }
  /** Written to while upkeep was deferred: `settle` has work. */
  let unsettled = false;
  /**
   * The ids written while upkeep was deferred, when the collection held documents at the first such write (a
   * start's catch-up after a snapshot: a few thousand writes into collections of millions): `settle` freezes
   * those, and their journal is kept as live writes keep it. Null while deferred: every document is new (a
   * rebuild, a first start), and `settle` walks them all (a set of every id would cost more than it saves).
   */
  let deferredWrites: Set<string> | null = null;
  /** Notes a write while upkeep is deferred, before it is stored. */
  function noteDeferred(id: string): void {
    if (!unsettled) {
      unsettled = true;
      deferredWrites = docs.size > 0 ? new Set() : null;
    }
    deferredWrites?.add(id);
  }
  function journalWrite(id: string, next: Doc): void {
    if (mode.deferred && !deferredWrites) { journal = null; return; }
    // Built from the documents when first read, this write included.
    if (!journal || journalPending) return;
    const pos = next['_pos'];
    if (typeof pos !== 'number' || (journal.pos.length > 0 && pos < journal.pos[journal.pos.length - 1]!)) { journal = null; return; }
    journal.pos.push(pos);
    journal.ids.push(id);
    if (journal.ids.length > 2 * docs.size + 4_096) journalFromDocs();
  }
  /** The documents written since `after` (ids in natural order), or null: the journal is off. */
  function writtenSince(after: number): string[] | null {
    if (journalPending) {
      journalPending = false;
      journalFromDocs();
    }
    if (!journal) return null;
    let lo = 0;
    let hi = journal.pos.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (journal.pos[mid]! > after) hi = mid;
      else lo = mid + 1;
    }
    return inNaturalOrder([...new Set(journal.ids.slice(lo))].filter((id) => docs.has(id)));
  }

  function track(id: string, prev: Doc | undefined, next: Doc | undefined, touched?: readonly string[]): void {
    for (const [path, byKey] of lookups) {
      // A field the write left as it was (the same value or the same frozen sub-document) keeps its keys.
      if (prev && next && (prev[topField(path)] === next[topField(path)] || (touched && !touched.some((t) => pathsOverlap(path, t))))) continue;
      // A top-level field holding one value (most indexes: an id, a position, a time): its key without the arrays
      // `fieldKeys` answers (each write of an outbox entry or a chat line allocated them; ADR 031, s61).
      const one = prev ? soleKey(prev, path) : NO_KEY;
      const other = next ? soleKey(next, path) : NO_KEY;
      if (one !== MANY_KEYS && other !== MANY_KEYS) {
        if (one === other) continue;
        if (one !== NO_KEY) unlookup(byKey, one, id);
        if (other !== NO_KEY) relookup(byKey, other, id);
        continue;
      }
      const before = prev ? fieldKeys(prev, path) : [];
      const after = next ? fieldKeys(next, path) : [];
      if (before.length === after.length && before.every((k, i) => k === after[i])) continue;
      for (const key of before) unlookup(byKey, key, id);
      for (const key of after) relookup(byKey, key, id);
    }
  }

  /** The ids an indexed equality or `$in` of `filter` narrows it to (the fewest), or null: scan. */
  function indexedIds(filter: Filter): string[] | null {
    let best: Set<string>[] | null = null;
    let bestSize = Infinity;
    for (const [path, byKey] of lookups) {
      const values = equalityValues(filter[path]);
      if (!values) continue;
      const sets = values.flatMap((v) => byKey.get(encodeKey(v)) ?? []);
      const size = sets.reduce((n, ids) => n + ids.size, 0);
      if (size < bestSize) [best, bestSize] = [sets, size];
    }
    if (!best) return null;
    return inNaturalOrder(best.length === 1 ? [...best[0]!] : [...new Set(best.flatMap((ids) => [...ids]))]);
  }

  /**
   * Stores `next` under `id`, enforcing and maintaining unique indexes. `next` must already be
   * frozen (`freezeStored`). `touched` (the paths an update named) lets unaffected indexes be skipped.
   */
  function commit(id: string, next: Doc, touched?: readonly string[]): void {
    // The document it replaces is read only where something keeps track of it: an index, or the insertion
    // numbers. Most of a rebuild's collections have neither (per-offer lookups, ladder and history entries, up to
    // ~84,000 documents each), and a read of a Map that size is a cache miss per write (ADR 025, s62).
    if (uniqueIndexes.length === 0 && lookups.size === 0 && insertedAt === null) {
      if (mode.deferred) noteDeferred(id);
      docs.set(id, next);
      journalWrite(id, next);
      return;
    }
    const prev = docs.get(id);
    const affected = prev && uniqueIndexes.length > 0 ? uniqueIndexes.filter((idx) => indexChanged(idx, prev, next, touched)) : uniqueIndexes;
    for (const idx of affected) assertUnique(idx, id, next, name);
    for (const idx of affected) {
      if (prev) unindex(idx, id, prev);
      for (const key of indexKeys(next, idx.keys)) idx.owners.set(key, id);
    }
    track(id, prev, next, touched);
    if (!prev) insertedAt?.set(id, inserted++);
    if (mode.deferred) noteDeferred(id);
    docs.set(id, next);
    journalWrite(id, next);
  }

  function remove(id: string): boolean {
    const prev = docs.get(id);
    if (!prev) return false;
    for (const idx of uniqueIndexes) unindex(idx, id, prev);
    track(id, prev, undefined);
    insertedAt?.delete(id);
    docs.delete(id);
    return true;
  }

  /** Matching documents in natural order; filters on `_id` are answered from the Map. */
  function* matching(filter: Filter): Generator<Doc> {
    const ids = idLookup(filter);
    if (ids) {
      const test = Object.keys(filter).length === 1 ? null : compileFilter(filter);
      for (const id of ids) {
        const doc = docs.get(id);
        if (doc && (!test || test(doc))) yield doc;
      }
      return;
    }
    const test = compileFilter(filter);
    const since = positionAfter(filter);
    const written = since === null ? null : writtenSince(since);
    if (written) {
      for (const id of written) {
        const doc = docs.get(id)!;
        if (!test || test(doc)) yield doc;
      }
      return;
    }
    const indexed = indexedIds(filter);
    if (indexed) {
      for (const id of indexed) {
        const doc = docs.get(id)!;
        if (!test || test(doc)) yield doc;
      }
      return;
    }
    for (const doc of docs.values()) if (!test || test(doc)) yield doc;
  }

  /** Builds a new index over the documents, then registers it (existing duplicates leave no half-built index behind). */
  function register(idx: Index): void {
    if (idx.unique) {
      for (const [id, doc] of docs) {
        assertUnique(idx, id, doc, name);
        for (const key of indexKeys(doc, idx.keys)) idx.owners.set(key, id);
      }
      uniqueIndexes = [...uniqueIndexes, idx];
    }
    indexes.set(idx.name, idx);
    const lead = Object.keys(idx.keys)[0]!;
    if (!lookups.has(lead)) {
      const byKey = new Map<string, Set<string>>();
      lookups.set(lead, byKey);
      for (const [id, doc] of docs) {
        for (const key of fieldKeys(doc, lead)) {
          let ids = byKey.get(key);
          if (!ids) byKey.set(key, (ids = new Set()));
          ids.add(id);
        }
      }
    }
  }

  function settle(): void {
    if (!unsettled) return;
    unsettled = false;
    const written = deferredWrites;
    deferredWrites = null;
    if (written) {
      for (const id of written) {
        const doc = docs.get(id);
        const stored = doc && freezeStored(doc);
        if (stored !== doc) docs.set(id, stored!);
      }
      return;
    }
    // Every document: walked as the Map's entries, not looked up again by id (a cache miss each in a big collection).
    for (const [id, doc] of docs) {
      const stored = freezeStored(doc);
      // Replacing the value of a key already present keeps the Map's order and its iteration.
      if (stored !== doc) docs.set(id, stored);
    }
    journalPending = true;
  }

  function drop() {
    docs.clear();
    indexes.clear();
    uniqueIndexes = [];
    lookups.clear();
    insertedAt = null;
    journal = { pos: [], ids: [] };
    journalPending = false;
  }

  return {
    name,
    drop,
    settle,
    image() {
      return {
        name,
        indexes: [...indexes.values()].map((idx) => ({ name: idx.name, keys: { ...idx.keys }, unique: idx.unique })),
        docs: [...docs.values()],
      };
    },
    load(image) {
      drop();
      for (const doc of image.docs) {
        if (typeof doc._id !== 'string') throw new Error(`Document _id must be a string (collection ${name})`);
        docs.set(doc._id, freezeStored(doc));
      }
      journalPending = true;
      for (const spec of image.indexes) {
        const idx = defineIndex(spec.keys, { unique: spec.unique, name: spec.name }, indexes);
        if (idx) register(idx);
      }
    },
    async get(id) {
      const doc = docs.get(id);
      return doc ?? null;
    },
    async find(filter = {}, options = {}) {
      // By ids alone (a read model's lookups, per event): straight from the Map, in `_id` order.
      const ids = options.sort || options.skip || options.limit || Object.keys(filter).length !== 1 ? null : idLookup(filter);
      if (ids) {
        const out: Doc[] = [];
        for (const id of ids) {
          const doc = docs.get(id);
          if (doc) out.push(doc);
        }
        return out;
      }
      return findDocs(matching(filter), options);
    },
    async count(filter = {}) {
      if (Object.keys(filter).length === 0) return docs.size;
      let n = 0;
      for (const _ of matching(filter)) n++;
      return n;
    },
    async put(doc) {
      if (typeof doc._id !== 'string') throw new Error('Document _id must be a string');
      commit(doc._id, mode.deferred ? doc : freezeStored(doc));
    },
    async update(id, update, options = {}) {
      const prev = docs.get(id);
      if (prev && options.where && !compileFilter(options.where)?.(prev)) return false;
      if (!prev && !options.upsert) {
        applyUpdate({ _id: id }, update, false); // still reject a malformed update, as MongoDB does
        return false;
      }
      // Update a copy so that a failing operator or index check leaves the stored document intact.
      const touched = updatedPaths(update);
      const next: Doc = prev ? copyForUpdate(prev, touched) : { _id: id };
      applyUpdate(next, update, !prev);
      commit(id, mode.deferred ? next : prev ? freezeUpdated(next, touched) : freezeStored(next), touched);
      return true;
    },
    async updateMany(filter, update) {
      const targets = [...matching(filter)];
      if (targets.length === 0) applyUpdate({ _id: '' }, update, false);
      const touched = updatedPaths(update);
      for (const doc of targets) {
        const next = copyForUpdate(doc, touched);
        applyUpdate(next, update, false);
        commit(doc._id, mode.deferred ? next : freezeUpdated(next, touched), touched);
      }
      return targets.length;
    },
    async delete(id) {
      return remove(id);
    },
    async deleteMany(filter = {}) {
      const ids = Array.from(matching(filter), (doc) => doc._id);
      for (const id of ids) remove(id);
      return ids.length;
    },
    async createIndex(keys, options = {}) {
      const idx = defineIndex(keys, options, indexes);
      if (idx) register(idx);
    },
  };
}

/** `n` of a filter that is `{ _pos: { $gt: n } }` alone (what changed since a position), else null. */
function positionAfter(filter: Filter): number | null {
  const cond = filter['_pos'];
  if (!isPlainObject(cond) || Object.keys(filter).length !== 1 || Object.keys(cond).length !== 1) return null;
  const after = cond['$gt'];
  return typeof after === 'number' && !Number.isNaN(after) ? after : null;
}

/** The ids an `_id` equality or `$in` pins the filter to (in `_id` order, like MongoDB's _id index), or null. */
export function idLookup(filter: Filter): string[] | null {
  const cond = filter['_id'];
  if (typeof cond === 'string') return [cond];
  if (!isPlainObject(cond) || Object.keys(cond).length !== 1) return null;
  if (typeof cond['$eq'] === 'string') return [cond['$eq']];
  const list = cond['$in'];
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) return null;
  if (list.length < 2) return list as string[];
  const ids = list as string[];
  // Code point order is UTF-16 order (`<`) for strings below the surrogates (Hangul included): a read
  // model's few lookup ids per event, mostly in order already, then cost no copy and no char-by-char compare.
  if (!ids.some((id) => SURROGATES_AND_ABOVE.test(id))) {
    let ascending = true;
    for (let i = 1; i < ids.length && ascending; i++) ascending = ids[i - 1]! < ids[i]!;
    return ascending ? ids : [...new Set(ids)].sort((a, b) => (a < b ? -1 : 1));
  }
  return [...new Set(ids)].sort(compareStrings);
}
/** A UTF-16 unit at or above the surrogates, where `<` and code point order can differ. */
const SURROGATES_AND_ABOVE = /[\uD800-\uFFFF]/;

/**
 * The values an index lookup may answer a field's condition with: a string, number or boolean, its
 * `$eq`, or a `$in` of them (null matches missing fields too, which no key records: never looked up).
 */
function equalityValues(cond: unknown): (string | number | boolean)[] | null {
  const indexable = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));
  if (indexable(cond)) return [cond];
  if (!isPlainObject(cond) || Object.keys(cond).length !== 1) return null;
  if (indexable(cond['$eq'])) return [cond['$eq']];
  const list = cond['$in'];
  return Array.isArray(list) && list.every(indexable) ? list : null;
}

/** A predicate for `filter`, or null when it matches everything. */
export function compileFilter(filter: Filter): ((doc: Doc) => boolean) | null {
  if (Object.keys(filter).length === 0) return null;
  const fast = compileFastFilter(filter);
  if (fast) return fast;
  const query = new Query(filter);
  return (doc) => query.test(doc);
}

/** Applies sort, skip and limit (0 = no limit, as in MongoDB). Unsorted reads stop at the last needed match. */
export function findDocs(source: Iterable<Doc>, options: FindOptions): Doc[] {
  const skip = Math.max(0, options.skip ?? 0);
  const limit = Math.max(0, options.limit ?? 0);
  const end = limit > 0 ? skip + limit : Infinity;
  if (options.sort && Object.keys(options.sort).length > 0) return sortDocs(Array.from(source), options.sort).slice(skip, end);
  const out: Doc[] = [];
  let seen = 0;
  for (const doc of source) {
    if (seen++ >= skip) out.push(doc);
    if (seen >= end) break;
  }
  return out;
}

/** Stable multi-key sort with MongoDB's ordering; keys are computed once per document. */
function sortDocs(docs: Doc[], sort: Sort): Doc[] {
  const fields = Object.entries(sort);
  for (const [path, dir] of fields) {
    if (dir !== 1 && dir !== -1) throw new Error(`Invalid sort direction for '${path}': ${String(dir)}`);
  }
  const keyed = docs.map((doc) => ({ doc, keys: fields.map(([path, dir]) => sortKeyOf(doc, path, dir)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i]);
      if (c !== 0) return (fields[i] as [string, 1 | -1])[1] * c;
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}

/** Validates a createIndex call; returns the new index, or null when an identical one exists. */
export function defineIndex(keys: Sort, options: { unique?: boolean; name?: string }, existing: ReadonlyMap<string, Index>): Index | null {
  const fields = Object.keys(keys);
  if (fields.length === 0) throw new Error('Index keys must not be empty');
  for (const f of fields) {
    if (keys[f] !== 1 && keys[f] !== -1) throw new Error(`Invalid index direction for '${f}'`);
  }
  const name = options.name ?? fields.map((f) => `${f}_${keys[f]}`).join('_');
  const unique = options.unique ?? false;
  if (fields.length === 1 && fields[0] === '_id') return null; // the Map is the unique _id index
  const spec = JSON.stringify(keys);
  for (const idx of existing.values()) {
    const sameKeys = JSON.stringify(idx.keys) === spec;
    if (idx.name === name && sameKeys && idx.unique === unique) return null;
    if (idx.name === name || sameKeys) throw new Error(`Index '${name}' conflicts with existing index '${idx.name}'`);
  }
  return { name, keys: { ...keys }, unique, owners: new Map() };
}

function assertUnique(idx: Index, id: string, doc: Doc, collection: string): void {
  for (const key of indexKeys(doc, idx.keys)) {
    const owner = idx.owners.get(key);
    if (owner !== undefined && owner !== id) {
      throw new DuplicateKeyError(`E11000 duplicate key error collection: ${collection} index: ${idx.name} dup key: ${key}`);
    }
  }
}

/**
 * Whether a write can change the document's keys in `idx`: a field it did not name (an update's
 * `touched`), or whose top-level value is the very one stored before, keeps its keys.
 */
function indexChanged(idx: Index, prev: Doc, next: Doc, touched: readonly string[] | undefined): boolean {
  for (const field of Object.keys(idx.keys)) {
    if (prev[topField(field)] === next[topField(field)]) continue;
    if (!touched) return true;
    for (const path of touched) if (pathsOverlap(field, path)) return true;
  }
  return false;
}

/** The first segment of a dotted path: the document's own field it lies in. */
function topField(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

/**
 * Copy-on-write: a shallow copy whose touched top-level fields are deep copies. Untouched
 * sub-documents are shared with the previous version: they are frozen, and stay as they are.
 */
function copyForUpdate(prev: Doc, touched: readonly string[]): Doc {
  const next: Doc = { ...prev };
  for (const path of touched) {
    const top = topField(path);
    if (Object.hasOwn(next, top)) next[top] = cloneValue(next[top]);
  }
  return next;
}

/**
 * `freezeStored` for an updated copy of a stored document: only the top-level fields the update
 * named can hold anything not yet frozen (the rest are the stored document's own), so only they are
 * walked (a field left `undefined` is dropped, as `freezeStored` drops it).
 */
function freezeUpdated(next: Doc, touched: readonly string[]): Doc {
  for (const path of touched) {
    const top = topField(path);
    if (!Object.hasOwn(next, top)) continue;
    const value = next[top];
    if (value === undefined) delete next[top];
    else next[top] = freezeStored(value);
  }
  return Object.freeze(next);
}

export function updatedPaths(update: Update): string[] {
  const paths: string[] = [];
  for (const op of Object.keys(update)) {
    const args = update[op];
    if (typeof args === 'object' && args !== null) for (const path of Object.keys(args)) paths.push(path);
  }
  return paths;
}

function unindex(idx: Index, id: string, doc: Doc): void {
  for (const key of indexKeys(doc, idx.keys)) if (idx.owners.get(key) === id) idx.owners.delete(key);
}

/**
 * The keys a document holds in an index, as MongoDB builds them: a missing field is null,
 * each element of an array is its own key (multikey), compound keys combine them all.
 */
export function indexKeys(doc: Doc, keys: Sort): string[] {
  const fields = Object.keys(keys);
  if (fields.length === 1) return fieldKeys(doc, fields[0] as string);
  let combos: string[][] = [[]];
  for (const path of fields) {
    const values = fieldKeys(doc, path);
    combos = combos.flatMap((prefix) => values.map((v) => [...prefix, v]));
  }
  return combos.map((c) => JSON.stringify(c));
}

const NO_KEY = 0;
const MANY_KEYS = 1;
/** The one lookup key of a top-level field that holds no array (what `fieldKeys` would answer alone), or MANY_KEYS: ask `fieldKeys`. */
function soleKey(doc: Doc, path: string): string | typeof MANY_KEYS {
  if (path.includes('.')) return MANY_KEYS;
  const v = doc[path];
  return Array.isArray(v) ? MANY_KEYS : encodeKey(v);
}
function unlookup(byKey: Map<string, Set<string>>, key: string, id: string): void {
  const ids = byKey.get(key);
  if (ids?.delete(id) && ids.size === 0) byKey.delete(key);
}
function relookup(byKey: Map<string, Set<string>>, key: string, id: string): void {
  let ids = byKey.get(key);
  if (!ids) byKey.set(key, (ids = new Set()));
  ids.add(id);
}

function fieldKeys(doc: Doc, path: string): string[] {
  const found = pathValues(doc, path);
  if (found.length === 0) return [encodeKey(null)];
  if (found.length === 1 && !Array.isArray(found[0])) return [encodeKey(found[0])];
  const out = new Set<string>();
  for (const v of found) {
    if (!Array.isArray(v)) out.add(encodeKey(v));
    else if (v.length === 0) out.add('u'); // MongoDB indexes an empty array as `undefined`
    else for (const e of v) out.add(encodeKey(e));
  }
  return [...out];
}

/** Type-tagged encoding under which equal BSON values (1 and 1.0, -0 and 0) coincide. */
function encodeKey(v: unknown): string {
  if (v === null || v === undefined) return 'N';
  switch (typeof v) {
    case 'number':
      return `n${v === 0 ? 0 : v}`;
    case 'string':
      return `s${v}`;
    case 'boolean':
      return `b${v}`;
    case 'bigint':
      return `n${v}`;
  }
  if (v instanceof Date) return `d${v.getTime()}`;
  return `o${JSON.stringify(v)}`;
}
