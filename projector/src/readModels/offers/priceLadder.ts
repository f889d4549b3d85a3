import type { Doc, DocStore } from '../../docstore/types.ts';
import { alreadyApplied } from '../types.ts';

/**
 * The lowest price on sale kept incrementally (issue 37), and its history per key × day. A ladder is
 * kept per key: the model (its lowest headline 할부원금, as cards show it) and, for issue 42, each
 * price series (model × storage × carrier × 가입유형, `priceSeriesKey`) for its lowest 24개월 실부담
 * and lowest 할부원금 — the same code, each ladder's documents under its own prefix.
 *
 * The ladder counts the offers on sale (active, approved seller, units left) per price, in buckets
 * of `BUCKET_WON`: a bucket document holds a count per price within its 10,000원, the key's document
 * the non-empty buckets in order and the lowest. A move writes the buckets it touches; the key's
 * document only when a bucket fills or empties or the lowest moves, and the day's history only when
 * its lowest moves: a few by-id reads and writes, never a document that grows with the key's offers.
 * The lowest is the lowest price of the first non-empty bucket. Each offer's entry says what the
 * ladder holds for it, so a change moves it from there, and each document's `_pos` makes a repeated
 * event move nothing.
 *
 * The price history is one document per key and (UTC) day: the key's lowest after that day's last
 * change. A day without a document carries the one before it.
 */
export const PRICE_LADDER = 'priceLadder';
export const PRICE_HISTORY = 'priceHistory';
/** Issue 42: the history of each price series (both of its ladders, by prefix). */
export const SERIES_PRICE_HISTORY = 'seriesPriceHistory';
export const BUCKET_WON = 10_000;

/** One ladder: the prefix of its documents' ids (in `PRICE_LADDER` and its history collection), where its history lives, and its place in an offer's entry. */
export interface Ladder { prefix: string; history: string; slot: LadderSlot }
type LadderSlot = 'model' | 'total' | 'principal';
/** Each model's lowest headline 할부원금 (the card's 최저가). */
export const MODEL_LADDER: Ladder = { prefix: '', history: PRICE_HISTORY, slot: 'model' };
/** Each price series' lowest 24개월 실부담 (the headline quote's 총비용, 24 months). */
export const SERIES_TOTAL_LADDER: Ladder = { prefix: 't:', history: SERIES_PRICE_HISTORY, slot: 'total' };
/** Each price series' lowest headline 할부원금. */
export const SERIES_PRINCIPAL_LADDER: Ladder = { prefix: 'p:', history: SERIES_PRICE_HISTORY, slot: 'principal' };
const LADDERS = [MODEL_LADDER, SERIES_TOTAL_LADDER, SERIES_PRINCIPAL_LADDER] as const;

/** Where one ladder counts an offer: under `key` at `price` (null: not counted). */
interface LadderPlace { key: string; price: number | null }
/** `o:<offerId>`: where each ladder counts the offer (a slot absent: not counted), one document for the three. */
type LadderEntryDoc = Doc & { [S in LadderSlot]?: LadderPlace } & { _pos: number };
/** `b:<key>|<bucket>`: offers per price within one bucket. */
interface LadderBucketDoc extends Doc { counts: Record<string, number>; _pos: number }
/** `m:<key>`: the non-empty buckets (ascending), the lowest price, and the first and last day with a history document. */
export interface LadderModelDoc extends Doc { buckets: number[]; lowest: number | null; firstDay: string; lastDay: string; _pos: number }
/** `<key>|<YYYY-MM-DD>` in the ladder's history: the key's lowest at the end of that day (null: nothing on sale). */
export interface PriceDayDoc extends Doc { key: string; date: string; lowest: number | null; _pos: number }

/** A price series: one model, storage, carrier and 가입유형 (자급제: no 가입유형). */
export interface PriceSeries { modelId: string; storage: number; carrier: string; joinType: string | null }
export const priceSeriesKey = (s: PriceSeries) => `${s.modelId}|${s.storage}|${s.carrier}|${s.joinType ?? '자급제'}`;

