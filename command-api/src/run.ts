import { POSTGRES_URL } from '@phonemarket/events';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { openRateLimits } from '@phonemarket/platform/http/rateLimits.ts';
import { createHardenedServer } from '@phonemarket/platform/http/server.ts';
import { createLogger } from '@phonemarket/platform/log/logger.ts';
import { authFromConfig, listen } from '@phonemarket/platform/service.ts';
import { openEvents, openSessions } from '@phonemarket/platform/stores.ts';
import { commandRoutes, prepareCommandSide } from './app.ts';

/** Distributed mode: the command API alone (the only service that appends events). */
const config = loadConfig();
const store = await openEvents(config);
const sessions = await openSessions(config);
const auth = authFromConfig(config, sessions, systemClock);
const logger = createLogger({ level: config.logLevel, name: 'command-api' });
// Limits shared by every command-api instance (distributed mode): in PostgreSQL beside the sessions
// (READ_MODELS_URL, else a postgres:// event store), or in MongoDB.
const postgresUrl = config.readModelsUrl ?? (config.eventStoreUrl && POSTGRES_URL.test(config.eventStoreUrl) ? config.eventStoreUrl : undefined);
const rateLimits = await openRateLimits({ mongodbUrl: config.mongodbUrl, postgresUrl });
const deps = {
  store, auth, clock: systemClock, newId: randomIds, demo: config.demo, secret: config.sessionSecret,
  rateLimits, signUpsPerAddressPerHour: config.signUpsPerAddressPerHour,
};
await prepareCommandSide(deps, { onError: (err) => logger.error({ err }, 'command-side process failed') });
const app = createHttpApp({ auth, trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts, logger });
app.use(commandRoutes(deps));
finishHttpApp(app);
const server = createHardenedServer(app);
const port = await listen(server, config);
logger.info({ port, host: config.host, demo: config.demo }, 'command-api listening');
if (config.demo === 'public') logger.warn('DEMO=1: anyone who reaches this service can sign in as the demo admin');
