import type { Doc, DocStore } from '../../docstore/types.ts';
import { alreadyApplied } from '../types.ts';

/**
 * Each model's lowest 할부원금 kept incrementally (issue 37), and its price history per model × day.
 *
 * The ladder counts the offers on sale (active, approved seller, units left) per headline 할부원금,
 * in buckets of `BUCKET_WON`: a bucket document holds a count per price within its 10,000원, the
 * model's document the non-empty buckets in order and the lowest. A move writes the buckets it
 * touches; the model's document only when a bucket fills or empties or the lowest moves, and the
 * day's history only when its lowest moves: a few by-id reads and writes, never a document that
 * grows with the model's offers. The lowest is the lowest price of the first non-empty bucket. Each
 * offer's own document says what the ladder holds for it, so a change moves it from there, and
 * each document's `_pos` makes a repeated event move nothing.
 *
 * The price history is one document per model and (UTC) day: the model's lowest after that day's
 * last change. A day without a document carries the one before it.
 */
export const PRICE_LADDER = 'priceLadder';
export const PRICE_HISTORY = 'priceHistory';
export const BUCKET_WON = 10_000;

/** `o:<offerId>`: the price the ladder counts the offer at (null: not counted). */
interface LadderEntryDoc extends Doc { modelId: string; price: number | null; _pos: number }
/** `b:<modelId>|<bucket>`: offers per price within one bucket. */
interface LadderBucketDoc extends Doc { counts: Record<string, number>; _pos: number }
/** `m:<modelId>`: the non-empty buckets (ascending), the lowest price, and the first and last day with a history document. */
export interface LadderModelDoc extends Doc { buckets: number[]; lowest: number | null; firstDay: string; lastDay: string; _pos: number }
/** `<modelId>|<YYYY-MM-DD>` in `priceHistory`: the model's lowest 할부원금 at the end of that day (null: nothing on sale). */
export interface PriceDayDoc extends Doc { modelId: string; date: string; lowest: number | null; _pos: number }

export const ladderModelId = (modelId: string) => `m:${modelId}`;
export const priceDayId = (modelId: string, date: string) => `${modelId}|${date}`;
const entryId = (offerId: string) => `o:${offerId}`;
const bucketId = (modelId: string, bucket: number) => `b:${modelId}|${bucket}`;

/** What the ladder needs of an offer. */
export interface LadderOffer { id: string; modelId: string; sellerId: string; active?: boolean; stock: number; headline: { quote: { principal: number } } }

/** The price an offer counts at: on sale (active, its seller approved, units left), else not at all. */
export function ladderPrice(offer: LadderOffer, sellerApproved: boolean): number | null {
  return offer.active !== false && sellerApproved && offer.stock > 0 ? offer.headline.quote.principal : null;
}

/**
 * Moves offers on their models' ladders to `price` (from `ladderPrice`), and records each changed
 * model's lowest as of the day of `at`. Cost: the moved offers plus one bucket per price they leave
 * or reach, per model; independent of how many other offers the models have.
 */
export async function moveOnLadder(docs: DocStore, moves: readonly { offer: LadderOffer; price: number | null }[], at: string, position: number): Promise<void> {
  if (moves.length === 0) return;
  const entries = docs.collection<LadderEntryDoc>(PRICE_LADDER);
  const known = new Map((await entries.find({ _id: { $in: moves.map((m) => entryId(m.offer.id)) } })).map((e) => [e._id, e]));
  // Per model, per bucket, per price: the change in count.
  const deltas = new Map<string, Map<number, Map<number, number>>>();
  const add = (modelId: string, price: number, by: number) => {
    const buckets = deltas.get(modelId) ?? new Map<number, Map<number, number>>();
    deltas.set(modelId, buckets);
    const bucket = Math.floor(price / BUCKET_WON);
    const prices = buckets.get(bucket) ?? new Map<number, number>();
    buckets.set(bucket, prices);
    prices.set(price, (prices.get(price) ?? 0) + by);
  };
  const written: LadderEntryDoc[] = [];
  for (const { offer, price } of moves) {
    const entry = known.get(entryId(offer.id));
    if (alreadyApplied(entry ?? null, position)) continue;
    const before = entry?.price ?? null;
    if (before === price) continue;
    if (before !== null) add(entry!.modelId, before, -1);
    if (price !== null) add(offer.modelId, price, 1);
    written.push({ _id: entryId(offer.id), modelId: offer.modelId, price, _pos: position });
  }
  const day = at.slice(0, 10);
  for (const [modelId, buckets] of deltas) await moveModel(docs, modelId, buckets, day, position);
  for (const e of written) await entries.put(e);
}

async function moveModel(docs: DocStore, modelId: string, buckets: Map<number, Map<number, number>>, day: string, position: number): Promise<void> {
  const ladder = docs.collection<LadderBucketDoc>(PRICE_LADDER);
  const models = docs.collection<LadderModelDoc>(PRICE_LADDER);
  const model = await models.get(ladderModelId(modelId));
  if (alreadyApplied(model, position)) return;
  let nonEmpty = model?.buckets ?? [];
  const lowestIn = new Map<number, number | null>();
  for (const [bucket, prices] of buckets) {
    const stored = await ladder.get(bucketId(modelId, bucket));
    let counts = stored?.counts ?? {};
    if (!alreadyApplied(stored, position)) {
      counts = { ...counts };
      for (const [price, by] of prices) {
        const n = (counts[price] ?? 0) + by;
        if (n > 0) counts[price] = n;
        else delete counts[price];
      }
      await ladder.put({ _id: bucketId(modelId, bucket), counts, _pos: position });
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
    : minKey((await ladder.get(bucketId(modelId, lowestBucket)))?.counts ?? {});
  const firstDay = model && model.firstDay < day ? model.firstDay : day;
  const lastDay = model && model.lastDay > day ? model.lastDay : day;
  const dayMoved = !model || model.lastDay !== day || model.lowest !== lowest;
  if (!dayMoved && nonEmpty === model.buckets) return;
  await models.put({ _id: ladderModelId(modelId), buckets: nonEmpty, lowest, firstDay, lastDay, _pos: position });
  if (dayMoved) await docs.collection<PriceDayDoc>(PRICE_HISTORY).put({ _id: priceDayId(modelId, day), modelId, date: day, lowest, _pos: position });
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
 * first; days before the first record or with nothing on sale are left out. Reads at most one
 * document per day of the window, plus the days back to the last record before it.
 */
export async function lowestPerDay(docs: DocStore, modelId: string, days: number, today: string): Promise<{ date: string; lowest: number }[]> {
  const DAY = 86_400_000;
  const end = Date.parse(`${today}T00:00:00.000Z`);
  const dates = Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY).toISOString().slice(0, 10));
  const model = await docs.collection<LadderModelDoc>(PRICE_LADDER).get(ladderModelId(modelId));
  if (!model) return [];
  const history = docs.collection<PriceDayDoc>(PRICE_HISTORY);
  const found = new Map((await history.find({ _id: { $in: dates.map((d) => priceDayId(modelId, d)) } })).map((d) => [d.date, d.lowest]));
  // The value carried into the window: the last record before its first day.
  let carried: number | null = null;
  const first = dates[0]!;
  if (model.firstDay < first) {
    if (model.lastDay < first) carried = (await history.get(priceDayId(modelId, model.lastDay)))?.lowest ?? null;
    else {
      for (let d = Date.parse(`${first}T00:00:00.000Z`) - DAY; ; d -= DAY) {
        const date = new Date(d).toISOString().slice(0, 10);
        const doc = await history.get(priceDayId(modelId, date));
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
