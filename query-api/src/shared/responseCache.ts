import type { RequestHandler } from 'express';
import type { ProjectionProgress } from './progress.ts';

/**
 * Public read answers are a pure function of (URL, projector position): read models change only
 * when the projector applies an event. So a successful JSON answer is kept, serialized, until the
 * position moves. Only for routes whose answer depends on nothing else (no session, no clock).
 */
export function cacheByPosition(progress: ProjectionProgress, maxEntries = 500): RequestHandler {
  const cache = new Map<string, { position: bigint; body: string }>();
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const key = req.originalUrl;
    const position = progress.position();
    const hit = cache.get(key);
    if (hit && hit.position === position) {
      res.type('application/json').send(hit.body);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode === 200) {
        const serialized = JSON.stringify(body);
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, { position, body: serialized });
        return res.type('application/json').send(serialized);
      }
      return json(body);
    };
    next();
  };
}
