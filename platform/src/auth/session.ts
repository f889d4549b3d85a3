import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Role } from '@phonemarket/events';
import type { AccountRole } from '@phonemarket/events/features/accounts.ts';
import type { Clock } from '../clock.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { Session, SessionStore, SessionUser } from '../sessions/types.ts';

export const SESSION_COOKIE = 'pm_sid';
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

declare global {
  namespace Express {
    interface Request {
      /** Set by the session middleware when the signed cookie names a live session. */
      auth?: Session;
    }
  }
}

export interface AuthOptions {
  sessions: SessionStore;
  secret: string;
  idleMs: number;
  absoluteMs: number;
  secureCookies: boolean;
  clock: Clock;
}

/** How long a session lives: idle (since its last request) and at most (since sign-in). */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export type Auth = ReturnType<typeof createAuth>;

/** Signed httpOnly session cookies backed by a server-side session store. */
export function createAuth(opts: AuthOptions) {
  const sign = (sid: string) => createHmac('sha256', opts.secret).update(sid).digest('base64url');
  const keyOf = (sid: string) => createHash('sha256').update(sid).digest('hex');

  function unsign(value: string): string | null {
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const sid = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(sign(sid));
    return given.length === expected.length && timingSafeEqual(given, expected) ? sid : null;
  }

  const configuredPolicy: SessionPolicy = { idleMs: opts.idleMs, absoluteMs: opts.absoluteMs };
  let policy = configuredPolicy;
  let policyPosition = -1n;

  /**
   * The site settings' session timeouts (issue 29), in force for new and open sessions alike from the
   * next request on. `position`: the settings event it comes from (0 for none saved); an older one
   * than the policy in force is ignored, so the command side (right after a save) and the query side
   * (after the projector caught up) never put an older policy back. Answers whether it applied.
   */
  function setPolicy(next: SessionPolicy, position: bigint): boolean {
    if (position < policyPosition) return false;
    policy = { idleMs: next.idleMs, absoluteMs: next.absoluteMs };
    policyPosition = position;
    return true;
  }

  function isLive(s: Session, now: number): boolean {
    return now - s.lastSeenAt <= policy.idleMs && now - s.createdAt <= policy.absoluteMs;
  }

  /** Resolves a Cookie header to a live session (used by HTTP and by the Socket.IO handshake). */
  async function resolve(cookieHeader: string | undefined): Promise<Session | null> {
    if (!cookieHeader) return null;
    const raw = parseCookie(cookieHeader)[SESSION_COOKIE];
    const sid = raw ? unsign(raw) : null;
    if (!sid) return null;
    const key = keyOf(sid);
    const session = await opts.sessions.get(key);
    if (!session) return null;
    const now = opts.clock().getTime();
    if (!isLive(session, now)) {
      await opts.sessions.delete(key);
      return null;
    }
    if (now - session.lastSeenAt > TOUCH_EVERY_MS) {
      await opts.sessions.touch(key, now);
      session.lastSeenAt = now;
    }
    return session;
  }

  /** `Secure` when configured, or when the request itself came over HTTPS (behind a trusted proxy too). */
  function cookie(req: Request, value: string, maxAgeSeconds: number): string {
    return stringifySetCookie({
      name: SESSION_COOKIE,
      value,
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies || req.secure,
      path: '/',
      maxAge: maxAgeSeconds,
    });
  }

  const middleware: RequestHandler = async (req, _res, next) => {
    if (!req.headers.cookie) return next(); // most public reads carry no cookie
    const session = await resolve(req.headers.cookie);
    if (session) req.auth = session;
    next();
  };

  /** A new session of `user` with a random id, and the signed cookie value that names it. */
  async function issue(user: SessionUser): Promise<{ session: Session; cookieValue: string }> {
    const sid = randomBytes(32).toString('base64url');
    const now = opts.clock().getTime();
    const session: Session = { key: keyOf(sid), user, createdAt: now, lastSeenAt: now };
    await opts.sessions.create(session);
    return { session, cookieValue: `${sid}.${sign(sid)}` };
  }

  /** A new random session id at every sign-in (no fixation); the previous session of this browser ends. */
  async function start(req: Request, res: Response, user: SessionUser): Promise<Session> {
    if (req.auth) await opts.sessions.delete(req.auth.key);
    const { session, cookieValue } = await issue(user);
    res.append('Set-Cookie', cookie(req, cookieValue, Math.floor(policy.absoluteMs / 1000)));
    req.auth = session;
    return session;
  }

  async function end(req: Request, res: Response): Promise<void> {
    if (req.auth) await opts.sessions.delete(req.auth.key);
    delete req.auth;
    res.append('Set-Cookie', cookie(req, '', 0));
  }

  /** A role change reaches the account's open sessions at their next request (no sign-out needed). */
  async function changeRole(userId: string, role: SessionUser['role']): Promise<void> {
    await opts.sessions.updateRole(userId, role);
  }

  /** Ends every session of an account at once (a suspension). */
  async function endAllFor(userId: string): Promise<void> {
    await opts.sessions.deleteForUser(userId);
  }

  return {
    middleware, resolve, start, end, changeRole, endAllFor, setPolicy,
    /** A session made without a request (the 10,000-socket soak's accounts: bench/src/soakServer.ts); `start` is a sign-in's. */
    issue,
    /** The timeouts in force now. */
    policy: (): SessionPolicy => policy,
    /** The server's `SESSION_IDLE_MINUTES`/`SESSION_ABSOLUTE_HOURS`: the settings' initial values. */
    configuredPolicy,
  };
}

export function roleOf(req: Request): Role {
  return req.auth?.user.role ?? 'guest';
}

/** 401 without a session, 403 with another role — whatever role header the client sends. */
export function requireRole(...roles: AccountRole[]): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.auth) return next(unauthorized());
    if (roles.length > 0 && !roles.includes(req.auth.user.role)) return next(forbidden());
    next();
  };
}
