import { loadConfig } from '@phonemarket/platform/config.ts';
import { openEvents } from '@phonemarket/platform/stores.ts';
import { allReadModels, connectPostgresDocStore, isMemoryDocStore, openReadStore, snapshotDirOf, writeReadModelSnapshot } from './index.ts';
import { rebuildIntoPostgres } from './postgresProjector.ts';
import { rebuildReadModels } from './rebuild.ts';

/**
 * `npm run projections:rebuild`: drops the read models and replays every event. With MONGODB_URL it
 * rebuilds MongoDB's; in embedded mode it rebuilds them in memory and writes them as the newest
 * snapshot (ADR 015), so the next start loads what this replay built. Run it with the product stopped.
 */
const config = loadConfig();
const store = await openEvents(config);
// PostgreSQL: built in memory, written in one transaction (ADR 024).
const postgres = config.readModelsUrl ? await connectPostgresDocStore(config.readModelsUrl) : null;
const docs = postgres ?? await openReadStore(config);
const result = postgres ? await rebuildIntoPostgres(store, postgres, allReadModels) : await rebuildReadModels(store, docs, allReadModels);
let written: string | null = null;
if (isMemoryDocStore(docs)) written = await writeReadModelSnapshot({ store, docs, readModels: allReadModels, dir: snapshotDirOf(config.dataDir) });
console.log(`rebuilt ${allReadModels.length} read models from ${result.events} events in ${Math.round(result.ms)} ms (${result.eventsPerSecond} events/s)` +
  (written ? ` — embedded mode: the next start loads them from ${written}` : ''));
await docs.close();
await store.close();
