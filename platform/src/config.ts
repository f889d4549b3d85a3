import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { parseHost } from './http/hosts.ts';
import { assertUsableSecret } from './secrets.ts';

const MINUTE = 60_000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: loopback in embedded mode (a laptop should not serve the network by accident), all interfaces in distributed mode (containers). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  EVENT_STORE_URL: z.string().optional(),
  /** PostgreSQL event store only: `off` answers an append before its commit is flushed to disk (ADR 029); `on` by default. */
  EVENT_STORE_SYNCHRONOUS_COMMIT: z.enum(['on', 'off'], { error: 'EVENT_STORE_SYNCHRONOUS_COMMIT은 on 또는 off여야 합니다. / EVENT_STORE_SYNCHRONOUS_COMMIT must be on or off.' }).default('on'),
  MONGODB_URL: z.string().optional(),
  /** `postgres://…`: read models, the outbox and sessions on PostgreSQL (ADR 024) instead of MongoDB. */
  READ_MODELS_URL: z.string().regex(/^postgres(ql)?:\/\//, { error: 'READ_MODELS_URL은 postgres://로 시작해야 합니다. / READ_MODELS_URL must be a postgres:// URL.' }).optional(),
  /** Checked by assertUsableSecret (≥ 32 characters, not a value published in the repository). */
  SESSION_SECRET: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** 'true' when served behind HTTPS: cookies get `Secure`. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** Extra origins allowed to send state-changing requests (comma separated). */
  ALLOWED_ORIGINS: z.string().optional(),
  /**
   * Host names (or `host:port`) this server answers besides loopback (comma separated); a request for
   * any other Host is 421 (DNS rebinding). Distributed mode lists the service names (docker-compose.yml).
   */
  ALLOWED_HOSTS: z.string().optional(),
  /** The address visitors open (e.g. `https://phonemarket.example`): its host is allowed, its origin may write. */
  PUBLIC_ORIGIN: z.preprocess(
    (v) => (v === '' ? undefined : v), // compose passes `${PUBLIC_ORIGIN:-}`: empty is unset
    z.url({ protocol: /^https?$/, error: 'PUBLIC_ORIGIN은 http(s)://로 시작하는 주소여야 합니다. / PUBLIC_ORIGIN must be an http(s) URL.' }).optional(),
  ),
  /**
   * How many reverse proxies stand in front (`1` = compose's nginx), or a comma list of their addresses/CIDRs.
   * Express then takes the client address that the last trusted hop saw, never the client-written left end.
   */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded mode: at most this many open connections per client address. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(256),
  /** Sign-ups one client address may make per hour (mass accounts would pump the ranking). */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
});

/**
 * Demo sign-in (`POST /api/auth/demo`, any role, admin included):
 * - `off`: no demo accounts;
 * - `loopback`: the embedded default — only a browser on this machine may use it;
 * - `public`: `DEMO=1` set on purpose — anyone who reaches the server may (a warning is printed at start).
 */
export type DemoMode = 'off' | 'loopback' | 'public';

/** Express's `trust proxy`: a hop count or the proxies' addresses; `false` trusts no header. */
export type TrustProxy = number | string[] | false;

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error('TRUST_PROXY=true would trust any client-written X-Forwarded-For. Set the number of proxy hops (TRUST_PROXY=1 behind one nginx) or the proxies\' addresses. / TRUST_PROXY에는 프록시 단계 수(예: 1) 또는 프록시 주소를 지정하세요.');
  }
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((a) => a.trim()).filter(Boolean);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  demo: DemoMode;
  eventStoreUrl: string | undefined;
  /** Whether a PostgreSQL event store's appends wait for their WAL flush (ADR 029). */
  eventStoreSynchronousCommit: boolean;
  mongodbUrl: string | undefined;
  readModelsUrl: string | undefined;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  cookieSecure: boolean;
  allowedOrigins: string[];
  /** Hosts answered besides loopback (ALLOWED_HOSTS and PUBLIC_ORIGIN's host). */
  allowedHosts: string[];
  trustProxy: TrustProxy;
  logLevel: z.output<typeof envSchema>['LOG_LEVEL'];
  maxConnectionsPerAddress: number;
  signUpsPerAddressPerHour: number;
}

/** Reads the environment once at start. In embedded mode the session secret is generated and kept in the data folder. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.EVENT_STORE_URL;
  const publicOrigin = e.PUBLIC_ORIGIN === undefined ? null : new URL(e.PUBLIC_ORIGIN);
  return {
    port: e.PORT,
    host: e.HOST ?? (embedded ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    demo: e.DEMO === undefined ? (embedded ? 'loopback' : 'off') : e.DEMO === '1' || e.DEMO === 'true' ? 'public' : 'off',
    eventStoreUrl: e.EVENT_STORE_URL,
    eventStoreSynchronousCommit: e.EVENT_STORE_SYNCHRONOUS_COMMIT === 'on',
    mongodbUrl: e.MONGODB_URL,
    readModelsUrl: e.READ_MODELS_URL,
    sessionSecret: assertUsableSecret('SESSION_SECRET', e.SESSION_SECRET ?? readOrCreateSecret(dataDir)),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * MINUTE,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
    cookieSecure: e.COOKIE_SECURE === 'true',
    allowedOrigins: [...commaList(e.ALLOWED_ORIGINS), ...(publicOrigin ? [publicOrigin.origin] : [])],
    allowedHosts: [...commaList(e.ALLOWED_HOSTS).map(checkedHost), ...(publicOrigin ? [publicOrigin.host] : [])],
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    signUpsPerAddressPerHour: e.SIGNUP_LIMIT_PER_HOUR,
  };
}

const commaList = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);

/** A host name or `host:port`, not a URL: a mistyped entry stops the start rather than turning every request away. */
function checkedHost(entry: string): string {
  if (!parseHost(entry)) {
    throw new Error(`ALLOWED_HOSTS: '${entry}' is not a host name (write shop.example or shop.example:8080, no scheme or path). / ALLOWED_HOSTS에는 호스트 이름만 쓰세요 (예: shop.example 또는 shop.example:8080).`);
  }
  return entry.toLowerCase();
}

function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
