import { offerPriceOrder, type OfferPriceSort, type PriceQuote } from '@phonemarket/contracts';
import type { IndexedOffer } from './catalogueIndex.ts';

/**
 * A model's offers kept for its first page (issue 37): grouped in cells by the page's equality filters
 * (storage × carrier × 가입유형 × condition: a few dozen cells per model, whatever its offers), each
 * cell with its counts (all, with units left, per plan, with a plan) and its offers sorted by each of
 * the page's price sorts on the headline (24개월 실부담, 월, 할부원금). A page read with those filters and
 * sorts adds up the cells' counts and merges the matching cells' sorted lists up to the page's end:
 * O(cells + page), never a pass over the model's offers. An offer's change moves its record: a remove
 * and an add in its cell's three sorted lists (chunked, so a move costs O(log n + chunk)).
 *
 * A record keeps what the offer was filed by (its quote object is the stored document's, frozen), so
 * an entry changed in place by the catalogue index's refresh is removed by what it was, then added by
 * what it is.
 */
export type PriceSort = OfferPriceSort;
export const PRICE_SORTS: readonly PriceSort[] = ['total', 'monthly', 'principal'];

export interface Tally { count: number; inStock: number }

export interface OfferRecord {
  entry: IndexedOffer;
  id: string;
  quote: PriceQuote;
  planId: string | null;
  plans: readonly string[];
  inStock: boolean;
  cell: OfferCell;
}

export interface OfferCell {
  storage: number;
  carrier: string;
  joinType: string | null;
  condition: string;
  all: Tally;
  /** Offers with a plan (priced with a 할인 방식). */
  withPlans: Tally;
  plans: Map<string, Tally>;
  sorted: Record<PriceSort, SortedChunks<OfferRecord>>;
}

/** The page's order for a price sort: `offerPriceOrder` (offers paid in full after carrier ones in the 실부담 and 월 sorts). */
export const priceOrder = (sort: PriceSort) => offerPriceOrder(sort);
const ORDERS: Record<PriceSort, ReturnType<typeof priceOrder>> = { total: priceOrder('total'), monthly: priceOrder('monthly'), principal: priceOrder('principal') };

const CHUNK = 512;

/** A sorted list in chunks of at most `CHUNK`: add and remove by binary search, in order by iteration. */
export class SortedChunks<T> {
  private chunks: T[][] = [];
  private readonly cmp: (a: T, b: T) => number;
  constructor(cmp: (a: T, b: T) => number) {
    this.cmp = cmp;
  }

  /** The chunk that holds (or would hold) `x`: the first whose last item is not before it. */
  private chunkOf(x: T): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cmp(this.chunks[mid]!.at(-1)!, x) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  private static at<T>(chunk: readonly T[], x: T, cmp: (a: T, b: T) => number): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(chunk[mid]!, x) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  add(x: T): void {
    if (this.chunks.length === 0) {
      this.chunks.push([x]);
      return;
    }
    const c = this.chunkOf(x);
    const chunk = this.chunks[c]!;
    chunk.splice(SortedChunks.at(chunk, x, this.cmp), 0, x);
    if (chunk.length > CHUNK) this.chunks.splice(c, 1, chunk.slice(0, chunk.length >> 1), chunk.slice(chunk.length >> 1));
  }
  /** Removes `x` (the very item added; false when it is not there). */
  remove(x: T): boolean {
    if (this.chunks.length === 0) return false;
    const c = this.chunkOf(x);
    const chunk = this.chunks[c]!;
    const i = SortedChunks.at(chunk, x, this.cmp);
    if (chunk[i] !== x) return false;
    chunk.splice(i, 1);
    if (chunk.length === 0) this.chunks.splice(c, 1);
    return true;
  }
  /** A list of `items` in `cmp`'s order, built in bulk: one sort instead of a binary-search insert each. */
  static from<T>(items: readonly T[], cmp: (a: T, b: T) => number): SortedChunks<T> {
    const list = new SortedChunks(cmp);
    const sorted = [...items].sort(cmp);
    for (let at = 0; at < sorted.length; at += CHUNK >> 1) list.chunks.push(sorted.slice(at, at + (CHUNK >> 1)));
    return list;
  }
  first(): T | undefined {
    return this.chunks[0]?.[0];
  }
  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }
}

