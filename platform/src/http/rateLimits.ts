import { RateLimiterMemory, RateLimiterMongo, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ensurePostgresSchema } from '@phonemarket/events/store/postgresSchema.ts';
import { HttpError } from './errors.ts';

export interface LimitRule {
  /** Distinguishes this limit's counters from the others' in a shared store. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimits {
  limiter(rule: LimitRule): RateLimiterAbstract;
  close(): Promise<void>;
}

/**
 * rate-limiter-flexible: in memory for one process (embedded mode), in PostgreSQL or MongoDB when
 * several command-api instances must share counters (distributed mode): an address or an account
 * gets its limit once, whichever instance nginx sends each request to.
 */
export async function openRateLimits(opts: { mongodbUrl?: string | undefined; postgresUrl?: string | undefined }): Promise<RateLimits> {
  if (opts.postgresUrl) return openPostgresRateLimits(opts.postgresUrl);
  if (!opts.mongodbUrl) {
    // A memory limiter's counters are its own: the same rule asked for twice (a chat line's HTTP route
    // and its socket path) gets the one limiter, as it gets the one table in a shared store.
    const byRule = new Map<string, RateLimiterMemory>();
    const limiter = (rule: LimitRule) => {
      const id = `${rule.name}|${rule.points}|${rule.durationSeconds}`;
      let found = byRule.get(id);
      if (!found) byRule.set(id, (found = new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds })));
      return found;
    };
    return { limiter, close: async () => {} };
  }
  // The driver is loaded only where MongoDB is used, not at every embedded start (ADR 025, s57).
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(opts.mongodbUrl);
  return {
    limiter: (rule) => new RateLimiterMongo({ storeClient: client, dbName: client.db().databaseName, tableName: 'rate_limits', keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }),
    close: () => client.close(),
  };
}

const POSTGRES_TABLE = 'rate_limits';
/** rate-limiter-flexible's `RateLimiterPostgres` schema (its `_getCreateTableStmt`), as it creates it. */
const POSTGRES_TABLE_SCHEMA = `CREATE TABLE IF NOT EXISTS ${POSTGRES_TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`;
/** pg_advisory_lock key of the table's set-up (see ensurePostgresSchema). */
const RATE_LIMITS_SCHEMA_LOCK = 0x706d726c;

/** One table (`rate_limits`, the library's own schema) in the read models' database, beside the sessions. */
async function openPostgresRateLimits(url: string): Promise<RateLimits> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => {}); // an idle client's network error: the next query reconnects
  const options = { storeClient: pool, tableName: POSTGRES_TABLE };
  // The library's own table, created here under an advisory lock: its CREATE TABLE IF NOT EXISTS races
  // between instances starting together, and the loser failed with 'type "rate_limits" already exists'
  // (42710), which the library does not forgive (it forgives 23505 only).
  await ensurePostgresSchema(pool, RATE_LIMITS_SCHEMA_LOCK, POSTGRES_TABLE_SCHEMA);
  return {
    limiter: (rule) => new RateLimiterPostgres({ ...options, tableCreated: true, keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }),
    close: () => pool.end(),
  };
}

/** Consumes one point; over the limit it answers 429 with `Retry-After` and the given Korean message. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, message: (retryAfterSeconds: number) => string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(message(retryAfterSecondsOf(err)), retryAfterSecondsOf(err));
    throw err;
  }
}

/** Whether the key has used up its points, without spending one. */
export async function isExhausted(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
  const res = await limiter.get(key);
  return res && res.remainingPoints <= 0 ? res : null;
}

/** Spends a point without refusing (counting failures). */
export async function penalise(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    throw err;
  }
}

export const retryAfterSecondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });

/** Korean wait time: '3분' or '45초'. */
export const waitText = (seconds: number) => (seconds >= 60 ? `${Math.ceil(seconds / 60)}분` : `${seconds}초`);
