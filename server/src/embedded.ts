import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatLinePoster, commandRoutes, prepareCommandSide } from '@phonemarket/command-api';
import {
  REBUILD_BATCH, allReadModels, createProjector, isMemoryDocStore, openReadStore, restoreReadModels, scheduleSnapshots, snapshotDirOf, startCaughtUp,
  type RestoreReport, type ScheduleOptions, type SnapshotSchedule,
} from '@phonemarket/projector';
import { attachRealtime, queryRoutes, type ProjectionProgress } from '@phonemarket/query-api';
import type { SnapshotPushCounts } from '@phonemarket/query-api/shared/latestSnapshotPush.ts';
import { randomIds, systemClock, type Clock } from '@phonemarket/platform/clock.ts';
import type { Config } from '@phonemarket/platform/config.ts';
import { createHttpApp, finishHttpApp } from '@phonemarket/platform/http/app.ts';
import { withFastLane } from '@phonemarket/platform/http/fastLane.ts';
import { openRateLimits } from '@phonemarket/platform/http/rateLimits.ts';
import { createHardenedServer } from '@phonemarket/platform/http/server.ts';
import { createLogger, type Logger } from '@phonemarket/platform/log/logger.ts';
import { authFromConfig, listen } from '@phonemarket/platform/service.ts';
import { openEvents, openSessions } from '@phonemarket/platform/stores.ts';
import type { EventStore } from '@phonemarket/events';
import { inlineScriptHashes, serveFrontend } from './static.ts';

export const FRONTEND_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');

/** A snapshot that falls due waits until no request came for this long (at most its schedule's `everyMs`). */
const QUIET_MS = 1_000;

/** Where embedded mode keeps its read-model snapshots (ADR 015). */
export const readModelSnapshotDir = (config: Pick<Config, 'dataDir'>) => snapshotDirOf(config.dataDir);

export interface RunningServer {
  url: string;
  server: Server;
  /** What the start loaded from the read-model snapshots (null: the read models are in MongoDB). */
  restored: RestoreReport | null;
  /** Writes a read-model snapshot now (null: none needed, or the read models are in MongoDB). */
  snapshot(): Promise<string | null>;
  /** The live ranking push's counts: snapshots, socket writes, writes a newer snapshot replaced (the soak reports them). */
  rankingPushCounts(): SnapshotPushCounts;
  close(): Promise<void>;
}

/**
 * Embedded mode: command-api, projector and query-api in one process on one port, with the
 * embedded stores under the data folder. The same modules run as separate services when distributed.
 */
