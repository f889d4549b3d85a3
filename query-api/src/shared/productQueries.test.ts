import { describe, expect, it } from 'vitest';
import { byListSort, firstInOrder, type SortKey } from './productQueries.ts';

/** A small deterministic generator (tests take no random input that changes between runs). */
function keys(n: number, seed: number): SortKey[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => ({
    id: `m${String(i).padStart(4, '0')}`, price: Math.floor(next() * 50) * 10_000, score: Math.floor(next() * 10),
    date: `2026-0${1 + Math.floor(next() * 9)}-01`, views: Math.floor(next() * 5),
  }));
}

describe('firstInOrder', () => {
  it('gives exactly the first items of a full sort, ties broken by id, for every sort and page size', () => {
    for (const sort of ['score', 'priceAsc', 'priceDesc', 'new', 'popular'] as const) {
      const cmp = byListSort(sort);
      for (const [n, count] of [[2000, 12], [2000, 24], [500, 100], [30, 12], [5, 12], [100, 0]] as const) {
        const items = keys(n, n + count);
        expect(firstInOrder(items, count, cmp), `${sort} ${n} ${count}`).toEqual([...items].sort(cmp).slice(0, count));
      }
    }
  });

  it('leaves its input as it was', () => {
    const items = keys(200, 7);
    const before = items.map((k) => k.id);
    firstInOrder(items, 10, byListSort('priceAsc'));
    expect(items.map((k) => k.id)).toEqual(before);
  });
});
