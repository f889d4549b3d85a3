import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { sessionStoreContract } from './contract.ts';
import { connectPostgresSessionStore } from './postgres.ts';

const available = postgresAvailable('postgres session store');

describe.skipIf(!available)('PostgreSQL session store', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  sessionStoreContract('postgresql', async () => {
    const url = await cluster.createDatabase(`sessions_${randomUUID().replaceAll('-', '')}`);
    const fixture = {
      store: await connectPostgresSessionStore(url),
      reopen: () => connectPostgresSessionStore(url),
      cleanup: async () => { await fixture.store.close().catch(() => {}); },
    };
    return fixture;
  });
});
