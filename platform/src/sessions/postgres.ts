import pg from 'pg';
import { ensurePostgresSchema } from '@phonemarket/events/store/postgresSchema.ts';
import { sessionUserSchema } from './sqlite.ts';
import type { Session, SessionStore } from './types.ts';

/** pg_advisory_lock key of the sessions table's set-up (see ensurePostgresSchema). */
const SESSIONS_SCHEMA_LOCK = 0x706d7373;

/** Session store on PostgreSQL (READ_MODELS_URL, ADR 024): one table beside the read models. */
export async function connectPostgresSessionStore(url: string): Promise<SessionStore> {
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => {});
  await ensurePostgresSchema(pool, SESSIONS_SCHEMA_LOCK, `CREATE TABLE IF NOT EXISTS sessions (
    key text PRIMARY KEY, "user" jsonb NOT NULL, created_at bigint NOT NULL, last_seen_at bigint NOT NULL
  ); CREATE INDEX IF NOT EXISTS sessions_user_id ON sessions (("user" ->> 'id'))`);
  return {
    async create(s) {
      await pool.query('INSERT INTO sessions (key, "user", created_at, last_seen_at) VALUES ($1, $2, $3, $4)', [s.key, JSON.stringify(s.user), s.createdAt, s.lastSeenAt]);
    },
    async get(key) {
      const { rows: [row] } = await pool.query<{ key: string; user: unknown; created_at: string; last_seen_at: string }>(
        'SELECT key, "user", created_at, last_seen_at FROM sessions WHERE key = $1', [key],
      );
      if (!row) return null;
      const user = sessionUserSchema.safeParse(row.user);
      if (!user.success) return null;
      return { key: row.key, user: user.data, createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at) } satisfies Session;
    },
    async touch(key, at) {
      await pool.query('UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE key = $1', [key, at]);
    },
    async delete(key) {
      await pool.query('DELETE FROM sessions WHERE key = $1', [key]);
    },
    async updateRole(userId, role) {
      const { rowCount } = await pool.query(`UPDATE sessions SET "user" = jsonb_set("user", '{role}', to_jsonb($2::text)) WHERE "user" ->> 'id' = $1`, [userId, role]);
      return rowCount ?? 0;
    },
    async deleteForUser(userId) {
      const { rowCount } = await pool.query(`DELETE FROM sessions WHERE "user" ->> 'id' = $1`, [userId]);
      return rowCount ?? 0;
    },
    async purgeExpired(idleBefore, createdBefore) {
      const { rowCount } = await pool.query('DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2', [idleBefore, createdBefore]);
      return rowCount ?? 0;
    },
    async close() {
      await pool.end();
    },
  };
}
