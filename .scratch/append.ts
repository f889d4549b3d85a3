import { connectPostgresEventStore } from '@phonemarket/events';
import { startPostgres } from '@phonemarket/events/testing/postgres.ts';
import { appendThroughputOn } from '../bench/src/append.ts';
const durable = process.argv[2] !== 'fast';
const cluster = await startPostgres({ durable });
try {
  for (const writers of [1, 8]) {
    const store = await connectPostgresEventStore(await cluster.createDatabase(`a${writers}`), { poolSize: writers + 2 });
    const r = await appendThroughputOn(store, writers, Math.round(2000 / writers));
    console.log(durable ? 'durable' : 'fast', writers, Math.round(r.perSecond));
    await store.close();
  }
} finally { await cluster.stop(); }
