/**
 * A map kept in `CHUNKS` (or as many as it was made with) maps by a hash of the key, for folds whose
 * state holds thousands of entries (a series' offers, a model's alerts): an event changes one chunk,
 * copied, and shares the others, so the fold stays pure without copying the whole map per event (which
 * made a fold O(n²)). An empty chunk is one shared empty map (nothing writes to a chunk: a change copies it).
 */
export const CHUNKS = 64;
export type ChunkedMap<V> = readonly ReadonlyMap<string, V>[];

/** The chunk of `key` in a map of `chunks` chunks. */
export function chunkOf(key: string, chunks = CHUNKS): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return (h >>> 0) % chunks;
}

const EMPTY: ReadonlyMap<string, unknown> = new Map<string, unknown>();
// An empty map holds no value of any type.
export const emptyChunks = <V>(chunks = CHUNKS): ChunkedMap<V> => new Array<ReadonlyMap<string, V>>(chunks).fill(EMPTY as ReadonlyMap<string, V>);
export const getIn = <V>(map: ChunkedMap<V>, key: string): V | undefined => map[chunkOf(key, map.length)]!.get(key);

/** The map with `key` set to `value`, or removed when `value` is undefined. */
export function withEntry<V>(map: ChunkedMap<V>, key: string, value: V | undefined): ChunkedMap<V> {
  const i = chunkOf(key, map.length);
  const chunk = new Map(map[i]);
  if (value === undefined) chunk.delete(key);
  else chunk.set(key, value);
  return map.with(i, chunk);
}

/** The map with each of `entries` set (or removed: undefined value), in order, as `withEntry` one by one would give: each chunk they touch is copied once. */
export function withEntries<V>(map: ChunkedMap<V>, entries: Iterable<readonly [string, V | undefined]>): ChunkedMap<V> {
  const copies = new Map<number, Map<string, V>>();
  for (const [key, value] of entries) {
    const i = chunkOf(key, map.length);
    let chunk = copies.get(i);
    if (!chunk) copies.set(i, (chunk = new Map(map[i])));
    if (value === undefined) chunk.delete(key);
    else chunk.set(key, value);
  }
  if (copies.size === 0) return map;
  // The chunk list copied whole (a series' 1,024), then the copied chunks set: no look-up per chunk.
  const next = map.slice();
  for (const [i, chunk] of copies) next[i] = chunk;
  return next;
}

export function* entriesOf<V>(map: ChunkedMap<V>): Generator<[string, V]> {
  for (const chunk of map) yield* chunk;
}
