import type { RequestHandler } from 'express';
import { HttpError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site (CSRF defence on top of SameSite=Lax).
 * Same origin = the Origin's host equals the Host the request came to, or is listed.
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
    if (allowedOrigins.includes(origin)) return next();
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return next(refused());
    }
    const target = req.headers['x-forwarded-host'] ?? req.headers.host;
    return host === target ? next() : next(refused());
  };
}

const refused = () => new HttpError(403, '허용되지 않은 출처의 요청입니다.');
