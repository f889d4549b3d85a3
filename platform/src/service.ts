import type { Server } from 'node:http';
import { createAuth, type Auth } from './auth/session.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { SessionStore } from './sessions/types.ts';

/**
 * What every entry point (command-api, query-api, the embedded server) does the same way, in one
 * place: sessions from the config, and listening on the configured port and host.
 */

/** Signed session cookies with the config's secret, idle and absolute timeouts and cookie security. */
export function authFromConfig(config: Config, sessions: SessionStore, clock: Clock): Auth {
  return createAuth({
    sessions,
    secret: config.sessionSecret,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    secureCookies: config.cookieSecure,
    clock,
  });
}

/** Listens on the config's port (0: any free port) and host; answers the port actually bound. */
export async function listen(server: Server, config: Pick<Config, 'port' | 'host'>): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}
