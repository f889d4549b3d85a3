import { describe, expect, it } from 'vitest';
import { Query } from 'mingo';
import { FILTER_CASES, PHONES } from './contract.ts';
import { compileFastFilter } from './fastFilter.ts';

/** The fast path is only a faster way to mingo's answers: wherever it compiles a filter, both agree with each other and with MongoDB. */
describe('compileFastFilter', () => {
  const compiled = FILTER_CASES.filter(([, filter]) => compileFastFilter(filter) !== null);

  it('compiles the filters the read models use most', () => {
    expect(compiled.length).toBeGreaterThanOrEqual(15);
  });

  for (const [title, filter, expected] of compiled) {
    it(`${title}: the same documents as mingo's Query`, () => {
      const fast = compileFastFilter(filter)!;
      const query = new Query(filter);
      expect(PHONES.filter(fast).map((d) => d._id)).toEqual(expected);
      expect(PHONES.filter((d) => query.test(d)).map((d) => d._id)).toEqual(expected);
    });
  }
});
