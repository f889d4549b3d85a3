import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, type NewEvent } from '@phonemarket/events';
import { allReadModels, createMemoryDocStore, createProjector, rebuildReadModels, snapshotReadModels } from '@phonemarket/projector';
import { writeMarketLog } from '../bench/src/market.ts';

/**
 * The market log (issue 37's bench: many sellers, one model's many offers, days of price changes) is
 * what the rebuild's per-batch work (price ladders, view counts) is tuned on: a fresh rebuild must equal
 * the read models built live, where batches end at other events.
 */
describe('projections:rebuild on the market log', () => {
  it('the rebuilt read models equal those built live while the events arrived', async () => {
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
      expect(result.events).toBe(events.length);
      expect(await snapshotReadModels(rebuilt, allReadModels)).toEqual(incremental);
    } finally {
      await source.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
