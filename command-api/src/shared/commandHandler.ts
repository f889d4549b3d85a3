import { createHash } from 'node:crypto';
import { WrongExpectedVersionError, appendedEvent, parseEvent, toNewEvent, type AppendResult, type EventStore, type RecordedEvent, type Role, type StoredEvent } from '@phonemarket/events';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import type { Decider } from './decider.ts';

/** Who asks and when: everything a decision may depend on besides state. Injected, never global. */
export interface CommandContext {
  actor: { userId: string | null; role: Role };
  correlationId: string;
  causationId?: string | null;
  clock: Clock;
  newId: IdGenerator;
  /** The client's key and the request's fingerprint: a retry appends the same event ids, so nothing twice (ADR 008). */
  idempotencyKey?: string;
  /**
   * Records the key's claim in the log (once per request): called just before the command's first
   * append, so a request refused before it writes leaves nothing behind (ADR 008). Throws 422 when
   * another request with another body claimed the key meanwhile.
   */
  claimIdempotencyKey?: () => Promise<void>;
  /**
   * A process's command (`<process>|<trigger event id>|<n>`): its event ids derive from this alone,
   * whoever sends it (the runner, its retry, the runner that took over from a dead one), so it is sent once.
   */
  processKey?: string;
}

export interface CommandResult<S> {
  state: S;
  /** Position of the last event this command wrote (or of the stream's last event when nothing new was written). */
  position: bigint;
  written: number;
  /** The events this command appended; for a replay (its ids already there) the ones the first attempt appended. */
  events: StoredEvent[];
}

const MAX_ATTEMPTS = 5;
export const CONTENDED_MESSAGE = '동시에 들어온 다른 요청과 겹쳤습니다. 잠시 후 다시 시도해주세요.';

/** A stream folded into a decider's state, at the revision read. */
export interface LoadedAggregate<S> { state: S; revision: bigint | null; position: bigint; ids: ReadonlySet<string> }

/** A stream's fold as last computed: up to `revision` (its last event `lastId`), the state it gave and the ids it holds. */
interface Fold<S = unknown> { revision: bigint; lastId: string; state: S; position: bigint; ids: Set<string> }
const loadedOf = <S>(fold: Fold<S>): LoadedAggregate<S> => ({ state: fold.state, revision: fold.revision, position: fold.position, ids: fold.ids });
const FOLDS_KEPT = 10_000;
const folds = new WeakMap<EventStore, WeakMap<object, Map<string, Fold>>>();
/** Wrappers of a store (a request's read-once view) share its folds. */
const storeViews = new WeakMap<EventStore, EventStore>();
export function viewOfStore(view: EventStore, store: EventStore): EventStore {
  storeViews.set(view, storeViews.get(store) ?? store);
  return view;
}

/** The store a view wraps (itself when it is no view). */
export const baseOf = (store: EventStore): EventStore => storeViews.get(store) ?? store;

/** The store with some of its methods replaced (a request's read-once view, a policy on appends, a test's failing store); it shares the store's folds. */
export function storeWith(store: EventStore, overrides: Partial<Pick<EventStore, 'append' | 'readStream'>>): EventStore {
  return viewOfStore({
    append: overrides.append ?? ((stream, events, options) => store.append(stream, events, options)),
    readStream: overrides.readStream ?? ((stream, options) => store.readStream(stream, options)),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    leases: store.leases,
    close: () => store.close(),
  }, store);
}

/**
 * Folds a stream into the decider's state. The fold is kept per store, decider and stream, and the
 * next load reads and folds only the events appended since (`readStream(stream, { from })`; a stream
 * is append-only). A popular offer gathers one event per order: without this every checkout would
 * read and fold all of them again. Deciders are pure, so a kept state is never changed. The ids of
 * a kept fold grow with its stream and are shared (read-only) with the loads that answer them.
 */
export async function loadAggregate<S>(store: EventStore, stream: string, decider: Pick<Decider<S, never>, 'initialState' | 'evolve' | 'evolveAll'>): Promise<LoadedAggregate<S>> {
  const kept = keptFolds(store, decider);
  const fold = kept.get(stream);
  let recorded = await store.readStream(stream, fold ? { from: fold.revision + 1n } : undefined);
  // A view that answers the whole stream whatever `from` says: its tail after the kept fold, if the fold still fits it.
  if (fold && recorded[0]?.revision === 0n && recorded[Number(fold.revision)]?.id === fold.lastId) recorded = recorded.slice(Number(fold.revision) + 1);
  // A kept fold whose tail does not follow (another store behind the same object): fold again from the start.
  if (fold && !follows(fold, recorded) && recorded[0]?.revision !== 0n) recorded = await store.readStream(stream);
  return foldOn(kept, stream, decider, fold, recorded);
}

