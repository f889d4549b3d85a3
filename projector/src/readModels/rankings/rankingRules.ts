/**
 * Live ranking rules (pure). Scores come from real events in a sliding window of event time, so a
 * rebuild gives exactly the incrementally built ranking. No randomness anywhere.
 */
export const RANKING_SIZE = 10;
export const WINDOW_HOURS = 24;
const HOUR_MS = 3_600_000;
/** The spec's section text: the ranking updates every 10 minutes. Changes are measured against the ranking at the start of the current 10-minute period. */
export const PERIOD_MS = 10 * 60_000;

/** Weight of each signal (ADR 006). Wishlist adds, quote requests and orders come back with their events. */
export const SIGNAL_WEIGHTS = { view: 1 } as const;

export const hourOf = (atMs: number) => Math.floor(atMs / HOUR_MS);

const digits = (s: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
};

/**
 * Milliseconds of an event's time. Event times are `toISOString()`'s `YYYY-MM-DDTHH:mm:ss.sssZ`, read
 * here by their digits (`Date.parse` was the largest part of a view's ranking); anything else goes to `Date.parse`.
 */
export function eventTimeMs(iso: string): number {
  if (iso.length === 24 && iso.charCodeAt(10) === 84 /* T */ && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(19) === 46 /* . */) {
    const ms = Date.UTC(digits(iso, 0, 4), digits(iso, 5, 7) - 1, digits(iso, 8, 10), digits(iso, 11, 13), digits(iso, 14, 16), digits(iso, 17, 19), digits(iso, 20, 23));
    if (!Number.isNaN(ms)) return ms;
  }
  return Date.parse(iso);
}
export const periodOf = (atMs: number) => Math.floor(atMs / PERIOD_MS);

/** A product's hourly weights as stored: the hours (ascending) and each one's weight. */
export interface Buckets { hours: number[]; weights: number[] }

/**
 * A product's hourly weights as the projector works on them, with their sum: a view adds to the
 * current hour and drops the hours that left the window, so the viewed product's score is the sum
 * kept (`total`), not a pass over its hours. `floor`: every hour held is after it; `newest`: none after it.
 */
export interface HourWindow { weights: Map<number, number>; total: number; floor: number; newest: number }

export function windowOfBuckets(buckets: Buckets): HourWindow {
  const weights = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < buckets.hours.length; i++) {
    weights.set(buckets.hours[i]!, buckets.weights[i]!);
    total += buckets.weights[i]!;
  }
  return { weights, total, floor: buckets.hours.length === 0 ? -Infinity : buckets.hours[0]! - 1, newest: buckets.hours.at(-1) ?? -Infinity };
}

export function bucketsOfWindow(window: HourWindow): Buckets {
  const hours = [...window.weights.keys()].sort((a, b) => a - b);
  return { hours, weights: hours.map((h) => window.weights.get(h)!) };
}

/** Sum of the hourly weights inside the window ending at `hour`. */
export function windowScore(window: HourWindow, hour: number): number {
  if (window.floor >= hour - WINDOW_HOURS && window.newest <= hour) return window.total;
  let total = 0;
  for (const [h, weight] of window.weights) if (h > hour - WINDOW_HOURS && h <= hour) total += weight;
  return total;
}

/** Adds a weight at `hour` and drops the hours that left the window (in place). */
export function addToWindow(window: HourWindow, hour: number, weight: number): void {
  const horizon = hour - WINDOW_HOURS;
  if (window.floor < horizon) {
    for (const [h, w] of window.weights) {
      if (h <= horizon) {
        window.weights.delete(h);
        window.total -= w;
      }
    }
    window.floor = horizon;
  }
  window.weights.set(hour, (window.weights.get(hour) ?? 0) + weight);
  window.total += weight;
  if (hour > window.newest) window.newest = hour;
}

export interface Candidate { productId: string; score: number; productScore: number }
/** A ranked product keeps its product score so the next decision needs no lookups. */
export type RankedEntry = Candidate;

/** Products with signals first (score, then product score, then id); the rest of the list is filled by product score. */
export function rankProducts(candidates: readonly Candidate[], baseline: readonly Omit<Candidate, 'score'>[], size = RANKING_SIZE): RankedEntry[] {
  const active = candidates.filter((c) => c.score > 0).sort(compareCandidates).slice(0, size);
  const taken = new Set(active.map((c) => c.productId));
  const fill = [...baseline].sort((a, b) => b.productScore - a.productScore || a.productId.localeCompare(b.productId))
    .filter((b) => !taken.has(b.productId)).slice(0, size - active.length);
  return [...active, ...fill.map((b) => ({ ...b, score: 0 }))];
}

/** The order of products ranked for their signals: score, then product score, then id. */
export const compareCandidates = (a: Candidate, b: Candidate) =>
  b.score - a.score || b.productScore - a.productScore || a.productId.localeCompare(b.productId);

/** Keeps the `size` best products by product score (the fill list). */
export function addToBaseline(baseline: readonly Omit<Candidate, 'score'>[], entry: Omit<Candidate, 'score'>, size = RANKING_SIZE) {
  return [...baseline.filter((b) => b.productId !== entry.productId), entry]
    .sort((a, b) => b.productScore - a.productScore || a.productId.localeCompare(b.productId))
    .slice(0, size);
}

export type RankChange = 'up' | 'down' | 'same';
export interface RankedWithChange { productId: string; rank: number; change: RankChange; changeValue: number }

/** rank 1..n; change against the previous period's ranks; a newcomer moved up from just below the list. */
export function withChanges(entries: readonly RankedEntry[], previousRanks: Readonly<Record<string, number>>, size = RANKING_SIZE): RankedWithChange[] {
  return entries.map((e, i) => {
    const rank = i + 1;
    const before = previousRanks[e.productId] ?? size + 1;
    const moved = before - rank;
    return { productId: e.productId, rank, change: moved > 0 ? 'up' : moved < 0 ? 'down' : 'same', changeValue: Math.abs(moved) };
  });
}

export const ranksOf = (entries: readonly RankedEntry[]): Record<string, number> =>
  Object.fromEntries(entries.map((e, i) => [e.productId, i + 1]));
