/**
 * MongoDB adapter: a thin pass-through, since filters and updates already are MongoDB's language.
 * Documents keep their string `_id`.
 */
import { MongoClient } from 'mongodb';
import type { Db, Collection as MongoCollection } from 'mongodb';
import type { Collection, Doc, DocStore, Filter, Update } from './types.ts';

/** Connects to `url`; the database is `dbName`, else the one named in the URL, else 'phonemarket'. */
export async function connectMongoDocStore(url: string, dbName?: string): Promise<DocStore> {
  // ignoreUndefined: a field set to undefined is absent, as in the embedded store (instead of stored as null).
  const client = await new MongoClient(url, { ignoreUndefined: true }).connect();
  const db = client.db(dbName ?? dbNameFromUrl(url) ?? 'phonemarket');
  const collections = new Map<string, Collection<Doc>>();
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let col = collections.get(name);
      if (!col) {
        col = wrapCollection(db, name);
        collections.set(name, col);
      }
      // The document type is the caller's claim, as with the driver's `db.collection<T>()`.
      return col as unknown as Collection<T>;
    },
    async dropAll() {
      await db.dropDatabase();
    },
    async close() {
      await client.close();
    },
  };
}

function dbNameFromUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

function wrapCollection(db: Db, name: string): Collection<Doc> {
  const col: MongoCollection<Doc> = db.collection<Doc>(name);
  return {
    name,
    async get(id) {
      return col.findOne({ _id: id });
    },
    async find(filter: Filter = {}, options = {}) {
      const { sort, skip, limit } = options;
      return col.find(filter, { sort, skip, limit }).toArray();
    },
    async count(filter: Filter = {}) {
      return col.countDocuments(filter);
    },
    async put(doc) {
      await col.replaceOne({ _id: doc._id }, doc, { upsert: true });
    },
    async update(id, update: Update, options = {}) {
      const r = await col.updateOne({ ...options.where, _id: id }, update, { upsert: options.upsert ?? false });
      return r.matchedCount > 0 || r.upsertedCount > 0;
    },
    async updateMany(filter, update) {
      return (await col.updateMany(filter, update)).matchedCount;
    },
    async delete(id) {
      return (await col.deleteOne({ _id: id })).deletedCount === 1;
    },
    async deleteMany(filter: Filter = {}) {
      return (await col.deleteMany(filter)).deletedCount;
    },
    async createIndex(keys, options = {}) {
      // Options are only passed when set: MongoDB rejects even `unique: false` on the _id index.
      await col.createIndex(keys, { ...(options.unique ? { unique: true } : {}), ...(options.name ? { name: options.name } : {}) });
    },
  };
}
