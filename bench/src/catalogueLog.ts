/**
 * A realistic event log for the rebuild and storefront figures, in an embedded SQLite store:
 *   - the Korean catalogue seed (44 models, 8 sellers, 720 offers with their price changes),
 *     appended by the product's own seeding code;
 *   - extra PhoneModelDefined events varying the seed models up to `models` models, and extra
 *     OfferListed events varying the seed offers (price, 추가지원금, seller) up to `offers` offers,
 *     spread over all the models; one stream each;
 *   - `views` ProductViewed events across the models (views are of models; Zipf-skewed popularity)
 *     and many visitors, with increasing `metadata.at`, respecting the 10-minute per-visitor dedupe.
 * Every event's data is validated by the catalogue's zod schemas (`toNewEvent`). The views are
 * written in one SQLite transaction in the embedded adapter's row format (a per-event append
 * costs a transaction each, ~6 s for 100k); the result is then read back through the adapter.
 */
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import {
  offerListedSchema, openSqliteEventStore, parseEvent, phoneModelDefinedSchema, streams, toNewEvent, type EventStore, type OfferListed, type PhoneModelDefined,
} from '@phonemarket/events';
import { seedCatalogue } from '@phonemarket/command-api/seedCatalogue.ts';
import { seedOffers, seedPhoneModels } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import { prng } from './stats.ts';

const VIEW_DEDUPE_MS = 10 * 60_000;
const SEED_AT = new Date('2026-01-01T00:00:00Z');

/** `count` models: the seed models as they are, then variations of them (`<id>-v<k>`). */
export function generateModels(count: number): PhoneModelDefined[] {
  const base = seedPhoneModels.map((m) => phoneModelDefinedSchema.parse(m));
  const out = base.slice(0, count);
  for (let k = 0; out.length < count; k++) {
    const m = base[k % base.length]!;
    const v = Math.floor(k / base.length) + 1;
    out.push({ ...m, modelId: `${m.modelId}-v${v}`, name: `${m.name} V${v}`, aliases: [...m.aliases, `v${v}`] });
  }
  return out;
}

/** `count` offers over `models`: the seed offers, then variations of them on every model in turn. */
export function generateOffers(count: number, models: readonly PhoneModelDefined[], seed = 2026): OfferListed[] {
  const rand = prng(seed);
  const base = seedOffers(SEED_AT).map((o) => offerListedSchema.parse(o.offer));
  const out = base.slice(0, count);
  for (let k = 0; out.length < count; k++) {
    const model = models[k % models.length]!;
    const sameLine = base.filter((o) => model.modelId.startsWith(`${o.modelId}-v`) || o.modelId === model.modelId);
    const s = sameLine.length > 0 ? sameLine[k % sameLine.length]! : base[k % base.length]!;
    out.push({
      ...s,
      offerId: `${s.offerId}-x${k}`,
      modelId: model.modelId,
      price: s.condition === 'new' ? s.price : Math.max(50_000, Math.round((s.price * (0.85 + 0.3 * rand())) / 10_000) * 10_000),
      extraSubsidy: Math.round((s.extraSubsidy * (0.5 + rand())) / 10_000) * 10_000,
      score: Math.min(100, Math.max(1, s.score + Math.round((rand() - 0.5) * 12))),
    });
  }
  return out;
}

function meta(at: string, userId: string | null = null) {
  return { actor: { userId, role: userId ? ('user' as const) : ('admin' as const) }, correlationId: randomUUID(), causationId: null, at };
}

export interface LogStats {
  models: number;
  /** Offers (one `GET /api/products` item each). */
  products: number;
  views: number;
  events: number;
  ms: number;
}

/** The page cache of a connection writing a big log at once (KiB, as SQLite's negative cache_size). */
export const WRITER_CACHE = -1_000_000;

/** Writes the log into a new SQLite file at `file`. */
export async function writeCatalogueLog(file: string, opts: { models?: number; offers?: number; views: number; visitors: number; endAt?: number; seed?: number }): Promise<LogStats> {
  const started = performance.now();
  const store: EventStore = openSqliteEventStore(file);
  const models = generateModels(Math.max(opts.models ?? 0, seedPhoneModels.length));
  let offers: OfferListed[];
  try {
    await seedCatalogue(store, () => SEED_AT, randomUUID);
    for (const m of models.slice(seedPhoneModels.length)) {
      const event = toNewEvent({ type: 'PhoneModelDefined', data: m }, randomUUID(), meta(SEED_AT.toISOString()));
      await store.append(streams.phoneModel(m.modelId), [event], { expectedRevision: 'no_stream' });
    }
    const seeded = seedOffers(SEED_AT).length;
    offers = generateOffers(Math.max(opts.offers ?? 0, seeded), models, opts.seed);
    for (const o of offers.slice(seeded)) {
      const event = toNewEvent({ type: 'OfferListed', data: o }, randomUUID(), meta(o.listedAt));
      await store.append(streams.offer(o.offerId), [event], { expectedRevision: 'no_stream' });
    }
  } finally {
    await store.close();
  }

  // Views: Zipf(1) popularity over a shuffled model order, uniform visitors, 7 days of event time.
  const rand = prng((opts.seed ?? 2026) + 1);
  const order = models.map((m) => m.modelId);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= order.length; r++) cumulative.push((sum += 1 / r));
  const pick = () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo]!;
  };
  const endAt = opts.endAt ?? Date.now() - 60_000;
  const spanMs = 7 * 24 * 3_600_000;
  const stepMs = spanMs / opts.views;
  const visitorKeys = Array.from({ length: opts.visitors }, (_, i) => `bv${i.toString(36).padStart(8, '0')}`);
  const streamTips = new Map<string, { revision: number; lastAt: number }>();

  const db = new DatabaseSync(file);
  // The views' ids and streams are random keys of the log's indexes: with SQLite's 2 MB page cache a
  // 3 M-event log re-read most index pages per insert (1 M views: 30 s of CPU, 16 s with 1 GB).
  db.exec(`PRAGMA cache_size = ${WRITER_CACHE}`);
  const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  let written = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (let i = 0; written < opts.views; i++) {
      const at = Math.round(endAt - spanMs + i * stepMs);
      const productId = pick();
      const visitorKey = visitorKeys[Math.floor(rand() * visitorKeys.length)]!;
      const stream = streams.productVisitor(productId, visitorKey);
      const tip = streamTips.get(stream);
      if (tip && at - tip.lastAt < VIEW_DEDUPE_MS) continue; // the command would not count it
      const event = toNewEvent({ type: 'ProductViewed', data: { productId, visitorKey } }, randomUUID(), meta(new Date(at).toISOString()));
      const revision = tip ? tip.revision + 1 : 0;
      insert.run(event.id, stream, revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata));
      streamTips.set(stream, { revision, lastAt: at });
      written++;
    }
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  } finally {
    db.close();
  }

  // Read back through the adapter: the rows must be what the store itself would have written.
  const check = openSqliteEventStore(file);
  try {
    const head = await check.headPosition();
    const tail = await check.readAll({ fromPosition: head - 5n });
    for (const raw of tail) if (!parseEvent(raw)) throw new Error(`generated event at ${raw.position} does not parse`);
    const all = await check.readAll({ fromPosition: 0n, limit: 1 });
    if (all.length !== 1) throw new Error('generated log is empty');
    return { models: models.length, products: offers.length, views: written, events: Number(head), ms: performance.now() - started };
  } finally {
    await check.close();
  }
}
