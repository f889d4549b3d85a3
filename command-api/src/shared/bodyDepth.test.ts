import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestedDeeperThan } from './bodyDepth.ts';

const nested = (depth: number): unknown => JSON.parse(`${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`);

describe('nestedDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    for (const flat of [undefined, null, 1, 'text', true]) expect(nestedDeeperThan(flat, 0)).toBe(false);
    expect(nestedDeeperThan({}, 1)).toBe(false);
    expect(nestedDeeperThan({ a: [1, 'x'] }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH + 2), MAX_BODY_DEPTH)).toBe(true);
  });

  it('walks a body far deeper than the stack allows without overflowing', () => {
    expect(nestedDeeperThan(nested(200_000), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan(nested(200_000), 1_000_000)).toBe(false);
  });
});