export const ladderModelId = (key: string, ladder: Ladder = MODEL_LADDER) => `${ladder.prefix}m:${key}`;
export const priceDayId = (key: string, date: string, ladder: Ladder = MODEL_LADDER) => `${ladder.prefix}${key}|${date}`;
const entryId = (offerId: string) => `o:${offerId}`;
const bucketId = (ladder: Ladder, key: string, bucket: number) => `${ladder.prefix}b:${key}|${bucket}`;

/** What the ladders need of an offer. */
export interface LadderOffer extends PriceSeries {
  id: string; sellerId: string; active?: boolean; stock: number; condition: string; headline: { quote: { principal: number; totalCost: number } };
}

/** Whether an offer counts: on sale (active, its seller approved, units left). */
export function onSale(offer: LadderOffer, sellerApproved: boolean): boolean {
  return offer.active !== false && sellerApproved && offer.stock > 0;
}

/**
 * The ladders' documents one projector batch read or wrote, per document store (ADR 025): a batch
 * moves the same keys' documents and buckets for offer after offer, so each is read once, changed in
 * memory (the batch's own copies in place) and written once at the batch's end (`writeLadders`, the
 * read model's flush, before the checkpoint), not copied, frozen and indexed per event. A crash
 * before the flush loses the batch's ladder writes with its checkpoint: the batch is applied again.
 */
interface LadderBatch {
  /** `PRICE_LADDER` documents by id as the batch sees them (null: none); those in `own` are the batch's copies. */
  docs: Map<string, Doc | null>;
  own: Set<string>;
  /** History documents to write, per collection, by id. */
  days: Map<string, Map<string, PriceDayDoc>>;
}
const batches = new WeakMap<DocStore, LadderBatch>();

function batchOf(docs: DocStore): LadderBatch {
  let batch = batches.get(docs);
  if (!batch) batches.set(docs, (batch = { docs: new Map(), own: new Set(), days: new Map() }));
  return batch;
}

/** A (re)started projector reads the stored documents again. */
export function forgetLadders(docs: DocStore): void {
  batches.delete(docs);
}

/** Writes what the batch changed (the read model's flush). */
export async function writeLadders(docs: DocStore): Promise<void> {
  const batch = batches.get(docs);
  if (!batch) return;
  batches.delete(docs);
  const ladder = docs.collection(PRICE_LADDER);
  for (const id of batch.own) await ladder.put(batch.docs.get(id)!);
  for (const [name, days] of batch.days) {
    const history = docs.collection<PriceDayDoc>(name);
    for (const day of days.values()) await history.put(day);
  }
}

async function ladderDocs<D extends Doc>(docs: DocStore, batch: LadderBatch, ids: readonly string[]): Promise<(D | null)[]> {
  const missing = ids.filter((id) => !batch.docs.has(id));
  if (missing.length === 1) batch.docs.set(missing[0]!, await docs.collection(PRICE_LADDER).get(missing[0]!));
  else if (missing.length > 1) {
    for (const id of missing) batch.docs.set(id, null);
    for (const doc of await docs.collection(PRICE_LADDER).find({ _id: { $in: missing } })) batch.docs.set(doc._id, doc);
  }
  return ids.map((id) => batch.docs.get(id) as D | null);
}

function keep(batch: LadderBatch, doc: Doc): void {
  batch.docs.set(doc._id, doc);
  batch.own.add(doc._id);
}

/**
 * Moves each offer on its model's ladder and, a new unit, on its series' two ladders (issue 42: a
 * series compares new units on the same terms), at `at`'s day. Cost: the moved offers plus one bucket
 * per price they leave or reach, per key; independent of how many other offers the keys have.
 */
