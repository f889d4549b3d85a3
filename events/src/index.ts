import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openSqliteEventStore } from './store/sqlite.ts';
import type { EventStore } from './store/types.ts';

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

const KURRENT_URL = /^(kurrentdb|esdb)(\+discover)?:\/\//;

/** KurrentDB when `url` is a kurrentdb:// or esdb:// connection string, else the embedded SQLite file in dataDir. */
export async function openEventStore(opts: { url?: string; dataDir: string }): Promise<EventStore> {
  if (opts.url && KURRENT_URL.test(opts.url)) return connectKurrentEventStore(opts.url);
  await mkdir(opts.dataDir, { recursive: true });
  return openSqliteEventStore(join(opts.dataDir, 'events.sqlite'));
}