/**
 * `loadAggregate` of many streams of one decider with one read of the store (`readStreams`, issue 42:
 * a process deciding on a thousand buyers' streams reads them in one query, only what was appended
 * since their kept folds); a store without it is read stream by stream.
 */
export async function loadAggregates<S>(store: EventStore, streamNames: readonly string[], decider: Pick<Decider<S, never>, 'initialState' | 'evolve' | 'evolveAll'>): Promise<LoadedAggregate<S>[]> {
  if (!store.readStreams) return Promise.all(streamNames.map((stream) => loadAggregate(store, stream, decider)));
  const kept = keptFolds(store, decider);
  const folded = streamNames.map((stream) => kept.get(stream));
  const tails = await store.readStreams(streamNames.map((stream, i) => {
    const fold = folded[i];
    return fold ? { stream, from: fold.revision + 1n } : { stream };
  }));
  return Promise.all(streamNames.map((stream, i) => {
    const fold = folded[i];
    // A kept fold whose tail does not follow (rare): that stream read as `loadAggregate` does.
    return fold && !follows(fold, tails[i]!) ? loadAggregate(store, stream, decider) : foldOn(kept, stream, decider, fold, tails[i]!);
  }));
}

function keptFolds(store: EventStore, decider: object): Map<string, Fold> {
  const base = storeViews.get(store) ?? store;
  let byDecider = folds.get(base);
  if (!byDecider) folds.set(base, (byDecider = new WeakMap()));
  let kept = byDecider.get(decider);
  if (!kept) byDecider.set(decider, (kept = new Map()));
  return kept;
}

/** Whether events read after a kept fold continue it (none, or the next revision first). */
const follows = (fold: Fold, recorded: readonly RecordedEvent[]) => recorded[0] === undefined || recorded[0].revision === fold.revision + 1n;

/** The stream's events after its kept fold `fold` (or all of them, from revision 0) folded on, and kept. */
function foldOn<S>(kept: Map<string, Fold>, stream: string, decider: Pick<Decider<S, never>, 'initialState' | 'evolve' | 'evolveAll'>, fold: Fold | undefined, recorded: readonly RecordedEvent[]): LoadedAggregate<S> {
  const resumes = fold !== undefined && follows(fold, recorded);
  let state = resumes ? (fold.state as S) : decider.initialState();
  const ids = resumes ? fold.ids : new Set<string>();
  const events: StoredEvent[] = [];
  for (const raw of recorded) {
    ids.add(raw.id);
    const event = parseEvent(raw);
    if (event) events.push(event);
  }
  if (decider.evolveAll && events.length > 1) state = decider.evolveAll(state, events);
  else for (const event of events) state = decider.evolve(state, event);
  const last = recorded.at(-1);
  if (last) {
    kept.delete(stream);
    kept.set(stream, { revision: last.revision, lastId: last.id, state, position: last.position, ids });
    if (kept.size > FOLDS_KEPT) kept.delete(kept.keys().next().value!);
  }
  const tip = last ?? (resumes ? fold : undefined);
  return { state, revision: tip?.revision ?? null, position: tip?.position ?? 0n, ids };
}

/** A stream the caller knows to be new (say a new order's): decided on the initial state without a read; if it exists after all, the append conflicts and `handleCommand` re-reads. */
export const unreadNewStream = <S>(decider: Pick<Decider<S, never>, 'initialState'>): LoadedAggregate<S> =>
  ({ state: decider.initialState(), revision: null, position: 0n, ids: new Set() });

/**
 * `handleCommand`'s first attempt decides on the stream's fold as this process last kept it, without
 * reading the stream (a chat's lines, ADR 031 s53: the read found nothing new nearly every time, and
 * cost as much as the append). Only events are taken from that decision, and their append carries the
 * fold's revision, so a stream another writer moved meanwhile conflicts and is decided again on a
 * fresh read; a refusal or a decision of nothing is decided again on a fresh read too, so neither is
 * ever answered from a stale fold. The fold then follows the append (the next command's starts there),
 * as it follows any command's append decided on it (a line after the assignment finds it current).
 */
export const KEPT_FOLD = Symbol('kept fold');

/**
 * Load, decide, append with the revision read; on a concurrency conflict re-read and decide again
 * (bounded). The decider is pure: it gets the command, the state and the time/ids of `ctx`.
 * `loaded`: the stream as the caller already read it in this request, used for the first attempt
 * instead of a second read (a conflict re-reads as always); `KEPT_FOLD`: the fold kept from before.
 */
