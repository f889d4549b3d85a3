/**
 * Value semantics of the embedded store, modelled on BSON as MongoDB applies it:
 * cross-type ordering, equality, path lookup and copying. Used by sorting, the updater
 * ($addToSet) and unique indexes, so they agree with each other and with MongoDB.
 *
 * Kept next to mingo because mingo's answers differ: its `compare` (behind its $sort) orders strings
 * by UTF-16 unit, a missing field before null and documents by their sorted keys, and sorts an array
 * field by the array rather than by its smallest or largest element; with it two of the contract's
 * sort cases fail (contract.ts: mixed types, array fields). Its `cloneDeep` keeps fields holding
 * `undefined` (the MongoDB adapter drops them) and copies about a third slower than `cloneValue`. mingo has no indexes, hence no index keys (`pathValues`).
 */

export type PlainObject = Record<string, unknown>;

export function isPlainObject(v: unknown): v is PlainObject {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** MongoDB's cross-type sort order: null/missing < numbers < strings < objects < arrays < binary < booleans < dates < regexes. */
function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 1;
  if (v === EMPTY_ARRAY_KEY) return 0;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
  }
  if (Array.isArray(v)) return 5;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  if (v instanceof Uint8Array) return 6;
  return 4;
}

/** Orders strings by code point, which is the UTF-8 byte order MongoDB uses (JS `<` compares UTF-16 units). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return surrogateLast(x) - surrogateLast(y);
  }
  return a.length - b.length;
}

/** Surrogates encode code points above U+FFFF, so they must sort after every other UTF-16 unit. */
function surrogateLast(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit;
}

function compareNumbers(a: number, b: number): number {
  // MongoDB sorts NaN below every other number.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Total order over stored values; returns <0, 0 or >0. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
      return 0;
    case 2:
      return compareNumbers(Number(a), Number(b));
    case 3:
      return compareStrings(a as string, b as string);
    case 4:
      return compareObjects(a as PlainObject, b as PlainObject);
    case 5:
      return compareArrays(a as unknown[], b as unknown[]);
    case 6:
      return compareArrays(Array.from(a as Uint8Array), Array.from(b as Uint8Array));
    case 8:
      return Number(a) - Number(b);
    case 9:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    default:
      return compareStrings(String(a), String(b));
  }
}

function compareArrays(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Field by field, in stored order: value type, then field name, then value (as BSON does). */
function compareObjects(a: PlainObject, b: PlainObject): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const fa = ka[i] as string;
    const fb = kb[i] as string;
    const byType = typeRank(a[fa]) - typeRank(b[fb]);
    if (byType !== 0) return byType;
    const byName = compareStrings(fa, fb);
    if (byName !== 0) return byName;
    const byValue = compareValues(a[fa], b[fb]);
    if (byValue !== 0) return byValue;
  }
  return ka.length - kb.length;
}

/** BSON equality: numbers by value, documents field-order sensitive. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  return compareValues(a, b) === 0;
}

/**
 * Deep copy of a document value. Object properties holding `undefined` are dropped,
 * matching the MongoDB adapter (whose client runs with `ignoreUndefined`).
 */
export function cloneValue<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map((e: unknown) => (e === undefined ? null : cloneValue(e))) as T;
  if (isPlainObject(v)) {
    const out: PlainObject = {};
    for (const k of Object.keys(v)) {
      const e = v[k];
      if (e !== undefined) out[k] = cloneValue(e);
    }
    return out as T;
  }
  if (v instanceof Date) return new Date(v.getTime()) as T;
  return structuredClone(v);
}

/**
 * The value as the store keeps it: frozen all the way down, so a document is stored once and shared
 * by every read without a copy, and nobody (the caller that put it, a reader of `get`) can change it.
 * The caller's own objects are frozen in place and kept, except where a copy is needed: object
 * properties holding `undefined` are dropped and array holes become null (as `cloneValue`, matching
 * the MongoDB adapter), and values other than plain objects and arrays (dates, binaries) are copied.
 * A frozen object is taken as it is: only the store freezes documents, and it freezes them all the
 * way down, so an unchanged sub-document of an updated document is not walked again. (Issue 37: a
 * WeakSet of every frozen object, kept to tell the store's freezes from others', cost more than the
 * freezing itself, mostly in the garbage collector.)
 */
export function freezeStored<T>(v: T): T {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    let out: unknown[] = v;
    for (let i = 0; i < v.length; i++) {
      const e: unknown = v[i];
      const stored = e === undefined ? null : freezeStored(e);
      if (stored !== e) {
        if (out === v) out = v.slice();
        out[i] = stored;
      }
    }
    return Object.freeze(out) as T;
  }
  if (isPlainObject(v)) {
    let out: PlainObject = v;
    // `for…in` over a plain object's own keys: no array of them per object (`Object.keys` made one; ADR 031, s61).
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      const e = v[k];
      const stored = e === undefined ? undefined : freezeStored(e);
      if (stored !== e || e === undefined) {
        if (out === v) out = { ...v };
        if (e === undefined) delete out[k];
        else out[k] = stored;
      }
    }
    return Object.freeze(out) as T;
  }
  return cloneValue(v);
}

/** Array segments that are non-negative integers address elements, as in MongoDB paths. */
export function arrayIndex(segment: string): number {
  return /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : -1;
}

/**
 * Every value a dotted path reaches, descending through arrays of sub-documents the way
 * MongoDB queries, sorts and indexes do. Arrays at the end of the path are returned as is.
 */
export function pathValues(root: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(root, path.split('.'), 0, out);
  return out;
}

function collect(node: unknown, segments: readonly string[], i: number, out: unknown[]): void {
  if (i === segments.length) {
    if (node !== undefined) out.push(node);
    return;
  }
  const seg = segments[i] as string;
  if (Array.isArray(node)) {
    const idx = arrayIndex(seg);
    if (idx >= 0) collect(node[idx], segments, i + 1, out);
    for (const e of node) if (isPlainObject(e)) collect(e, segments, i, out);
    return;
  }
  if (isPlainObject(node)) collect(node[seg], segments, i + 1, out);
}

/** Sort key of an empty array: MongoDB sorts empty arrays before null and missing fields. */
const EMPTY_ARRAY_KEY = Symbol('empty array');

/**
 * The value a document sorts by on one field (MongoDB rule): missing counts as null, and an
 * array contributes its smallest element to an ascending sort, its largest to a descending one.
 */
export function sortKeyOf(doc: unknown, path: string, direction: 1 | -1): unknown {
  let key: unknown = null;
  let found = false;
  let sawEmptyArray = false;
  for (const v of pathValues(doc, path)) {
    if (Array.isArray(v) && v.length === 0) sawEmptyArray = true;
    for (const e of Array.isArray(v) ? v : [v]) {
      if (!found || direction * compareValues(e, key) < 0) {
        key = e;
        found = true;
      }
    }
  }
  return found ? key : sawEmptyArray ? EMPTY_ARRAY_KEY : null;
}
