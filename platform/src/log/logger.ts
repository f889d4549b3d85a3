import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Structured JSON logs (pino). Secrets never reach a line: passwords, cookies, session ids and
 * the Set-Cookie answer are censored wherever they appear.
 */
export function createLogger(opts: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: opts.name ?? 'phonemarket',
    level: opts.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: {
      paths: [
        'password', '*.password', '*.*.password', 'passwordHash', '*.passwordHash',
        'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]',
        'sid', '*.sid', 'sessionId', '*.sessionId',
      ],
      censor: '[redacted]',
    },
  });
}
