/**
 * The one behavioural contract every EventStore adapter must pass.
 *
 * Adapters may share one database between tests (KurrentDB in a container), so every
 * test uses fresh stream names and reads $all relative to the head it saw first.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  WrongExpectedVersionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './types.ts';

export interface ContractFixture {
  store: EventStore;
  /** Opens the same data again after `store.close()`; omit when the store cannot restart. */
  reopen?: () => Promise<EventStore>;
  cleanup: () => Promise<void>;
}

const WRITERS = 50;

export function eventStoreContract(name: string, open: () => Promise<ContractFixture>): void {
  describe(`event store contract: ${name}`, () => {
    let fixture: ContractFixture;
    /** The store under test; replaced by the restart test. */
    let store: EventStore;

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });

    afterEach(async () => {
      await store.close();
      await fixture.cleanup();
    });

    describe('expected revision', () => {
      it("'no_stream' creates a new stream at revision 0", async () => {
        const stream = newStream();
        const event = newEvent('Created', { n: 1, nested: { ok: true } });
        const result = await store.append(stream, [event], { expectedRevision: 'no_stream' });

        expect(result.nextRevision).toBe(0n);
        const [stored, ...rest] = await store.readStream(stream);
        expect(rest).toEqual([]);
        expect(stored).toEqual({ ...event, stream, revision: 0n, position: result.position });
        expect(result.position).toBeGreaterThan(0n);
      });

      it("'no_stream' on an existing stream is rejected and writes nothing", async () => {
        const stream = newStream();
        await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });

        await expectWrongVersion(store.append(stream, [newEvent()], { expectedRevision: 'no_stream' }), {
          stream,
          expected: 'no_stream',
          actual: 0n,
        });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it("'stream_exists' on a missing stream is rejected and creates nothing", async () => {
        const stream = newStream();
        await expectWrongVersion(store.append(stream, [newEvent()], { expectedRevision: 'stream_exists' }), {
          stream,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it("'stream_exists' on an existing stream appends", async () => {
        const stream = newStream();
        await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
        const result = await store.append(stream, [newEvent()], { expectedRevision: 'stream_exists' });

        expect(result.nextRevision).toBe(1n);
        expect(revisionsOf(await store.readStream(stream))).toEqual([0n, 1n]);
      });

      it("'any' appends to a missing and to an existing stream", async () => {
        const stream = newStream();
        const first = await store.append(stream, [newEvent()], { expectedRevision: 'any' });
        const second = await store.append(stream, [newEvent(), newEvent()], { expectedRevision: 'any' });

        expect(first.nextRevision).toBe(0n);
        expect(second.nextRevision).toBe(2n);
        expect(revisionsOf(await store.readStream(stream))).toEqual([0n, 1n, 2n]);
      });

      it('an exact revision equal to the last event appends', async () => {
        const stream = newStream();
        await store.append(stream, [newEvent(), newEvent()], { expectedRevision: 'no_stream' });
        const result = await store.append(stream, [newEvent()], { expectedRevision: 1n });

        expect(result.nextRevision).toBe(2n);
        expect(revisionsOf(await store.readStream(stream))).toEqual([0n, 1n, 2n]);
      });

      it('an exact revision behind or ahead of the stream is rejected', async () => {
        const stream = newStream();
        await store.append(stream, [newEvent(), newEvent()], { expectedRevision: 'no_stream' });

        await expectWrongVersion(store.append(stream, [newEvent()], { expectedRevision: 0n }), {
          stream,
          expected: 0n,
          actual: 1n,
        });
        await expectWrongVersion(store.append(stream, [newEvent()], { expectedRevision: 5n }), {
          stream,
          expected: 5n,
          actual: 1n,
        });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('an exact revision on a missing stream is rejected', async () => {
        const stream = newStream();
        await expectWrongVersion(store.append(stream, [newEvent()], { expectedRevision: 0n }), {
          stream,
          expected: 0n,
          actual: 'no_stream',
        });
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('append', () => {
      it('gives a batch consecutive revisions and increasing positions; the result names the last one', async () => {
        const stream = newStream();
        const batch = [newEvent('A'), newEvent('B'), newEvent('C')];
        const result = await store.append(stream, batch, { expectedRevision: 'no_stream' });

        const stored = await store.readStream(stream);
        expect(stored.map((e) => e.id)).toEqual(batch.map((e) => e.id));
        expect(revisionsOf(stored)).toEqual([0n, 1n, 2n]);
        expectStrictlyIncreasing(positionsOf(stored));
        expect(result).toEqual({ nextRevision: 2n, position: stored[2]?.position });
      });

      it('re-appending the same events with the same expected revision is a no-op', async () => {
        const stream = newStream();
        const batch = [newEvent(), newEvent()];
        const first = await store.append(stream, batch, { expectedRevision: 'no_stream' });
        const again = await store.append(stream, batch, { expectedRevision: 'no_stream' });
        expect(again).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(2);

        const next = [newEvent()];
        const third = await store.append(stream, next, { expectedRevision: 1n });
        const headBefore = await store.headPosition();
        expect(await store.append(stream, next, { expectedRevision: 1n })).toEqual(third);
        // The first batch is still recognised after the stream moved on.
        expect(await store.append(stream, batch, { expectedRevision: 'no_stream' })).toEqual(first);

        const stored = await store.readStream(stream);
        expect(stored.map((e) => e.id)).toEqual([...batch, ...next].map((e) => e.id));
        expect(await store.headPosition()).toBe(headBefore);
      });

      it('re-using stored event ids at another revision is rejected', async () => {
        const stream = newStream();
        const batch = [newEvent(), newEvent()];
        await store.append(stream, batch, { expectedRevision: 'no_stream' });
        const late = [newEvent()];
        await store.append(stream, late, { expectedRevision: 1n });

        // `late` sits at revision 2, but expected 0n implies revision 1.
        await expectWrongVersion(store.append(stream, late, { expectedRevision: 0n }), {
          stream,
          expected: 0n,
          actual: 2n,
        });
        expect(await store.readStream(stream)).toHaveLength(3);
      });
    });

    describe('readStream', () => {
      it('returns only that stream, in revision order', async () => {
        const stream = newStream();
        const other = newStream();
        const mine: NewEvent[] = [];
        for (let i = 0; i < 4; i++) {
          const event = newEvent('Numbered', { i });
          mine.push(event);
          await store.append(stream, [event], { expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1) });
          await store.append(other, [newEvent()], { expectedRevision: 'any' });
        }

        const stored = await store.readStream(stream);
        expect(stored.map((e) => e.id)).toEqual(mine.map((e) => e.id));
        expect(stored.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }, { i: 3 }]);
        expect(stored.every((e) => e.stream === stream)).toBe(true);
        expect(revisionsOf(stored)).toEqual([0n, 1n, 2n, 3n]);
        expectStrictlyIncreasing(positionsOf(stored));
      });

      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream(newStream())).toEqual([]);
        expect(await store.readStream(newStream(), { from: 3n })).toEqual([]);
      });

      it('reads from a revision on (inclusive), before and after the stream was read whole', async () => {
        const stream = newStream();
        for (let i = 0; i < 5; i++) await store.append(stream, [newEvent('Numbered', { i })], { expectedRevision: 'any' });
        expect(revisionsOf(await store.readStream(stream, { from: 3n }))).toEqual([3n, 4n]);
        expect(revisionsOf(await store.readStream(stream))).toEqual([0n, 1n, 2n, 3n, 4n]);
        await store.append(stream, [newEvent('Numbered', { i: 5 })], { expectedRevision: 4n });
        const tail = await store.readStream(stream, { from: 5n });
        expect(tail.map((e) => e.data)).toEqual([{ i: 5 }]);
        expect(await store.readStream(stream, { from: 6n })).toEqual([]);
        expect(revisionsOf(await store.readStream(stream, { from: 0n }))).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
      });
    });

    describe('leases (the process runner, ADR 022)', () => {
      it('one holder at a time: renewed by its holder, taken over once expired or released', async () => {
        const name = `lease-${randomUUID()}`;
        expect(await store.leases.claim(name, 'a', 60_000)).toBe(true);
        expect(await store.leases.claim(name, 'b', 60_000)).toBe(false);
        expect(await store.leases.claim(name, 'a', 60_000)).toBe(true);
        await store.leases.release(name, 'b');
        expect(await store.leases.claim(name, 'b', 60_000)).toBe(false);
        await store.leases.release(name, 'a');
        expect(await store.leases.claim(name, 'b', 1)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect(await store.leases.claim(name, 'a', 60_000)).toBe(true);
      });

      it('a checkpoint is saved by the holder only and read by anyone', async () => {
        const name = `lease-${randomUUID()}`;
        expect(await store.leases.checkpoint(name)).toBeNull();
        expect(await store.leases.claim(name, 'a', 60_000)).toBe(true);
        expect(await store.leases.saveCheckpoint(name, 'a', 42n)).toBe(true);
        expect(await store.leases.saveCheckpoint(name, 'b', 99n)).toBe(false);
        expect(await store.leases.checkpoint(name)).toBe(42n);
      });

      it('two claimants at once: exactly one wins', async () => {
        const name = `lease-${randomUUID()}`;
        const won = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => store.leases.claim(name, holder, 60_000)));
        expect(won.filter(Boolean)).toHaveLength(1);
      });
    });

    describe('readAll', () => {
      it('reads after a position (exclusive), in global order, with a limit', async () => {
        const start = await store.headPosition();
        const [a, b] = [newStream(), newStream()];
        const appended = await appendAlternating(store, [a, b], 6);

        const all = await store.readAll({ fromPosition: start });
        expect(all.map((e) => e.id)).toEqual(appended.map((e) => e.id));
        expectStrictlyIncreasing([start, ...positionsOf(all)]);
        expect(await store.headPosition()).toBe(all[5]?.position);

        const [, second] = all;
        if (!second) throw new Error(`expected 6 events, read ${all.length}`);
        expect(await store.readAll({ fromPosition: second.position })).toEqual(all.slice(2));
        expect(await store.readAll({ fromPosition: start, limit: 2 })).toEqual(all.slice(0, 2));
        expect(await store.readAll({ fromPosition: second.position, limit: 3 })).toEqual(all.slice(2, 5));
        expect(await store.readAll({ fromPosition: start, limit: 0 })).toEqual([]);
        expect(await store.readAll({ fromPosition: await store.headPosition() })).toEqual([]);
      });

      it('reads only the given event types, after a position, with a limit', async () => {
        const start = await store.headPosition();
        const stream = newStream();
        const events = [newEvent('Listed'), newEvent('Viewed'), newEvent('Listed'), newEvent('Priced'), newEvent('Viewed'), newEvent('Listed')];
        await store.append(stream, events, { expectedRevision: 'no_stream' });
        const all = await store.readAll({ fromPosition: start });
        const only = (...types: string[]) => all.filter((e) => types.includes(e.type));

        expect(await store.readAll({ fromPosition: start, types: ['Listed'] })).toEqual(only('Listed'));
        expect(await store.readAll({ fromPosition: start, types: ['Listed', 'Priced'] })).toEqual(only('Listed', 'Priced'));
        expect(await store.readAll({ fromPosition: only('Listed')[0]!.position, types: ['Listed'], limit: 1 })).toEqual(only('Listed').slice(1, 2));
        // A type is matched whole, never as a prefix or a pattern.
        expect(await store.readAll({ fromPosition: start, types: ['List'] })).toEqual([]);
        expect(await store.readAll({ fromPosition: start, types: ['Listed|Viewed'] })).toEqual([]);
        expect(await store.readAll({ fromPosition: start, types: [] })).toEqual([]);
      });

      it('reads from the beginning when no position is given', async () => {
        const appended = await appendAlternating(store, [newStream()], 2);
        const all = await store.readAll();
        expectStrictlyIncreasing(positionsOf(all));
        expect(all.slice(-2).map((e) => e.id)).toEqual(appended.map((e) => e.id));
        expect(await store.readAll({ limit: 1 })).toEqual(all.slice(0, 1));
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, then goes live, in global order with no gap and no duplicate', async () => {
        const start = await store.headPosition();
        const before = await appendAlternating(store, [newStream(), newStream()], 5);
        const subscription = store.subscribeToAll({ fromPosition: start });

        const expectedCount = before.length + 4 * 10;
        const received = collect(subscription, expectedCount);
        // Four concurrent writers while the subscription catches up and goes live.
        const live = await Promise.all(
          [0, 1, 2, 3].map(async (w) => {
            const stream = newStream();
            const events: NewEvent[] = [];
            for (let i = 0; i < 10; i++) {
              const event = newEvent('Live', { w, i });
              events.push(event);
              await store.append(stream, [event], { expectedRevision: 'any' });
              if (i % 3 === 0) await delay(5);
            }
            return events;
          }),
        );
        const events = await received;
        await subscription.close();

        expectStrictlyIncreasing([start, ...positionsOf(events)]);
        const ids = events.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set([...before, ...live.flat()].map((e) => e.id)));
        // Exactly what the log holds: nothing skipped between catch-up and live.
        expect(events).toEqual(await store.readAll({ fromPosition: start }));
      });

      it('starts after the given position and ends iteration on close()', async () => {
        const start = await store.headPosition();
        const appended = await appendAlternating(store, [newStream()], 4);
        const all = await store.readAll({ fromPosition: start });
        const [, second] = all;
        if (!second) throw new Error(`expected 4 events, read ${all.length}`);
        const subscription = store.subscribeToAll({ fromPosition: second.position });

        const seen: RecordedEvent[] = [];
        const loop = (async () => {
          for await (const event of subscription) seen.push(event);
        })();
        await waitFor(() => seen.length >= 2);
        await subscription.close();
        await withTimeout(loop, 2_000, 'iteration did not end after close()');

        expect(seen.map((e) => e.id)).toEqual(appended.slice(2).map((e) => e.id));
      });

      describe('with types (only those handed out; the position still moves past the others)', () => {
        /**
         * A consumer as the projector and the process runner are: it handles each event before asking for
         * the next, and its position is the last event's or the last `onScanned`'s. It checks the promise
         * `onScanned` makes: every event of `types` up to the position told was handed out before it.
         */
        function follow(fromPosition: bigint, types: readonly string[], batchSize?: number) {
          const state = { position: fromPosition, events: [] as RecordedEvent[], scans: [] as bigint[], broken: [] as string[] };
          const subscription = store.subscribeToAll({
            fromPosition, types, ...(batchSize === undefined ? {} : { batchSize }),
            onScanned: async (position) => {
              if (position <= state.position) state.broken.push(`scanned ${position} after ${state.position}`);
              const missing = (await store.readAll({ fromPosition: state.position, types })).filter((e) => e.position <= position);
              if (missing.length > 0) state.broken.push(`scanned ${position} before handing out ${missing.map((e) => e.position).join(', ')}`);
              state.position = position;
              state.scans.push(position);
            },
          });
          const loop = (async () => {
            for await (const event of subscription) {
              if (!types.includes(event.type)) state.broken.push(`handed out ${event.type}`);
              state.events.push(event);
              state.position = event.position;
            }
          })();
          return { state, close: async () => { await subscription.close(); await withTimeout(loop, 2_000, 'iteration did not end after close()'); } };
        }

        it('catching up in batches and live: the events of those types, and a position at the head when the last rows were of others', async () => {
          const start = await store.headPosition();
          const stream = newStream();
          const types = ['Listed', 'Priced'];
          // Batches of 2 of the types asked for: reads that end on a skipped row, and a log that ends on skipped rows
          // (two appends: the catch-up reads the log, not what a store keeps of its last append).
          await store.append(stream, ['Viewed', 'Listed', 'Viewed', 'Viewed', 'Listed', 'Priced'].map((t) => newEvent(t)), { expectedRevision: 'no_stream' });
          await store.append(stream, ['Viewed', 'Listed', 'Viewed', 'Viewed'].map((t) => newEvent(t)), { expectedRevision: 'any' });
          const consumer = follow(start, types, 2);
          try {
            await expect.poll(() => consumer.state.position).toBe(await store.headPosition());
            expect(consumer.state.events.map((e) => e.type)).toEqual(['Listed', 'Listed', 'Priced', 'Listed']);

            // Live: an append of skipped types only moves the position to it (a read after that command must not wait).
            await store.append(stream, [newEvent('Viewed'), newEvent('Viewed')], { expectedRevision: 'any' });
            await expect.poll(() => consumer.state.position).toBe(await store.headPosition());
            // Live, one append of both kinds, more than a batch of the types asked for, ending on a skipped row.
            await store.append(newStream(), ['Listed', 'Viewed', 'Priced', 'Listed', 'Viewed'].map((t) => newEvent(t)), { expectedRevision: 'no_stream' });
            await expect.poll(() => consumer.state.position).toBe(await store.headPosition());
            // Another writer's append in between: the scan goes on from where it was.
            await store.append(stream, [newEvent('Listed')], { expectedRevision: 'any' });
            await expect.poll(() => consumer.state.position).toBe(await store.headPosition());

            expect(consumer.state.broken).toEqual([]);
            expect(consumer.state.events).toEqual(await store.readAll({ fromPosition: start, types }));
            expectStrictlyIncreasing([start, ...positionsOf(consumer.state.events)]);
            expect(consumer.state.scans.length).toBeGreaterThan(0);
          } finally {
            await consumer.close();
          }
        });

        it('a type nobody appends: nothing handed out, the position follows the head', async () => {
          const start = await store.headPosition();
          await appendAlternating(store, [newStream(), newStream()], 3);
          const consumer = follow(start, ['NeverAppended']);
          try {
            await expect.poll(() => consumer.state.position).toBe(await store.headPosition());
            await appendAlternating(store, [newStream()], 2);
            await expect.poll(() => consumer.state.position).toBe(await store.headPosition());
            expect(consumer.state.events).toEqual([]);
            expect(consumer.state.broken).toEqual([]);
          } finally {
            await consumer.close();
          }
        });
      });

      it('starts at the beginning when no position is given', async () => {
        const appended = await appendAlternating(store, [newStream()], 2);
        const [first] = await store.readAll({ limit: 1 });
        const subscription = store.subscribeToAll();
        const head = await store.headPosition();
        const events: RecordedEvent[] = [];
        for await (const event of subscription) {
          events.push(event);
          if (event.position >= head) break; // break must close the subscription
        }
        expect(events[0]).toEqual(first);
        expect(events.slice(-2).map((e) => e.id)).toEqual(appended.map((e) => e.id));
      });
    });

    it(`${WRITERS} concurrent read-decide-append writers lose and duplicate nothing`, async () => {
      const stream = newStream();
      let conflicts = 0;
      const writer = async (w: number): Promise<string> => {
        const event = newEvent('Written', { w });
        for (let attempt = 0; attempt < WRITERS * 4; attempt++) {
          const current = await store.readStream(stream);
          const expectedRevision: ExpectedRevision = current.at(-1)?.revision ?? 'no_stream';
          try {
            await store.append(stream, [event], { expectedRevision });
            return event.id;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersionError)) throw error;
            conflicts++;
          }
        }
        throw new Error(`writer ${w} gave up`);
      };

      const ids = await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

      const stored = await store.readStream(stream);
      expect(revisionsOf(stored)).toEqual(Array.from({ length: WRITERS }, (_, i) => BigInt(i)));
      expect(stored.map((e) => e.id).sort()).toEqual([...ids].sort());
      expect(conflicts).toBeGreaterThan(0); // the writers really raced
    });

    it('survives a restart: data is kept and appends continue', async ({ skip }) => {
      const { reopen } = fixture;
      if (!reopen) return skip('adapter has no reopen()');
      const stream = newStream();
      await store.append(stream, [newEvent(), newEvent()], { expectedRevision: 'no_stream' });
      const before = await store.readStream(stream);
      const head = await store.headPosition();
      const log = await store.readAll();
      await store.close();

      store = await reopen();
      expect(await store.readStream(stream)).toEqual(before);
      expect(await store.headPosition()).toBe(head);
      expect(await store.readAll()).toEqual(log);
      await expectWrongVersion(store.append(stream, [newEvent()], { expectedRevision: 'no_stream' }), {
        stream,
        expected: 'no_stream',
        actual: 1n,
      });

      const result = await store.append(stream, [newEvent()], { expectedRevision: 1n });
      expect(result.nextRevision).toBe(2n);
      expect(result.position).toBeGreaterThan(head);
      expect(await store.headPosition()).toBe(result.position);
    });
  });
}

