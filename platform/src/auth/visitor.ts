import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * An anonymous visitor's chat cookie: a random bearer token (httpOnly) that makes a guest the owner
 * of the chat sessions it starts. Only its sha256 is stored (in events and read models), so
 * command-api and query-api can both recognise the visitor without sharing a secret.
 */
export const VISITOR_COOKIE = 'pm_chat';
const MAX_AGE_SECONDS = 30 * 24 * 3600;
const TOKEN = /^[A-Za-z0-9_-]{40,64}$/;

export const visitorKeyOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The visitor key of a Cookie header (HTTP or the socket handshake), or null. */
export function visitorKeyOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const token = parseCookie(cookieHeader)[VISITOR_COOKIE];
  return token && TOKEN.test(token) ? visitorKeyOfToken(token) : null;
}

/** The request's visitor key; with `issue`, a new cookie is set when there is none. */
export function requestVisitorKey(req: Request, res?: Response): string | null {
  const known = visitorKeyOf(req.headers.cookie);
  if (known || !res) return known;
  const token = randomBytes(32).toString('base64url');
  res.append('Set-Cookie', stringifySetCookie({
    name: VISITOR_COOKIE, value: token, httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: MAX_AGE_SECONDS,
  }));
  return visitorKeyOfToken(token);
}