export async function handleCommand<S, C extends { type: string }>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C>,
  command: C,
  ctx: CommandContext,
  preloaded?: LoadedAggregate<S> | typeof KEPT_FOLD,
): Promise<CommandResult<S>> {
  return oneAtATime(store, stream, () => decideAndAppend(store, stream, decider, command, ctx, preloaded));
}

/**
 * Commands on one stream run one after the other within this process. Optimistic concurrency alone
 * is correct, but 50 buyers of one popular offer would each re-read and retry up to 50 times (and
 * fail after `MAX_ATTEMPTS`); queued, each decides once on the state the previous one left. Writers
 * in other processes (several command-api instances) still meet the revision check and retry.
 */
const streamQueues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();
async function oneAtATime<T>(store: EventStore, stream: string, work: () => Promise<T>): Promise<T> {
  let queues = streamQueues.get(store);
  if (!queues) streamQueues.set(store, (queues = new Map()));
  const previous = queues.get(stream);
  const run = previous ? previous.then(work, work) : work();
  const settled = run.then(() => undefined, () => undefined);
  queues.set(stream, settled);
  try {
    return await run;
  } finally {
    if (queues.get(stream) === settled) queues.delete(stream);
  }
}

async function decideAndAppend<S, C extends { type: string }>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C>,
  command: C,
  ctx: CommandContext,
  preloaded?: LoadedAggregate<S> | typeof KEPT_FOLD,
): Promise<CommandResult<S>> {
  // Every command's append moves the kept fold it decided on, not only a `KEPT_FOLD` command's: a chat line after an
  // HTTP command (the escalation, the assignment) is then decided on the fold without a refusal and a read (ADR 031, s55b).
  const folds = keptFolds(store, decider);
  const kept = preloaded === KEPT_FOLD ? folds : null;
  const given = preloaded === KEPT_FOLD ? undefined : preloaded;
  for (let attempt = 1; ; attempt++) {
    // The first attempt decides on what the caller read, or on the kept fold (`unread`); later ones read.
    const unread = attempt === 1 && kept ? kept.get(stream) : undefined;
    const loaded = unread ? loadedOf(unread as Fold<S>) : attempt === 1 && given ? given : await loadAggregate(store, stream, decider);
    const keyed = ctx.processKey !== undefined || ctx.idempotencyKey !== undefined;
    if (keyed && loaded.ids.has(idempotentId(ctx, stream, 0))) {
      if (unread) continue;
      return { state: loaded.state, position: loaded.position, written: 0, events: await replayedEvents(store, stream, ctx) };
    }
    const now = ctx.clock();
    let decided: ReturnType<typeof decider.decide>;
    try {
      decided = decider.decide(command, loaded.state, { now, newId: ctx.newId, actor: ctx.actor });
    } catch (err) {
      if (unread) continue; // a refusal is only answered from a fresh read
      throw err;
    }
    if (decided.length === 0 && unread) continue;
    if (decided.length === 0) return { state: loaded.state, position: loaded.position, written: 0, events: [] };
    const eventIds = decided.map((_, i) => (keyed ? idempotentId(ctx, stream, i) : ctx.newId()));
    const at = now.toISOString();
    const events = decided.map((e, i) =>
      toNewEvent(e, eventIds[i]!, { actor: ctx.actor, correlationId: ctx.correlationId, causationId: ctx.causationId ?? null, at }),
    );
    try {
      await ctx.claimIdempotencyKey?.();
      const result = await store.append(stream, events, { expectedRevision: loaded.revision ?? 'no_stream' });
      let state = loaded.state;
      const appended: StoredEvent[] = [];
      for (const [i, e] of events.entries()) {
        const stored = appendedEvent(e, { stream, revision: (loaded.revision ?? -1n) + 1n + BigInt(i), position: result.position });
        appended.push(stored);
        state = decider.evolve(state, stored);
      }
      // The kept fold follows this append when it was the state decided on (no other load replaced it meanwhile).
      const fold = folds.get(stream);
      if (fold && fold.revision === loaded.revision && fold.state === loaded.state) {
        for (const e of events) fold.ids.add(e.id);
        folds.delete(stream);
        folds.set(stream, { revision: appended.at(-1)!.revision, lastId: events.at(-1)!.id, state, position: result.position, ids: fold.ids });
      }
      return { state, position: result.position, written: events.length, events: appended };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
      // Still contended after every attempt: a clear 409 to retry, never a 500.
      if (err instanceof WrongExpectedVersionError) throw new DomainError('conflict', CONTENDED_MESSAGE);
      throw err;
    }
  }
}

