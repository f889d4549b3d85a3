import { describe, expect, it } from 'vitest';
import { formatManTick, priceAxisDomain } from './PriceHistoryChart';

describe('the lowest-price chart\'s axis', () => {
  it('spreads a flat line over at least 2만 원 on whole 만 원, so its ticks differ', () => {
    const [low, high] = priceAxisDomain([1_556_300, 1_556_300, 1_556_300]);
    expect([low, high]).toEqual([1_540_000, 1_570_000]);
    const ticks = [0, 1, 2, 3, 4].map((i) => formatManTick(low + ((high - low) * i) / 4));
    expect(new Set(ticks).size).toBe(5);
    expect(ticks).toEqual(['154만', '154.8만', '155.5만', '156.3만', '157만']);
  });

  it('keeps a wide range around the prices and never goes below zero', () => {
    expect(priceAxisDomain([900_000, 1_300_000])).toEqual([860_000, 1_340_000]);
    expect(priceAxisDomain([5_000])).toEqual([0, 20_000]);
    expect(priceAxisDomain([])).toEqual([0, 10_000]);
  });
});
