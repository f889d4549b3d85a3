import type { Doc, Filter } from './types.ts';

/**
 * A compiled predicate for the filters the read models use most (top-level fields, scalar
 * equality and ranges, $in/$nin, $exists, $and/$or), with MongoDB's semantics for arrays
 * (a condition holds when the field or any array element satisfies it). Anything else answers
 * null and the caller falls back to mingo, which gives the same answers and stays the reference
 * (fastFilter.test.ts runs the contract's filters through both).
 *
 * Kept only for speed: mingo's `Query.test` is 6–10 times slower per document on list scans, and
 * building a `Query` costs about 5 µs, which the projector would pay on every conditional update
 * (`where: { _pos: { $lt: position } }`, one per view in a rebuild): compiling and testing that
 * filter here is about 30 times faster.
 */
export type Predicate = (doc: Doc) => boolean;
type Scalar = string | number | boolean | null;

const isScalar = (v: unknown): v is Scalar => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Equality with one value: null also matches a missing field. */
function equals(value: unknown, target: Scalar): boolean {
  if (target === null) return value === null || value === undefined;
  return value === target;
}

/** A field condition holds for the value itself or for any element of an array value. */
function anyOf(value: unknown, test: (v: unknown) => boolean): boolean {
  if (test(value)) return true;
  return Array.isArray(value) && value.some(test);
}

const RANGE: Record<string, (a: number | string, b: number | string) => boolean> = {
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
};

function compileCondition(cond: unknown): ((value: unknown) => boolean) | null {
  if (isScalar(cond)) return (value) => anyOf(value, (v) => equals(v, cond));
  if (!isPlain(cond)) return null;
  const tests: ((value: unknown) => boolean)[] = [];
  for (const [op, arg] of Object.entries(cond)) {
    const range = RANGE[op];
    if (range) {
      // Range operators only compare within a type (numbers with numbers, strings with strings).
      if (typeof arg !== 'number' && typeof arg !== 'string') return null;
      tests.push((value) => anyOf(value, (v) => typeof v === typeof arg && range(v as number | string, arg)));
    } else if (op === '$eq' && isScalar(arg)) {
      tests.push((value) => anyOf(value, (v) => equals(v, arg)));
    } else if (op === '$ne' && isScalar(arg)) {
      tests.push((value) => !anyOf(value, (v) => equals(v, arg)));
    } else if ((op === '$in' || op === '$nin') && Array.isArray(arg) && arg.every(isScalar)) {
      const set = new Set<unknown>(arg.filter((a) => a !== null));
      const withNull = arg.includes(null);
      const hit = (value: unknown) => anyOf(value, (v) => set.has(v) || (withNull && (v === null || v === undefined)));
      tests.push(op === '$in' ? hit : (value) => !hit(value));
    } else if (op === '$exists' && typeof arg === 'boolean') {
      tests.push((value) => (value !== undefined) === arg);
    } else {
      return null;
    }
  }
  return tests.length === 1 ? tests[0]! : (value) => tests.every((t) => t(value));
}

export function compileFastFilter(filter: Filter): Predicate | null {
  const tests: Predicate[] = [];
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(cond) || cond.length === 0) return null;
      const parts = cond.map((f) => (isPlain(f) ? compileFastFilter(f) : null));
      if (parts.some((p) => p === null)) return null;
      const preds = parts as Predicate[];
      tests.push(key === '$and' ? (doc) => preds.every((p) => p(doc)) : (doc) => preds.some((p) => p(doc)));
      continue;
    }
    // Dotted paths, other top-level operators and non-string _id conditions go to mingo.
    if (key.startsWith('$') || key.includes('.')) return null;
    const test = compileCondition(cond);
    if (!test) return null;
    tests.push((doc) => test(doc[key]));
  }
  if (tests.length === 0) return () => true;
  return tests.length === 1 ? tests[0]! : (doc) => tests.every((t) => t(doc));
}
