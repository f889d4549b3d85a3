import path from 'node:path';
import { openEventStore, type EventStore } from '@phonemarket/events';
import { openDocStore, type DocStore } from '@phonemarket/projector';
import type { Config } from './config.ts';
import { openSqliteSessionStore } from './sessions/sqlite.ts';
import { connectMongoSessionStore } from './sessions/mongo.ts';
import type { SessionStore } from './sessions/types.ts';

/** Embedded by default (SQLite file + in-memory read models rebuilt at start); real engines by URL. */
export async function openEvents(config: Config): Promise<EventStore> {
  return openEventStore({ url: config.eventStoreUrl, dataDir: config.dataDir });
}

export async function openReadStore(config: Config): Promise<DocStore> {
  return openDocStore({ url: config.mongodbUrl });
}

export async function openSessions(config: Config): Promise<SessionStore> {
  return config.mongodbUrl
    ? connectMongoSessionStore(config.mongodbUrl)
    : openSqliteSessionStore(path.join(config.dataDir, 'sessions.sqlite'));
}
