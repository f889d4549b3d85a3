import type { IncomingMessage, OutgoingHttpHeader, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from '../log/logger.ts';
import { acceptCorrelationId } from './correlation.ts';
import { isRequestHostAllowed, type HostRule } from './hosts.ts';
import { logWhenClosed } from './requestLog.ts';

/**
 * An answer the app keeps whole (query-api's position cache): the headers its front middleware had set
 * when the answer was made (helmet's, in the order and spelling they went out, the correlation id's
 * place marked by `correlationIdAt`), then its content type and bytes.
 */
export interface KeptAnswer {
  /** Flat [name, value, …] as `writeHead` takes it, without the correlation id. */
  headers: readonly OutgoingHttpHeader[];
  /** Where in `headers` (an even index) the request's `X-Correlation-Id` goes; -1: the answer had none. */
  correlationIdAt: number;
  body: Buffer;
}

/** The kept answer to this request, if the app would answer it from its cache with nothing else run; else undefined. */
export type KeptAnswerLookup = (req: IncomingMessage) => KeptAnswer | undefined;

/**
 * The fast lane of public cacheable reads (issue 44, ADR 009): a GET the app would answer from its
 * position cache is answered here, before Express, with the bytes and headers Express would send
 * (`lookup` says which; it holds the X-Min-Position rule). Express's walk of its stack (router layers,
 * helmet's dozen `setHeader`s, the body parser's checks, the session and Origin steps) was about three
 * quarters of a cached read's CPU. Everything else falls through to Express unchanged: any method but
 * GET, a request with a cookie (its session is looked up and kept alive), one with a body (the JSON
 * parser answers a bad one 400), one for another host (421), one the cache cannot answer. The lane
 * does what the front does for an answer it gives: the Host check, the correlation id, the log line.
 */
export function withFastLane(app: Express, lookup: KeptAnswerLookup): RequestListener {
  const logger = app.locals.logger as Logger;
  const hostRule = app.locals.hostRule as HostRule;
  return (req: IncomingMessage, res: ServerResponse) => {
    const kept = req.method === 'GET' && req.headers.cookie === undefined && !hasBody(req) ? lookup(req) : undefined;
    if (kept === undefined || !isRequestHostAllowed(req, hostRule)) {
      app(req, res);
      return;
    }
    const headers = kept.headers.slice();
    let id = '';
    if (kept.correlationIdAt >= 0) {
      id = acceptCorrelationId(single(req.headers['x-correlation-id']));
      headers.splice(kept.correlationIdAt, 0, 'X-Correlation-Id', id);
    }
    // A 200's line is debug, or warn if the client left before it was sent: above warn (LOG_LEVEL=error), none is ever written.
    if (logger.isLevelEnabled('warn')) logWhenClosed(logger, { id, method: req.method, url: req.url }, res);
    headers.push('Content-Length', kept.body.length);
    res.writeHead(200, headers as OutgoingHttpHeader[]);
    res.end(kept.body);
  };
}

const hasBody = (req: IncomingMessage) => req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
