import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

declare global {
  namespace Express {
    interface Request {
      /** The client's `X-Correlation-Id` when it is safe to log, else a new one (see `correlationId`). */
      correlationId: string;
    }
  }
}

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A client-sent id is kept only when short and plain (it ends up in every log line and event). */
export function acceptCorrelationId(given: string | undefined): string {
  return given !== undefined && SAFE_ID.test(given) ? given : randomUUID();
}

/** The build's hashed files: immutable, cached for a year, never looked up in the logs by a client. */
const HASHED_ASSET = /^\/assets\//;

export const correlationId: RequestHandler = (req, res, next) => {
  req.correlationId = acceptCorrelationId(req.header('x-correlation-id'));
  // Not on the ~45 scripts a page loads: 56 bytes each of what a phone downloads, for nobody.
  if (!HASHED_ASSET.test(req.path)) res.setHeader('X-Correlation-Id', req.correlationId);
  next();
};
