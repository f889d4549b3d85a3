import type { RequestHandler } from 'express';
import { badRequest } from '@phonemarket/platform/http/errors.ts';

/** Deepest nesting of objects and arrays a command body may have; real forms stay under 5. */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON value nests objects/arrays deeper than `max`. Iterative: a hostile body cannot overflow the stack here. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Runs first on every command route (right after the JSON body parser): a body nested deeper than
 * `MAX_BODY_DEPTH` is 400 before any schema, fingerprint or log walks it (issue 23: a 5,000-deep body
 * overflowed the stack of the Idempotency-Key fingerprint).
 */
export const bodyDepthLimit: RequestHandler = (req, _res, next) => {
  if (nestedDeeperThan(req.body, MAX_BODY_DEPTH)) {
    next(badRequest(`요청 본문의 중첩이 너무 깊습니다. ${MAX_BODY_DEPTH}단계까지만 허용됩니다.`));
    return;
  }
  next();
};
