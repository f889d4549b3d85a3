import { DatabaseSync } from 'node:sqlite';
import { ensurePrivateFile } from '@phonemarket/events/store/privateFile.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { accountRoleSchema } from '@phonemarket/events/features/accounts.ts';
import type { Session, SessionStore } from './types.ts';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: accountRoleSchema,
});

/** Embedded session store: a small SQLite file beside the event store. */
export function openSqliteSessionStore(file: string): SessionStore {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (file !== ':memory:') ensurePrivateFile(file);
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;
    CREATE TABLE IF NOT EXISTS sessions (key TEXT PRIMARY KEY, user TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL);`);
  const insert = db.prepare('INSERT INTO sessions (key, user, created_at, last_seen_at) VALUES (?, ?, ?, ?)');
  const select = db.prepare('SELECT key, user, created_at, last_seen_at FROM sessions WHERE key = ?');
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE key = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE key = ?');
  const updateRole = db.prepare("UPDATE sessions SET user = json_set(user, '$.role', ?) WHERE json_extract(user, '$.id') = ?");
  const removeForUser = db.prepare("DELETE FROM sessions WHERE json_extract(user, '$.id') = ?");
  const purge = db.prepare('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?');
  return {
    async create(s) {
      insert.run(s.key, JSON.stringify(s.user), s.createdAt, s.lastSeenAt);
    },
    async get(key) {
      const row = select.get(key) as { key: string; user: string; created_at: number; last_seen_at: number } | undefined;
      if (!row) return null;
      const user = sessionUserSchema.safeParse(JSON.parse(row.user));
      if (!user.success) return null;
      return { key: row.key, user: user.data, createdAt: row.created_at, lastSeenAt: row.last_seen_at } satisfies Session;
    },
    async touch(key, at) {
      touch.run(at, key);
    },
    async delete(key) {
      remove.run(key);
    },
    async updateRole(userId, role) {
      return Number(updateRole.run(role, userId).changes);
    },
    async deleteForUser(userId) {
      return Number(removeForUser.run(userId).changes);
    },
    async purgeExpired(idleBefore, createdBefore) {
      return Number(purge.run(idleBefore, createdBefore).changes);
    },
    async close() {
      db.close();
    },
  };
}
