import { createServer } from 'node:http';
import { createAuth } from '@phonemarket/platform/auth/session.ts';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { openEvents, openSessions } from '@phonemarket/platform/stores.ts';
import { commandRoutes, prepareCommandSide } from './app.ts';

/** Distributed mode: the command API alone (the only service that appends events). */
const config = loadConfig();
const store = await openEvents(config);
const sessions = await openSessions(config);
const auth = createAuth({ sessions, secret: config.sessionSecret, idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, secureCookies: config.cookieSecure, clock: systemClock });
const deps = { store, auth, clock: systemClock, newId: randomIds, demo: config.demo, secret: config.sessionSecret };
await prepareCommandSide(deps);
const app = createHttpApp({ auth, trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins });
app.use(commandRoutes(deps));
finishHttpApp(app);
const server = createServer(app);
server.listen(config.port, config.host, () => {
  const address = server.address();
  console.log(`command-api listening on port ${typeof address === 'object' && address ? address.port : config.port}`);
});
