import express, { type Express, type RequestHandler } from 'express';
import type { Auth } from '../auth/session.ts';
import { errorHandler, notFoundRoute } from './errors.ts';
import { sameOriginOnly } from './origin.ts';

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  next();
};

/** The common front of every service: JSON bodies, security headers, the session, the Origin check. */
export function createHttpApp(opts: { auth: Auth; trustProxy: boolean; allowedOrigins: readonly string[] }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy);
  app.set('etag', false);
  app.use(securityHeaders);
  app.use(express.json({ limit: '100kb' }));
  app.use(opts.auth.middleware);
  app.use(sameOriginOnly(opts.allowedOrigins));
  return app;
}

/** Unknown API paths answer the error shape; every error goes through one handler. */
export function finishHttpApp(app: Express): Express {
  app.use('/api', notFoundRoute);
  app.use(errorHandler());
  return app;
}
