import { createServer } from 'node:http';
import { createAuth } from '@phonemarket/platform/auth/session.ts';
import { systemClock } from '@phonemarket/platform/clock.ts';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { openReadStore, openSessions } from '@phonemarket/platform/stores.ts';
import { queryRoutes } from './app.ts';
import { attachRealtime } from './realtime.ts';
import { pollCheckpoint } from './shared/progress.ts';

/** Distributed mode: the query API alone; it follows the projector through its checkpoint document. */
const config = loadConfig();
const docs = await openReadStore(config);
const sessions = await openSessions(config);
const auth = createAuth({ sessions, secret: config.sessionSecret, idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, secureCookies: config.cookieSecure, clock: systemClock });
const progress = pollCheckpoint(docs);
const deps = { docs, auth, progress, clock: systemClock };
const app = createHttpApp({ auth, trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins });
app.use(queryRoutes(deps));
finishHttpApp(app);
const server = createServer(app);
attachRealtime(server, deps, { allowedOrigins: config.allowedOrigins });
server.listen(config.port, config.host, () => {
  const address = server.address();
  console.log(`query-api listening on port ${typeof address === 'object' && address ? address.port : config.port}`);
});
