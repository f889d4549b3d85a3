/**
 * Runs the event store contract against a throwaway KurrentDB container.
 * Skipped (and says why) when no Docker engine answers quickly.
 */
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { connectKurrentEventStore } from './kurrent.ts';

const IMAGE = process.env.KURRENTDB_TEST_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';
const PROBE_TIMEOUT_MS = 1_000;

type Probe = { ok: true } | { ok: false; reason: string };

/** Where the engine would listen: DOCKER_HOST if set, else the usual socket paths. */
function dockerEndpoints(): ({ socketPath: string } | { host: string; port: number })[] {
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost?.startsWith('unix://')) return [{ socketPath: dockerHost.slice('unix://'.length) }];
  if (dockerHost?.startsWith('tcp://')) {
    const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
    return [{ host: url.hostname, port: Number(url.port || 2375) }];
  }
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  return [
    '/var/run/docker.sock',
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock')] : []),
    join(homedir(), '.docker/run/docker.sock'),
    join(homedir(), '.docker/desktop/docker.sock'),
  ]
    .filter((socketPath) => existsSync(socketPath))
    .map((socketPath) => ({ socketPath }));
}

/** GET /_ping with a short timeout: a socket file alone does not prove a live engine. */
function ping(endpoint: { socketPath: string } | { host: string; port: number }): Promise<Probe> {
  return new Promise((resolve) => {
    const req = request({ ...endpoint, path: '/_ping', timeout: PROBE_TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? { ok: true } : { ok: false, reason: `/_ping answered ${res.statusCode}` });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)));
    req.on('error', (error) => resolve({ ok: false, reason: error.message }));
    req.end();
  });
}

async function probeDocker(): Promise<Probe> {
  const endpoints = dockerEndpoints();
  if (endpoints.length === 0) return { ok: false, reason: 'DOCKER_HOST is unset and no docker.sock exists' };
  const reasons: string[] = [];
  for (const endpoint of endpoints) {
    const probe = await ping(endpoint);
    if (probe.ok) return probe;
    reasons.push(`${'socketPath' in endpoint ? endpoint.socketPath : `${endpoint.host}:${endpoint.port}`}: ${probe.reason}`);
  }
  return { ok: false, reason: reasons.join('; ') };
}

/** The server accepts gRPC a little after /health/live turns green. */
async function waitUntilReady(connectionString: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const store = await connectKurrentEventStore(connectionString);
    try {
      await store.headPosition();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await store.close();
    }
  }
}

const docker = await probeDocker();
if (!docker.ok) console.warn(`[kurrent contract] skipped: no Docker engine reachable (${docker.reason})`);

describe.skipIf(!docker.ok)('kurrentdb adapter', () => {
  let container: StartedTestContainer | undefined;
  let connectionString = '';

  beforeAll(async () => {
    // Loaded lazily so a skipped run does not pay for it.
    const { GenericContainer, Wait } = await import('testcontainers');
    const prefix = IMAGE.includes('eventstore/') ? 'EVENTSTORE' : 'KURRENTDB';
    container = await new GenericContainer(IMAGE)
      .withEnvironment({
        [`${prefix}_INSECURE`]: 'true',
        [`${prefix}_RUN_PROJECTIONS`]: 'None',
        [`${prefix}_MEM_DB`]: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
      .withStartupTimeout(120_000)
      .start();
    connectionString = `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    await waitUntilReady(connectionString);
  });

  afterAll(async () => {
    await container?.stop();
  });

  // One in-memory server for the whole suite; the contract isolates tests by stream name.
  eventStoreContract('kurrentdb', async () => ({
    store: await connectKurrentEventStore(connectionString),
    cleanup: async () => {},
  }));
});
