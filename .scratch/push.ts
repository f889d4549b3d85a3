import { startPostgres } from '@phonemarket/events/testing/postgres.ts';
import { crossInstancePush } from '../bench/src/postgres.ts';
const cluster = await startPostgres({ durable: true });
try {
  await crossInstancePush(await cluster.createDatabase('e'), await cluster.createDatabase('r'), { set: (k, v) => console.log(k, v), note: console.log });
} finally { await cluster.stop(); }
