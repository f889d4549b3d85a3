/**
 * Two projector processes on one PostgreSQL (ADR 024): one active under the lease, the other standing
 * by; `kill -9` of the active one under write load — the standby takes over within 5 s, every event
 * is applied once (each user once in `users`, the checkpoint at the head), nothing acknowledged lost.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgresEventStore, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { CHECKPOINTS, OUTBOX, PROJECTOR_ID, USERS, allReadModels, connectPostgresDocStore, createMemoryDocStore, rebuildReadModels, snapshotReadModels, type CheckpointDoc, type CollectionImage, type OutboxDoc, type PostgresDocStore } from '@phonemarket/projector';
import { PROJECTOR_LEASE, runPostgresProjector } from '../projector/src/postgresProjector.ts';
import { startService, testSecret, type RunningService } from './support/services.ts';

const available = postgresAvailable('postgres projectors');

describe.skipIf(!available)('projectors on PostgreSQL: one active, a standby takes over', () => {
  let cluster: PostgresCluster;
  let store: EventStore;
  let docs: PostgresDocStore;
  const projectors: RunningService[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    cluster = await startPostgres();
    const eventsUrl = await cluster.createDatabase('events');
    const readModelsUrl = await cluster.createDatabase('read_models');
    env = { EVENT_STORE_URL: eventsUrl, READ_MODELS_URL: readModelsUrl, SESSION_SECRET: testSecret(), DATA_DIR: '/nonexistent-not-used' };
    store = await connectPostgresEventStore(eventsUrl);
    docs = await connectPostgresDocStore(readModelsUrl);
  });
  afterAll(async () => {
    await Promise.all(projectors.map((p) => p.stop()));
    await store?.close();
    await docs?.close();
    await cluster?.stop();
  });

  let users = 0;
  const metadata = () => ({ actor: { userId: null, role: 'guest' as const }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() });
  /** Registers `n` users; with `suspend`, each is suspended in the same append (an outbox message to the admins' room). */
  async function registerUsers(n: number, into: EventStore = store, suspend = false): Promise<void> {
    for (let i = 0; i < n; i++) {
      const userId = `u${++users}`;
      const events = [toNewEvent({
        type: 'UserRegistered',
        data: { userId, email: `${userId}@example.kr`, firstName: '민수', lastName: '김', role: 'user', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', demo: false },
      }, randomUUID(), metadata())];
      if (suspend) events.push(toNewEvent({ type: 'UserSuspended', data: { userId, reason: null } }, randomUUID(), metadata()));
      await into.append(streams.user(userId), events, { expectedRevision: 'no_stream' });
    }
  }
  const checkpoint = async () => BigInt((await docs.collection<CheckpointDoc>(CHECKPOINTS).get(PROJECTOR_ID))?.position ?? '0');
  async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const started = Date.now();
    while (!(await condition())) {
      if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Date.now() - started;
  }

  it('refuses read models past the log\'s head (a log that lost its last events, ADR 029) and says to rebuild', async () => {
    const readModelsUrl = await cluster.createDatabase('read_models_ahead');
    const ahead = await connectPostgresDocStore(readModelsUrl);
    try {
      // An empty log, read models that applied up to position 1,000.
      await ahead.commitChanges({ dropped: false, docs: new Map([[CHECKPOINTS, new Map([[PROJECTOR_ID, { _id: PROJECTOR_ID, position: '1000' }]])]]), indexes: new Map() });
      // Spawned directly: it may exit before a readiness poll sees it standing by; 'close' waits for its output too.
      const child = spawn(process.execPath, ['projector/src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env, EVENT_STORE_URL: await cluster.createDatabase('events_behind'), READ_MODELS_URL: readModelsUrl },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => { output += d; });
      child.stderr.on('data', (d: Buffer) => { output += d; });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
      clearTimeout(timer);
      expect(code, output).toBe(1);
      expect(output).toMatch(/read models are at position 1000, past the event log's head 0.*projections:rebuild/);
      expect(output).not.toMatch(/projector active/);
    } finally {
      await ahead.close();
    }
  });

  /** Each collection's documents in `_id` order and its indexes by name (empty collections left out). */
  const held = (images: readonly CollectionImage[]) => Object.fromEntries(images
    .filter((image) => image.docs.length > 0 || image.indexes.length > 0)
    .map((image) => [image.name, {
      docs: [...image.docs].sort((a, b) => (a._id < b._id ? -1 : 1)),
      indexes: [...image.indexes].sort((a, b) => (a.name < b.name ? -1 : 1)),
    }]));

  it('a warm standby is current before the lease, takes over without a full load, and then holds what PostgreSQL holds and a rebuild gives; every event and outbox message once', async () => {
    const eventsUrl = await cluster.createDatabase('events_warm');
    const readModelsUrl = await cluster.createDatabase('read_models_warm');
    const writer = await connectPostgresEventStore(eventsUrl);
    const reader = await connectPostgresDocStore(readModelsUrl);
    const connections: { close(): Promise<void> }[] = [writer, reader];
    const fatal: string[] = [];
    const start = async () => {
      const [own, docsOf] = [await connectPostgresEventStore(eventsUrl), await connectPostgresDocStore(readModelsUrl)];
      connections.push(own, docsOf);
      return runPostgresProjector({ store: own, docs: docsOf, readModels: allReadModels, log: () => {}, onFatal: (reason) => fatal.push(reason) });
    };
    const committedAtHead = async () => BigInt((await reader.collection<CheckpointDoc>(CHECKPOINTS).get(PROJECTOR_ID))?.position ?? '0') === (await writer.headPosition());
    try {
      const first = await start();
      const old = await first.active;
      expect(first.fullLoads()).toBe(1);
      await registerUsers(60, writer, true);
      await until(committedAtHead, 20_000);

      // A standby started after many commits holds them all, and keeps up while it waits.
      const second = await start();
      expect((await second.warm).documents).toBeGreaterThanOrEqual(60);
      await registerUsers(20, writer, true);
      await until(committedAtHead, 20_000);
      await until(async () => isDeepStrictEqual(held(second.images()), held(await reader.images())), 10_000).catch(() => {}); // the expect below says what differs
      expect(held(second.images())).toEqual(held(await reader.images()));

      // The handover under writes: the old one stops (its last batch committed, the lease given up) while users keep coming.
      const writing = registerUsers(60, writer, true);
      await until(async () => (await reader.collection(USERS).count()) > 100, 20_000);
      await first.stop();
      const active = await second.active;
      await writing;
      await until(committedAtHead, 20_000);
      await until(async () => active.position() === (await writer.headPosition()), 10_000);

      // No full load at takeover: only what was committed since the standby's last step.
      const takeover = second.takeover();
      expect(takeover).toMatchObject({ fullLoad: false });
      expect(second.fullLoads()).toBe(1);
      expect(takeover!.documents).toBeLessThan(100);
      // Every event applied once, by one or the other (each user registered and suspended: two events).
      expect(old.eventsApplied() + active.eventsApplied()).toBe(2 * 140);
      expect(fatal).toEqual([]);

      // The new active one's working set is what PostgreSQL holds, every collection, and what a rebuild gives.
      const inMemory = second.images();
      expect(held(inMemory)).toEqual(held(await reader.images()));
      const rebuilt = createMemoryDocStore();
      await rebuildReadModels(writer, rebuilt, allReadModels);
      const asActive = createMemoryDocStore();
      asActive.restore(inMemory);
      expect(await snapshotReadModels(asActive, allReadModels)).toEqual(await snapshotReadModels(rebuilt, allReadModels));
      expect(await asActive.collection(USERS).count()).toBe(140);
      // One outbox message per suspension, each once (by the event's position), none lost across the handover.
      const outbox = await reader.collection<OutboxDoc>(OUTBOX).find({}, { sort: { position: 1, seq: 1 } });
      expect(outbox.filter((m) => m.topic === 'adminUserChanged')).toHaveLength(140);
      expect(new Set(outbox.map((m) => m.position)).size).toBe(outbox.length);
      await second.stop();
    } finally {
      for (const c of connections) await c.close().catch(() => {});
    }
  });

  /** The real store, with `changesSince` and `snapshot` failing while `fail` says so (a connection lost at the wrong moment). */
  function failingWhen(real: PostgresDocStore, fail: { changesSince: number; snapshot: number }): PostgresDocStore {
    return new Proxy(real, {
      get(target, prop) {
        if ((prop === 'changesSince' || prop === 'snapshot') && fail[prop] > 0) {
          return async () => { fail[prop]--; throw new Error(`${prop}: connection lost (test)`); };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  it('a standby whose catch-up fails at takeover loads everything instead; when that fails too it gives the lease up and says why (it held it and projected nothing)', async () => {
    const eventsUrl = await cluster.createDatabase('events_takeover_fails');
    const readModelsUrl = await cluster.createDatabase('read_models_takeover_fails');
    const writer = await connectPostgresEventStore(eventsUrl);
    const connections: { close(): Promise<void> }[] = [writer];
    const fatal: string[] = [];
    const start = async (fail: { changesSince: number; snapshot: number }) => {
      const [own, docsOf] = [await connectPostgresEventStore(eventsUrl), await connectPostgresDocStore(readModelsUrl)];
      connections.push(own, docsOf);
      return runPostgresProjector({ store: own, docs: failingWhen(docsOf, fail), readModels: allReadModels, log: () => {}, onFatal: (reason) => fatal.push(reason) });
    };
    try {
      await registerUsers(5, writer);
      // Held by another until the standby is warm, so its takeover catches up from its last step.
      expect(await writer.leases.claim(PROJECTOR_LEASE, 'blocker', 10_000)).toBe(true);
      const once = { changesSince: 0, snapshot: 0 };
      const recovering = await start(once);
      await recovering.warm;
      // From now on every catch-up fails (the standby's own steps too, which only log and try again).
      once.changesSince = Infinity;
      await writer.leases.release(PROJECTOR_LEASE, 'blocker');
      const active = await recovering.active;
      expect(recovering.takeover()).toMatchObject({ fullLoad: true });
      expect(recovering.fullLoads()).toBe(2);
      await until(async () => active.position() === (await writer.headPosition()), 10_000);
      expect(fatal).toEqual([]);
      await recovering.stop();

      // Both ways fail: before, it kept renewing the lease it could not use, and no standby could ever take over.
      const always = { changesSince: 0, snapshot: 0 };
      expect(await writer.leases.claim(PROJECTOR_LEASE, 'blocker', 10_000)).toBe(true);
      const failing = await start(always);
      await failing.warm;
      always.changesSince = Infinity;
      always.snapshot = Infinity;
      await writer.leases.release(PROJECTOR_LEASE, 'blocker');
      await expect(failing.active).rejects.toThrow(/connection lost/);
      expect(fatal).toEqual(['could not become active after taking the lease']);
      expect(await writer.leases.claim(PROJECTOR_LEASE, 'next', 10_000)).toBe(true);
      await writer.leases.release(PROJECTOR_LEASE, 'next');
      await failing.stop();
    } finally {
      for (const c of connections) await c.close().catch(() => {});
    }
  });

  it('applies everything once across a kill -9 of the active projector', async () => {
    for (let i = 0; i < 2; i++) {
      projectors.push(await startService('projector/src/main.ts', env, { http: false, readyWhen: /standing by/ }));
    }
    await until(async () => projectors.some((p) => /projector active/.test(p.output())), 10_000);
    const [active, standby] = /projector active/.test(projectors[0]!.output()) ? [projectors[0]!, projectors[1]!] : [projectors[1]!, projectors[0]!];
    expect(standby.output()).not.toMatch(/projector active/);

    await registerUsers(50);
    await until(async () => (await checkpoint()) === (await store.headPosition()), 10_000);
    expect(await docs.collection(USERS).count()).toBe(50);

    // Under write load: kill the active one mid-stream, keep appending.
    const writing = registerUsers(150);
    await until(async () => (await docs.collection(USERS).count()) > 60, 10_000);
    const killedAt = Date.now();
    active.child.kill('SIGKILL');
    await writing;
    await until(async () => /projector active/.test(standby.output()), 5_000).catch((error: unknown) => { throw new Error(`standby did not take over:\n${standby.output()}`, { cause: error }); });
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThan(5_000);
    console.log(`[postgres projectors] standby active ${tookOverMs} ms after kill -9 of the active one: ${/projector active.*/.exec(standby.output())?.[0]}`);
    // Warm: it held the read models before the lease and brought in only what was committed since.
    expect(standby.output()).toMatch(/projector read models in memory: \d+ documents[\s\S]*projector lease taken/);
    expect(standby.output()).toMatch(/projector active from position \d+ \(warm takeover: \d+ documents committed since brought in/);
    await until(async () => (await checkpoint()) === (await store.headPosition()), 15_000);

    const stored = await docs.collection(USERS).find({}, { sort: { _id: 1 } });
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((d) => d._id)).size).toBe(200);
    expect(standby.output()).not.toMatch(/batch not committed|failed/);
  });
});
