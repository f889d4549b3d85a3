import type { RequestHandler } from 'express';
import { badRequest } from '@phonemarket/platform/http/errors.ts';
import type { ProjectionProgress } from './progress.ts';

export const MAX_WAIT_MS = 2000;

const POSITION = /^\d{1,20}$/;

/** `X-Min-Position: <position>`: wait (at most 2 s) until the projector has applied it, then answer. */
export function readYourWrites(progress: ProjectionProgress): RequestHandler {
  return async (req, res, next) => {
    const header = req.header('x-min-position');
    if (header === undefined || header === '') return next();
    if (!POSITION.test(header)) return next(badRequest('X-Min-Position 헤더는 0 이상의 정수여야 합니다.'));
    const reached = await progress.waitFor(BigInt(header), MAX_WAIT_MS);
    // Past the wait the answer may be stale; say so rather than fail.
    if (!reached) res.setHeader('X-Projection-Lagging', 'true');
    next();
  };
}

/** Whether `readYourWrites` would let this request through at once at `position`: no header, or a valid one already reached. */
export function acceptsMinPosition(header: string | string[] | undefined, position: bigint): boolean {
  if (header === undefined || header === '') return true;
  return typeof header === 'string' && POSITION.test(header) && BigInt(header) <= position;
}
