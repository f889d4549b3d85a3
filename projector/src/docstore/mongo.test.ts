/**
 * Runs the DocStore contract against a real MongoDB 7 in a throwaway container.
 * Without a reachable Docker engine the suite is skipped, and says why.
 */
import { randomUUID } from 'node:crypto';
import { GenericContainer, Wait } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { probeDocker } from '@phonemarket/events/testing/docker.ts';
import { docStoreContract } from './contract.ts';
import { connectMongoDocStore } from './mongo.ts';

const docker = await probeDocker();
if (!docker.ok) console.warn(`[mongo contract] skipped: no Docker engine reachable (${docker.reason})`);

describe.skipIf(!docker.ok)('MongoDB adapter (testcontainers mongo:7)', () => {
  let container: StartedTestContainer | undefined;
  let url = '';

  beforeAll(async () => {
    container = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forAll([Wait.forListeningPorts(), Wait.forLogMessage(/Waiting for connections/)]))
      .start();
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  });
  afterAll(async () => {
    await container?.stop();
  });

  // A fresh database per test keeps tests independent without restarting the container.
  docStoreContract('mongo', async () => {
    const store = await connectMongoDocStore(url, `contract_${randomUUID().replaceAll('-', '')}`);
    return {
      store,
      cleanup: async () => {
        await store.dropAll();
        await store.close();
      },
    };
  });
});