const cellKey = (o: Pick<IndexedOffer, 'storage' | 'carrier' | 'joinType' | 'condition'>) => `${o.storage}|${o.carrier}|${o.joinType ?? ''}|${o.condition}`;
const addTo = (t: Tally, inStock: boolean, by: number) => {
  t.count += by;
  if (inStock) t.inStock += by;
};

/** One model's cells and each offer's record, kept in step with the catalogue index by its refresh. */
export class ModelOfferCells {
  readonly cells = new Map<string, OfferCell>();
  private readonly records = new Map<string, OfferRecord>();

  /**
   * Built in bulk: each cell's records sorted once per sort (a model's whole market at its first page,
   * or again after a change that moved many of its offers at once, a 공시지원금 re-pricing them all).
   */
  constructor(offers: readonly IndexedOffer[]) {
    const filed = new Map<OfferCell, OfferRecord[]>();
    for (const entry of offers) {
      const record = this.file(entry);
      const list = filed.get(record.cell);
      if (list) list.push(record);
      else filed.set(record.cell, [record]);
    }
    for (const [cell, records] of filed) for (const sort of PRICE_SORTS) cell.sorted[sort] = SortedChunks.from(records, ORDERS[sort]);
  }

  add(entry: IndexedOffer): void {
    const record = this.file(entry);
    for (const sort of PRICE_SORTS) record.cell.sorted[sort].add(record);
  }

  /** The offer's record, counted in its cell (made when new) and kept by id; not yet in the cell's sorted lists. */
  private file(entry: IndexedOffer): OfferRecord {
    const key = cellKey(entry);
    let cell = this.cells.get(key);
    if (!cell) {
      cell = {
        storage: entry.storage, carrier: entry.carrier, joinType: entry.joinType, condition: entry.condition,
        all: { count: 0, inStock: 0 }, withPlans: { count: 0, inStock: 0 }, plans: new Map(),
        sorted: { total: new SortedChunks<OfferRecord>(ORDERS.total), monthly: new SortedChunks<OfferRecord>(ORDERS.monthly), principal: new SortedChunks<OfferRecord>(ORDERS.principal) },
      };
      this.cells.set(key, cell);
    }
    const doc = entry.doc;
    const record: OfferRecord = {
      entry, id: entry.id, quote: doc.headline.quote, planId: doc.headline.planId, plans: doc.plans.map((p) => p.planId), inStock: doc.stock > 0, cell,
    };
    this.count(record, 1);
    this.records.set(entry.id, record);
    return record;
  }

  /** The offer out, by what it was filed by (its entry may have changed since). */
  remove(offerId: string): void {
    const record = this.records.get(offerId);
    if (!record) return;
    this.records.delete(offerId);
    const { cell } = record;
    this.count(record, -1);
    for (const sort of PRICE_SORTS) cell.sorted[sort].remove(record);
    // An emptied cell goes (a fresh build has none), as do a plan's emptied counts.
    if (cell.all.count === 0) this.cells.delete(cellKey(cell));
  }

  private count(record: OfferRecord, by: 1 | -1): void {
    const { cell, inStock } = record;
    addTo(cell.all, inStock, by);
    if (record.plans.length > 0) addTo(cell.withPlans, inStock, by);
    for (const planId of record.plans) {
      let t = cell.plans.get(planId);
      if (!t) cell.plans.set(planId, (t = { count: 0, inStock: 0 }));
      addTo(t, inStock, by);
      if (t.count === 0) cell.plans.delete(planId);
    }
  }

  get size(): number {
    return this.records.size;
  }
}
