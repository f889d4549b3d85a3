/** Small, pure statistics helpers for the bench. */

/**
 * Nearest-rank percentile: the smallest sample such that at least `p`% of the samples are ≤ it.
 * `p` is in [0, 100]; p = 0 answers the minimum. Throws on an empty sample set.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('percentile of an empty sample set');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile out of range: ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)]!;
}

export interface Summary {
  count: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new RangeError('summary of an empty sample set');
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return {
    count: samples.length,
    min: Math.min(...samples),
    p50: percentile(samples, 50),
    p90: percentile(samples, 90),
    p99: percentile(samples, 99),
    max: Math.max(...samples),
    mean,
  };
}

/** Rounds to `digits` decimals (figures in results.json stay readable). */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Events (or requests) per second from a count and elapsed milliseconds. */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? Math.round((count / ms) * 1000) : 0;
}

/** Deterministic 32-bit PRNG (mulberry32): the generated data is the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
