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
 * The ladders one projector batch read or changed, per document store (ADR 025): a batch moves the
 * same keys' buckets for offer after offer, so each document is read once, kept as plain mutable
 * state (a bucket's counts as a Map, a key's fields) and written once, frozen, at the batch's end
 * (`writeLadders`, the read model's flush, before the checkpoint). The state is held by ladder, key
 * and bucket number rather than by document id: an event then looks each up without building and
 * hashing an id string (most of the ladders' cost, measured in ADR 025's fifth pass). A crash before
 * the flush loses the batch's ladder writes with its checkpoint: the batch is applied again.
 */
interface LadderBatch {
  /** Each offer's entry by offer id as the batch sees it (null: none); those in `ownEntries` are to be written. */
  entries: Map<string, LadderEntryDoc | null>;
  ownEntries: Set<string>;
  keys: Map<Ladder, Map<string, KeyHeld>>;
  /** History documents to write, per collection, by id. */
  days: Map<string, Map<string, PriceDayDoc>>;
}
/** One ladder key as the batch holds it: its document's fields (null: none stored yet) and its buckets read so far. */
interface KeyHeld {
  state: KeyState | null;
  changed: boolean;
  buckets: Map<number, BucketHeld>;
}
/** A key's document without its id. */
interface KeyState { buckets: number[]; lowest: number | null; firstDay: string; lastDay: string; _pos: number }
/** One bucket: offers per price (null `pos`: no document stored). */
interface BucketHeld { counts: Map<number, number>; pos: number | null; changed: boolean }

const batches = new WeakMap<DocStore, LadderBatch>();

function batchOf(docs: DocStore): LadderBatch {
  let batch = batches.get(docs);
  if (!batch) batches.set(docs, (batch = { entries: new Map(), ownEntries: new Set(), keys: new Map(), days: new Map() }));
  return batch;
}

/** A (re)started projector reads the stored documents again. */
export function forgetLadders(docs: DocStore): void {
  batches.delete(docs);
}

/** Writes what the batch changed (the read model's flush): each changed document once, as a new object the store freezes. */
export async function writeLadders(docs: DocStore): Promise<void> {
  const batch = batches.get(docs);
  if (!batch) return;
  batches.delete(docs);
  const ladderDocs = docs.collection(PRICE_LADDER);
  for (const offerId of batch.ownEntries) await ladderDocs.put(batch.entries.get(offerId)!);
  for (const [ladder, keys] of batch.keys) {
    for (const [key, held] of keys) {
      for (const [bucket, b] of held.buckets) {
        if (b.changed) await ladderDocs.put({ _id: bucketId(ladder, key, bucket), counts: Object.fromEntries(b.counts), _pos: b.pos });
      }
      if (held.changed && held.state) await ladderDocs.put({ _id: ladderModelId(key, ladder), ...held.state });
    }
  }
  for (const [name, days] of batch.days) {
    const history = docs.collection<PriceDayDoc>(name);
    for (const day of days.values()) await history.put(day);
  }
}

function keyHeld(batch: LadderBatch, ladder: Ladder, key: string): KeyHeld | undefined {
  return batch.keys.get(ladder)?.get(key);
}

/** Reads the stored documents into the batch: one get, or one find for several. */
async function readLadderDocs(docs: DocStore, ids: readonly string[]): Promise<Map<string, Doc>> {
  const col = docs.collection(PRICE_LADDER);
  if (ids.length === 1) {
    const doc = await col.get(ids[0]!);
    return new Map(doc ? [[doc._id, doc]] : []);
  }
  return new Map((await col.find({ _id: { $in: ids } })).map((d) => [d._id, d]));
}

/** Per ladder, per key: the change in count per price that one event makes. */
type LadderDeltas = Map<Ladder, Map<string, Map<number, number>>>;

function addDelta(deltas: LadderDeltas, ladder: Ladder, key: string, price: number, by: number): void {
  let keys = deltas.get(ladder);
  if (!keys) deltas.set(ladder, (keys = new Map()));
  let prices = keys.get(key);
  if (!prices) keys.set(key, (prices = new Map()));
  prices.set(price, (prices.get(price) ?? 0) + by);
}

/** Reads what the batch lacks of the keys' documents and of the buckets of `bucketsOf`'s prices (nothing, mostly). */
async function holdKeys(docs: DocStore, batch: LadderBatch, wanted: readonly { ladder: Ladder; key: string; buckets: Iterable<number> }[]): Promise<void> {
  const missing: { id: string; fill: (doc: Doc | undefined) => void }[] = [];
  for (const { ladder, key, buckets } of wanted) {
    let keys = batch.keys.get(ladder);
    if (!keys) batch.keys.set(ladder, (keys = new Map()));
    let held = keys.get(key);
    if (!held) {
      const fresh: KeyHeld = (held = { state: null, changed: false, buckets: new Map() });
      keys.set(key, fresh);
      missing.push({ id: ladderModelId(key, ladder), fill: (doc) => { if (doc) { const { buckets, lowest, firstDay, lastDay, _pos } = doc as LadderModelDoc; fresh.state = { buckets, lowest, firstDay, lastDay, _pos }; } } });
    }
    for (const bucket of buckets) {
      if (held.buckets.has(bucket)) continue;
      const b: BucketHeld = { counts: new Map(), pos: null, changed: false };
      held.buckets.set(bucket, b);
      missing.push({
        id: bucketId(ladder, key, bucket),
        fill: (doc) => {
          if (!doc) return;
          const stored = doc as LadderBucketDoc;
          for (const price in stored.counts) b.counts.set(Number(price), stored.counts[price]!);
          b.pos = stored._pos;
        },
      });
    }
  }
  if (missing.length === 0) return;
  const found = await readLadderDocs(docs, missing.map((m) => m.id));
  for (const m of missing) m.fill(found.get(m.id));
}

/**
 * Moves each offer on its model's ladder and, a new unit, on its series' two ladders (issue 42: a
 * series compares new units on the same terms), at `at`'s day. Cost: the moved offers plus one bucket
 * per price they leave or reach, per key; independent of how many other offers the keys have. What an
 * event needs is read into the batch first (none, mostly: the batch holds it by then), then changed in
 * memory without a store call.
 */
export async function moveOnLadders(docs: DocStore, offers: readonly { offer: LadderOffer; onSale: boolean }[], at: string, position: number): Promise<void> {
  if (offers.length === 0) return;
  const batch = batchOf(docs);
  const unread = offers.filter((o) => !batch.entries.has(o.offer.id));
  if (unread.length > 0) {
    const found = await readLadderDocs(docs, unread.map((o) => entryId(o.offer.id)));
    for (const { offer } of unread) batch.entries.set(offer.id, (found.get(entryId(offer.id)) as LadderEntryDoc | undefined) ?? null);
  }
  const deltas: LadderDeltas = new Map();
  for (const { offer, onSale } of offers) {
    const entry = batch.entries.get(offer.id) ?? null;
    if (alreadyApplied(entry, position)) continue;
    const series = offer.condition === 'new' ? priceSeriesKey(offer) : null;
    const { principal, totalCost } = offer.headline.quote;
    let next: LadderEntryDoc | null = null;
    for (const ladder of LADDERS) {
      const key = ladder.slot === 'model' ? offer.modelId : series;
      if (key === null) continue;
      const price = !onSale ? null : ladder.slot === 'total' ? totalCost : principal;
      const was = entry?.[ladder.slot];
      const before = was?.price ?? null;
      if (before === price && (price === null || was!.key === key)) continue;
      if (before !== null) addDelta(deltas, ladder, was!.key, before, -1);
      if (price !== null) addDelta(deltas, ladder, key, price, 1);
      next ??= { ...entry, _id: entryId(offer.id), _pos: position };
      next[ladder.slot] = { key, price };
    }
    if (next) {
      batch.entries.set(offer.id, next);
      batch.ownEntries.add(offer.id);
    }
  }
  if (deltas.size === 0) return;
  // Each key's document and the buckets its prices fall in, read where the batch lacks them.
  const wanted: { ladder: Ladder; key: string; buckets: Iterable<number> }[] = [];
  let lacking = false;
  for (const [ladder, keys] of deltas) {
    for (const [key, prices] of keys) {
      const buckets = [...prices.keys()].map((price) => Math.floor(price / BUCKET_WON));
      const held = keyHeld(batch, ladder, key);
      if (!held || buckets.some((b) => !held.buckets.has(b))) lacking = true;
      wanted.push({ ladder, key, buckets });
    }
  }
  if (lacking) await holdKeys(docs, batch, wanted);
  const day = at.slice(0, 10);
  for (const [ladder, keys] of deltas) {
    for (const [key, prices] of keys) {
      const held = keyHeld(batch, ladder, key)!;
      const moved = moveInBuckets(held, prices, position);
      if (!moved) continue;
      const lowestBucket = moved.nonEmpty[0];
      // The lowest lies in a bucket the event did not touch and the batch has not read (rare).
      if (lowestBucket !== undefined && lowestHeld(held, moved) === undefined) await holdKeys(docs, batch, [{ ladder, key, buckets: [lowestBucket] }]);
      settleKey(batch, ladder, key, held, moved.nonEmpty, lowestHeld(held, moved)!, day, position);
    }
  }
}

/** What one event did to a key's buckets. */
interface BucketsMoved { nonEmpty: number[]; lowestIn: Map<number, number | null> }

/** Applies one key's price deltas to its buckets (held by the batch); null when the key already has the event. */
function moveInBuckets(held: KeyHeld, prices: Map<number, number>, position: number): BucketsMoved | null {
  const model = held.state;
  if (model !== null && model._pos >= position) return null;
  let nonEmpty = model?.buckets ?? [];
  const lowestIn = new Map<number, number | null>();
  for (const [price, by] of prices) {
    const bucket = Math.floor(price / BUCKET_WON);
    const b = held.buckets.get(bucket)!;
    if (b.pos !== null && b.pos >= position) {
      // A bucket that already has the event (a batch applied again) keeps its counts.
      if (!lowestIn.has(bucket)) lowestIn.set(bucket, minKey(b.counts));
      continue;
    }
    const n = (b.counts.get(price) ?? 0) + by;
    if (n > 0) b.counts.set(price, n);
    else b.counts.delete(price);
    lowestIn.set(bucket, null); // computed below, once per bucket
  }
  for (const bucket of lowestIn.keys()) {
    const b = held.buckets.get(bucket)!;
    if (b.pos === null || b.pos < position) {
      b.pos = position;
      b.changed = true;
    }
    const lowest = minKey(b.counts);
    lowestIn.set(bucket, lowest);
    // A bucket filled or emptied: the ordered list changes (rare next to moves within a bucket).
    const listed = sortedIndexOf(nonEmpty, bucket);
    if (lowest === null && listed.found) nonEmpty = nonEmpty.toSpliced(listed.at, 1);
    if (lowest !== null && !listed.found) nonEmpty = nonEmpty.toSpliced(listed.at, 0, bucket);
  }
  return { nonEmpty, lowestIn };
}

/** The key's lowest after the move, or undefined when it lies in a bucket the batch has not read. */
function lowestHeld(held: KeyHeld, { nonEmpty, lowestIn }: BucketsMoved): number | null | undefined {
  const lowestBucket = nonEmpty[0];
  if (lowestBucket === undefined) return null;
  if (lowestIn.has(lowestBucket)) return lowestIn.get(lowestBucket)!;
  const was = held.state?.lowest ?? null;
  if (was !== null && Math.floor(was / BUCKET_WON) === lowestBucket) return was;
  const b = held.buckets.get(lowestBucket);
  return b === undefined ? undefined : minKey(b.counts);
}

/** Changes the key's fields and keeps its day's history when the move changed them. */
function settleKey(batch: LadderBatch, ladder: Ladder, key: string, held: KeyHeld, nonEmpty: number[], lowest: number | null, day: string, position: number): void {
  const model = held.state;
  const dayMoved = !model || model.lastDay !== day || model.lowest !== lowest;
  if (!dayMoved && nonEmpty === model.buckets) return;
  const firstDay = model && model.firstDay < day ? model.firstDay : day;
  const lastDay = model && model.lastDay > day ? model.lastDay : day;
  held.state = { buckets: nonEmpty, lowest, firstDay, lastDay, _pos: position };
  held.changed = true;
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

/** The smallest price with a count. */
function minKey(counts: ReadonlyMap<number, number>): number | null {
  let min: number | null = null;
  for (const n of counts.keys()) if (min === null || n < min) min = n;
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
