import { createServer } from 'node:http';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { authFromConfig, listen } from '@phonemarket/platform/service.ts';
import { openEvents, openSessions } from '@phonemarket/platform/stores.ts';
import { commandRoutes, prepareCommandSide } from './app.ts';

/** Distributed mode: the command API alone (the only service that appends events). */
const config = loadConfig();
const store = await openEvents(config);
const sessions = await openSessions(config);
const auth = authFromConfig(config, sessions, systemClock);
const deps = { store, auth, clock: systemClock, newId: randomIds, demo: config.demo, secret: config.sessionSecret };
await prepareCommandSide(deps);
const app = createHttpApp({ auth, trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins });
app.use(commandRoutes(deps));
finishHttpApp(app);
const server = createServer(app);
const port = await listen(server, config);
console.log(`command-api listening on port ${port}`);
