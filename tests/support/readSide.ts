import { createServer } from 'node:http';
import { allReadModels, createProjector, openReadStore } from '@phonemarket/projector';
import { attachRealtime, pollCheckpoint, queryRoutes } from '@phonemarket/query-api';
import { systemClock } from '@phonemarket/platform/clock.ts';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { authFromConfig, listen } from '@phonemarket/platform/service.ts';
import { openEvents, openSessions } from '@phonemarket/platform/stores.ts';

/**
 * Test entry point: the read side of distributed mode on the embedded stores, as one process.
 *
 * With MongoDB, projector/src/main.ts and query-api/src/main.ts run apart and share the read models
 * and the checkpoint through it. Without MongoDB the read store is in memory (decision 002), which
 * two processes cannot share, so here the projector and query-api share one in-memory store in one
 * process. Everything else is as in distributed mode: the projector follows the SQLite event log that
 * the separate command-api process appends to; query-api follows the projector's checkpoint document
 * (pollCheckpoint), serves only reads and Socket.IO, and shares the session store with command-api.
 */
const config = loadConfig();
const store = await openEvents(config);
const docs = await openReadStore(config);
const projector = createProjector({ store, docs, readModels: allReadModels });
await projector.start();

const sessions = await openSessions(config);
const auth = authFromConfig(config, sessions, systemClock);
const progress = pollCheckpoint(docs);
const deps = { docs, auth, progress, clock: systemClock, demo: config.demo, secret: config.sessionSecret };
const app = createHttpApp({ auth, trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts });
app.use(queryRoutes(deps));
finishHttpApp(app);
const server = createServer(app);
const realtimeOptions = { allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts, trustProxy: config.trustProxy };
attachRealtime(server, deps, realtimeOptions);
const port = await listen(server, config);
console.log(`read side (projector + query-api) listening on port ${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void projector.stop().finally(() => process.exit(0)));
}
