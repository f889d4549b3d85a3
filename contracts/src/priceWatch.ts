import * as z from 'zod/mini';
import { JOIN_TYPES, OFFER_CARRIERS } from './models.ts';

/**
 * Watching a price (issue 42): each series' history (model × storage × carrier × 가입유형; 자급제 has
 * none) of its day's lowest 24개월 실부담 (the headline quote's 24개월 총비용, new units on sale) and
 * lowest 할부원금, and the verdict shown when there is history enough.
 */

/** What quotes, the offers' sort and the price history compare on (quotes' `QUOTE_TOTAL_LABEL`). */
export const TOTAL_24_LABEL = '24개월 실부담';

/** The verdict needs this many days of history (CamelCamelCamel's five weeks). */
export const PRICE_VERDICT_MIN_DAYS = 35;
/** "Near the low": within this share above the 90-day low. */
export const PRICE_NEAR_LOW_RATE = 0.05;
export const PRICE_NEAR_LOW_VERDICT = '최근 90일 최저가 근처';

export const priceSeriesSchema = z.object({
  storage: z.number(),
  carrier: z.enum(OFFER_CARRIERS),
  joinType: z.nullable(z.enum(JOIN_TYPES)),
});
export type PriceSeriesChoice = z.infer<typeof priceSeriesSchema>;

/** `GET /api/models/{id}/price-watch?days=30|90|365&storage&carrier&joinType`. */
export const priceWatchSchema = z.object({
  modelId: z.string(),
  series: priceSeriesSchema,
  /** The series the model has offers in now (new units), to pick from. */
  choices: z.array(priceSeriesSchema),
  days: z.number(),
  /** One point per day with something on sale, oldest first. */
  points: z.array(z.object({ date: z.string(), total: z.number(), principal: z.nullable(z.number()) })),
  /** The window's lowest 24개월 실부담 and its (first) day: the point the chart marks. */
  lowest: z.nullable(z.object({ date: z.string(), total: z.number() })),
  /** The lowest 24개월 실부담 on sale now (null: none). */
  current: z.nullable(z.number()),
  /** Days since the series' first record, today included. */
  historyDays: z.number(),
  /** `PRICE_NEAR_LOW_VERDICT` with ≥ 35 days of history and the price now within 5 % of the 90-day low; else null. */
  verdict: z.nullable(z.string()),
});
export type PriceWatch = z.infer<typeof priceWatchSchema>;

/** Whether a price is near a low: at most 5 % above it. */
export function nearLow(price: number, low: number): boolean {
  return price <= low * (1 + PRICE_NEAR_LOW_RATE);
}
