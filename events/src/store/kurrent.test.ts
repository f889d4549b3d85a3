/**
 * Runs the event store contract against a throwaway KurrentDB container.
 * Skipped (and says why) when no Docker engine answers quickly.
 */
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { probeDocker } from '../testing/docker.ts';
import { eventStoreContract } from './contract.ts';
import { connectKurrentEventStore } from './kurrent.ts';

const IMAGE = process.env.KURRENTDB_TEST_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';

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
