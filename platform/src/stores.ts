import path from 'node:path';
import { openEventStore, type EventStore } from '@phonemarket/events';
import type { Config } from './config.ts';
import { openSqliteSessionStore } from './sessions/sqlite.ts';
import type { SessionStore } from './sessions/types.ts';

/**
 * Embedded by default (SQLite files under the data folder); real engines by URL. The read models' store
 * is the projector's business (`openReadStore` in @phonemarket/projector): platform does not depend on it.
 */
export async function openEvents(config: Config): Promise<EventStore> {
  return openEventStore({ url: config.eventStoreUrl, dataDir: config.dataDir, synchronousCommit: config.eventStoreSynchronousCommit });
}

export async function openSessions(config: Config): Promise<SessionStore> {
  if (config.readModelsUrl) {
    const { connectPostgresSessionStore } = await import('./sessions/postgres.ts');
    return connectPostgresSessionStore(config.readModelsUrl);
  }
  if (config.mongodbUrl) {
    // The driver is loaded only where MongoDB is used, not at every embedded start (ADR 025, s57).
    const { connectMongoSessionStore } = await import('./sessions/mongo.ts');
    return connectMongoSessionStore(config.mongodbUrl);
  }
  return openSqliteSessionStore(path.join(config.dataDir, 'sessions.sqlite'));
}
