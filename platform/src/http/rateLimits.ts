import { MongoClient } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
 * rate-limiter-flexible: in memory for one process (embedded mode), in MongoDB when several
 * command-api instances must share counters (distributed mode).
 */
export async function openRateLimits(opts: { mongodbUrl?: string | undefined }): Promise<RateLimits> {
  if (!opts.mongodbUrl) {
    return { limiter: (rule) => new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }), close: async () => {} };
  }
  const client = await MongoClient.connect(opts.mongodbUrl);
  return {
    limiter: (rule) => new RateLimiterMongo({ storeClient: client, dbName: client.db().databaseName, tableName: 'rate_limits', keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }),
    close: () => client.close(),
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
