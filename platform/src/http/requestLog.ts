import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../log/logger.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** What a request's log line names: never headers, cookies or bodies. */
export interface LoggedRequest {
  id: string;
  method: string | undefined;
  url: string | undefined;
}

/**
 * One pino line per request once it is answered (or abandoned): its correlation id, method, path,
 * status and time. Written here instead of with pino-http, which builds a child logger serialising
 * the request for every request even when its line is below the level — about a third of a cached
 * read's cost (bench: `read_vs_bare_ratio`). Only the method, path and status are logged: never
 * headers, cookies or bodies. The fast lane in front of Express (`fastLane.ts`) logs its answers here too.
 */
export function logWhenClosed(logger: Logger, req: LoggedRequest, res: ServerResponse): void {
  const started = performance.now();
  res.once('close', () => {
    const aborted = !res.writableFinished;
    const status = res.statusCode;
    const level: Level = status >= 500 ? 'error' : aborted ? 'warn' : status >= 400 ? 'info' : 'debug';
    if (!logger.isLevelEnabled(level)) return;
    logger[level]({
      req,
      res: { statusCode: status },
      responseTime: Math.round(performance.now() - started),
    }, aborted ? 'request aborted' : 'request completed');
  });
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    logWhenClosed(logger, { id: req.correlationId, method: req.method, url: req.originalUrl }, res);
    next();
  };
}
