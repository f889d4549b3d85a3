import type { z } from 'zod';

/**
 * A cheaper decode of an event's data with exactly zod's result (issue 37: on a replay the zod parse
 * of every event was a tenth of the projector's CPU). A schema made only of plain objects (keys
 * stripped), strings, numbers, booleans, enums, literals, null, arrays, optional, nullable and default,
 * with length, range, integer and pattern checks, is compiled once into a function that checks and
 * copies the data the way zod does. A part made of anything else (refinements, transforms, unions,
 * records, coercion, other checks) is parsed by zod within it; a schema that is such a part as a whole
 * is not compiled. And where the compiled check refuses the data, zod parses it all again, so an error
 * reads as zod's. `fastDecode.test` (tests/properties) proves
 * the result equal to zod's, key order included, for every event type on valid and invalid data.
 */
export const NOT_DECODED: unique symbol = Symbol('not decoded');
type Decode = (value: unknown) => unknown;

/** What a schema's internals say of it (zod 4's `_zod`), read only here. */
interface ZodInternals {
  def: { type: string; checks?: readonly { _zod: { def: CheckDef } }[]; [key: string]: unknown };
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
  values?: ReadonlySet<unknown>;
}
interface CheckDef { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number; length?: number; value?: unknown; inclusive?: boolean }
const internals = (schema: unknown) => (schema as { _zod: ZodInternals })._zod;

/** Formats whose only check is their pattern (a `format` with code of its own, e.g. url, is left to zod). */
const PATTERN_FORMATS = new Set(['regex', 'datetime', 'date', 'time', 'uuid', 'guid', 'email']);

const compiled = new WeakMap<object, Decode | null>();

/** The data as `schema.parse` would answer it, or NOT_DECODED (not compiled, or refused: parse with zod). */
export function fastDecode(schema: z.ZodType, data: unknown): unknown {
  const decode = decoderOf(schema);
  return decode === null ? NOT_DECODED : decode(data);
}

/** Whether the schema is compiled (false: its data is always parsed by zod). */
export const decodesFast = (schema: z.ZodType): boolean => decoderOf(schema) !== null;

function decoderOf(schema: z.ZodType): Decode | null {
  let decode = compiled.get(schema);
  if (decode === undefined) compiled.set(schema, (decode = compile(schema)));
  return decode;
}

