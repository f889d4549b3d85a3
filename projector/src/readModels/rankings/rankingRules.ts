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
export const periodOf = (atMs: number) => Math.floor(atMs / PERIOD_MS);

export type Buckets = Record<string, number>;

/** Sum of the hourly buckets inside the window ending at `hour`. */
export function windowScore(buckets: Buckets, hour: number): number {
  let total = 0;
  for (const [h, weight] of Object.entries(buckets)) if (Number(h) > hour - WINDOW_HOURS && Number(h) <= hour) total += weight;
  return total;
}

/** Adds a weight at `hour` and drops buckets that left the window. */
export function addToBuckets(buckets: Buckets, hour: number, weight: number): Buckets {
  const next: Buckets = {};
  for (const [h, w] of Object.entries(buckets)) if (Number(h) > hour - WINDOW_HOURS) next[h] = w;
  next[hour] = (next[hour] ?? 0) + weight;
  return next;
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

const compareCandidates = (a: Candidate, b: Candidate) =>
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
