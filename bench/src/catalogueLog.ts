/**
 * A realistic event log for the rebuild and storefront figures, in an embedded SQLite store:
 *   - the Korean catalogue seed, appended by the product's own seeding code;
 *   - extra ProductListed events varying the seed products (id, storage, carrier, price) up to
 *     `products` listings in all, appended through the store, one stream per product;
 *   - `views` ProductViewed events across the products (Zipf-skewed popularity) and many visitors,
 *     with increasing `metadata.at`, respecting the 10-minute per-visitor dedupe of the command.
 * Every event's data is validated by the catalogue's zod schemas (`toNewEvent`). The views are
 * written in one SQLite transaction in the embedded adapter's row format (a per-event append
 * costs a transaction each, ~6 s for 100k); the result is then read back through the adapter.
 */
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import {
  CARRIERS, openSqliteEventStore, parseEvent, productListedSchema, streams, toNewEvent, type Carrier, type CategoryKey, type EventStore, type ProductListed,
} from '@phonemarket/events';
import { seedCatalogue } from '@phonemarket/command-api/features/catalogue/seedCatalogue.ts';
import { seedProducts } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import { prng } from './stats.ts';

const STORAGES = [128, 256, 512, 1024] as const;
const VIEW_DEDUPE_MS = 10 * 60_000;
const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);

/** `count` product listings: the seed products as they are, then variations of them. */
export function generateListings(count: number, seed = 2026): ProductListed[] {
  const rand = prng(seed);
  const base = seedProducts.map((p) => productListedSchema.parse(p));
  const out: ProductListed[] = base.slice(0, count);
  for (let k = 0; out.length < count; k++) {
    const s = base[k % base.length]!;
    const v = Math.floor(k / base.length) + 1;
    const storage = STORAGES[(k + v) % STORAGES.length]!;
    const carrier: Carrier = CARRIERS[(k + 2 * v) % CARRIERS.length]!;
    const storageSteps = Math.log2(storage / s.storage);
    const price = Math.max(100_000, Math.round((s.price * (1 + 0.12 * storageSteps) * (0.85 + 0.3 * rand())) / 1000) * 1000);
    const subsidy = Math.max(0, Math.round((s.price - s.monthly * 24) / 10_000) * 10_000);
    const monthly = Math.max(0, Math.round((price - subsidy) / 24 / 10) * 10);
    const categories: CategoryKey[] = s.categories.filter((c) => c !== 'Budget');
    if (price - subsidy <= 700_000) categories.push('Budget');
    const listedAt = new Date(Date.parse(s.listedAt) + v * 3_600_000 * 7).toISOString();
    out.push({
      ...s,
      productId: `${s.productId}-v${v}`,
      name: s.name.replace(/\d+(?:GB|TB)/, storageLabel(storage)),
      storage,
      carrier,
      price,
      monthly,
      score: Math.min(100, Math.max(1, s.score + Math.round((rand() - 0.5) * 12))),
      isHot: s.isHot && v % 5 === 0,
      categories,
      listedAt,
    });
  }
  return out;
}

function meta(at: string, userId: string | null = null) {
  return { actor: { userId, role: userId ? ('user' as const) : ('admin' as const) }, correlationId: randomUUID(), causationId: null, at };
}

export interface LogStats {
  products: number;
  views: number;
  events: number;
  ms: number;
}

/** Writes the log into a new SQLite file at `file`. */
export async function writeCatalogueLog(file: string, opts: { products: number; views: number; visitors: number; endAt?: number; seed?: number }): Promise<LogStats> {
  const started = performance.now();
  const store: EventStore = openSqliteEventStore(file);
  let listings: ProductListed[];
  try {
    await seedCatalogue(store, () => new Date('2026-01-01T00:00:00Z'), randomUUID);
    listings = generateListings(opts.products, opts.seed);
    for (const p of listings.slice(seedProducts.length)) {
      const event = toNewEvent({ type: 'ProductListed', data: p }, randomUUID(), meta(p.listedAt));
      await store.append(streams.product(p.productId), [event], { expectedRevision: 'no_stream' });
    }
  } finally {
    await store.close();
  }

  // Views: Zipf(1) popularity over a shuffled product order, uniform visitors, 7 days of event time.
  const rand = prng((opts.seed ?? 2026) + 1);
  const order = listings.map((p) => p.productId);
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
    return { products: listings.length, views: written, events: Number(head), ms: performance.now() - started };
  } finally {
    await check.close();
  }
}
