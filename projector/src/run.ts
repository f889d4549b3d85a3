import { loadConfig } from '@phonemarket/platform/config.ts';
import { openEvents } from '@phonemarket/platform/stores.ts';
import { allReadModels, openReadStore, createProjector, connectPostgresDocStore } from './index.ts';
import { runPostgresProjector } from './postgresProjector.ts';

/** Distributed mode: the projector alone (the only writer of read models). */
const config = loadConfig();
const store = await openEvents(config);
if (config.readModelsUrl) {
  // PostgreSQL: several instances, one active under a lease (ADR 024).
  const docs = await connectPostgresDocStore(config.readModelsUrl);
  const run = runPostgresProjector({ store, docs, readModels: allReadModels });
  console.log('projector standing by for the lease');
  void run.warm.then(({ documents }) => console.log(`projector read models in memory: ${documents} documents`));
  void run.leased.then(() => console.log('projector lease taken'));
  void run.active.then((projector) => {
    const taken = run.takeover();
    const how = !taken ? '' : taken.fullLoad
      ? ` (full load at takeover: ${taken.documents} documents in ${taken.ms} ms after the lease)`
      : ` (warm takeover: ${taken.documents} documents committed since brought in, ${taken.ms} ms after the lease)`;
    console.log(`projector active from position ${projector.position()}${how}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void run.stop().catch(() => {}).then(() => Promise.all([docs.close(), store.close()])).finally(() => process.exit(0)));
  }
} else {
  const docs = await openReadStore(config);
  const projector = createProjector({ store, docs, readModels: allReadModels });
  await projector.start();
  console.log(`projector running from position ${projector.position()}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void projector.stop().then(() => Promise.all([docs.close(), store.close()])).finally(() => process.exit(0)));
  }
}
