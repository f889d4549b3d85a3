import { createHash, createHmac } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { WrongExpectedVersionError, parseEvent, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import { visitorKeyOf } from '@phonemarket/platform/auth/visitor.ts';
import { badRequest, unprocessable } from '@phonemarket/platform/http/errors.ts';

declare global {
  namespace Express {
    interface Request {
      /**
       * Set by `claimIdempotencyKey` when the request carries a valid `Idempotency-Key` not claimed by
       * another request; `claim` records the claim in the log (once; a no-op when it is there already).
       */
      idempotency?: { key: string; fingerprint: string; claim: () => Promise<void> };
    }
  }
}

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Same JSON whatever the order of object keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * HMAC (server secret) of method, route and the input the route's schema accepted (not the raw body:
 * fields the schema drops change nothing, and the raw body is never walked here): a replay is recognised
 * without storing the input (it may hold a password).
 */
export function requestFingerprint(secret: string, req: Pick<Request, 'method' | 'path'>, input: unknown): string {
  return createHmac('sha256', secret).update(`${req.method} ${req.path}\n${canonicalJson(input)}`).digest('base64url');
}

/** A malformed `Idempotency-Key` on any command is 400, never silently ignored. */
export const idempotencyKeyFormat: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const key = req.header('idempotency-key');
  if (key === undefined || KEY.test(key)) return next();
  next(badRequest('Idempotency-Key 형식이 올바르지 않습니다. 영문·숫자·_.:- 로 8~128자여야 합니다.', { 'Idempotency-Key': '영문·숫자·_.:- 로 8~128자여야 합니다.' }));
};

/**
 * `Idempotency-Key` as in the IETF draft. Called by a command route once its input is valid, with that
 * parsed input (`null` for a route that reads no body). A key already claimed with another fingerprint
 * is refused 422 here, before anything runs; with the same fingerprint the request is a replay (its
 * command re-runs and appends nothing, see `CommandContext.idempotencyKey`). An unclaimed key is claimed
 * only when the command is about to write (`req.idempotency.claim`, called by `handleCommand` before its
 * append): a request refused after this point (an unknown id, a decider's 400/409) leaves nothing in the
 * log, and of two first uses with different bodies the one that claims first writes, the other is 422
 * before it writes. See docs/decisions/008-idempotency-keys.md.
 */
export async function claimIdempotencyKey(deps: { store: EventStore; secret: string; clock: () => Date }, req: Request, input: unknown): Promise<void> {
  const key = req.header('idempotency-key');
  if (key === undefined) return;
  if (!KEY.test(key)) throw badRequest('Idempotency-Key 형식이 올바르지 않습니다.');
  const fingerprint = requestFingerprint(deps.secret, req, input);
  const scope = createHash('sha256').update(`${keyOwner(deps.secret, req)}|${key}`).digest('hex');
  const stream = streams.idempotencyKey(scope);
  const claimedAs = async () => {
    const claim = (await deps.store.readStream(stream)).map(parseEvent).find((e) => e?.type === 'IdempotencyKeyClaimed');
    if (claim?.type === 'IdempotencyKeyClaimed' && claim.data.fingerprint !== fingerprint) throw unprocessable(KEY_REUSED);
    return claim !== undefined;
  };
  let claiming: Promise<void> | null = (await claimedAs()) ? Promise.resolve() : null;
  const claim = () => (claiming ??= (async () => {
    const event = toNewEvent({ type: 'IdempotencyKeyClaimed', data: { fingerprint, method: req.method, path: req.path } }, scopeEventId(scope), {
      actor: { userId: req.auth?.user.id ?? null, role: req.auth?.user.role ?? 'guest' },
      correlationId: req.correlationId, causationId: null, at: deps.clock().toISOString(),
    });
    try {
      await deps.store.append(stream, [event], { expectedRevision: 'no_stream' });
    } catch (err) {
      // Another request claimed it meanwhile: ours only if it carried the same fingerprint.
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      await claimedAs();
    }
  })().catch((err: unknown) => { claiming = null; throw err; }));
  req.idempotency = { key, fingerprint, claim };
}

const KEY_REUSED = '이 Idempotency-Key는 다른 요청에 이미 사용되었습니다. 새 요청에는 새 키를 사용해주세요.';

/**
 * Whose key it is: the account, else the guest's visitor cookie, else their address (as `req.ip` sees
 * it: only trusted proxy hops count). Two strangers who send the same key never collide; a visitor who
 * mints a new cookie only gets a key space of their own, never someone else's requests (their event ids
 * carry the fingerprint, see `commandContext`). HMAC'd: the stream name never shows an address.
 */
function keyOwner(secret: string, req: Request): string {
  if (req.auth) return req.auth.user.id;
  const cookie = visitorKeyOf(req.headers.cookie);
  const visitor = cookie ? `visitor:${cookie}` : `address:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
  return `guest:${createHmac('sha256', secret).update(visitor).digest('base64url')}`;
}

function scopeEventId(scope: string): string {
  const h = createHash('sha256').update(`claim|${scope}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