export async function startEmbedded(config: Config, opts: {
  clock?: Clock; frontendDist?: string; quiet?: boolean; logger?: Logger; snapshots?: ScheduleOptions;
  /** Tests only: the store as the app sees it, e.g. with a networked store's interleaving (the embedded one answers at once). */
  storeFor?: (store: EventStore) => EventStore;
} = {}): Promise<RunningServer> {
  const clock = opts.clock ?? systemClock;
  const opened = await openEvents(config);
  const store = opts.storeFor ? opts.storeFor(opened) : opened;
  const docs = await openReadStore(config);
  const sessions = await openSessions(config);
  const auth = authFromConfig(config, sessions, clock);

  const logger = opts.logger ?? createLogger({ level: config.logLevel });
  const rateLimits = await openRateLimits({ mongodbUrl: config.mongodbUrl });
  // In memory, the read models start from the newest snapshot and catch up from its position (ADR 015).
  const snapshotLog = { info: (msg: string) => logger.info(`read models: ${msg}`), warn: (msg: string) => logger.warn(`read models: ${msg}`) };
  const restored = isMemoryDocStore(docs)
    ? await restoreReadModels({ store, docs, readModels: allReadModels, dir: readModelSnapshotDir(config), log: snapshotLog })
    : null;
  // Its catch-up at this start (the whole log on a first start or after a version bump of every model) reads in a
  // rebuild's batches up to the head at start (on the memory store: measured there), then the store's (ADR 025, eleventh pass).
  const projector = createProjector({ store, docs, readModels: allReadModels, ...(isMemoryDocStore(docs) ? { catchUpBatch: REBUILD_BATCH } : {}) });
  // A snapshot falls due between requests: once the server listens, after QUIET_MS without one (the
  // server's requests set `lastRequestAt`). Not while the start catches up: that is the start's CPU.
  let lastRequestAt: number | null = null;
  const snapshots: SnapshotSchedule | null = restored && isMemoryDocStore(docs)
    ? scheduleSnapshots({
      busy: () => lastRequestAt === null || performance.now() - lastRequestAt < QUIET_MS,
      ...opts.snapshots, store, docs, projector, readModels: allReadModels, dir: readModelSnapshotDir(config), log: snapshotLog,
      loadedAt: restored.file && restored.rebuilt.length === 0 ? restored.position : null,
    })
    : null;
  // The read side answers from the projector, never from the process runner (issue 37): on a first start
  // on a long log (82,000 events, no snapshot) the runner's catch-up cost three times the projector's
  // and shared its event loop. So the read models catch up on the log first, and a long backlog of the
  // runner's is run once the server listens (from its checkpoint all the same: nothing is skipped).
  // Nothing reads them before that: the memory store's upkeep is deferred meanwhile, as a rebuild's is.
  await startCaughtUp(projector, docs);
  let listening = (): void => {};
  const holdBacklogUntil = new Promise<void>((resolve) => { listening = resolve; });
  const commandDeps = {
    store, auth, clock, newId: randomIds, demo: config.demo, secret: config.sessionSecret,
    rateLimits, signUpsPerAddressPerHour: config.signUpsPerAddressPerHour,
  };
  const commandSide = await prepareCommandSide(commandDeps, { onError: (err) => logger.error({ err }, 'command-side process failed'), runner: { holdBacklogUntil } });
  // The seeds' events, if any.
  await projector.caughtUp();
  // Models rebuilt at this start are snapshotted soon, not after the next 10,000 events: at the first
  // quiet moment (issue 37: written while the first requests were answered, it doubled their CPU).
  if (snapshots && restored && restored.rebuilt.length > 0) snapshots.writeWhenQuiet();

  const progress: ProjectionProgress = {
    position: () => projector.position(),
    waitFor: (position, timeoutMs) => projector.waitFor(position, timeoutMs),
    onBatch: (listener) => projector.onBatch(listener),
    close: async () => {},
  };
  const frontendDist = opts.frontendDist ?? FRONTEND_DIST;
  const app = createHttpApp({
    auth, trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts, logger,
    inlineScriptHashes: inlineScriptHashes(frontendDist),
  });
  const queryDeps = { docs, auth, progress, clock, demo: config.demo, secret: config.sessionSecret };
  // Reads first: most requests are GETs, and they should not walk the command routes.
  const reads = queryRoutes(queryDeps);
  app.use(reads);
  app.use(commandRoutes(commandDeps));
  // Guests' pages are reused while the read side has not moved (server/src/ssr.ts).
  serveFrontend(app, frontendDist, { position: () => projector.position() });
  finishHttpApp(app);

  // Behind a proxy every client shares the proxy's address: the per-address cap is for direct exposure only.
  // A public read the position cache holds is answered before Express (issue 44, ADR 009).
  const server = createHardenedServer(withFastLane(app, reads.cachedAnswer), { maxConnectionsPerAddress: config.trustProxy === false ? config.maxConnectionsPerAddress : 0 });
  server.on('request', () => { lastRequestAt = performance.now(); });
  const realtime = attachRealtime(server, queryDeps, {
    allowedOrigins: config.allowedOrigins, allowedHosts: config.allowedHosts, trustProxy: config.trustProxy,
    // One process: a chat line sent over the socket is appended and relayed without an HTTP command (ADR 031).
    chatLines: chatLinePoster(commandDeps),
  });
  const port = await listen(server, config);
  lastRequestAt = performance.now();
  listening();
  const purge = setInterval(() => {
    const now = clock().getTime();
    // The timeouts in force: the site settings' (issue 29), else SESSION_IDLE_MINUTES/SESSION_ABSOLUTE_HOURS.
    const { idleMs, absoluteMs } = auth.policy();
    void sessions.purgeExpired(now - idleMs, now - absoluteMs).catch(() => {});
  }, 10 * 60_000);
  purge.unref();

  return {
    url: `http://127.0.0.1:${port}`,
    server,
    restored,
    snapshot: async () => (snapshots ? snapshots.writeNow() : null),
    /** The live ranking push's counts (the 10,000-socket soak reports them). */
    rankingPushCounts: realtime.rankingPushCounts,
    async close() {
      clearInterval(purge);
      await realtime.close();
      await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
      await commandSide.close();
      await projector.stop();
      // A clean stop leaves a snapshot at the last event: the next start catches up nothing.
      await snapshots?.close();
      await sessions.close();
      await docs.close();
      await store.close();
      await rateLimits.close();
    },
  };
}
