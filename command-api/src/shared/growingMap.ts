/**
 * An immutable map for a Decider's state that grows by one entry per event (a chat's lines by id): `with`
 * answers a new map and leaves this one as it was, like `new Map([...m, [k, v]])`, but without copying every
 * entry (ADR 031, s61: a chat line's fold copied the whole transcript's ids, so each line cost more than the one
 * before). The versions of one fold share one `Map`: each entry notes when it was added, and a version sees only
 * the entries added before it. Adding to the newest version writes to the shared `Map` (O(1)); adding to an older
 * one (a fold that branched) or adding a key again copies what that version sees first, so no version ever sees
 * another's entries.
 */
export class GrowingMap<K, V> implements ReadonlyMap<K, V> {
  private readonly shared: Map<K, { value: V; n: number }>;
  /** How many of `shared`'s entries this version sees: those with `n` below it. */
  readonly size: number;

  private constructor(shared: Map<K, { value: V; n: number }>, size: number) {
    this.shared = shared;
    this.size = size;
  }

  static empty<K, V>(): GrowingMap<K, V> {
    return new GrowingMap(new Map(), 0);
  }

  /** This map with `key` set to `value` (this one unchanged). */
  with(key: K, value: V): GrowingMap<K, V> {
    const shared = this.shared;
    // The newest version (it sees every shared entry) and a new key: appended in place.
    if (shared.size === this.size && !shared.has(key)) {
      shared.set(key, { value, n: this.size });
      return new GrowingMap(shared, this.size + 1);
    }
    const own = new Map<K, { value: V; n: number }>();
    for (const [k, e] of shared) if (e.n < this.size) own.set(k, e);
    const was = own.get(key);
    own.set(key, { value, n: was ? was.n : own.size });
    return new GrowingMap(own, own.size);
  }

  get(key: K): V | undefined {
    const e = this.shared.get(key);
    return e && e.n < this.size ? e.value : undefined;
  }

  has(key: K): boolean {
    const e = this.shared.get(key);
    return e !== undefined && e.n < this.size;
  }

  *entries(): MapIterator<[K, V]> {
    for (const [k, e] of this.shared) if (e.n < this.size) yield [k, e.value];
  }

  *keys(): MapIterator<K> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
}
