import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Auth } from '../auth/session.ts';
import type { TrustProxy } from '../config.ts';
import { createLogger, type Logger } from '../log/logger.ts';
import { correlationId } from './correlation.ts';
import { requestLog } from './requestLog.ts';
import { errorHandler, notFoundRoute } from './errors.ts';
import { allowedHostsOnly, type HostRule } from './hosts.ts';
import { sameOriginOnly } from './origin.ts';

export interface HttpAppOptions {
  auth: Auth;
  trustProxy: TrustProxy;
  allowedOrigins: readonly string[];
  /** Hosts answered besides loopback (config `allowedHosts`); any other Host is 421. */
  allowedHosts: readonly string[];
  logger?: Logger;
  /** CSP hashes ('sha256-…') of the inline scripts the served index.html carries (embedded mode). */
  inlineScriptHashes?: readonly string[];
}

/**
 * The document policy the built frontend runs under: scripts only from this origin (plus the hashed
 * colour-mode snippet), styles inline because Chakra/Emotion inject <style> tags at run time,
 * images from here and data: URLs, the socket on this origin, no framing anywhere. The one outside
 * piece is the Kakao (Daum) 우편번호 찾기 widget Korean shops use (issue 39): its script, loaded on demand,
 * and the frame it shows the search in (`POSTCODE_WIDGET_ORIGINS`).
 */
export const POSTCODE_WIDGET_ORIGINS = {
  scripts: ['https://t1.kakaocdn.net', 'https://t1.daumcdn.net'],
  frames: ['https://postcode.map.kakao.com', 'https://postcode.map.daum.net'],
} as const;

export function contentSecurityPolicy(inlineScriptHashes: readonly string[] = []) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`), ...POSTCODE_WIDGET_ORIGINS.scripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: [...POSTCODE_WIDGET_ORIGINS.frames],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * Paths whose route reads its own body, once it knows who sends it and where (issue 35): the messaging
 * channels' webhook (`POST /api/channels/{id}/webhook`, raw: the signature is over the bytes as sent) and
 * the imports larger than the common 100 KB (`POST /api/admin/carrier-terms/import`, `PUT /api/seller/buyback-prices`).
 */
export const OWN_BODY_PATHS = /^\/api\/(?:channels\/[^/]+\/webhook|admin\/carrier-terms\/import|seller\/buyback-prices)$/;
/** The common JSON body limit; a route that takes more reads its own (`OWN_BODY_PATHS`). */
export const JSON_BODY_LIMIT = '100kb';

/**
 * The common front of every service: the Host check, headers (helmet), logs (pino), JSON bodies, the session, the Origin check.
 * The fast lane (`fastLane.ts`) answers cached public reads in front of it, doing for them what this
 * front does for a cookie-less, body-less GET: a new step that acts on such requests belongs there too.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const logger = opts.logger ?? createLogger();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy);
  app.set('etag', false);
  app.locals.logger = logger;
  const hostRule: HostRule = { allowedHosts: opts.allowedHosts, trustProxy: opts.trustProxy };
  // The fast lane in front of the app (fastLane.ts) checks the Host by the same rule.
  app.locals.hostRule = hostRule;
  app.use(correlationId);
  app.use(requestLog(logger));
  // First of all: a request for another host (DNS rebinding) reaches no route, session or body parser.
  app.use(allowedHostsOnly(hostRule));
  app.use(helmet({
    contentSecurityPolicy: contentSecurityPolicy(opts.inlineScriptHashes),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false, // HTTPS is the deployer's proxy's job; HSTS on plain http is wrong
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  }));
  const json = express.json({ limit: JSON_BODY_LIMIT });
  // A signed webhook's route reads its body raw (the signature is over the bytes as sent; issue 27); an
  // import's route reads its larger body after its role check (issue 35).
  app.use((req, res, next) => (OWN_BODY_PATHS.test(req.path) ? next() : json(req, res, next)));
  app.use(opts.auth.middleware);
  app.use(sameOriginOnly(opts.allowedOrigins));
  return app;
}

/** Unknown paths (any method) answer the JSON error shape; every error goes through one handler. */
export function finishHttpApp(app: Express): Express {
  const logger = app.locals.logger as Logger;
  app.use(notFoundRoute);
  app.use(errorHandler((err) => logger.error({ err }, 'unhandled error')));
  return app;
}