/**
 * One command to each of many streams of one decider, appended in one transaction when the store
 * can (`appendStreams`): a process telling a thousand buyers appends once, and the subscribers wake
 * once. Each stream is decided on its state as `handleCommand` would; the commands that decide
 * nothing append nothing. Anything unusual (a stream another writer moved meanwhile, a retry whose
 * events are stored already, a store without the method) goes stream by stream through
 * `handleCommand`, which knows those cases.
 */
export async function handleCommandsTogether<S, C extends { type: string }>(
  store: EventStore,
  decider: Decider<S, C>,
  commands: readonly { stream: string; command: C }[],
  ctx: CommandContext,
): Promise<CommandResult<S>[]> {
  const oneByOne = () => Promise.all(commands.map((c) => handleCommand(store, c.stream, decider, c.command, ctx)));
  if (!store.appendStreams || ctx.idempotencyKey !== undefined || commands.length < 2) return oneByOne();
  const now = ctx.clock();
  const at = now.toISOString();
  const planned: { stream: string; loaded: LoadedAggregate<S>; events: ReturnType<typeof toNewEvent>[] }[] = [];
  const loads = await loadAggregates(store, commands.map((c) => c.stream), decider);
  for (const [i, { stream, command }] of commands.entries()) {
    const loaded = loads[i]!;
    if (ctx.processKey !== undefined && loaded.ids.has(idempotentId(ctx, stream, 0))) return oneByOne(); // a retry: replayed there
    const decided = decider.decide(command, loaded.state, { now, newId: ctx.newId, actor: ctx.actor });
    const events = decided.map((e, i) => toNewEvent(e, ctx.processKey !== undefined ? idempotentId(ctx, stream, i) : ctx.newId(), {
      actor: ctx.actor, correlationId: ctx.correlationId, causationId: ctx.causationId ?? null, at,
    }));
    planned.push({ stream, loaded, events });
  }
  const writes = planned.filter((p) => p.events.length > 0);
  let appended: AppendResult[];
  try {
    appended = writes.length === 0 ? [] : await store.appendStreams(writes.map((p) => ({ stream: p.stream, events: p.events, expectedRevision: p.loaded.revision ?? 'no_stream' })));
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) return oneByOne();
    throw err;
  }
  const byStream = new Map(writes.map((p, i) => [p.stream, appended[i]!]));
  return planned.map(({ stream, loaded, events }) => {
    const result = byStream.get(stream);
    if (!result) return { state: loaded.state, position: loaded.position, written: 0, events: [] };
    let state = loaded.state;
    const stored = events.map((e, i) => {
      const recorded = appendedEvent(e, { stream, revision: (loaded.revision ?? -1n) + 1n + BigInt(i), position: result.position });
      state = decider.evolve(state, recorded);
      return recorded;
    });
    return { state, position: result.position, written: events.length, events: stored };
  });
}

/** Deterministic uuid-shaped id from the idempotency key (per actor) or the process key, so a retried command appends the same ids (a no-op). */
function idempotentId(ctx: CommandContext, stream: string, index: number): string {
  if (ctx.processKey !== undefined) return deterministicId(`process|${ctx.processKey}|${stream}|${index}`);
  return deterministicId(`${ctx.actor.userId ?? 'guest'}|${ctx.idempotencyKey}|${stream}|${index}`);
}

/** The events a replayed command's first attempt appended (same ids, in order). */
async function replayedEvents(store: EventStore, stream: string, ctx: CommandContext): Promise<StoredEvent[]> {
  const recorded = await store.readStream(stream);
  const found: StoredEvent[] = [];
  for (let i = 0; ; i++) {
    const id = idempotentId(ctx, stream, i);
    const raw = recorded.find((e) => e.id === id);
    const event = raw && parseEvent(raw);
    if (!event) return found;
    found.push(event);
  }
}

/**
 * The id of a record a command creates: with an Idempotency-Key, derived from the actor, the key and
 * the request's fingerprint (`ctx.idempotencyKey`), so a retried create names the same record and
 * appends nothing (ADR 008); without one, a fresh id. `kind` keeps different records of one request apart.
 */
export function newRecordId(ctx: CommandContext, kind: string): string {
  return ctx.idempotencyKey ? deterministicId(`${kind}|${ctx.actor.userId ?? 'guest'}|${ctx.idempotencyKey}`) : ctx.newId();
}

export function deterministicId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