export async function moveOnLadders(docs: DocStore, offers: readonly { offer: LadderOffer; onSale: boolean }[], at: string, position: number): Promise<void> {
  if (offers.length === 0) return;
  const batch = batchOf(docs);
  const entries = await ladderDocs<LadderEntryDoc>(docs, batch, offers.map((o) => entryId(o.offer.id)));
  // Per ladder, per key, per bucket, per price: the change in count.
  const deltas = new Map<Ladder, Map<string, Map<number, Map<number, number>>>>();
  const add = (ladder: Ladder, key: string, price: number, by: number) => {
    let keys = deltas.get(ladder);
    if (!keys) deltas.set(ladder, (keys = new Map()));
    let buckets = keys.get(key);
    if (!buckets) keys.set(key, (buckets = new Map()));
    const bucket = Math.floor(price / BUCKET_WON);
    let prices = buckets.get(bucket);
    if (!prices) buckets.set(bucket, (prices = new Map()));
    prices.set(price, (prices.get(price) ?? 0) + by);
  };
  for (const [i, { offer, onSale }] of offers.entries()) {
    const entry = entries[i] ?? null;
    if (alreadyApplied(entry, position)) continue;
    const series = offer.condition === 'new' ? priceSeriesKey(offer) : null;
    const places: Record<LadderSlot, LadderPlace | null> = {
      model: { key: offer.modelId, price: onSale ? offer.headline.quote.principal : null },
      total: series === null ? null : { key: series, price: onSale ? offer.headline.quote.totalCost : null },
      principal: series === null ? null : { key: series, price: onSale ? offer.headline.quote.principal : null },
    };
    let next: LadderEntryDoc | null = null;
    for (const ladder of LADDERS) {
      const place = places[ladder.slot];
      if (place === null) continue;
      const was = entry?.[ladder.slot];
      const before = was?.price ?? null;
      if (before === place.price && (place.price === null || was!.key === place.key)) continue;
      if (before !== null) add(ladder, was!.key, before, -1);
      if (place.price !== null) add(ladder, place.key, place.price, 1);
      next ??= { ...entry, _id: entryId(offer.id), _pos: position };
      next[ladder.slot] = place;
    }
    if (next) keep(batch, next);
  }
  const day = at.slice(0, 10);
  for (const [ladder, keys] of deltas) for (const [key, buckets] of keys) await moveKey(docs, batch, ladder, key, buckets, day, position);
}

async function moveKey(docs: DocStore, batch: LadderBatch, ladder: Ladder, key: string, buckets: Map<number, Map<number, number>>, day: string, position: number): Promise<void> {
  const modelId = ladderModelId(key, ladder);
  const model = (await ladderDocs<LadderModelDoc>(docs, batch, [modelId]))[0] ?? null;
  if (alreadyApplied(model, position)) return;
  let nonEmpty = model?.buckets ?? [];
  const lowestIn = new Map<number, number | null>();
  for (const [bucket, prices] of buckets) {
    const id = bucketId(ladder, key, bucket);
    const stored = (await ladderDocs<LadderBucketDoc>(docs, batch, [id]))[0] ?? null;
    let counts = stored?.counts ?? {};
    if (!alreadyApplied(stored, position)) {
      // The batch's own copy changes in place; a stored one is copied once per batch.
      const own = stored !== null && batch.own.has(id) ? stored : { _id: id, counts: { ...counts }, _pos: position };
      counts = own.counts;
      for (const [price, by] of prices) {
        const n = (counts[price] ?? 0) + by;
        if (n > 0) counts[price] = n;
        else delete counts[price];
      }
      own._pos = position;
      keep(batch, own);
    }
    const lowest = minKey(counts);
    lowestIn.set(bucket, lowest);
    // A bucket filled or emptied: the ordered list changes (rare next to moves within a bucket).
    const listed = sortedIndexOf(nonEmpty, bucket);
    if (lowest === null && listed.found) nonEmpty = nonEmpty.toSpliced(listed.at, 1);
    if (lowest !== null && !listed.found) nonEmpty = nonEmpty.toSpliced(listed.at, 0, bucket);
  }
  const lowestBucket = nonEmpty[0];
  const lowest = lowestBucket === undefined ? null
    : lowestIn.has(lowestBucket) ? lowestIn.get(lowestBucket)!
    : model?.lowest !== null && model?.lowest !== undefined && Math.floor(model.lowest / BUCKET_WON) === lowestBucket ? model.lowest
    : minKey((await ladderDocs<LadderBucketDoc>(docs, batch, [bucketId(ladder, key, lowestBucket)]))[0]?.counts ?? {});
  const firstDay = model && model.firstDay < day ? model.firstDay : day;
  const lastDay = model && model.lastDay > day ? model.lastDay : day;
  const dayMoved = !model || model.lastDay !== day || model.lowest !== lowest;
  if (!dayMoved && nonEmpty === model.buckets) return;
  keep(batch, { _id: modelId, buckets: nonEmpty, lowest, firstDay, lastDay, _pos: position });
  if (dayMoved) {
    let days = batch.days.get(ladder.history);
    if (!days) batch.days.set(ladder.history, (days = new Map()));
    const id = priceDayId(key, day, ladder);
    days.set(id, { _id: id, key, date: day, lowest, _pos: position });
  }
}

