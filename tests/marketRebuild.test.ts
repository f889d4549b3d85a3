import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, parseEvent, type NewEvent } from '@phonemarket/events';
import { REBUILD_BATCH, allReadModels, createMemoryDocStore, createProjector, rebuildReadModels, snapshotReadModels, startCaughtUp, type DocStore } from '@phonemarket/projector';
import { isDeepFrozen } from '@phonemarket/projector/testing/frozen.ts';
import { writeMarketLog } from '../bench/src/market.ts';

/**
 * The market log (issue 37's bench: many sellers, one model's many offers, days of price changes) is
 * what the rebuild's per-batch work (price ladders, view counts) is tuned on: a fresh rebuild must equal
 * the read models built live, where batches end at other events.
 */
describe('projections:rebuild on the market log', () => {
  it('the rebuilt read models, and those of a first start, equal those built live while the events arrived', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'market-rebuild-'));
    const written = path.join(dir, 'market.sqlite');
    await writeMarketLog(written, { sellers: 40, bigOffers: 600, days: 4, changesPerDay: 150 });
    const source = openSqliteEventStore(written);
    const store = openSqliteEventStore(path.join(dir, 'live.sqlite'));
    try {
      const live = createMemoryDocStore();
      const projector = createProjector({ store, docs: live, readModels: allReadModels });
      await projector.start();
      const events = await source.readAll();
      expect(events.filter((e) => e.type === 'OfferPriceChanged').length).toBeGreaterThan(400);
      for (const [i, e] of events.entries()) {
        const event: NewEvent = { id: e.id, type: e.type, data: e.data, metadata: e.metadata };
        await store.append(e.stream, [event], { expectedRevision: e.revision === 0n ? 'no_stream' : e.revision - 1n });
        // Batches of varying length: some end inside a run of one offer's or one model's events.
        if (i % 97 === 0 || i % 211 === 0) await projector.caughtUp();
      }
      await projector.caughtUp();
      await projector.stop();
      const incremental = await snapshotReadModels(live, allReadModels);
      expect(incremental.priceLadder?.length).toBeGreaterThan(600);

      const rebuilt = createMemoryDocStore();
      const result = await rebuildReadModels(store, rebuilt, allReadModels);
      // Every event of the log passed; those of types no read model applies were skipped by the store's read (ADR 025, ninth pass).
      expect(result.position).toBe(events.at(-1)!.position);
      expect(result.events).toBeLessThan(events.length);
      const rebuiltDocs = await snapshotReadModels(rebuilt, allReadModels);
      expect(rebuiltDocs).toEqual(incremental);
      // The rebuild writes with the store's upkeep deferred (ADR 025 seventh pass): once done, its documents are frozen as live writes leave them.
      expect(Object.values(rebuiltDocs).flat().every(isDeepFrozen)).toBe(true);

      // The product's first start (server/src/embedded.ts) catches up as a rebuild does, then goes on live: the same documents, frozen.
      const started = createMemoryDocStore();
      const first = createProjector({ store, docs: started, readModels: allReadModels, catchUpBatch: REBUILD_BATCH });
      await startCaughtUp(first, started);
      await first.stop();
      const startedDocs = await snapshotReadModels(started, allReadModels);
      expect(startedDocs).toEqual(incremental);
      expect(Object.values(startedDocs).flat().every(isDeepFrozen)).toBe(true);
    } finally {
      await source.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('the read models do not depend on where batches end: a batch per event and the whole log as one batch give equal documents', async () => {
    // What read models keep in memory during a batch (price ladders, view counts) and write at its
    // flush must come out the same however the log is cut into batches.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'market-batches-'));
    const file = path.join(dir, 'market.sqlite');
    await writeMarketLog(file, { sellers: 30, bigOffers: 400, days: 3, changesPerDay: 150 });
    const source = openSqliteEventStore(file);
    try {
      const events = await source.readAll();
      const build = async (flushEvery: number): Promise<DocStore> => {
        const docs = createMemoryDocStore();
        for (const model of allReadModels) await model.setup?.(docs);
        for (const [i, raw] of events.entries()) {
          const event = parseEvent(raw);
          if (event) for (const model of allReadModels) await model.apply(event, { docs, position: Number(raw.position), changed: () => {}, push: () => {} });
          if ((i + 1) % flushEvery === 0) for (const model of allReadModels) await model.flush?.(docs);
        }
        for (const model of allReadModels) await model.flush?.(docs);
        return docs;
      };
      const perEvent = await snapshotReadModels(await build(1), allReadModels);
      expect(perEvent.priceLadder?.length).toBeGreaterThan(400);
      expect(perEvent.priceHistory?.length).toBeGreaterThan(0);
      expect(await snapshotReadModels(await build(Number.MAX_SAFE_INTEGER), allReadModels), 'the whole log as one batch').toEqual(perEvent);
      expect(await snapshotReadModels(await build(37), allReadModels), 'batches of 37 events').toEqual(perEvent);
    } finally {
      await source.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
