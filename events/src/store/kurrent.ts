/**
 * Production event store: a thin mapping onto KurrentDB (@kurrent/kurrentdb-client).
 *
 * Global position = the event's commit position in $all. KurrentDB reads "from a
 * position" inclusively, so every read skips events at or before the requested one.
 * System events ($-prefixed types) are filtered out of $all.
 */
import {
  BACKWARDS,
  END,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Leases,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './types.ts';

/** Works for streams and $all: both carry an optional event with an optional position. */
type Resolved = Pick<ResolvedEvent, 'event'>;

export async function connectKurrentEventStore(connectionString: string): Promise<EventStore> {
  const client = KurrentDBClient.connectionString(connectionString);
  const subscriptions = new Set<Subscription>();

  async function collect(source: AsyncIterable<Resolved>, after: bigint, limit = Infinity): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const resolved of source) {
      const event = toRecorded(resolved);
      if (!event || event.position <= after) continue;
      events.push(event);
      if (events.length >= limit) break;
    }
    return events;
  }

  /**
   * The append answer's position is not documented to be the last event's $all
   * position (nor is it set for idempotent retries), so read it back: exact by construction.
   */
  async function positionOf(stream: string, revision: bigint): Promise<bigint> {
    const [event] = await collect(client.readStream(stream, { fromRevision: revision, maxCount: 1 }), -1n, 1);
    if (!event) throw new Error(`event ${stream}@${revision} not found right after appending it`);
    return event.position;
  }

  async function append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await client.appendToStream(stream, events.map(toEventData), { streamState: toStreamState(expected) });
      const nextRevision = result.nextExpectedRevision;
      // Only when the connection string sets throwOnAppendFailure=false.
      if (!result.success) throw new WrongExpectedVersionError(stream, expected, toActual(nextRevision));
      if (events.length === 0) return { nextRevision, position: result.position?.commit ?? 0n };
      return { nextRevision, position: await positionOf(stream, nextRevision) };
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(stream, expected, toActual(error.actualState));
      }
      throw error;
    }
  }

  return {
    append: (stream, events, { expectedRevision }) => append(stream, events, expectedRevision),

    async readStream(stream, { from } = {}) {
      try {
        return await collect(client.readStream(stream, from === undefined ? {} : { fromRevision: from }), -1n);
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
    },

    async readAll({ fromPosition = 0n, limit, types } = {}) {
      if ((limit !== undefined && limit <= 0) || types?.length === 0) return [];
      // +1: the read is inclusive and may start with the event at fromPosition itself.
      const maxCount = limit === undefined ? undefined : limit + 1;
      const filter = types ? eventTypeFilter({ regex: typesRegex(types) }) : excludeSystemEvents();
      const source = client.readAll({ fromPosition: toReadPosition(fromPosition), maxCount, filter });
      return collect(source, fromPosition, limit);
    },

    subscribeToAll({ fromPosition = 0n, types, onScanned } = {}) {
      // `types` is applied here, not by the server's filter: a filtered subscription only tells how far it read
      // through checkpoints, whose timing while live this adapter cannot test without a server (no Docker
      // here). Each skipped event is told to `onScanned` as it passes: the same contract, with no untested path.
      const source = client.subscribeToAll({ fromPosition: toReadPosition(fromPosition), filter: excludeSystemEvents() });
      const subscription = wrapSubscription(source, fromPosition, () => subscriptions.delete(subscription), types ? { wanted: new Set(types), onScanned } : null);
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      const source = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() });
      const [last] = await collect(source, -1n, 1);
      return last?.position ?? 0n;
    },

    leases: kurrentLeases(client),

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
}

/**
 * Leases and checkpoints as the last event of a stream of their own (`$`-typed, so subscribers of $all
 * never see them; `$maxCount` 1 keeps one): a claim appends at the revision it read, so of two
 * claimants one wins. Renewals append, but to these streams only.
 */
