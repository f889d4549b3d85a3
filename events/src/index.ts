import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openSqliteEventStore } from './store/sqlite.ts';
import type { PostgresEventStore, PostgresEventStoreOptions } from './store/postgres.ts';
import type { EventStore } from './store/types.ts';

export type { PostgresEventStore, PostgresEventStoreOptions };

export * from './store/types.ts';
export * from './eventCatalogue.ts';
export { defineEvent, streamId, streamName, type EventDefinition, type Upcaster } from './defineEvent.ts';
export { notificationId, parseNotificationId } from './notificationIds.ts';
export { openSqliteEventStore };

/** Connects the KurrentDB adapter; its client (gRPC, protobuf) is loaded on first use, so embedded-mode processes never load it (~0.1 s of every start). */
export async function connectKurrentEventStore(connectionString: string): Promise<EventStore> {
  const kurrent = await import('./store/kurrent.ts');
  return kurrent.connectKurrentEventStore(connectionString);
}

/** Connects the PostgreSQL adapter (ADR 024); `pg` is loaded on first use, like the KurrentDB client. */
export async function connectPostgresEventStore(url: string, opts?: PostgresEventStoreOptions): Promise<PostgresEventStore> {
  const postgres = await import('./store/postgres.ts');
  return postgres.connectPostgresEventStore(url, opts);
}

const KURRENT_URL = /^(kurrentdb|esdb)(\+discover)?:\/\//;
export const POSTGRES_URL = /^postgres(ql)?:\/\//;

/**
 * KurrentDB when `url` is a kurrentdb:// or esdb:// connection string, PostgreSQL when it is a
 * postgres:// one, else the embedded SQLite file in dataDir.
 */
export async function openEventStore(opts: { url?: string; dataDir: string; synchronousCommit?: boolean }): Promise<EventStore> {
  if (opts.url && KURRENT_URL.test(opts.url)) return connectKurrentEventStore(opts.url);
  if (opts.url && POSTGRES_URL.test(opts.url)) return connectPostgresEventStore(opts.url, opts.synchronousCommit === undefined ? {} : { synchronousCommit: opts.synchronousCommit });
  if (opts.url) throw new Error(`EVENT_STORE_URL must start with kurrentdb://, esdb:// or postgres:// (got '${opts.url.split(':')[0]}:…'). / EVENT_STORE_URL은 kurrentdb://, esdb:// 또는 postgres://로 시작해야 합니다.`);
  await mkdir(opts.dataDir, { recursive: true });
  return openSqliteEventStore(join(opts.dataDir, 'events.sqlite'));
}
