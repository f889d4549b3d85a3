/**
 * MongoDB update operators for the embedded store, applied in place to a private copy.
 *
 * mingo's updater (`mingo/updater`) applies $unset, $min, $max and $pull: it gives the same answers
 * for them (the contract suite, contract.ts, decides). What stays here is what it cannot do:
 *  - $set and $inc, the projector's hot path (a conditional `{ $inc, $set: { _pos } }` per event):
 *    mingo's `update()` applies 50 000–70 000 such updates a second against 4.5–5 million here
 *    (it builds its options, path parameters and closures per call), which would add one and a half
 *    to two seconds to a rebuild of the bench's log (100 000 views, one update each): keep the faster.
 *    mingo also adds nothing to a non-number instead of failing.
 *  - $push: mingo ignores $slice when it creates the array and silently skips a non-array field.
 *  - $addToSet: mingo keeps repeats of `$each` when it creates the array (and drops duplicates the
 *    array already held, and compares documents regardless of field order), where MongoDB does not.
 *  - $setOnInsert (mingo has none), MongoDB's refusal of unknown operators, of paths that overlap,
 *    of a changed `_id`, and of $pull on a field that is not an array (mingo skips it).
 * mingo's $min/$max compare strings by UTF-16 unit where MongoDB compares code points (they differ
 * only past U+FFFF against U+E000–U+FFFF): no read model relies on it.
 */
import { update as mingoUpdate } from 'mingo/updater';
import type { Update } from './types.ts';
import { arrayIndex, cloneValue, isPlainObject, valuesEqual } from './values.ts';
import type { PlainObject } from './values.ts';

type Container = PlainObject | unknown[];
type Applier = (doc: PlainObject, path: string, arg: unknown) => void;

/** Applies `update` to `doc` in place; `inserting` enables $setOnInsert. Throws on invalid updates like MongoDB does. */
export function applyUpdate(doc: PlainObject, update: Update, inserting: boolean): void {
  const ops = Object.keys(update);
  if (ops.length === 0) throw new Error('Update document requires atomic operators');
  const appliers: Array<[Applier, PlainObject]> = [];
  let viaMingo: PlainObject | null = null;
  for (const op of ops) {
    const args = update[op];
    const applier = APPLIERS.get(op);
    if (!applier && !MINGO_OPERATORS.has(op)) throw new Error(`Unknown update operator: '${op}'`);
    if (!isPlainObject(args)) throw new Error(`Modifiers for ${op} must be an object`);
    if (applier) {
      if (op !== '$setOnInsert' || inserting) appliers.push([applier, args]);
    } else {
      if (op === '$pull') for (const path of Object.keys(args)) assertArrayOrMissing(doc, path, op);
      (viaMingo ??= {})[op] = args;
    }
  }
  assertNoConflicts(update);
  const id = doc['_id'];
  for (const [applier, args] of appliers) {
    for (const path of Object.keys(args)) applier(doc, path, args[path]);
  }
  // 'deep': the values it stores are copies, never the caller's objects.
  if (viaMingo) mingoUpdate(doc, viaMingo, undefined, undefined, { cloneMode: 'deep' });
  if (doc['_id'] !== id) throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
}

/** The operators mingo's updater applies here (see the file's comment). */
const MINGO_OPERATORS: ReadonlySet<string> = new Set(['$unset', '$min', '$max', '$pull']);

/** MongoDB rejects one update touching a path twice, or a path and its parent. Pairwise: updates name few paths. */
function assertNoConflicts(update: Update): void {
  const paths: string[] = [];
  for (const args of Object.values(update)) {
    for (const path of Object.keys(args)) {
      if (path === '' || path.startsWith('$')) throw new Error(`Invalid update path '${path}'`);
      for (const other of paths) {
        if (pathsOverlap(path, other)) throw new Error(`Updating the path '${path}' would create a conflict at '${other}'`);
      }
      paths.push(path);
    }
  }
}

/** True when the paths are equal or one is a parent of the other ('a' and 'a.b', not 'a' and 'ab'). */
export function pathsOverlap(a: string, b: string): boolean {
  if (a.length === b.length) return a === b;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.charCodeAt(short.length) === 46 /* '.' */ && long.startsWith(short);
}

/** Where a path ends: the container holding the last segment, and that segment. */
interface Slot {
  parent: Container;
  key: string;
}

/**
 * Resolves the slot for `path`. With `create`, missing intermediate documents are created
 * (as $set does) and non-container intermediates throw; without it, an unreachable path gives null.
 */
