import { loadConfig } from '@phonemarket/platform/config.ts';
import { openEvents } from '@phonemarket/platform/stores.ts';
import { allReadModels, openReadStore, createProjector } from './index.ts';

/** Distributed mode: the projector alone (the only writer of read models). */
const config = loadConfig();
const store = await openEvents(config);
const docs = await openReadStore(config);
const projector = createProjector({ store, docs, readModels: allReadModels });
await projector.start();
console.log(`projector running from position ${projector.position()}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void projector.stop().then(() => Promise.all([docs.close(), store.close()])).finally(() => process.exit(0)));
}
