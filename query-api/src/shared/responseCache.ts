import type { ClientRequest, IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { KeptAnswer, KeptAnswerLookup } from '@phonemarket/platform/http/fastLane.ts';
import { acceptsMinPosition } from './readYourWrites.ts';
import type { ProjectionProgress } from './progress.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers that belong to one request, not to the answer: the correlation id (placed by the fast lane), a lagging read's flag. */
const PER_REQUEST = new Set(['x-correlation-id', 'x-projection-lagging']);

/**
 * Public read answers are a pure function of (URL, projector position, `epoch()`): read models change
 * only when the projector applies an event, and `epoch` names the one thing of the clock such answers
 * may read (which release days count as 신상품: it moves once a day). So a successful JSON answer is
 * kept, as bytes, until the position or the epoch moves. Only for routes whose answer depends on
 * nothing else (no session, no other use of the clock): `cacheable(path)` says which. `lookup` hands a
 * kept answer, with the headers the front had set for it, to the fast lane in front of Express
 * (platform/src/http/fastLane.ts; issue 44).
 */
export function cacheByPosition(progress: ProjectionProgress, cacheable: (path: string) => boolean, epoch: () => string, maxEntries = 500): RequestHandler & { lookup: KeptAnswerLookup } {
  const cache = new Map<string, KeptAnswer & { position: bigint; epoch: string }>();
  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || !cacheable(req.path)) return next();
    const key = req.originalUrl;
    const position = progress.position();
    const currentEpoch = epoch();
    const hit = cache.get(key);
    if (hit && hit.position === position && hit.epoch === currentEpoch) {
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': hit.body.length });
      res.end(hit.body);
      return;
    }
    // What the front (helmet) set: a hit answered above goes out with these and the two of its own.
    const front = frontHeaders(res);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) return json(body);
      const bytes = Buffer.from(JSON.stringify(body));
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { position, epoch: currentEpoch, body: bytes, ...front });
      return res.type('application/json').send(bytes);
    };
    next();
  };
  const lookup: KeptAnswerLookup = (req: IncomingMessage) => {
    const hit = req.url === undefined ? undefined : cache.get(req.url);
    if (hit === undefined || hit.position !== progress.position() || hit.epoch !== epoch()) return undefined;
    return acceptsMinPosition(req.headers['x-min-position'], hit.position) ? hit : undefined;
  };
  return Object.assign(middleware, { lookup });
}

function frontHeaders(res: ServerResponse): Pick<KeptAnswer, 'headers' | 'correlationIdAt'> {
  const headers: OutgoingHttpHeader[] = [];
  let correlationIdAt = -1;
  // Node has it on every outgoing message (`_http_outgoing`); its types list it on ClientRequest only.
  for (const name of (res as unknown as Pick<ClientRequest, 'getRawHeaderNames'>).getRawHeaderNames()) {
    const lower = name.toLowerCase();
    if (lower === 'x-correlation-id') correlationIdAt = headers.length;
    if (PER_REQUEST.has(lower)) continue;
    headers.push(name, res.getHeader(name)!);
  }
  headers.push('Content-Type', JSON_TYPE);
  return { headers, correlationIdAt };
}
