import { existsSync } from 'node:fs';
import { connectPostgresEventStore, openSqliteEventStore } from '@phonemarket/events';
import { copyEvents } from '@phonemarket/events/copyEvents.ts';
import { startPostgres } from '@phonemarket/events/testing/postgres.ts';
import { allReadModels, connectPostgresDocStore, createMemoryDocStore, rebuildReadModels } from '@phonemarket/projector';
import { rebuildIntoPostgres } from '@phonemarket/projector/postgresProjector.ts';
import { writeCatalogueLog } from '../bench/src/catalogueLog.ts';
const file = '/tmp/wt38/rebuild30k.sqlite';
if (!existsSync(file)) await writeCatalogueLog(file, { views: 30_000, visitors: 6_000 });
const sqlite = openSqliteEventStore(file);
const cluster = await startPostgres();
try {
  const events = await connectPostgresEventStore(await cluster.createDatabase('e'));
  let t = performance.now();
  const c = await copyEvents(sqlite, events);
  console.log('copied', c.events, Math.round(performance.now() - t), 'ms');
  t = performance.now();
  const a = await rebuildReadModels(sqlite, createMemoryDocStore(), allReadModels);
  console.log('sqlite→memory', a.events, Math.round(performance.now() - t), 'ms');
  t = performance.now();
  const b = await rebuildReadModels(events, createMemoryDocStore(), allReadModels);
  console.log('pg→memory', b.events, Math.round(performance.now() - t), 'ms');
  const docs = await connectPostgresDocStore(await cluster.createDatabase('r'));
  t = performance.now();
  const d = await rebuildIntoPostgres(events, docs, allReadModels);
  console.log('pg→pg', d.events, Math.round(performance.now() - t), 'ms', 'replay', Math.round(d.ms));
  await docs.close(); await events.close();
} finally { await sqlite.close(); await cluster.stop(); }
