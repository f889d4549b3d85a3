import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an Origin header names this site: same scheme and host as the request (as Express sees it:
 * `X-Forwarded-Proto`/`-Host` count only when the proxy is trusted), or one of the listed origins.
 */
export function isOwnOrigin(origin: string, site: { protocol: string; host: string }, allowedOrigins: readonly string[]): boolean {
  if (allowedOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === `${site.protocol}:` && url.host === site.host;
}

export const siteOf = (req: Request) => ({ protocol: req.protocol, host: req.host ?? '' });

/**
 * Refuses state-changing requests sent by another site (CSRF defence on top of SameSite=Lax).
 */
export function sameOriginOnly(allowedOrigins: readonly string[] = []): RequestHandler {
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin === undefined) {
      // Browsers always send Origin on cross-site POSTs; a request without it is not from a page.
      if (req.headers['sec-fetch-site'] === 'cross-site') return next(refused());
      return next();
    }
    return isOwnOrigin(origin, siteOf(req), allowedOrigins) ? next() : next(refused());
  };
}

const refused = () => new HttpError(403, '허용되지 않은 출처의 요청입니다.');
