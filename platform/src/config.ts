import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { assertUsableSecret } from './secrets.ts';

const MINUTE = 60_000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  EVENT_STORE_URL: z.string().optional(),
  MONGODB_URL: z.string().optional(),
  /** Checked by assertUsableSecret (≥ 32 characters, not a value published in the repository). */
  SESSION_SECRET: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** 'true' when served behind HTTPS: cookies get `Secure`. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** Extra origins allowed to send state-changing requests (comma separated). */
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  demo: boolean;
  eventStoreUrl: string | undefined;
  mongodbUrl: string | undefined;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  cookieSecure: boolean;
  allowedOrigins: string[];
  trustProxy: boolean;
}

/** Reads the environment once at start. In embedded mode the session secret is generated and kept in the data folder. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.EVENT_STORE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    demo: e.DEMO === undefined ? embedded : e.DEMO === '1' || e.DEMO === 'true',
    eventStoreUrl: e.EVENT_STORE_URL,
    mongodbUrl: e.MONGODB_URL,
    sessionSecret: assertUsableSecret('SESSION_SECRET', e.SESSION_SECRET ?? readOrCreateSecret(dataDir)),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * MINUTE,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
    cookieSecure: e.COOKIE_SECURE === 'true',
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
  };
}

function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
