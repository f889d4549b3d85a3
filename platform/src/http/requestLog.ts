import type { RequestHandler } from 'express';
import type { Logger } from '../log/logger.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * One pino line per request once it is answered (or abandoned): its correlation id, method, path,
 * status and time. Written here instead of with pino-http, which builds a child logger serialising
 * the request for every request even when its line is below the level — about a third of a cached
 * read's cost (bench: `read_vs_bare_ratio`). Only the method, path and status are logged: never
 * headers, cookies or bodies.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      const level: Level = status >= 500 ? 'error' : aborted ? 'warn' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level]({
        req: { id: req.correlationId, method: req.method, url: req.originalUrl },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      }, aborted ? 'request aborted' : 'request completed');
    });
    next();
  };
}
