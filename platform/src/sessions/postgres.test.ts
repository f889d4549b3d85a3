import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  // Every service connects at its start; on a fresh database they raced to create the table and
  // one lost with "type sessions already exists" (CI, tests/postgresTopology).
  it('creates its table once when eight processes start together on a fresh database', async () => {
    // Five fresh databases: one race alone is lost only about a third of the time.
    for (let round = 0; round < 5; round++) {
      const url = await cluster.createDatabase(`sessions_${randomUUID().replaceAll('-', '')}`);
      const stores = await Promise.all(Array.from({ length: 8 }, () => connectPostgresSessionStore(url)));
      try {
        await stores[0]!.create({ key: 'k1', user: { id: 'u1', email: 'minsu@example.com', firstName: '민수', lastName: '김', role: 'user' }, createdAt: 1, lastSeenAt: 1 });
        expect((await stores[7]!.get('k1'))?.user.id).toBe('u1');
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    }
  });
});
