import type { RequestHandler } from 'express';
import type { ProjectionProgress } from './progress.ts';

/**
 * Public read answers are a pure function of (URL, projector position): read models change only
 * when the projector applies an event. So a successful JSON answer is kept, as bytes, until the
 * position moves. Only for routes whose answer depends on nothing else (no session, no clock):
 * `cacheable(path)` says which.
 */
export function cacheByPosition(progress: ProjectionProgress, cacheable: (path: string) => boolean, maxEntries = 500): RequestHandler {
  const cache = new Map<string, { position: bigint; body: Buffer }>();
  return (req, res, next) => {
    if (req.method !== 'GET' || !cacheable(req.path)) return next();
    const key = req.originalUrl;
    const position = progress.position();
    const hit = cache.get(key);
    if (hit && hit.position === position) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': hit.body.length });
      res.end(hit.body);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) return json(body);
      const bytes = Buffer.from(JSON.stringify(body));
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { position, body: bytes });
      return res.type('application/json').send(bytes);
    };
    next();
  };
}
