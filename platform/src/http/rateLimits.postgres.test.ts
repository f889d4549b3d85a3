import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { consumeOrRefuse, openRateLimits } from './rateLimits.ts';

const available = postgresAvailable('postgres rate limits');

describe.skipIf(!available)('rate limits on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  // Every command-api opens them at its start; on a fresh database two instances raced to create the
  // table and one exited with 'type "rate_limits" already exists' (tests/postgresTopology, stop 50).
  it('eight instances starting together on a fresh database share one table and one count', async () => {
    // Ten fresh databases: one race alone is lost only some of the time.
    for (let round = 0; round < 10; round++) {
      const url = await cluster.createDatabase(`limits_${randomUUID().replaceAll('-', '')}`);
      const instances = await Promise.all(Array.from({ length: 8 }, () => openRateLimits({ postgresUrl: url })));
      try {
        const rule = { name: 'test-rule', points: 2, durationSeconds: 60 };
        const tooMany = (s: number) => `${s}초 후 다시 시도해주세요.`;
        await consumeOrRefuse(instances[0]!.limiter(rule), 'k', tooMany);
        await consumeOrRefuse(instances[7]!.limiter(rule), 'k', tooMany);
        await expect(consumeOrRefuse(instances[3]!.limiter(rule), 'k', tooMany)).rejects.toMatchObject({ status: 429 });
      } finally {
        await Promise.all(instances.map((limits) => limits.close()));
      }
    }
  });
});
