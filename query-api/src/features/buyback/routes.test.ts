import { describe, expect, it } from 'vitest';
import type { BuybackMarketDoc, BuybackShopDoc } from '@phonemarket/projector';
import { marketItems, shopFiguresOf } from './routes.ts';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY).toISOString();
const doc = (modelId: string, grade: 'A' | 'B', quotes: [number, number | null][]): BuybackMarketDoc =>
  ({ _id: `${modelId}|${grade}`, modelId, modelName: modelId, grade, quotes: quotes.map(([d, price]) => ({ at: at(d), price })) });

describe('the buyback market (인기 견적)', () => {
  it('median best price and range of the last 7 days, quotes counted with or without a shop, trend against the 7 days before', () => {
    const items = marketItems([
      doc('up', 'B', [[10, 400_000], [9, 400_000], [1, 450_000], [2, 470_000], [3, 460_000], [0.5, null]]),
      doc('down', 'A', [[8, 500_000], [2, 450_000]]),
      doc('stable', 'A', [[8, 500_000], [2, 505_000]]),
      doc('new', 'A', [[1, 300_000]]),
      doc('old', 'A', [[9, 300_000]]),
      doc('nobody-buys', 'A', [[1, null]]),
    ], NOW);
    expect(items.map((i) => [i.modelId, i.trend, i.popularity])).toEqual([['up', 'up', 4], ['stable', 'stable', 1], ['down', 'down', 1], ['new', 'stable', 1]]);
    expect(items[0]).toMatchObject({ estimatedPrice: 460_000, priceRange: { min: 450_000, max: 470_000 }, recentQuotes: 4, condition: 'B급 (생활기스)' });
  });
  it('top 10 only', () => {
    const many = Array.from({ length: 15 }, (_, i) => doc(`m${i}`, 'A', Array.from({ length: i + 1 }, () => [1, 100_000] as [number, number])));
    expect(marketItems(many, NOW).map((i) => i.modelId)).toEqual(['m14', 'm13', 'm12', 'm11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5']);
  });
  it('a shop’s public figures: deals, median days to pay, share counter-offered and the average cut', () => {
    const shop: BuybackShopDoc = { _id: 's', shopId: 's', storeName: '매입왕', deals: 3, daysToPay: [1.2, 3.5, 0.5], inspected: 4, counterOffered: 1, cutTotal: 120_000 };
    expect(shopFiguresOf(shop)).toEqual({ shopId: 's', storeName: '매입왕', deals: 3, medianDaysToPay: 1.2, inspected: 4, counterOfferShare: 25, averageCut: 120_000 });
    expect(shopFiguresOf({ ...shop, deals: 0, daysToPay: [], inspected: 0, counterOffered: 0, cutTotal: 0 })).toMatchObject({ medianDaysToPay: null, counterOfferShare: 0, averageCut: null });
  });
});
