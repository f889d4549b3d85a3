import { MongoClient } from 'mongodb';
import type { Session, SessionStore } from './types.ts';

interface SessionDoc {
  _id: string;
  user: Session['user'];
  createdAt: number;
  lastSeenAt: number;
}

/** Distributed session store: a `sessions` collection in the read-side MongoDB. */
export async function connectMongoSessionStore(url: string, dbName = 'phonemarket'): Promise<SessionStore> {
  const client = await new MongoClient(url).connect();
  const col = client.db(dbName).collection<SessionDoc>('sessions');
  return {
    async create(s) {
      await col.insertOne({ _id: s.key, user: s.user, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt });
    },
    async get(key) {
      const doc = await col.findOne({ _id: key });
      return doc ? { key: doc._id, user: doc.user, createdAt: doc.createdAt, lastSeenAt: doc.lastSeenAt } : null;
    },
    async touch(key, at) {
      await col.updateOne({ _id: key }, { $max: { lastSeenAt: at } });
    },
    async delete(key) {
      await col.deleteOne({ _id: key });
    },
    async updateRole(userId, role) {
      return (await col.updateMany({ 'user.id': userId }, { $set: { 'user.role': role } })).modifiedCount;
    },
    async deleteForUser(userId) {
      return (await col.deleteMany({ 'user.id': userId })).deletedCount;
    },
    async purgeExpired(idleBefore, createdBefore) {
      const r = await col.deleteMany({ $or: [{ lastSeenAt: { $lt: idleBefore } }, { createdAt: { $lt: createdBefore } }] });
      return r.deletedCount;
    },
    async close() {
      await client.close();
    },
  };
}