/** Where `n` is or would go in the ascending `list`. */
function sortedIndexOf(list: readonly number[], n: number): { at: number; found: boolean } {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < n) lo = mid + 1;
    else hi = mid;
  }
  return { at: lo, found: list[lo] === n };
}

/** The smallest numeric key with a count. */
function minKey(counts: Record<string, number>): number | null {
  let min: number | null = null;
  for (const k in counts) {
    const n = Number(k);
    if (min === null || n < min) min = n;
  }
  return min;
}

/**
 * A model's lowest 할부원금 at the end of each of the `days` days ending on `today` (YYYY-MM-DD), oldest
 * first; days before the first record or with nothing on sale are left out.
 */
export function lowestPerDay(docs: DocStore, modelId: string, days: number, today: string): Promise<{ date: string; lowest: number }[]> {
  return ladderLowestPerDay(docs, MODEL_LADDER, modelId, days, today);
}

/** A ladder's state for one key (null: nothing ever counted): its lowest now and its first and last day of history. */
export async function ladderState(docs: DocStore, ladder: Ladder, key: string): Promise<LadderModelDoc | null> {
  return docs.collection<LadderModelDoc>(PRICE_LADDER).get(ladderModelId(key, ladder));
}

/**
 * A key's lowest at the end of each of the `days` days ending on `today` (YYYY-MM-DD), oldest first;
 * days before the first record or with nothing on sale are left out. Reads at most one document per
 * day of the window, plus the days back to the last record before it.
 */
export async function ladderLowestPerDay(docs: DocStore, ladder: Ladder, key: string, days: number, today: string): Promise<{ date: string; lowest: number }[]> {
  const DAY = 86_400_000;
  const end = Date.parse(`${today}T00:00:00.000Z`);
  const dates = Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY).toISOString().slice(0, 10));
  const model = await ladderState(docs, ladder, key);
  if (!model) return [];
  const history = docs.collection<PriceDayDoc>(ladder.history);
  const found = new Map((await history.find({ _id: { $in: dates.map((d) => priceDayId(key, d, ladder)) } })).map((d) => [d.date, d.lowest]));
  // The value carried into the window: the last record before its first day.
  let carried: number | null = null;
  const first = dates[0]!;
  if (model.firstDay < first) {
    if (model.lastDay < first) carried = (await history.get(priceDayId(key, model.lastDay, ladder)))?.lowest ?? null;
    else {
      for (let d = Date.parse(`${first}T00:00:00.000Z`) - DAY; ; d -= DAY) {
        const date = new Date(d).toISOString().slice(0, 10);
        const doc = await history.get(priceDayId(key, date, ladder));
        if (doc) { carried = doc.lowest; break; }
        if (date <= model.firstDay) break;
      }
    }
  }
  const out: { date: string; lowest: number }[] = [];
  for (const date of dates) {
    if (found.has(date)) carried = found.get(date)!;
    if (carried !== null) out.push({ date, lowest: carried });
  }
  return out;
}
