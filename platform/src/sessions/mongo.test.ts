import { randomUUID } from 'node:crypto';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { probeDocker } from '@phonemarket/events/testing/docker.ts';
import { sessionStoreContract } from './contract.ts';
import { connectMongoSessionStore } from './mongo.ts';

const docker = await probeDocker();
if (!docker.ok) console.warn(`[mongo session contract] skipped: no Docker engine reachable (${docker.reason})`);

describe.skipIf(!docker.ok)('MongoDB session store (testcontainers mongo:7)', () => {
  let container: StartedTestContainer | undefined;
  let url = '';
  beforeAll(async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forListeningPorts()).start();
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`;
  }, 180_000);
  afterAll(async () => { await container?.stop(); });

  sessionStoreContract('mongodb', async () => {
    const db = `sessions_${randomUUID().replaceAll('-', '')}`;
    const fixture = {
      store: await connectMongoSessionStore(url, db),
      reopen: () => connectMongoSessionStore(url, db),
      cleanup: async () => { await fixture.store.close().catch(() => {}); },
    };
    return fixture;
  });
});