function slotFor(doc: PlainObject, path: string, create: boolean): Slot | null {
  if (!path.includes('.')) return { parent: doc, key: path };
  const segments = path.split('.');
  let node: Container = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    const seg = segments[i] as string;
    let next = getIn(node, seg);
    if (next === undefined) {
      if (!create) return null;
      if (Array.isArray(node) && arrayIndex(seg) < 0) throw cannotCreate(seg, path);
      next = {};
      setIn(node, seg, next);
    }
    if (!isPlainObject(next) && !Array.isArray(next)) {
      if (!create) return null;
      throw cannotCreate(segments[i + 1] as string, path);
    }
    node = next;
  }
  const key = segments[segments.length - 1] as string;
  if (Array.isArray(node) && arrayIndex(key) < 0) {
    if (!create) return null;
    throw cannotCreate(key, path);
  }
  return { parent: node, key };
}

function cannotCreate(field: string, path: string): Error {
  return new Error(`Cannot create field '${field}' for path '${path}': its parent is not a document`);
}

function getIn(node: Container, key: string): unknown {
  return Array.isArray(node) ? node[arrayIndex(key)] : node[key];
}

/** Array slots past the end pad with null, as MongoDB does. */
function setIn(node: Container, key: string, value: unknown): void {
  if (!Array.isArray(node)) {
    node[key] = value;
    return;
  }
  const idx = arrayIndex(key);
  while (node.length < idx) node.push(null);
  node[idx] = value;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v;
}

/** The array at `path` for $push/$addToSet, created when missing. */
function arrayAt(doc: PlainObject, path: string, op: string): unknown[] {
  const slot = slotFor(doc, path, true) as Slot;
  const current = getIn(slot.parent, slot.key);
  if (current === undefined) {
    const created: unknown[] = [];
    setIn(slot.parent, slot.key, created);
    return created;
  }
  if (!Array.isArray(current)) throw new Error(`${op}: the field '${path}' must be an array but is of type ${typeName(current)}`);
  return current;
}

const set: Applier = (doc, path, arg) => {
  const slot = slotFor(doc, path, true) as Slot;
  setIn(slot.parent, slot.key, cloneValue(arg));
};

const inc: Applier = (doc, path, arg) => {
  if (typeof arg !== 'number') throw new Error(`Cannot increment with non-numeric argument: {${path}: ${String(arg)}}`);
  const slot = slotFor(doc, path, true) as Slot;
  const current = getIn(slot.parent, slot.key);
  if (current === undefined) setIn(slot.parent, slot.key, arg);
  else if (typeof current === 'number') setIn(slot.parent, slot.key, current + arg);
  else throw new Error(`Cannot apply $inc to a value of non-numeric type: '${path}' is ${typeName(current)}`);
};

/** `{ $each: [...], $slice? }` or a single value. ($position and $sort are left out: nothing uses them.) */
interface PushSpec {
  each: unknown[];
  slice?: number;
}

function parsePush(arg: unknown): PushSpec {
  if (!isPlainObject(arg) || !('$each' in arg)) return { each: [arg] };
  const { $each, $slice, ...others } = arg;
  if (!Array.isArray($each)) throw new Error('The argument to $each in $push must be an array');
  if ($slice !== undefined && !Number.isInteger($slice)) throw new Error('$slice must be an integer');
  const unsupported = Object.keys(others)[0];
  if (unsupported !== undefined) throw new Error(`${unsupported} in $push is not supported by the embedded store`);
  return { each: $each, slice: $slice as number | undefined };
}

const push: Applier = (doc, path, arg) => {
  const spec = parsePush(arg);
  const arr = arrayAt(doc, path, '$push');
  for (const v of spec.each) arr.push(cloneValue(v));
  if (spec.slice !== undefined) {
    // $slice n keeps the first n elements, -n the last n.
    if (spec.slice >= 0) arr.splice(spec.slice);
    else arr.splice(0, Math.max(0, arr.length + spec.slice));
  }
};

const addToSet: Applier = (doc, path, arg) => {
  let each: unknown[] = [arg];
  if (isPlainObject(arg) && '$each' in arg) {
    if (!Array.isArray(arg['$each'])) throw new Error('The argument to $each in $addToSet must be an array');
    each = arg['$each'];
  }
  const arr = arrayAt(doc, path, '$addToSet');
  for (const v of each) if (!arr.some((e) => valuesEqual(e, v))) arr.push(cloneValue(v));
};

/** MongoDB refuses $pull on a field that holds something other than an array; mingo would skip it. */
function assertArrayOrMissing(doc: PlainObject, path: string, op: string): void {
  let node: unknown = doc;
  for (const seg of path.split('.')) {
    if (Array.isArray(node)) node = node[arrayIndex(seg)];
    else if (isPlainObject(node)) node = node[seg];
    else return; // nothing there to pull from
  }
  if (node !== undefined && !Array.isArray(node)) throw new Error(`Cannot apply ${op} to a non-array value: '${path}' is ${typeName(node)}`);
}

// A Map, so that names like 'constructor' are not mistaken for operators.
const APPLIERS: ReadonlyMap<string, Applier> = new Map([
  ['$set', set],
  ['$setOnInsert', set],
  ['$inc', inc],
  ['$push', push],
  ['$addToSet', addToSet],
]);