function kurrentLeases(client: KurrentDBClient): Leases {
  interface LeaseState { holder: string | null; expiresAt: number; checkpoint: string | null }
  const leaseStream = (name: string) => `runnerLease-${name}`;
  async function read(name: string): Promise<{ state: LeaseState; revision: bigint | null }> {
    try {
      for await (const { event } of client.readStream(leaseStream(name), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (event) return { state: event.data as unknown as LeaseState, revision: event.revision };
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { state: { holder: null, expiresAt: 0, checkpoint: null }, revision: null };
  }
  async function write(name: string, state: LeaseState, revision: bigint | null): Promise<boolean> {
    try {
      await client.appendToStream(leaseStream(name), jsonEvent({ type: '$lease', data: { ...state } }), { streamState: revision ?? 'no_stream' });
      if (revision === null) await client.setStreamMetadata(leaseStream(name), { maxCount: 1 });
      return true;
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) return false;
      throw error;
    }
  }
  return {
    async claim(name, holder, ttlMs) {
      const { state, revision } = await read(name);
      const now = Date.now();
      if (state.holder !== holder && state.expiresAt > now) return false;
      return write(name, { ...state, holder, expiresAt: now + ttlMs }, revision);
    },
    async release(name, holder) {
      const { state, revision } = await read(name);
      if (state.holder === holder) await write(name, { ...state, expiresAt: 0 }, revision);
    },
    async checkpoint(name) {
      const { state } = await read(name);
      return state.checkpoint === null ? null : BigInt(state.checkpoint);
    },
    async saveCheckpoint(name, holder, position) {
      const { state, revision } = await read(name);
      if (state.holder !== holder || state.expiresAt <= Date.now()) return false;
      return write(name, { ...state, checkpoint: position.toString() }, revision);
    },
  };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Our types are plain words ([A-Za-z]), so the server-side filter is an exact alternation. */
const typesRegex = (types: readonly string[]) => `^(${types.map(escapeRegex).join('|')})$`;

function toEventData(event: NewEvent) {
  // Our data is any JSON value; the client's JSONType is narrower but it only JSON-serialises it.
  return jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: { ...event.metadata } });
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  return expected; // identical vocabulary: 'any' | 'no_stream' | 'stream_exists' | bigint
}

function toActual(actual: bigint | 'no_stream'): bigint | 'no_stream' {
  return typeof actual === 'bigint' && actual < 0n ? 'no_stream' : actual;
}

function toReadPosition(position: bigint): ReadPosition {
  return position === 0n ? START : { commit: position, prepare: position };
}

function toRecorded({ event }: Resolved): RecordedEvent | undefined {
  if (!event?.position) return undefined;
  return {
    id: event.id,
    stream: event.streamId,
    revision: event.revision,
    position: event.position.commit,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

/**
 * Adapts the client's Readable subscription. close() must end a pending next()
 * immediately: a cancelled gRPC stream does not reliably end the Readable.
 */
function wrapSubscription(source: AllStreamSubscription, fromPosition: bigint, onClose: () => void,
  only: { wanted: ReadonlySet<string>; onScanned: ((position: bigint) => void | Promise<void>) | undefined } | null): Subscription {
  const done: IteratorReturnResult<undefined> = { value: undefined, done: true };
  const events = source[Symbol.asyncIterator]() as AsyncIterator<Resolved>;
  let last = fromPosition;
  let closed = false;
  let signalClosed = (): void => {};
  const closedSignal = new Promise<typeof done>((resolve) => {
    signalClosed = () => resolve(done);
  });

  async function next(): Promise<IteratorResult<RecordedEvent>> {
    while (!closed) {
      const result = await Promise.race([events.next(), closedSignal]);
      if (result.done) return done;
      const event = toRecorded(result.value);
      // Guards the inclusive start and any redelivery after a reconnect.
      if (!event || event.position <= last) continue;
      last = event.position;
      if (only && !only.wanted.has(event.type)) {
        await only.onScanned?.(event.position);
        continue;
      }
      return { value: event, done: false };
    }
    return done;
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    signalClosed();
    onClose();
    await source.unsubscribe();
    source.destroy();
  }

  const iterator: AsyncIterableIterator<RecordedEvent> = {
    next,
    async return() {
      await close();
      return done;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return { close, [Symbol.asyncIterator]: () => iterator };
}
