import { describe, expect, it } from 'vitest';
import { rankingShareOf, showsRanking } from './rankingPages.ts';

describe('which tabs show the live ranking', () => {
  it('spreads the share evenly: a quarter is every 4th tab, 1 every tab, 0 none', () => {
    const tabs = (share: number) => Array.from({ length: 40 }, (_, n) => n).filter((n) => showsRanking(n, share));
    expect(tabs(0.25)).toEqual([3, 7, 11, 15, 19, 23, 27, 31, 35, 39]);
    expect(tabs(1)).toHaveLength(40);
    expect(tabs(0)).toEqual([]);
    expect(Array.from({ length: 10_000 }, (_, n) => n).filter((n) => showsRanking(n, 0.3)).length).toBe(3_000);
  });

  it('reads BENCH_SOCKETS_RANKING_SHARE: a quarter unless given, and refuses a share outside 0–1', () => {
    expect(rankingShareOf(undefined)).toBe(0.25);
    expect(rankingShareOf('1')).toBe(1);
    expect(() => rankingShareOf('25')).toThrow(/between 0 and 1/);
    expect(() => rankingShareOf('a')).toThrow(/between 0 and 1/);
  });
});
