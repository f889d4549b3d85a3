import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from our zod schemas (ADR 023). `@traversable/zod-test` (the library
 * the issue names) is not on the npm registry this project installs from, and `zod-fast-check` does not
 * take zod 4; so a schema goes through zod 4's own `z.toJSONSchema` (input side: what a client may send)
 * and the JSON Schema subset it produces is walked here. Refinements JSON Schema cannot say
 * (`.refine`, `superRefine`) are not followed: such a "valid" body may still be refused with a 4xx.
 */
type JsonSchema = {
  type?: string | string[]; enum?: unknown[]; const?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>; required?: string[]; additionalProperties?: JsonSchema | boolean; propertyNames?: JsonSchema;
  items?: JsonSchema | JsonSchema[]; prefixItems?: JsonSchema[]; minItems?: number; maxItems?: number;
  minLength?: number; maxLength?: number; pattern?: string; format?: string;
  minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number; multipleOf?: number;
  $ref?: string; $defs?: Record<string, JsonSchema>; default?: unknown;
};

export const jsonSchemaOf = (schema: z.core.$ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as JsonSchema;

/** Strings a person might type, Korean included (the product's language), kept short unless the schema asks for more. */
const text = (min: number, max: number) => fc.string({ unit: fc.oneof(fc.constantFrom(...'가나다라마바사아자차카타파하민수김이박 '), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: min, maxLength: max });

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  'date-time': fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uri: fc.webUrl(),
  url: fc.webUrl(),
};

/** An arbitrary of values the JSON Schema accepts. */
export function arbitraryOf(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = schema.$ref === '#' ? root : root.$defs?.[name];
    return depth > 4 || !target ? fc.constant(null) : arbitraryOf(target, root, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((o) => arbitraryOf(o, root, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, root, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, root, depth)));
  switch (types[0]) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': {
      const min = Math.ceil(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000));
      const max = Math.floor(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000));
      // Small values are the ones a rule sees most; the bounds are the ones a rule gets wrong.
      const bounded = { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
      const small = { min: Math.max(bounded.min, Math.min(bounded.max, -1000)), max: Math.min(bounded.max, Math.max(bounded.min, 1_000_000)) };
      const arb = fc.oneof({ arbitrary: fc.integer(small), weight: 3 }, fc.integer(bounded), fc.constantFrom(bounded.min, bounded.max));
      return schema.multipleOf ? arb.map((n) => Math.min(bounded.max, Math.max(bounded.min, Math.round(n / schema.multipleOf!) * schema.multipleOf!))) : arb;
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
      return fc.oneof(fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e9)) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined, maxExcluded: schema.exclusiveMaximum !== undefined }));
    }
    case 'string': {
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!;
      if (schema.pattern) {
        const min = schema.minLength ?? 0;
        const max = schema.maxLength ?? Infinity;
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
      }
      const min = schema.minLength ?? 0;
      return text(min, Math.min(schema.maxLength ?? Math.max(min, 30), Math.max(min, 200)));
    }
    case 'array': {
      const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : null);
      if (tuple) return fc.tuple(...tuple.map((s) => arbitraryOf(s, root, depth + 1)));
      const item = schema.items && !Array.isArray(schema.items) ? arbitraryOf(schema.items, root, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.min(schema.maxItems ?? minLength + 4, minLength + 8) });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, root, depth + 1)])), { requiredKeys: [...required].filter((k) => k in props) });
      if (Object.keys(props).length === 0 && typeof schema.additionalProperties === 'object') {
        const key = schema.propertyNames ? arbitraryOf({ type: 'string', ...schema.propertyNames }, root, depth + 1) as fc.Arbitrary<string> : fc.string({ maxLength: 10 });
        return fc.dictionary(key, arbitraryOf(schema.additionalProperties, root, depth + 1), { maxKeys: 4 });
      }
      return record;
    }
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values the schema accepts, as a client sends them. */
export const validInput = (schema: z.core.$ZodType) => arbitraryOf(jsonSchemaOf(schema));

// ---- hostile input -------------------------------------------------------------------------------

/** Characters that have broken parsers, logs and screens: bidi overrides, zero-width, NUL, lone surrogates, BOM, Hangul fillers. */
const HOSTILE_CHARS = ['\u202e', '\u202d', '\u2066', '\u2069', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u0000', '\u0008', '\u001b', '\ud800', '\udfff', '\u3164', '\u115f', '\u1160', '\u00ad', '\u0301', '\r\n', '\u2028'];
export const hostileString = fc.oneof(
  fc.string({ unit: fc.constantFrom(...HOSTILE_CHARS, '가', 'a', ' '), maxLength: 40 }),
  fc.tuple(fc.constantFrom(...HOSTILE_CHARS), fc.string({ maxLength: 8 })).map(([h, s]) => `${h}${s}${h}`),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => '가'.repeat(n)),
  fc.constantFrom('', ' ', '__proto__', 'constructor', '../../etc/passwd', '<script>alert(1)</script>', "'; DROP TABLE events; --", '%00', '${7*7}', 'null', 'NaN', '1e309'),
);
export const edgeNumber = fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 1e-300, 1e308, -1e308, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 99, 100, 101, 1_000_000_000_000);
/** Deep nesting under the body-depth limit and over it. */
export const deepValue = fc.integer({ min: 20, max: 200 }).map((depth) => JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`) as unknown);
const wrongType = fc.oneof(hostileString, edgeNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}), fc.array(fc.integer(), { maxLength: 3 }), deepValue);

/** A body the schema should refuse (or at least one nobody meant): a valid body mutated, or something else entirely. */
export function invalidInput(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  const valid = arbitraryOf(json);
  const keys = Object.keys(json.properties ?? {});
  const mutated = keys.length === 0 ? [] : [
    // one field of the wrong type
    fc.tuple(valid, fc.constantFrom(...keys), wrongType).map(([body, key, value]) => ({ ...(body as object), [key]: value })),
    // a required field missing
    ...(json.required?.length ? [fc.tuple(valid, fc.constantFrom(...json.required)).map(([body, key]) => { const copy = { ...(body as Record<string, unknown>) }; delete copy[key]; return copy; })] : []),
    // every string field hostile
    valid.chain((body) => fc.tuple(...keys.map(() => hostileString)).map((values) => Object.fromEntries(Object.entries(body as object).map(([k, v], i) => [k, typeof v === 'string' ? values[i % values.length] : v])))),
    // extra fields, prototype keys among them
    fc.tuple(valid, fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'userId', 'sellerId', 'status', 'position', 'x'), wrongType, { maxKeys: 3 })).map(([body, extra]) => ({ ...extra, ...(body as object) })),
  ];
  return fc.oneof(...mutated, wrongType, fc.jsonValue({ maxDepth: 3 }));
}
