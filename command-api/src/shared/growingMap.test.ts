import { describe, expect, it } from 'vitest';
import { GrowingMap } from './growingMap.ts';

describe('GrowingMap', () => {
  it('answers a new map per entry and leaves every earlier version as it was', () => {
    const empty = GrowingMap.empty<string, number>();
    const one = empty.with('a', 1);
    const two = one.with('b', 2);
    expect([...empty]).toEqual([]);
    expect([...one]).toEqual([['a', 1]]);
    expect([...two]).toEqual([['a', 1], ['b', 2]]);
    expect([one.size, two.size]).toEqual([1, 2]);
    // an earlier version does not see a later one's entries
    expect([one.get('b'), one.has('b'), two.get('b'), two.has('b')]).toEqual([undefined, false, 2, true]);
  });

  it('a version that branches from an earlier one sees only its own line of entries', () => {
    const one = GrowingMap.empty<string, number>().with('a', 1);
    const left = one.with('b', 2);
    const right = one.with('c', 3);
    const leftAgain = left.with('d', 4);
    expect([...left.keys()]).toEqual(['a', 'b']);
    expect([...right.keys()]).toEqual(['a', 'c']);
    expect([...leftAgain.keys()]).toEqual(['a', 'b', 'd']);
    expect([...right.with('e', 5).values()]).toEqual([1, 3, 5]);
    expect([right.has('b'), left.has('c'), one.has('c')]).toEqual([false, false, false]);
  });

  it('setting a key again replaces its value in place of the order, in the new version only', () => {
    const two = GrowingMap.empty<string, number>().with('a', 1).with('b', 2);
    const again = two.with('a', 10);
    expect([...again]).toEqual([['a', 10], ['b', 2]]);
    expect(again.size).toBe(2);
    expect(two.get('a')).toBe(1);
    const seen: string[] = [];
    again.forEach((v, k) => seen.push(`${k}=${v}`));
    expect(seen).toEqual(['a=10', 'b=2']);
  });
});
