/**
 * A figure beside its bare baseline or a peer, measured in the same run (issue 44): trials of the two
 * alternate, so whatever else the host does falls on both alike, and the figure that travels between
 * machines is their ratio.
 */

export interface Pair<A, B> {
  ours: A;
  baseline: B;
  ratio: number;
}

/**
 * `trials` alternating pairs (ours, then the baseline), each pair's ratio by `ratioOf`. Ours goes
 * first in every pair: the baseline never gets a warmer host than the figure it is beside.
 */
export async function alternate<A, B>(trials: number, ours: (trial: number) => Promise<A>, baseline: (trial: number) => Promise<B>, ratioOf: (ours: A, baseline: B) => number): Promise<Pair<A, B>[]> {
  const pairs: Pair<A, B>[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const a = await ours(trial);
    const b = await baseline(trial);
    pairs.push({ ours: a, baseline: b, ratio: ratioOf(a, b) });
  }
  return pairs;
}

/** The pair with the median ratio (the lower middle one of an even count): one disturbed pair does not move it. */
export function medianPair<P extends { ratio: number }>(pairs: readonly P[]): P {
  if (pairs.length === 0) throw new RangeError('median of no pairs');
  const sorted = [...pairs].sort((x, y) => x.ratio - y.ratio);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * `ours / baseline`: for times, how many times the baseline's ours takes (> 1: ours is slower); for
 * rates, ours' share of the baseline's (< 1: ours is slower). A zero or non-finite figure answers
 * NaN, which results.json refuses, rather than a made-up ratio.
 */
export function ratio(ours: number, baseline: number): number {
  return baseline > 0 && Number.isFinite(baseline) && Number.isFinite(ours) ? ours / baseline : Number.NaN;
}
