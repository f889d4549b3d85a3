import { createMemoryDocStore, isMemoryDocStore, type CollectionImage, type IndexSpec, type MemoryDocStore } from './memory.ts';
import type { PostgresDocStore } from './postgres.ts';
import type { DocStore } from './types.ts';

export type { CommittedChanges, DocChanges, PostgresDocStore } from './postgres.ts';

export type { Collection, Doc, DocStore, Filter, FindOptions, Sort, Update } from './types.ts';
export { DUPLICATE_KEY_CODE, DuplicateKeyError, isDuplicateKeyError } from './errors.ts';
export { createMemoryDocStore, isMemoryDocStore, type CollectionImage, type IndexSpec, type MemoryDocStore };

/** Connects the MongoDB adapter; the driver is loaded on first use, so embedded-only processes never load it. */
export async function connectMongoDocStore(url: string, dbName?: string): Promise<DocStore> {
  const mongo = await import('./mongo.ts');
  return mongo.connectMongoDocStore(url, dbName);
}

/** MongoDB when `url` is given, else the embedded in-memory store. */
export async function openDocStore(opts: { url?: string; dbName?: string }): Promise<DocStore> {
  return opts.url ? connectMongoDocStore(opts.url, opts.dbName) : createMemoryDocStore();
}

/** Connects the PostgreSQL adapter (ADR 024); `pg` is loaded on first use. */
export async function connectPostgresDocStore(url: string, opts?: { poolSize?: number }): Promise<PostgresDocStore> {
  const postgres = await import('./postgres.ts');
  return postgres.connectPostgresDocStore(url, opts);
}

/** The read models' store for a service's config: PostgreSQL with `READ_MODELS_URL`, MongoDB with `MONGODB_URL`, else in memory (ADR 002). */
export async function openReadStore(config: { mongodbUrl?: string | undefined; readModelsUrl?: string | undefined }): Promise<DocStore> {
  if (config.readModelsUrl) return connectPostgresDocStore(config.readModelsUrl);
  return openDocStore({ url: config.mongodbUrl });
}