// ---------------------------------------------------------------------------
// Helpers

function newStream(): string {
  return `contract-${randomUUID()}`;
}

function newEvent(type = 'Tested', data: unknown = { value: randomUUID() }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      actor: { userId: 'user-1', role: 'user' },
      correlationId: randomUUID(),
      causationId: null,
      at: '2024-01-02T03:04:05.000Z',
      schemaVersion: 1,
    },
  };
}

/** Appends `count` single-event appends, round-robin over `streams`; returns them in append order. */
async function appendAlternating(store: EventStore, streams: string[], count: number): Promise<NewEvent[]> {
  const events: NewEvent[] = [];
  for (let i = 0; i < count; i++) {
    const stream = streams[i % streams.length] ?? '';
    const event = newEvent('Alternating', { i });
    await store.append(stream, [event], { expectedRevision: 'any' });
    events.push(event);
  }
  return events;
}

async function expectWrongVersion(
  append: Promise<unknown>,
  expected: { stream: string; expected: ExpectedRevision; actual: bigint | 'no_stream' },
): Promise<void> {
  const error: unknown = await append.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  if (!(error instanceof WrongExpectedVersionError)) return;
  expect({ stream: error.stream, expected: error.expected, actual: error.actual }).toEqual(expected);
}

function revisionsOf(events: RecordedEvent[]): bigint[] {
  return events.map((e) => e.revision);
}

function positionsOf(events: RecordedEvent[]): bigint[] {
  return events.map((e) => e.position);
}

function expectStrictlyIncreasing(values: bigint[]): void {
  const broken = values.findIndex((v, i) => i > 0 && v <= (values[i - 1] ?? v));
  expect(broken, `not strictly increasing at index ${broken}: ${values.join(', ')}`).toBe(-1);
}

async function collect(subscription: Subscription, count: number, timeoutMs = 10_000): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  const read = (async () => {
    for await (const event of subscription) {
      events.push(event);
      if (events.length >= count) break;
    }
    return events;
  })();
  return withTimeout(read, timeoutMs, () => `subscription delivered ${events.length} of ${count} events`);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string | (() => string)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(typeof message === 'string' ? message : message())), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(10);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
