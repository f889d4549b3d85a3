import type pg from 'pg';

/**
 * Runs `CREATE … IF NOT EXISTS` statements once, even with several processes starting together.
 * IF NOT EXISTS alone races: two sessions both see no table, and the loser fails on the table's
 * row type ("type … already exists", 42710) or its name (23505/42P07). A session-level advisory
 * lock keyed per schema serialises them; the lock is released even when the statements fail.
 */
export async function ensurePostgresSchema(pool: pg.Pool, lockKey: number, statements: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      await client.query(statements);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  } finally {
    client.release();
  }
}
