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

/** One ladder: the prefix of its documents' ids (in `PRICE_LADDER` and its history collection) and where its history lives. */
export interface Ladder { prefix: string; history: string }
/** Each model's lowest headline 할부원금 (the card's 최저가). */
export const MODEL_LADDER: Ladder = { prefix: '', history: PRICE_HISTORY };
/** Each price series' lowest 24개월 실부담 (the headline quote's 총비용, 24 months). */
export const SERIES_TOTAL_LADDER: Ladder = { prefix: 't:', history: SERIES_PRICE_HISTORY };
/** Each price series' lowest headline 할부원금. */
export const SERIES_PRINCIPAL_LADDER: Ladder = { prefix: 'p:', history: SERIES_PRICE_HISTORY };

/** `o:<offerId>`: the key and price the ladder counts the offer at (null: not counted). */
interface LadderEntryDoc extends Doc { key: string; price: number | null; _pos: number }
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
const entryId = (ladder: Ladder, offerId: string) => `${ladder.prefix}o:${offerId}`;
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
 * Moves each offer on its model's ladder and, a new unit, on its series' two ladders (issue 42: a
 * series compares new units on the same terms), at `at`'s day.
 */
export async function moveOnLadders(docs: DocStore, offers: readonly { offer: LadderOffer; onSale: boolean }[], at: string, position: number): Promise<void> {
  const on = (o: { offer: LadderOffer; onSale: boolean }, price: number) => (o.onSale ? price : null);
  await moveOnLadder(docs, MODEL_LADDER, offers.map((o) => ({ offerId: o.offer.id, key: o.offer.modelId, price: on(o, o.offer.headline.quote.principal) })), at, position);
  const series = offers.filter((o) => o.offer.condition === 'new');
  await moveOnLadder(docs, SERIES_TOTAL_LADDER, series.map((o) => ({ offerId: o.offer.id, key: priceSeriesKey(o.offer), price: on(o, o.offer.headline.quote.totalCost) })), at, position);
  await moveOnLadder(docs, SERIES_PRINCIPAL_LADDER, series.map((o) => ({ offerId: o.offer.id, key: priceSeriesKey(o.offer), price: on(o, o.offer.headline.quote.principal) })), at, position);
}

/**
 * Moves offers on a ladder to `price` under `key`, and records each changed key's lowest as of the
 * day of `at`. Cost: the moved offers plus one bucket per price they leave or reach, per key;
 * independent of how many other offers the keys have.
 */
export async function moveOnLadder(docs: DocStore, ladder: Ladder, moves: readonly { offerId: string; key: string; price: number | null }[], at: string, position: number): Promise<void> {
  if (moves.length === 0) return;
  const entries = docs.collection<LadderEntryDoc>(PRICE_LADDER);
  const known = new Map((await entries.find({ _id: { $in: moves.map((m) => entryId(ladder, m.offerId)) } })).map((e) => [e._id, e]));
  // Per model, per bucket, per price: the change in count.
  const deltas = new Map<string, Map<number, Map<number, number>>>();
  const add = (key: string, price: number, by: number) => {
    const buckets = deltas.get(key) ?? new Map<number, Map<number, number>>();
    deltas.set(key, buckets);
    const bucket = Math.floor(price / BUCKET_WON);
    const prices = buckets.get(bucket) ?? new Map<number, number>();
    buckets.set(bucket, prices);
    prices.set(price, (prices.get(price) ?? 0) + by);
  };
  const written: LadderEntryDoc[] = [];
  for (const { offerId, key, price } of moves) {
    const entry = known.get(entryId(ladder, offerId));
    if (alreadyApplied(entry ?? null, position)) continue;
    const before = entry?.price ?? null;
    if (before === price && (price === null || entry!.key === key)) continue;
    if (before !== null) add(entry!.key, before, -1);
    if (price !== null) add(key, price, 1);
    written.push({ _id: entryId(ladder, offerId), key, price, _pos: position });
  }
  const day = at.slice(0, 10);
  for (const [key, buckets] of deltas) await moveKey(docs, ladder, key, buckets, day, position);
  for (const e of written) await entries.put(e);
}

async function moveKey(docs: DocStore, ladder: Ladder, key: string, buckets: Map<number, Map<number, number>>, day: string, position: number): Promise<void> {
  const bucketDocs = docs.collection<LadderBucketDoc>(PRICE_LADDER);
  const models = docs.collection<LadderModelDoc>(PRICE_LADDER);
  const model = await models.get(ladderModelId(key, ladder));
  if (alreadyApplied(model, position)) return;
  let nonEmpty = model?.buckets ?? [];
  const lowestIn = new Map<number, number | null>();
  for (const [bucket, prices] of buckets) {
    const stored = await bucketDocs.get(bucketId(ladder, key, bucket));
    let counts = stored?.counts ?? {};
    if (!alreadyApplied(stored, position)) {
      counts = { ...counts };
      for (const [price, by] of prices) {
        const n = (counts[price] ?? 0) + by;
        if (n > 0) counts[price] = n;
        else delete counts[price];
      }
      await bucketDocs.put({ _id: bucketId(ladder, key, bucket), counts, _pos: position });
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
    : minKey((await bucketDocs.get(bucketId(ladder, key, lowestBucket)))?.counts ?? {});
  const firstDay = model && model.firstDay < day ? model.firstDay : day;
  const lastDay = model && model.lastDay > day ? model.lastDay : day;
  const dayMoved = !model || model.lastDay !== day || model.lowest !== lowest;
  if (!dayMoved && nonEmpty === model.buckets) return;
  await models.put({ _id: ladderModelId(key, ladder), buckets: nonEmpty, lowest, firstDay, lastDay, _pos: position });
  if (dayMoved) await docs.collection<PriceDayDoc>(ladder.history).put({ _id: priceDayId(key, day, ladder), key, date: day, lowest, _pos: position });
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