function compile(schema: unknown): Decode | null {
  const zod = internals(schema);
  const def = zod.def;
  switch (def.type) {
    case 'string': {
      if (def['coerce']) return null;
      const tests: ((s: string) => boolean)[] = [];
      if (def['format'] !== undefined) {
        const pattern = patternOf({ check: 'string_format', format: def['format'] as string, pattern: def['pattern'] as RegExp | undefined });
        if (!pattern) return null;
        tests.push(pattern);
      }
      for (const check of checksOf(def)) {
        const test = stringCheck(check);
        if (!test) return null;
        tests.push(test);
      }
      return (v) => (typeof v === 'string' && tests.every((t) => t(v)) ? v : NOT_DECODED);
    }
    case 'number': {
      if (def['coerce']) return null;
      const tests: ((n: number) => boolean)[] = [];
      if (def['format'] !== undefined) {
        if (def['format'] !== 'safeint') return null;
        tests.push(Number.isSafeInteger);
      }
      for (const check of checksOf(def)) {
        const test = numberCheck(check);
        if (!test) return null;
        tests.push(test);
      }
      return (v) => (typeof v === 'number' && Number.isFinite(v) && tests.every((t) => t(v)) ? v : NOT_DECODED);
    }
    case 'boolean':
      return def['coerce'] || checksOf(def).length > 0 ? null : (v) => (typeof v === 'boolean' ? v : NOT_DECODED);
    case 'null':
      return (v) => (v === null ? v : NOT_DECODED);
    case 'enum':
    case 'literal': {
      const values = zod.values;
      if (!values || checksOf(def).length > 0) return null;
      return (v) => (values.has(v) ? v : NOT_DECODED);
    }
    case 'nullable': {
      const inner = part(def['innerType']);
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      const inner = part(def['innerType']);
      // An optional default still answers its default for undefined (zod runs the inner schema then).
      if (internals(def['innerType']).optin === 'defaulted') return inner;
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'default': {
      const inner = part(def['innerType']);
      // zod's `defaultValue` is a getter answering a fresh copy each time: read it per use, as zod does.
      return (v) => (v === undefined ? def['defaultValue'] : inner(v));
    }
    case 'array': {
      const element = part(def['element']);
      const tests: ((a: unknown[]) => boolean)[] = [];
      for (const check of checksOf(def)) {
        const test = lengthCheck(check);
        if (!test) return null;
        tests.push(test);
      }
      return (v) => {
        if (!Array.isArray(v)) return NOT_DECODED;
        const out: unknown[] = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          const item = element(v[i]);
          if (item === NOT_DECODED) return NOT_DECODED;
          out[i] = item;
        }
        return tests.every((t) => t(out)) ? out : NOT_DECODED;
      };
    }
    case 'object': {
      if (def['catchall'] !== undefined || checksOf(def).length > 0) return null;
      const shape = def['shape'] as Record<string, unknown>;
      if (Object.getOwnPropertySymbols(shape).length > 0) return null;
      const keys = Object.keys(shape);
      if (keys.includes('__proto__')) return null;
      const fields: { key: string; decode: Decode; optin: ZodInternals['optin']; optout: ZodInternals['optout'] }[] = [];
      for (const key of keys) {
        const decode = part(shape[key]);
        const { optin, optout } = internals(shape[key]);
        fields.push({ key, decode, optin, optout });
      }
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return NOT_DECODED;
        const input = v as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const { key, decode, optin, optout } of fields) {
          const present = key in input;
          // As zod's object: an absent optional key stays absent; an absent required one is an error.
          if (!present && optout === 'optional' && optin === 'optional') continue;
          if (!present && optin === undefined) return NOT_DECODED;
          const value = decode(input[key]);
          if (value === NOT_DECODED) return NOT_DECODED;
          if (value !== undefined) out[key] = value;
          else if (present || (optin === 'defaulted' && optout !== 'optional')) out[key] = undefined;
        }
        return out;
      };
    }
    default:
      return null;
  }
}

/**
 * A part of a compiled schema: compiled too, or else parsed by zod alone (e.g. an offer's optional
 * conditions, trimmed and refined): zod's answer for a part is its answer inside the whole.
 */
function part(schema: unknown): Decode {
  return compile(schema) ?? ((v) => {
    const parsed = (schema as z.ZodType).safeParse(v);
    return parsed.success ? parsed.data : NOT_DECODED;
  });
}

function checksOf(def: ZodInternals['def']): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

function patternOf(check: CheckDef): ((s: string) => boolean) | null {
  const pattern = check.pattern;
  if (!pattern || check.format === undefined || !PATTERN_FORMATS.has(check.format)) return null;
  return (s) => {
    pattern.lastIndex = 0;
    return pattern.test(s);
  };
}

function lengthCheck(check: CheckDef): ((v: { length: number }) => boolean) | null {
  switch (check.check) {
    case 'min_length': { const min = check.minimum!; return (v) => v.length >= min; }
    case 'max_length': { const max = check.maximum!; return (v) => v.length <= max; }
    case 'length_equals': { const length = check.length!; return (v) => v.length === length; }
    default: return null;
  }
}

function stringCheck(check: CheckDef): ((s: string) => boolean) | null {
  return check.check === 'string_format' ? patternOf(check) : lengthCheck(check);
}

function numberCheck(check: CheckDef): ((n: number) => boolean) | null {
  if (typeof check.value !== 'number' && check.check !== 'number_format') return null;
  const value = check.value as number;
  switch (check.check) {
    case 'greater_than': return check.inclusive ? (n) => n >= value : (n) => n > value;
    case 'less_than': return check.inclusive ? (n) => n <= value : (n) => n < value;
    case 'number_format': return check.format === 'safeint' ? Number.isSafeInteger : null;
    default: return null;
  }
}
