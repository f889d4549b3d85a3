import express, { type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '@phonemarket/platform/http/errors.ts';
import { bodyDepthLimit } from './bodyDepth.ts';

/*
 * Who and where before the body (issue 35): a route that takes a large or unauthenticated body (an
 * upload, an import, a webhook) checks the caller and the target from the headers, the session and the
 * path first (`beforeBody`), and only then reads the body (`jsonBody`, `imageBody`, the webhook's raw
 * bytes). A refused request's body is never buffered or parsed.
 */

/** The most of a refused body read (and dropped) before answering; a larger body's connection is closed. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * Calls `answer` once the request's body has arrived (what is left of it read and dropped, never kept): a
 * proxy (nginx) that is still sending a body the service has refused would otherwise find the connection
 * closed under it and answer 502 instead of the service's 401/413.
 */
export function afterBody(req: Request, answer: () => void): void {
  if (req.complete) return answer();
  let read = 0;
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT) req.destroy();
  });
  req.once('end', answer);
  req.resume();
}

/**
 * Runs `checks` (middleware: a role check, a lookup of the target) before anything reads the body; the
 * first refusal is answered once the body has gone by unread (`afterBody`), so nothing of it is buffered,
 * parsed or walked.
 */
export function beforeBody(...checks: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    const run = (i: number): void => {
      if (i === checks.length) {
        next();
        return;
      }
      let settled = false;
      const done = (err?: unknown) => {
        if (settled) return;
        settled = true;
        if (err) afterBody(req, () => next(err));
        else run(i + 1);
      };
      try {
        const out: unknown = checks[i]!(req, res, done);
        if (out instanceof Promise) out.catch(done);
      } catch (err) {
        done(err);
      }
    };
    run(0);
  };
}

/** An async check as a middleware for `beforeBody`: passes when `fn` resolves, refuses with what it throws. */
export const check = (fn: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler => async (req, res, next) => {
  await fn(req, res);
  next();
};

/**
 * At most `max` bodies of these routes read at once (a body not yet authenticated: the webhook's, whose
 * signature is checked on its bytes): beyond that 503 with the Korean message and `Retry-After`, the body
 * unread. A place is freed when the answer is sent or the connection ends.
 */
export function concurrentBodies(max: number, message: string): RequestHandler {
  let reading = 0;
  return (req, res, next) => {
    if (reading >= max) {
      res.setHeader('Retry-After', '1');
      afterBody(req, () => next(new HttpError(503, message)));
      return;
    }
    reading++;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      reading--;
    };
    res.once('finish', free);
    res.once('close', free);
    next();
  };
}

/**
 * A JSON body larger than the common 100 KB (`OWN_BODY_PATHS` in the platform's app: an import's rows),
 * read after `beforeBody`'s checks; beyond `limit` 413 with the Korean message; nested too deep 400 (as every body).
 */
export function jsonBody(limit: string, tooLarge: string): RequestHandler {
  const json = express.json({ limit });
  return (req, res, next) => {
    json(req, res, (err?: unknown) => {
      if (err && typeof err === 'object' && (err as { type?: string }).type === 'entity.too.large') {
        afterBody(req, () => next(new HttpError(413, tooLarge)));
        return;
      }
      if (err) next(err);
      else bodyDepthLimit(req, res, next);
    });
  };
}
