import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteEventStore, readOfTypes, TYPES_READ_ACROSS_THE_LOG } from './sqlite.ts';
import { WrongExpectedVersionError, type EventStore, type NewEvent, type RecordedEvent } from './types.ts';

async function tempFile(): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'event-store-'));
  return { path: join(dir, 'events.sqlite'), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

eventStoreContract('sqlite', async () => {
  const { path, cleanup } = await tempFile();
  return { store: openSqliteEventStore(path), reopen: async () => openSqliteEventStore(path), cleanup };
});

describe('sqlite event store', () => {
  let path: string;
  let cleanup: () => Promise<void>;
  let store: EventStore;

  beforeEach(async () => {
    ({ path, cleanup } = await tempFile());
    store = openSqliteEventStore(path);
  });

  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  it('a start\'s reads of a few types across the log are looked up in their partial index, not scanned; other types scan; the index follows its list (s57)', async () => {
    const meta = { actor: { userId: null, role: 'guest' as const }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() };
    const timer: NewEvent = { id: randomUUID(), type: 'ProcessTimerScheduled', data: { n: 1 }, metadata: meta };
    const viewed: NewEvent = { id: randomUUID(), type: 'ProductViewed', data: { n: 2 }, metadata: meta };
    await store.append('a-1', [viewed, timer], { expectedRevision: 'no_stream' });
    expect((await store.readAll({ types: ['ProcessTimerScheduled', 'ProcessFailed'] })).map((e) => e.id)).toEqual([timer.id]);
    expect((await store.readAll({ types: ['ProductViewed', 'ProcessTimerScheduled'] })).map((e) => e.id)).toEqual([viewed.id, timer.id]);
    const db = new DatabaseSync(path);
    try {
      const plan = (types: readonly string[]) => (db.prepare(`EXPLAIN QUERY PLAN ${readOfTypes(types)}`).all(0, ...types, -1) as { detail: string }[]).map((r) => r.detail).join('; ');
      expect(plan(['ProcessTimerScheduled', 'ProcessTimerFired', 'ProcessFailed'])).toMatch(/USING (COVERING )?INDEX events_read_across/);
      expect(plan(TYPES_READ_ACROSS_THE_LOG)).toMatch(/INDEX events_read_across/);
      expect(plan(['ProductViewed', 'ProcessTimerScheduled'])).not.toMatch(/events_read_across/);
      // An index made for another list (an older version's) is made again at the next open.
      db.exec("DROP INDEX events_read_across; CREATE INDEX events_read_across ON events (type) WHERE type IN ('ProcessFailed')");
    } finally {
      db.close();
    }
    await openSqliteEventStore(path).close();
    const reopened = new DatabaseSync(path, { readOnly: true });
    try {
      const { sql } = reopened.prepare(`SELECT sql FROM sqlite_master WHERE name = 'events_read_across'`).get() as { sql: string };
      for (const type of TYPES_READ_ACROSS_THE_LOG) expect(sql).toContain(`'${type}'`);
    } finally {
      reopened.close();
    }
  });

  it('a live subscriber is handed an append before the I/O waiting behind it (issue 36: the runner acts within the request\'s turn)', async () => {
    const subscription = store.subscribeToAll();
    const order: string[] = [];
    const first = subscription[Symbol.asyncIterator]().next();
    // Caught up and asleep: an append wakes it; it must not wait for the next turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const event: NewEvent = {
      id: randomUUID(), type: 'Written', data: {},
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
    };
    setImmediate(() => order.push('next turn'));
    void first.then(() => order.push('subscriber'));
    await store.append('live-1', [event], { expectedRevision: 'no_stream' });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['subscriber', 'next turn']);
    await subscription.close();
  });

  it('appends several streams in one transaction, all or none (issue 42): a stream not at its revision, or an id stored already, appends nothing', async () => {
    const event = (id: string = randomUUID()): NewEvent => ({
      id, type: 'Written', data: { n: 1 },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at: new Date(0).toISOString() },
    });
    await store.append('b', [event()], { expectedRevision: 'no_stream' });
    const results = await store.appendStreams!([{ stream: 'a', events: [event(), event()], expectedRevision: 'no_stream' }, { stream: 'b', events: [event()], expectedRevision: 0n }]);
    expect(results.map((r) => r.nextRevision)).toEqual([1n, 1n]);
    expect((await store.readAll()).map((e) => [e.stream, e.revision])).toEqual([['b', 0n], ['a', 0n], ['a', 1n], ['b', 1n]]);
    const head = await store.headPosition();
    await expect(store.appendStreams!([{ stream: 'c', events: [event()], expectedRevision: 'no_stream' }, { stream: 'b', events: [event()], expectedRevision: 0n }])).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const stored = (await store.readStream('a'))[0]!.id;
    await expect(store.appendStreams!([{ stream: 'c', events: [event()], expectedRevision: 'no_stream' }, { stream: 'd', events: [event(stored)], expectedRevision: 'no_stream' }])).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.headPosition()).toBe(head);
    expect(await store.readStream('c')).toEqual([]);
  });

  it('reads many streams in one query (issue 42), each as readStream answers it: from any revision, kept or not, asked twice, never written', async () => {
    const other = openSqliteEventStore(path);
    const event = (n: number): NewEvent => ({
      id: randomUUID(), type: 'Written', data: { n },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at: new Date(0).toISOString() },
    });
    const shape = (events: RecordedEvent[]) => events.map((e) => [e.stream, e.revision, (e.data as { n: number }).n]);
    try {
      await store.append('x', [event(0), event(1), event(2)], { expectedRevision: 'no_stream' });
      await store.append('y', [event(10), event(11)], { expectedRevision: 'no_stream' });
      await store.append('z', [event(20)], { expectedRevision: 'no_stream' });
      await store.readStream('y'); // y is kept, x and z are not
      const reads = [{ stream: 'x', from: 1n }, { stream: 'y' }, { stream: 'never' }, { stream: 'x' }, { stream: 'z', from: 5n }];
      const answered = await store.readStreams!(reads);
      expect(answered.map(shape)).toEqual([[['x', 1n, 1], ['x', 2n, 2]], [['y', 0n, 10], ['y', 1n, 11]], [], [['x', 0n, 0], ['x', 1n, 1], ['x', 2n, 2]], []]);
      for (const [i, read] of reads.entries()) expect(answered[i]).toEqual(await store.readStream(read.stream, read.from === undefined ? {} : { from: read.from }));
      // Appended by another connection after the streams were kept: read too; the answers are the caller's own arrays.
      answered[1]!.pop();
      await other.append('y', [event(12)], { expectedRevision: 1n });
      await other.append('x', [event(3)], { expectedRevision: 2n });
      expect((await store.readStreams!([{ stream: 'y', from: 1n }, { stream: 'x', from: 3n }])).map(shape)).toEqual([[['y', 1n, 11], ['y', 2n, 12]], [['x', 3n, 3]]]);
      expect(await store.readStreams!([])).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('a store that commits often has its WAL checkpointed by a worker, not by its commits (ADR 031, s52), and closes it', async () => {
    const text = '가'.repeat(1_500); // 4.5 kB of JSON an event: 128 of them are ~400 WAL pages, under SQLite's own 1,000-page checkpoint
    const databaseBytes = () => statSync(path).size;
    const before = databaseBytes();
    for (let n = 0; n < 128; n++) {
      await store.append(`wal-${n % 5}`, [{
        id: randomUUID(), type: 'Written', data: { n, text },
        metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
      }], { expectedRevision: n < 5 ? 'no_stream' : BigInt(Math.floor(n / 5) - 1) });
    }
    // The events reach the database file with no commit since, so a checkpoint other than the writer's moved them.
    await expect.poll(databaseBytes, { timeout: 5_000 }).toBeGreaterThan(before + 500_000);
    await store.close();
    expect(existsSync(`${path}-wal`)).toBe(false); // the worker's connection closed first: the store's close was the last, which removes the WAL
    store = openSqliteEventStore(path);
    expect((await store.readAll()).length).toBe(128);
  });

  it('closing a store whose WAL worker runs finishes, in a process with nothing else to wait for (what follows the close still runs)', async () => {
    const script = `
      import { randomUUID } from 'node:crypto';
      import { openSqliteEventStore } from ${JSON.stringify(fileURLToPath(new URL('./sqlite.ts', import.meta.url)))};
      const store = openSqliteEventStore(${JSON.stringify(`${path}.own`)});
      const metadata = { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() };
      for (let n = 0; n < 70; n++) await store.append('s', [{ id: randomUUID(), type: 'Written', data: { n }, metadata }], { expectedRevision: n === 0 ? 'no_stream' : BigInt(n - 1) });
      await store.close();
      console.log('after close');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(stdout).toContain('after close');
  });

  it('starts empty at position 0', async () => {
    expect(await store.headPosition()).toBe(0n);
    expect(await store.readAll()).toEqual([]);
  });

  it('live subscribers share the events just appended (issue 44: not read back, nor parsed, once per subscriber), each in order and once, as stored', async () => {
    const projector = store.subscribeToAll();
    const runner = store.subscribeToAll();
    const other = openSqliteEventStore(path);
    const event = (n: number): NewEvent => ({
      id: randomUUID(), type: 'Written', data: { n, absent: undefined, text: '한글 "줄"' },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
    });
    const take = async (subscription: typeof projector, count: number) => {
      const got: RecordedEvent[] = [];
      for await (const e of subscription) if (got.push(e) === count) break;
      return got;
    };
    try {
      const seen = Promise.all([take(projector, 7), take(runner, 7)]);
      await store.append('one', [event(0)], { expectedRevision: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      await store.append('one', [event(1), event(2)], { expectedRevision: 0n });
      // Another connection (another process) in between: read from the table, never skipped.
      await other.append('two', [event(3)], { expectedRevision: 'no_stream' });
      await store.append('one', [event(4)], { expectedRevision: 2n });
      await store.append('two', [event(5), event(6)], { expectedRevision: 0n });
      const [first, second] = await seen;
      const stored = await store.readAll();
      expect(first).toEqual(stored);
      expect(second).toEqual(stored);
      expect(first.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      // The same frozen objects: one read (or none) and one parse for both subscribers.
      expect(first.every((e, i) => e === second[i] && Object.isFrozen(e))).toBe(true);
    } finally {
      await projector.close();
      await runner.close();
      await other.close();
    }
  });

  it('a stream kept whole takes this connection\'s appends (issue 44: not read back), and still reads what another connection appends', async () => {
    const other = openSqliteEventStore(path);
    const event = (n: number): NewEvent => ({
      id: randomUUID(), type: 'Written', data: { n },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
    });
    try {
      await store.append('tip', [event(0)], { expectedRevision: 'no_stream' });
      expect((await store.readStream('tip')).map((e) => e.data)).toEqual([{ n: 0 }]);
      expect(await store.readStream('tip', { from: 1n })).toEqual([]);
      await store.append('tip', [event(1)], { expectedRevision: 0n });
      expect((await store.readStream('tip', { from: 1n })).map((e) => e.data)).toEqual([{ n: 1 }]);
      expect(await store.readStream('tip', { from: 2n })).toEqual([]);
      // Another connection appends to the same stream, then this one again: the kept events do not skip the other's.
      await other.append('tip', [event(2)], { expectedRevision: 1n });
      await store.append('tip', [event(5)], { expectedRevision: 2n });
      expect((await store.readStream('tip', { from: 2n })).map((e) => e.data)).toEqual([{ n: 2 }, { n: 5 }]);
      await store.append('elsewhere', [event(3)], { expectedRevision: 'no_stream' });
      await other.append('elsewhere', [event(4)], { expectedRevision: 0n });
      expect((await store.readStream('elsewhere', { from: 1n })).map((e) => e.data)).toEqual([{ n: 4 }]);
      expect((await store.readStream('tip')).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
    } finally {
      await other.close();
    }
  });

  it('an append at the revision a kept stream ends at (its tip not read: ADR 031 s53) conflicts when another connection took the next one, and writes nothing', async () => {
    const other = openSqliteEventStore(path);
    const event = (n: number): NewEvent => ({
      id: randomUUID(), type: 'Written', data: { n },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
    });
    try {
      await store.append('kept', [event(0)], { expectedRevision: 'no_stream' });
      await store.append('kept', [event(1)], { expectedRevision: 0n });
      expect((await store.readStream('kept')).map((e) => e.revision)).toEqual([0n, 1n]);
      await other.append('kept', [event(2)], { expectedRevision: 1n });
      await expect(store.append('kept', [event(3)], { expectedRevision: 1n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append('kept', [event(4), event(5)], { expectedRevision: 1n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      // Read again, the kept stream ends at the other's event; an append there goes through.
      expect((await store.readStream('kept')).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
      await store.append('kept', [event(6)], { expectedRevision: 2n });
      expect((await other.readStream('kept')).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 6 }]);
    } finally {
      await other.close();
    }
  });

  it('reads a stream as it is now after reading it before: events another connection appended too; the answer is the caller’s own array', async () => {
    const other = openSqliteEventStore(path);
    const event = (): NewEvent => ({
      id: randomUUID(), type: 'Written', data: { n: 1 },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
    });
    try {
      await store.append('again', [event()], { expectedRevision: 'no_stream' });
      const first = await store.readStream('again');
      first.pop();
      await other.append('again', [event(), event()], { expectedRevision: 0n });
      const now = await store.readStream('again');
      expect(now.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      expect(now).toEqual(await other.readStream('again'));
      expect(await store.readStream('never-written')).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('a subscriber whose store never appends still sees another connection\'s appends (the separate-services projector polls what command-api writes)', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll();
    const consuming = (async () => {
      for await (const event of subscription) {
        seen.push(event);
        if (seen.length === 2) break;
      }
    })();
    // Let it read the empty log and poll again at least once before the other connection writes:
    // an empty answer kept for "no commit here since" hid every later poll's events (stop 50's CI).
    await delay(500);
    const writer = openSqliteEventStore(path);
    try {
      await writer.append('elsewhere', [written(), written()], { expectedRevision: 'no_stream' });
      await expect.poll(() => seen.length, { timeout: 10_000, interval: 20 }).toBe(2);
      await consuming;
      expect(seen.map((e) => [e.stream, e.revision])).toEqual([['elsewhere', 0n], ['elsewhere', 1n]]);
    } finally {
      await writer.close();
    }
  });

  it('stays consistent with a second process writing the same file, and subscribers see its events', async () => {
    const stream = 'shared';
    const perWriter = 200;
    const subscription = store.subscribeToAll();
    const seen: RecordedEvent[] = [];
    const consuming = (async () => {
      for await (const event of subscription) {
        seen.push(event);
        if (seen.length === 2 * perWriter) break;
      }
    })();

    const child = runChildWriter(path, stream, perWriter);
    // Start once the child is writing, so both processes really contend for the file.
    await waitFor(async () => (await store.readStream(stream)).length > 0);
    const ownIds = await appendWithRetry(store, stream, perWriter);
    const childIds = await child;
    await consuming;

    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.revision)).toEqual(Array.from({ length: 2 * perWriter }, (_, i) => BigInt(i)));
    expect(new Set(stored.map((e) => e.id))).toEqual(new Set([...childIds, ...ownIds]));
    expect(seen).toEqual(stored);
    // The writers' events interleave: the test exercised two processes at once.
    const writers = stored.map((e) => JSON.stringify(e.data));
    const switches = writers.filter((w, i) => i > 0 && w !== writers[i - 1]).length;
    expect(switches).toBeGreaterThan(10);
  });
});

/** Read-decide-append loop, retrying on conflicts. Returns the ids it appended. */
async function appendWithRetry(store: EventStore, stream: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const last = (await store.readStream(stream)).at(-1);
    const event: NewEvent = {
      id: randomUUID(),
      type: 'Written',
      data: { by: process.pid },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
    };
    try {
      await store.append(stream, [event], { expectedRevision: last?.revision ?? 'no_stream' });
      ids.push(event.id);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
    // Pause so the other process gets the write lock in between.
    await delay(1);
  }
  return ids;
}

/** Runs appendWithRetry in a separate Node process (native type stripping) and returns its ids. */
async function runChildWriter(path: string, stream: string, count: number): Promise<string[]> {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const script = `
    import { openSqliteEventStore } from ${JSON.stringify(join(here, 'sqlite.ts'))};
    import { WrongExpectedVersionError } from ${JSON.stringify(join(here, 'types.ts'))};
    import { randomUUID } from 'node:crypto';
    const store = openSqliteEventStore(${JSON.stringify(path)});
    const ids = [];
    while (ids.length < ${count}) {
      const last = (await store.readStream(${JSON.stringify(stream)})).at(-1);
      const id = randomUUID();
      const metadata = { actor: { userId: null, role: 'guest' }, correlationId: id, causationId: null, at: new Date(0).toISOString() };
      try {
        await store.append(${JSON.stringify(stream)}, [{ id, type: 'Written', data: { by: process.pid }, metadata }],
          { expectedRevision: last?.revision ?? 'no_stream' });
        ids.push(id);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await store.close();
    console.log(JSON.stringify(ids));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 20_000 });
  const ids: unknown = JSON.parse(stdout);
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw new Error(`child wrote ${stdout}`);
  return ids;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(2);
  }
}

function written(): NewEvent {
  return {
    id: randomUUID(), type: 'Written', data: { by: 'another connection' },
    metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at: new Date(0).toISOString() },
  };
}
