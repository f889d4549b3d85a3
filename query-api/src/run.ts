import { systemClock } from '@phonemarket/platform/clock.ts';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { withFastLane } from '@phonemarket/platform/http/fastLane.ts';
import { createHardenedServer } from '@phonemarket/platform/http/server.ts';
import { createLogger } from '@phonemarket/platform/log/logger.ts';
import { authFromConfig, listen } from '@phonemarket/platform/service.ts';
import { openSessions } from '@phonemarket/platform/stores.ts';
import { openReadStore } from '@phonemarket/projector';
import { queryRoutes } from './app.ts';
import { attachRealtime } from './realtime.ts';
import { pollCheckpoint } from './shared/progress.ts';

/** Distributed mode: the query API alone; it follows the projector through its checkpoint document. */
const config = loadConfig();
const docs = await openReadStore(config);
const sessions = await openSessions(config);
const auth = authFromConfig(config, sessions, systemClock);
const progress = pollCheckpoint(docs);
const deps = { docs, auth, progress, clock: systemClock, demo: config.demo, secret: config.sessionSecret };
const logger = createLogger({ level: config.logLevel, name: 'query-api' });
const app = createHttpApp({ auth, trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts, logger });
const reads = queryRoutes(deps);
app.use(reads);
finishHttpApp(app);
// A public read the position cache holds is answered before Express (issue 44, ADR 009).
const server = createHardenedServer(withFastLane(app, reads.cachedAnswer));
attachRealtime(server, deps, { allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts, trustProxy: config.trustProxy });
const port = await listen(server, config);
logger.info({ port, host: config.host }, 'query-api listening');
