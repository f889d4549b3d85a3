import { loadConfig } from '@phonemarket/platform/config.ts';
import { openEvents } from '@phonemarket/platform/stores.ts';
import { allReadModels, openReadStore } from './index.ts';
import { rebuildReadModels } from './rebuild.ts';

/**
 * `npm run projections:rebuild`: drops the read models and replays every event.
 * Embedded mode keeps read models in memory and rebuilds them at every start anyway (ADR 002), so
 * there this checks the replay and reports its speed; with MONGODB_URL it rebuilds MongoDB for real.
 */
const config = loadConfig();
const store = await openEvents(config);
const docs = await openReadStore(config);
const result = await rebuildReadModels(store, docs, allReadModels);
console.log(`rebuilt ${allReadModels.length} read models from ${result.events} events in ${Math.round(result.ms)} ms (${result.eventsPerSecond} events/s)${config.mongodbUrl ? '' : ' — embedded mode: in memory, as at every start'}`);
await docs.close();
await store.close();
