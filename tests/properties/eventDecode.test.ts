import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventCatalogue } from '@phonemarket/events';
import { decodesFast, fastDecode, NOT_DECODED } from '@phonemarket/events/fastDecode.ts';
import { invalidInput, validInput } from './support/zodArbitraries.ts';

/**
 * The replay's cheaper decode (events/src/fastDecode.ts) answers exactly what zod's parse answers —
 * the same keys in the same order, defaults filled, unknown keys dropped — or leaves the data to zod.
 * Every event type, on data its schema accepts and on data it should refuse.
 */
const types = Object.entries(eventCatalogue).sort(([a], [b]) => a.localeCompare(b));
const sameAsZod = (schema: (typeof types)[number][1]['schema'], data: unknown) => {
  const fast = fastDecode(schema, data);
  if (fast === NOT_DECODED) return;
  const zod = schema.safeParse(data);
  expect(zod.success, 'decoded data zod refuses').toBe(true);
  expect(fast).toStrictEqual(zod.data);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
};

describe('the replay decode of event data', () => {
  it('equals zod\'s parse for every event type, on valid and on invalid data', () => {
    let decodedTypes = 0;
    for (const [, def] of types) {
      let decoded = 0;
      fc.assert(fc.property(validInput(def.schema), (data) => {
        if (fastDecode(def.schema, data) !== NOT_DECODED) decoded++;
        sameAsZod(def.schema, data);
      }), { numRuns: 40, seed: 37 });
      fc.assert(fc.property(invalidInput(def.schema), (data) => sameAsZod(def.schema, data)), { numRuns: 40, seed: 44 });
      if (decoded > 0) decodedTypes++;
    }
    // Nearly every type compiles (a schema that is a union as a whole stays with zod) and was decoded.
    expect(types.filter(([, def]) => decodesFast(def.schema)).length).toBeGreaterThan(types.length * 0.9);
    expect(decodedTypes).toBeGreaterThan(types.length * 0.9);
  }, 120_000);

  it('the market\'s and the views\' events are decoded, not left to zod', () => {
    const { OfferListed, OfferPriceChanged, ProductViewed } = eventCatalogue;
    for (const schema of [OfferListed.schema, OfferPriceChanged.schema, ProductViewed.schema]) {
      fc.assert(fc.property(validInput(schema), (data) => {
        expect(fastDecode(schema, data)).not.toBe(NOT_DECODED);
      }), { numRuns: 30, seed: 1 });
    }
  });

  it('leaves refused data to zod: a missing key, a wrong type, a failed check', () => {
    const schema = eventCatalogue.ProductViewed.schema;
    expect(fastDecode(schema, { productId: 'p' })).toBe(NOT_DECODED);
    expect(fastDecode(schema, { productId: 1, visitorKey: 'visitor-1' })).toBe(NOT_DECODED);
    expect(fastDecode(schema, { productId: '', visitorKey: 'visitor-1' })).toBe(NOT_DECODED);
    expect(fastDecode(schema, { productId: 'p', visitorKey: 'visitor-1', extra: 1 })).toEqual({ productId: 'p', visitorKey: 'visitor-1' });
  });
});
