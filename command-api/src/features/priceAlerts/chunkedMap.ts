/**
 * A map kept in `CHUNKS` maps by a hash of the key, for folds whose state holds thousands of entries
 * (a series' offers, a model's alerts): an event changes one chunk, copied, and shares the others, so
 * the fold stays pure without copying the whole map per event (which made a fold O(n²)).
 */
export const CHUNKS = 64;
export type ChunkedMap<V> = readonly ReadonlyMap<string, V>[];

export function chunkOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return (h >>> 0) % CHUNKS;
}

export const emptyChunks = <V>(): ChunkedMap<V> => Array.from({ length: CHUNKS }, () => new Map<string, V>());
export const getIn = <V>(map: ChunkedMap<V>, key: string): V | undefined => map[chunkOf(key)]!.get(key);

/** The map with `key` set to `value`, or removed when `value` is undefined. */
export function withEntry<V>(map: ChunkedMap<V>, key: string, value: V | undefined): ChunkedMap<V> {
  const i = chunkOf(key);
  const chunk = new Map(map[i]);
  if (value === undefined) chunk.delete(key);
  else chunk.set(key, value);
  return map.with(i, chunk);
}

/** The map with each of `entries` set (or removed: undefined value), in order, as `withEntry` one by one would give: each chunk they touch is copied once. */
export function withEntries<V>(map: ChunkedMap<V>, entries: Iterable<readonly [string, V | undefined]>): ChunkedMap<V> {
  const copies = new Map<number, Map<string, V>>();
  for (const [key, value] of entries) {
    const i = chunkOf(key);
    let chunk = copies.get(i);
    if (!chunk) copies.set(i, (chunk = new Map(map[i])));
    if (value === undefined) chunk.delete(key);
    else chunk.set(key, value);
  }
  return copies.size === 0 ? map : map.map((chunk, i) => copies.get(i) ?? chunk);
}

export function* entriesOf<V>(map: ChunkedMap<V>): Generator<[string, V]> {
  for (const chunk of map) yield* chunk;
}
