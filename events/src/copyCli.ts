import { join } from 'node:path';
import { connectPostgresEventStore, openSqliteEventStore, POSTGRES_URL } from './index.ts';
import { copyEvents } from './copyEvents.ts';

/**
 * `npm run events:copy -- <data folder> <postgres://…>`: copies the embedded event log
 * (<data folder>/events.sqlite) into PostgreSQL. Run it with the product stopped; then start the
 * services with EVENT_STORE_URL and READ_MODELS_URL and run `npm run projections:rebuild` (README).
 */
const [dataDir, url] = process.argv.slice(2);
if (!dataDir || !url || !POSTGRES_URL.test(url)) {
  console.error('사용법: npm run events:copy -- <데이터 폴더> <postgres://…>  /  usage: npm run events:copy -- <data folder> <postgres://…>');
  process.exit(2);
}
const from = openSqliteEventStore(join(dataDir, 'events.sqlite'));
const to = await connectPostgresEventStore(url);
try {
  const started = performance.now();
  const result = await copyEvents(from, to, (n) => process.stderr.write(`\r${n} events copied`));
  console.log(`\ncopied ${result.events} events (head ${result.head}) in ${Math.round(performance.now() - started)} ms`);
} finally {
  await from.close();
  await to.close();
}
