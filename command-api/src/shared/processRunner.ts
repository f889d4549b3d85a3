import { parseEvent, streams, toNewEvent, type EventDataOf, type EventStore, type RecordedEvent, type StoredEvent } from '@phonemarket/events';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { CONTENDED_MESSAGE, baseOf, deterministicId, handleCommand, type CommandContext } from './commandHandler.ts';
import type { Decider } from './decider.ts';
import { processKeyOf, readParsed, type ProcessCommand, type RegisteredProcess } from './process.ts';

/**
 * The one process runner of the command side (ADR 022, as Emmett's workflow processors or Marten's
 * async daemon). It follows the event log from a checkpoint kept in the store and, for each event a
 * process reacts to, runs that process: sends the commands it decides (process keys make a resend a
 * no-op) and records the commands it schedules as timers (`ProcessTimerScheduled`), which it sends
 * when due and closes with `ProcessTimerFired`. Nothing else runs processes: routes append their
 * command's events and, where the person needs the outcome at once, wait for the runner to pass them
 * (`processesSettled`).
 *
 * - A transient failure (a store error, a contended stream) is retried with backoff; after
 *   `attempts` tries the runner records `ProcessFailed` and goes on. A domain refusal is the
 *   process's outcome (logged, not retried). A process whose plan throws, or a timer whose due time is
 *   no real time, fails at once. An admin's 재시도 (`ProcessRetryRequested`) runs the work again.
 * - Events of one process instance (stream) run in order; different instances run side by side
 *   (at most `concurrency` events at once). The checkpoint is the position below which every event is
 *   done, so a stop loses nothing: the next runner resends from there (once, by the keys).
 * - One active runner per store: the lease `processRunner` in the store's `leases`, renewed every
 *   `leaseRenewMs`. A standby claims it every `leaseClaimMs` and takes over within `leaseMs +
 *   leaseClaimMs` of the active one's death (as the projector's lease, ADR 024).
 * - While nothing happens nothing is appended: the checkpoint and the lease live outside the log.
 */
export interface ProcessRunner {
  /** Whether this instance holds the lease and runs processes now. */
  active(): boolean;
  /**
   * Resolves true once the processes of the event at `position` have run (here, or on the active
   * instance: then of every event up to it), false after `timeoutMs`.
   */
  waitPast(position: bigint, timeoutMs: number): Promise<boolean>;
  /**
   * Resolves true once the processes of every event up to `position` have run (the checkpoint passed it:
   * here, or on the active instance), false after `timeoutMs`. `waitPast` on the active runner answers for
   * that one event: an event below it (of another stream) may still be under way.
   */
  waitThrough(position: bigint, timeoutMs: number): Promise<boolean>;
  /**
   * What this runner's processes appended for the event at `position` and the events appended with it
   * (the last positions of their commands), once it has run them; undefined when it did not (another
   * instance's runner, or long ago).
   */
  outcomeOf(position: bigint): readonly bigint[] | undefined;
  /**
   * Whether it is still running a long backlog that was in the log when it became active (a first start
   * on a log written without it: issue 37), more than `BACKLOG_ANSWERED_AT_ONCE` positions of it left.
   */
  catchingUp(): boolean;
  /** Sends every timer due by the clock now; answers how many were due. */
  fireDue(): Promise<number>;
  /** Timers scheduled and not fired yet (this instance's view while active). */
  pendingTimers(): number;
  /** How often it has looked for due timers and claimed or renewed its lease (the idle test's clock). */
  ticks(): { timerPolls: number; leaseRenewals: number };
  /** Stops at once as a crash would (tests): nothing saved, the lease left to expire. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** What the runner tells a failure's stream (`processFailure-<id>`): the work failed, or was done at last. */
export type RunnerFailureCommand =
  | ({ type: 'RecordProcessFailure' } & EventDataOf<'ProcessFailed'>)
  | { type: 'ResolveProcessFailure'; failureId: string };

export interface ProcessRunnerOptions<FailureState = unknown> {
  /** The decider of a failure's stream (the processFailures feature's), which the runner records failures with. */
  failures: Decider<FailureState, RunnerFailureCommand>;
  clock: Clock;
  newId: IdGenerator;
  /** How often due timers are looked for (ms); 0: only when `fireDue()` is called (tests). */
  timerPollMs?: number;
  /** Tries of one piece of work before `ProcessFailed`; the waits between them double from `retryDelayMs`. */
  attempts?: number;
  retryDelayMs?: number;
  leaseMs?: number;
  /** How often the active runner renews its lease. */
  leaseRenewMs?: number;
  /** How often a standby tries the lease (at most `leaseRenewMs`). */
  leaseClaimMs?: number;
  /** Events being run at once (of different instances). */
  concurrency?: number;
  onError?: (err: unknown, work?: string) => void;
  /**
   * A long backlog (more than `BACKLOG_ANSWERED_AT_ONCE` positions between its checkpoint and the head
   * when it became active) waits for this before it is run: the embedded server's start (the read side
   * answers from the projector, never from the runner: issue 37). Work appended meanwhile waits too.
   */
  holdBacklogUntil?: Promise<unknown>;
}

const LEASE = 'processRunner';
/**
 * The lease as the projector's (ADR 024): a standby waits at most the lease's life after the dead
 * holder's last renewal, plus one claim interval; the active one keeps it through an event-loop stall
 * of up to life − renewal (2 s, as 3 s / 1 s allowed). 3 s / 1 s / 1 s claims took the standby 2–4 s.
 */
const DEFAULTS = { timerPollMs: 1_000, attempts: 5, retryDelayMs: 25, leaseMs: 2_500, leaseRenewMs: 500, leaseClaimMs: 100, concurrency: 64 };
/** Saving the checkpoint is cheap but not free: at most this often while events flow. */
const CHECKPOINT_EVERY_MS = 25;
/** Folds of process instances kept (least recently used dropped first). */
const FOLDS_KEPT = 10_000;
/** Events whose outcome the runner remembers for the routes waiting on them. */
const RECENT_KEPT = 50_000;
/** A run of one stream's events longer than this is split (a long import on one stream). */
const MAX_RUN = 256;

const runners = new WeakMap<EventStore, ProcessRunner>();

/**
 * A settle answers at once while the runner has more than this much of its start's backlog left (in
 * positions: events on SQLite and PostgreSQL): its work comes after the backlog, so waiting the 2 s
 * bound helps nobody, and the seeds of a first start on a long log waited it once per account (issue 37).
 * Not where the answer is the outcome (`outcomeNeeded`: a checkout's order), which waits for it.
 */
export const BACKLOG_ANSWERED_AT_ONCE = 1_000n;

export interface SettleOptions {
  /** How long to wait at most (ms); 2 s by default, `OUTCOME_WAIT_MS` when `outcomeNeeded`. */
  timeoutMs?: number;
  /**
   * The answer is the process's outcome (a checkout's order: its id must be an order the buyer can open),
   * so it waits even behind the start's backlog, where a settle otherwise answers at once.
   */
  outcomeNeeded?: boolean;
}
/** How long a request whose answer is a process's outcome waits for it, a start's backlog included. */
export const OUTCOME_WAIT_MS = 15_000;

/**
 * Waits (bounded) until the runner has run the processes of the event at `position` (and of the events
 * appended with it), then those of what they appended (a cascade: a quote accepted → its order → the
 * order's own processes), and answers the last position written: a read with that `X-Min-Position`
 * sees the outcome. It waits for this request's work only, never for other requests' (no convoy under
 * load). On an instance whose runner stands by, the active one's checkpoint tells how far it is, and
 * the answer is the head once that passed. Without a runner on this store (a unit test of one route's
 * decider) it answers at once; after `timeoutMs` it answers what it has (the rest arrives by push).
 */
export async function processesSettled(store: EventStore, position: bigint, { outcomeNeeded = false, timeoutMs = outcomeNeeded ? OUTCOME_WAIT_MS : 2_000 }: SettleOptions = {}): Promise<bigint> {
  const runner = runners.get(baseOf(store));
  if (!runner || position <= 0n || (runner.catchingUp() && !outcomeNeeded)) return position;
  const until = Date.now() + timeoutMs;
  const left = () => Math.max(0, until - Date.now());
  let answer = position;
  let frontier: readonly bigint[] = [position];
  for (let round = 0; round < 4 && frontier.length > 0; round++) {
    const settled = await Promise.all(frontier.map((p) => runner.waitPast(p, left())));
    if (!settled.every(Boolean)) return answer;
    const outcomes = frontier.map((p) => runner.outcomeOf(p));
    if (outcomes.some((o) => o === undefined)) {
      // Run by another instance (or by a runner before this one took over): what it appended lies below the
      // head read once every event up to the head before is done — every one, not only the head's own
      // (`waitPast`: an event below it, of another stream, may still be sending). The rounds left, likewise.
      let head = await store.headPosition();
      for (; round < 4; round++) {
        if (!(await runner.waitThrough(head, left()))) return answer;
        const after = await store.headPosition();
        answer = maxOf(answer, after);
        if (after === head) break;
        head = after;
      }
      return answer;
    }
    frontier = outcomes.flatMap((o) => o ?? []);
    for (const p of frontier) answer = maxOf(answer, p);
  }
  return answer;
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * Waits (bounded) until the runner has run the processes of every event in the log, and of what those
 * appended, until the head stands still: a test's or a seed's "everything settled". `processesSettled`
 * of the head is not that: it waits for the head's own event and its cascade, while an earlier event of
 * another stream (a trigger whose process appended the head and has more to send) may still be under way.
 * Answers false after `timeoutMs`; true at once without a runner on this store.
 */
export async function allProcessesSettled(store: EventStore, timeoutMs = 5_000): Promise<boolean> {
  const runner = runners.get(baseOf(store));
  if (!runner) return true;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.headPosition();
    if (!(await runner.waitThrough(head, Math.max(0, until - Date.now())))) return false;
    if ((await store.headPosition()) === head) return true;
  }
}

interface PendingTimer { key: string; dueAt: string; process: string; triggerId: string; triggerStream: string; triggerType: string; step: string }
interface InstanceFold { revision: bigint; state: unknown }

/** A failure worth trying again: anything but a rule the command broke (a contended stream is transient). */
const isRefusal = (err: unknown) => err instanceof DomainError && err.message !== CONTENDED_MESSAGE;
/** Work that cannot be done however often it is tried (its trigger is not in the log): failed at once. */
class WorkGone extends Error {}

/** Where this process's first active runner on a store started (the checkpoint moves on after). */
const startedFrom = new WeakMap<EventStore, bigint>();

/**
 * Where this process's runner started on `store` (the checkpoint moves on after), or, before one
 * started here, where one would start. A seed that makes up for processes a log's runner ran before
 * they existed reads it (`backfillPriceSeries`): the runner runs what lies above it anyway.
 */
export async function runnerStartingPosition(store: EventStore): Promise<bigint> {
  return startedFrom.get(store) ?? await checkpointStart(store);
}

/** Where a runner starts: its checkpoint (every event below it is done); on a log of the former sweep and scheduler, the earlier of theirs; on a new log, its start. */
async function checkpointStart(store: EventStore): Promise<bigint> {
  const saved = await store.leases.checkpoint(LEASE);
  if (saved !== null) return saved;
  const former = [await formerCheckpoint(store, streams.processSweep()), await formerCheckpoint(store, streams.scheduler())].filter((p): p is bigint => p !== null);
  if (former.length) return former.reduce((a, b) => (a < b ? a : b));
  return 0n;
}
async function formerCheckpoint(store: EventStore, stream: string): Promise<bigint | null> {
  const last = (await store.readStream(stream)).at(-1);
  const data = last?.data as { position?: unknown } | undefined;
  return typeof data?.position === 'string' ? BigInt(data.position) : null;
}

export async function startProcessRunner<FailureState>(store: EventStore, processes: readonly RegisteredProcess[], options: ProcessRunnerOptions<FailureState>): Promise<ProcessRunner> {
  const opts = { ...DEFAULTS, ...options };
  const byName = new Map(processes.map((p) => [p.name, p]));
  const reactedTo = new Set(processes.flatMap((p) => [...p.reactsTo]));
  const holder = `runner-${opts.newId()}`;
  const system = (): CommandContext => ({ actor: { userId: null, role: 'admin' }, correlationId: 'process-runner', clock: opts.clock, newId: opts.newId });
  const report = (err: unknown, work?: string) => opts.onError?.(err, work);

  let closed = false;
  let isActive = false;
  /** Every event up to here is done (its processes run). */
  let done = 0n;
  /** The head when it became active: the backlog it catches up on first. */
  let catchUpTo = 0n;
  let headAtStart: bigint | null = await store.headPosition();
  let savedCheckpoint = -1n;
  let lastSave = 0;
  /** `through`: waits for every event up to `position` (the checkpoint), else for that event's own handling. */
  const waiters = new Set<{ position: bigint; through: boolean; resolve: (passed: boolean) => void }>();
  /**
   * Events this runner has seen lately: their stream, the first position of the run of events of that
   * stream they came in (an append's batch) and, once their processes ran, the positions those appended.
   */
  const recent = new Map<bigint, { stream: string; run: bigint[]; outcome: bigint[] | null }>();
  let lastSeen: { stream: string; run: bigint[] } | null = null;
  /**
   * The runner subscribes to the types it works on only (`workTypes`): the log is read up to here this term,
   * and a position up to it that `recent` does not hold (and would: above `forgottenUpTo`, where this term's
   * read began or `recent` last dropped one) was of another type, skipped by the store's read — nothing to run
   * for it, so it is handled as soon as it is passed.
   */
  let scannedUpTo = 0n;
  let forgottenUpTo = 0n;
  const timers = new Map<string, PendingTimer>();
  const folds = new Map<string, InstanceFold>();
  let subscription: ReturnType<EventStore['subscribeToAll']> | null = null;
  let following: Promise<void> | null = null;

  // ---- waiting for the runner -------------------------------------------------------------------
  function passed(position: bigint) {
    // Events below the checkpoint are not done while a changed process still runs over them (s60).
    if (catchUpPending) return;
    for (const waiter of waiters) if (waiter.position <= position) { waiters.delete(waiter); waiter.resolve(true); }
  }
  const isSkipped = (position: bigint) => position <= scannedUpTo && position > forgottenUpTo && !recent.has(position);
  const isHandled = (position: bigint) => (!catchUpPending && done >= position) || (recent.get(position)?.outcome ?? null) !== null || isSkipped(position);
  /** The read moved on to `position`: the waiters of positions it skipped up to there go on. */
  function scannedTo(position: bigint) {
    if (position <= scannedUpTo) return;
    scannedUpTo = position;
    for (const waiter of waiters) if (!waiter.through && isSkipped(waiter.position)) { waiters.delete(waiter); waiter.resolve(true); }
  }
  /** The event at `position` is handled: its waiters go on (those of later events wait for theirs). */
  function handledAt(position: bigint, outcome: bigint[]) {
    const seen = recent.get(position);
    if (seen) seen.outcome = outcome;
    for (const waiter of waiters) if (!waiter.through && waiter.position === position) { waiters.delete(waiter); waiter.resolve(true); }
  }
  /** Notes an event as it arrives: which append's run of its stream it belongs to. */
  function seen(raw: RecordedEvent) {
    // Positions are not consecutive in every store (KurrentDB's are commit positions): a run is the list of them.
    const run = lastSeen && lastSeen.stream === raw.stream && lastSeen.run.length < MAX_RUN ? lastSeen.run : [];
    run.push(raw.position);
    lastSeen = { stream: raw.stream, run };
    recent.set(raw.position, { stream: raw.stream, run, outcome: null });
    if (recent.size > RECENT_KEPT) {
      const oldest = recent.keys().next().value!;
      recent.delete(oldest);
      if (oldest > forgottenUpTo) forgottenUpTo = oldest;
    }
    scannedTo(raw.position);
  }
  function outcomeOf(position: bigint): readonly bigint[] | undefined {
    if (isActive && isSkipped(position)) return [];
    const at = recent.get(position);
    if (!at || at.outcome === null) return undefined;
    const out: bigint[] = [];
    // Every event of the same append (its run), earlier ones included: their processes ran before (one stream, in order).
    for (const p of at.run) {
      if (p > position) break;
      const outcome = recent.get(p)?.outcome;
      if (outcome) out.push(...outcome);
    }
    return out;
  }
  async function waitPast(position: bigint, timeoutMs: number, through = false): Promise<boolean> {
    const isDone = through ? (p: bigint) => !catchUpPending && done >= p : isHandled;
    if (isActive && isDone(position)) return true;
    const deadline = Date.now() + timeoutMs;
    // Not active here: the active runner is another instance; its checkpoint tells how far it is.
    while (!isActive && !closed) {
      if (((await store.leases.checkpoint(LEASE)) ?? -1n) >= position) return true;
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(20, Math.max(1, deadline - Date.now())));
    }
    if (isDone(position)) return true;
    return new Promise<boolean>((resolve) => {
      const waiter = { position, through, resolve };
      waiters.add(waiter);
      setTimeout(() => { if (waiters.delete(waiter)) resolve(isDone(position)); }, Math.max(0, deadline - Date.now())).unref();
    });
  }

  // ---- running one piece of work, retried -----------------------------------------------------
  async function withRetries(work: string, attempt: () => Promise<void>): Promise<{ ok: true } | { ok: false; error: string; attempts: number }> {
    let last: unknown;
    for (let i = 1; i <= opts.attempts; i++) {
      try {
        await attempt();
        return { ok: true };
      } catch (err) {
        if (isRefusal(err)) {
          // The command's own rules said no: that is the process's outcome (the target moved on).
          return { ok: true };
        }
        if (err instanceof WorkGone) return { ok: false, error: errorText(err), attempts: i };
        last = err;
        report(err, `${work} (try ${i}/${opts.attempts})`);
        if (i < opts.attempts) await sleep(opts.retryDelayMs * 2 ** (i - 1));
      }
    }
    return { ok: false, error: errorText(last), attempts: opts.attempts };
  }

  async function recordFailure(
    work: { process: string; trigger: { id: string; stream: string; type: string }; step: string; timerKey: string | null }, error: string, attempts: number,
    /** A 재시도's failure is recorded on the failure it retried. */
    known?: string,
  ): Promise<void> {
    const failureId = known ?? deterministicId(`processFailure|${work.process}|${work.trigger.id}|${work.step}`);
    const stream = streams.processFailure(failureId);
    // Tried before (a 재시도 that failed again): one record, its attempts added up.
    const failedBefore = (await readParsed(store, stream)).flatMap((e) => (e.type === 'ProcessFailed' ? [e.data.attempts] : []));
    const before = failedBefore.length;
    const previous = failedBefore.at(-1) ?? 0;
    try {
      await handleCommand(store, stream, opts.failures, {
        type: 'RecordProcessFailure', failureId, process: work.process, triggerId: work.trigger.id, triggerStream: work.trigger.stream,
        triggerType: work.trigger.type, step: work.step, error, attempts: previous + attempts, timerKey: work.timerKey,
      }, { ...system(), processKey: `processFailure|${failureId}|${before}` });
    } catch (err) {
      if (!isRefusal(err)) throw err;
      report(err, `record ${failureId}`); // resolved meanwhile: nothing to record
    }
  }

  /** The runner's own records (timers, failures): ids derived from what they record, so a resend is a no-op. */
  async function appendRecord(stream: string, idName: string, event: Parameters<typeof toNewEvent>[0]): Promise<void> {
    const ctx = system();
    await store.append(stream, [toNewEvent(event, deterministicId(`runner|${idName}`), { actor: ctx.actor, correlationId: ctx.correlationId, causationId: null, at: opts.clock().toISOString() })], { expectedRevision: 'any' });
  }

  /** A process's command is sent for whoever caused its trigger (their request's actor), a timer's by the system. */
  const sendKeyed = (command: ProcessCommand, key: string, trigger: Pick<StoredEvent, 'id' | 'metadata'> | null, causationId: string) =>
    command.send(store, {
      ...system(), processKey: key, causationId,
      ...(trigger ? { actor: trigger.metadata.actor, correlationId: trigger.metadata.correlationId } : {}),
    });

  /** The instance's state before `trigger`, folding only what follows the kept fold. */
  async function stateBefore(process: RegisteredProcess, trigger: StoredEvent): Promise<unknown> {
    const foldKey = `${process.name}|${trigger.stream}`;
    let fold = folds.get(foldKey);
    if (fold && fold.revision >= trigger.revision) fold = undefined; // run again (a 재시도): fold from the start
    let state = fold ? fold.state : process.initialState();
    const from = fold ? fold.revision + 1n : 0n;
    if (from < trigger.revision) {
      for (const raw of await store.readStream(trigger.stream, { from })) {
        if (raw.revision >= trigger.revision) break;
        const event = parseEvent(raw);
        if (event) state = process.evolve(state, event);
      }
    }
    folds.delete(foldKey);
    folds.set(foldKey, { revision: trigger.revision, state: process.evolve(state, trigger) });
    if (folds.size > FOLDS_KEPT) folds.delete(folds.keys().next().value!);
    return state;
  }

  /** Everything `process` does for `trigger`: its timers recorded, its commands sent. */
  /** Runs `process` for `trigger`; answers the positions its commands appended (their last events). */
  async function runProcess(process: RegisteredProcess, trigger: StoredEvent): Promise<bigint[]> {
    const appended: bigint[] = [];
    let plan;
    try {
      plan = process.planAt(await stateBefore(process, trigger), trigger);
    } catch (err) {
      // The process's own code threw (say a due time that is no real time): trying again gives the same.
      report(err, `${process.name} plan for ${trigger.id}`);
      await recordFailure({ process: process.name, trigger, step: 'plan', timerKey: null }, errorText(err), 1);
      return appended;
    }
    for (const [i, timer] of plan.timers.entries()) {
      const key = processKeyOf(process, trigger, `timer${i}`);
      const recorded = await withRetries(key, () => appendRecord(streams.processTimers(), `timer|${key}`, {
        type: 'ProcessTimerScheduled',
        data: { key, dueAt: timer.dueAt, process: process.name, triggerId: trigger.id, triggerStream: trigger.stream, triggerType: trigger.type, step: `timer${i}` },
      }));
      if (!recorded.ok) await recordFailure({ process: process.name, trigger, step: `timer${i}`, timerKey: key }, recorded.error, recorded.attempts);
    }
    for (const [i, command] of plan.commands.entries()) {
      const key = processKeyOf(process, trigger, i);
      const sent = await withRetries(key, async () => {
        const result = await sendKeyed(command, key, trigger, trigger.id);
        if (result.written > 0) appended.push(result.position);
      });
      if (!sent.ok) await recordFailure({ process: process.name, trigger, step: String(i), timerKey: null }, sent.error, sent.attempts);
    }
    return appended;
  }

  /** One step of a process for a trigger again, planned anew on the instance's state before it (a timer, a 재시도). */
  async function runStep(process: RegisteredProcess, triggerStream: string, triggerId: string, step: string): Promise<void> {
    const recorded = await readParsed(store, triggerStream);
    const at = recorded.findIndex((e) => e.id === triggerId);
    if (at < 0) throw new WorkGone(`trigger ${triggerId} not found in ${triggerStream}`);
    let state = process.initialState();
    for (const event of recorded.slice(0, at)) state = process.evolve(state, event);
    const trigger = recorded[at]!;
    if (step === 'plan') {
      await runProcess(process, trigger);
      return;
    }
    const plan = process.planAt(state, trigger);
    const command = step.startsWith('timer') ? plan.timers[Number(step.slice(5))]?.send : plan.commands[Number(step)];
    if (!command) return; // the process no longer does that step: nothing to send
    await sendKeyed(command, processKeyOf(process, trigger, step), step.startsWith('timer') ? null : trigger, trigger.id);
  }

  // ---- timers ---------------------------------------------------------------------------------
  function learnTimer(event: StoredEvent) {
    if (event.type === 'ProcessTimerScheduled') timers.set(event.data.key, event.data);
    else if (event.type === 'ProcessTimerFired') timers.delete(event.data.key);
    else if (event.type === 'ProcessFailed' && event.data.timerKey) timers.delete(event.data.timerKey);
  }

  async function fireTimer(timer: PendingTimer): Promise<void> {
    const process = byName.get(timer.process);
    const work = { process: timer.process, trigger: { id: timer.triggerId, stream: timer.triggerStream, type: timer.triggerType }, step: timer.step, timerKey: timer.key };
    if (!process || Number.isNaN(Date.parse(timer.dueAt))) {
      await recordFailure(work, process ? `due time is not a time: ${JSON.stringify(timer.dueAt)}` : `no process ${timer.process}`, 0);
      timers.delete(timer.key);
      return;
    }
    const sent = await withRetries(timer.key, () => runStep(process, timer.triggerStream, timer.triggerId, timer.step));
    if (sent.ok) await withRetries(`${timer.key} fired`, () => appendRecord(streams.processTimers(), `fired|${timer.key}`, { type: 'ProcessTimerFired', data: { key: timer.key } }));
    else await recordFailure(work, sent.error, sent.attempts);
    timers.delete(timer.key);
  }

  let firing: Promise<number> | null = null;
  async function fire(): Promise<number> {
    if (!isActive) return 0;
    const now = opts.clock().getTime();
    const due = [...timers.values()].filter((t) => !(Date.parse(t.dueAt) > now)).sort((a, b) => (a.dueAt < b.dueAt ? -1 : 1));
    for (const timer of due) {
      try {
        await fireTimer(timer);
      } catch (err) {
        report(err, timer.key); // kept: tried again at the next look
      }
    }
    return due.length;
  }
  const fireDue = () => (firing ??= fire().finally(() => { firing = null; }));

  // ---- a 재시도 -----------------------------------------------------------------------------
  async function retryFailure(failureId: string): Promise<void> {
    const stream = streams.processFailure(failureId);
    const history = await readParsed(store, stream);
    const failed = history.filter((e) => e.type === 'ProcessFailed').at(-1);
    // Only a 재시도 still waiting (the last word on the stream) is run: a restart re-reading the log runs nothing twice.
    if (!failed || failed.type !== 'ProcessFailed' || history.at(-1)?.type !== 'ProcessRetryRequested') return;
    const { data } = failed;
    const process = byName.get(data.process);
    const work = { process: data.process, trigger: { id: data.triggerId, stream: data.triggerStream, type: data.triggerType }, step: data.step, timerKey: data.timerKey };
    const result = process
      ? await withRetries(`retry ${failureId}`, () => runStep(process, data.triggerStream, data.triggerId, data.step))
      : { ok: false as const, error: `no process ${data.process}`, attempts: 0 };
    if (!result.ok) return recordFailure(work, result.error, result.attempts, failureId);
    if (data.timerKey) await appendRecord(streams.processTimers(), `fired|${data.timerKey}`, { type: 'ProcessTimerFired', data: { key: data.timerKey } });
    await handleCommand(store, stream, opts.failures, { type: 'ResolveProcessFailure', failureId }, { ...system(), processKey: `processFailureResolved|${failureId}|${history.length}` });
  }

  // ---- following the log ----------------------------------------------------------------------
  /** Events under way, in log order; `done` moves past the first ones as they finish. */
  const inFlight: { position: bigint; finished: boolean }[] = [];
  const instanceQueues = new Map<string, Promise<void>>();
  /** Work queued or running; the subscription waits while it is at `concurrency`. */
  let pendingWork = 0;
  const room: (() => void)[] = [];

  function advance() {
    while (inFlight[0]?.finished) done = inFlight.shift()!.position;
    passed(done);
    void saveCheckpoint();
  }

  let checkpointDue: NodeJS.Timeout | null = null;
  async function saveCheckpoint(force = false) {
    if (!isActive || done <= savedCheckpoint) return;
    const now = Date.now();
    if (!force && now - lastSave < CHECKPOINT_EVERY_MS) {
      checkpointDue ??= setTimeout(() => { checkpointDue = null; void saveCheckpoint(); }, CHECKPOINT_EVERY_MS);
      checkpointDue.unref();
      return;
    }
    lastSave = now;
    const position = done;
    try {
      if (await store.leases.saveCheckpoint(LEASE, holder, position)) savedCheckpoint = position;
    } catch (err) {
      report(err, 'checkpoint');
    }
  }

  /** Runs what the event asks for; answers the positions appended for it. */
  async function handle(raw: RecordedEvent): Promise<bigint[]> {
    const event = parseEvent(raw);
    if (!event) return [];
    learnTimer(event);
    if (event.type === 'ProcessRetryRequested') {
      await retryFailure(event.data.failureId);
      return [];
    }
    const appended: bigint[] = [];
    for (const process of processes) if (process.reactsTo.has(event.type)) appended.push(...await runProcess(process, event));
    return appended;
  }

  /** When the runner's current stretch of work without a turn of the event loop began (null: none under way). */
  let sliceStarted: number | null = null;
  /**
   * Lets timers and I/O (requests) in once the runner has worked `RUNNER_SLICE_MS` without a break. A
   * stretch begins with the first event after a turn of the loop, so a live trigger after a quiet spell
   * is still handled within its request's turn (ADR 022: a yield per wake put every trigger behind all
   * ready requests).
   */
  async function yieldWhenBusy(position: bigint): Promise<void> {
    // Live work is not sliced: under load each trigger would wait behind every ready request (the
    // checkout bench's trigger → command lag went from p99 11 to 184 ms). Only the start's backlog is.
    if (position > catchUpTo) return;
    if (sliceStarted === null) {
      sliceStarted = performance.now();
      setImmediate(() => { sliceStarted = null; });
      return;
    }
    if (performance.now() - sliceStarted < RUNNER_SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /**
   * What the runner works on: the store hands it nothing else (a chat line, a listing, a price series' move are
   * not read at all: ADR 025, ninth pass), and tells it how far it read past them (`passOver`).
   */
  const workTypes = new Set([...reactedTo, 'ProcessRetryRequested', 'ProcessTimerScheduled', 'ProcessTimerFired', 'ProcessFailed']);
  const isWork = (type: string) => workTypes.has(type);

  /** Nothing to run up to `position` after the events before it: the checkpoint moves there once those are done. */
  function passOver(position: bigint) {
    const last = inFlight.at(-1);
    if (!last) { done = position; passed(done); void saveCheckpoint(); }
    else if (last.finished) last.position = position;
    else inFlight.push({ position, finished: true });
  }

  async function dispatch(raw: RecordedEvent): Promise<void> {
    seen(raw);
    if (!isWork(raw.type)) {
      handledAt(raw.position, []);
      passOver(raw.position);
      return;
    }
    while (pendingWork >= opts.concurrency) await new Promise<void>((resolve) => room.push(resolve));
    pendingWork++;
    const entry = { position: raw.position, finished: false };
    inFlight.push(entry);
    const run = async () => {
      // Handling fails as a whole only when not even its failure could be recorded (the store is down):
      // then nothing moves past it; it is tried again until it goes through or another runner takes over.
      for (let wait = opts.retryDelayMs; isActive; wait = Math.min(wait * 2, 5_000)) {
        try {
          await yieldWhenBusy(raw.position);
          const outcome = await handle(raw);
          entry.finished = true;
          handledAt(raw.position, outcome);
          break;
        } catch (err) {
          report(err, `${raw.type} ${raw.id}`);
          await sleep(wait);
        }
      }
      pendingWork--;
      room.shift()?.();
      if (entry.finished) advance();
    };
    // One instance's events in order; other instances' side by side.
    const next = (instanceQueues.get(raw.stream) ?? Promise.resolve()).then(run);
    instanceQueues.set(raw.stream, next);
    void next.then(() => { if (instanceQueues.get(raw.stream) === next) instanceQueues.delete(raw.stream); });
  }

  async function becomeActive(): Promise<void> {
    const from = await checkpointStart(store);
    if (!startedFrom.has(store)) startedFrom.set(store, from);
    // Timers scheduled before the checkpoint and not fired: known again (types read by the store, not the whole log).
    timers.clear();
    for (const raw of await store.readAll({ types: ['ProcessTimerScheduled', 'ProcessTimerFired', 'ProcessFailed'] })) {
      if (raw.position > from) break;
      const event = parseEvent(raw);
      if (event) learnTimer(event);
    }
    // The first time, the head when the runner was started: what the start's own seeds append after is not a backlog.
    catchUpTo = headAtStart ?? await store.headPosition();
    headAtStart = null;
    done = from;
    savedCheckpoint = from;
    isActive = true;
    catchUpPending = processes.some((p) => p.version > 1);
    passed(done);
    const term = ++activeTerm;
    const current = () => isActive && !closed && term === activeTerm;
    const follow = () => {
      if (!isActive || closed || term !== activeTerm) return;
      scannedUpTo = from;
      forgottenUpTo = from;
      subscription = store.subscribeToAll({
        fromPosition: from, types: [...workTypes],
        onScanned: (position) => {
          if (!isActive || term !== activeTerm) return;
          scannedTo(position);
          passOver(position);
        },
      });
      const sub = subscription;
      following = (async () => {
        for await (const raw of sub) {
          if (!isActive) break;
          await yieldWhenBusy(raw.position);
          await dispatch(raw);
        }
      })().catch((err: unknown) => report(err, 'subscription'));
    };
    // Not awaited: the lease is renewed meanwhile. A process at a version not caught up yet is run over its
    // triggers below the checkpoint first (s60), then the log is followed from the checkpoint as ever.
    void (async () => {
      let owed: CatchUp[] = [];
      try {
        owed = await owedCatchUps(from);
      } catch (err) {
        report(err, 'catch-up'); // tried again at the next activation; the log is followed meanwhile
      }
      if (!current()) return;
      catchUpLeft = owed.reduce((n, o) => n + o.triggers.length, 0);
      const start = () => {
        if (!current()) return;
        following = runCatchUps(owed, from, current).catch((err: unknown) => report(err, 'catch-up')).then(() => {
          if (!current()) return;
          catchUpPending = false;
          passed(done);
          follow();
        });
      };
      const long = catchUpTo - from > BACKLOG_ANSWERED_AT_ONCE || BigInt(catchUpLeft) > BACKLOG_ANSWERED_AT_ONCE;
      if (opts.holdBacklogUntil && long) void opts.holdBacklogUntil.then(start, start);
      else start();
    })();
  }

  // ---- a changed process over the triggers before it (s60) --------------------------------------
  /** Triggers of the catch-up not run yet (a settle answers at once while many are left, as behind a backlog). */
  let catchUpLeft = 0;
  /** A process at a new version may still owe triggers below the checkpoint: nothing up to it counts as done yet. */
  let catchUpPending = false;
  interface CatchUp { process: RegisteredProcess; triggers: StoredEvent[] }

  /**
   * The processes whose version has not been run over the triggers before it (no `ProcessCaughtUp` of that
   * version), each with its triggers up to `from` (the checkpoint: above it the runner runs this version
   * anyway). One short stream read, then one type-filtered read of the log per such process (once per version:
   * a restart after the record reads nothing of the log).
   */
  async function owedCatchUps(from: bigint): Promise<CatchUp[]> {
    const versioned = processes.filter((p) => p.version > 1);
    if (versioned.length === 0) return [];
    const caughtUp = new Set((await readParsed(store, streams.processCatchUp())).flatMap((e) => (e.type === 'ProcessCaughtUp' ? [`${e.data.process}|${e.data.version}`] : [])));
    const owed: CatchUp[] = [];
    for (const process of versioned) {
      if (caughtUp.has(`${process.name}|${process.version}`)) continue;
      const triggers: StoredEvent[] = [];
      if (from > 0n) {
        for (const raw of await store.readAll({ types: [...process.reactsTo] })) {
          if (raw.position > from) break;
          const event = parseEvent(raw);
          if (event) triggers.push(event);
        }
      }
      owed.push({ process, triggers });
    }
    return owed;
  }

  /**
   * Runs each owed process for its triggers (one instance's in log order, instances side by side), with the
   * same process keys as ever (what was sent for a trigger is not sent again; the commands added are decided on
   * the target's state now), then records `ProcessCaughtUp`. A runner that stops half-way records nothing: the
   * next active one runs it all again, and the keys and the targets' state make that harmless.
   */
  async function runCatchUps(owed: readonly CatchUp[], from: bigint, current: () => boolean): Promise<void> {
    for (const { process, triggers } of owed) {
      const byInstance = new Map<string, StoredEvent[]>();
      for (const trigger of triggers) {
        const run = byInstance.get(trigger.stream);
        if (run) run.push(trigger);
        else byInstance.set(trigger.stream, [trigger]);
      }
      const runs = [...byInstance.values()];
      let next = 0;
      const worker = async () => {
        while (current() && next < runs.length) {
          for (const trigger of runs[next++]!) {
            if (!current()) return;
            await yieldWhenBusy(trigger.position);
            await runProcess(process, trigger);
            catchUpLeft--;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(opts.concurrency, runs.length) }, worker));
      if (!current()) return;
      const key = `caughtUp|${process.name}|${process.version}`;
      const recorded = await withRetries(key, () => appendRecord(streams.processCatchUp(), key, { type: 'ProcessCaughtUp', data: { process: process.name, version: process.version, through: String(from) } }));
      if (!recorded.ok) report(new Error(recorded.error), key);
    }
    catchUpLeft = 0;
  }
  /** Each time it became active (a hold of an earlier term does not start following). */
  let activeTerm = 0;

  async function becomeStandby(): Promise<void> {
    isActive = false;
    activeTerm++;
    await subscription?.close();
    await following;
    await Promise.allSettled([...instanceQueues.values()]);
    inFlight.length = 0;
    pendingWork = 0;
    for (const wake of room.splice(0)) wake();
    subscription = null;
    following = null;
  }

  let changing = false;
  const ticks = { timerPolls: 0, leaseRenewals: 0 };
  async function keepLease(): Promise<void> {
    if (changing || closed) return;
    changing = true;
    ticks.leaseRenewals++;
    try {
      const holds = await store.leases.claim(LEASE, holder, opts.leaseMs);
      if (holds && !isActive && !closed) await becomeActive();
      else if (!holds && isActive) await becomeStandby();
      // A save the store refused (the lease had lapsed while the loop was busy, then was claimed again) is
      // made now, not at the next event: a standby's requests and a settling check read this checkpoint.
      else if (holds) await saveCheckpoint();
    } catch (err) {
      report(err, 'lease');
    } finally {
      changing = false;
    }
  }

  // Not awaited: a start does not wait for the runner to read its open timers (a long log), only requests that need its work do.
  // The active runner renews its lease; a standby tries for it more often, to take over soon after a death.
  const claimMs = Math.min(opts.leaseClaimMs, opts.leaseRenewMs);
  let leaseTimer: NodeJS.Timeout | undefined;
  const nextLeaseTick = () => {
    if (closed) return;
    leaseTimer = setTimeout(() => void keepLease().finally(nextLeaseTick), isActive ? opts.leaseRenewMs : claimMs);
    leaseTimer.unref();
  };
  void keepLease().finally(nextLeaseTick);
  const timerPoll = opts.timerPollMs > 0 ? setInterval(() => {
    ticks.timerPolls++;
    void fireDue().catch((err: unknown) => report(err, 'timers'));
  }, opts.timerPollMs) : null;
  timerPoll?.unref();

  const runner: ProcessRunner = {
    active: () => isActive,
    waitPast: (position, timeoutMs) => waitPast(position, timeoutMs),
    waitThrough: (position, timeoutMs) => waitPast(position, timeoutMs, true),
    outcomeOf,
    catchingUp: () => isActive && (catchUpTo - done > BACKLOG_ANSWERED_AT_ONCE || BigInt(catchUpLeft) > BACKLOG_ANSWERED_AT_ONCE),
    fireDue,
    pendingTimers: () => timers.size,
    ticks: () => ({ ...ticks }),
    async kill() {
      // As `kill -9` would leave it: no checkpoint saved, the lease kept until it expires.
      closed = true;
      clearTimeout(leaseTimer);
      if (timerPoll) clearInterval(timerPoll);
      if (checkpointDue) clearTimeout(checkpointDue);
      isActive = false;
      await subscription?.close();
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
      if (runners.get(base) === runner) runners.delete(base);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(leaseTimer);
      if (checkpointDue) clearTimeout(checkpointDue);
      if (timerPoll) clearInterval(timerPoll);
      await firing?.catch(() => {});
      const wasActive = isActive;
      await becomeStandby();
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
      if (wasActive) {
        isActive = true;
        await saveCheckpoint(true);
        isActive = false;
        await store.leases.release(LEASE, holder).catch(() => {});
      }
      if (runners.get(base) === runner) runners.delete(base);
    },
  };
  const base = baseOf(store);
  runners.set(base, runner);
  return runner;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The longest stretch the runner works without letting requests in. On the embedded stores every read
 * and append answers at once, so a backlog (a first start on a long log: 20,000 listings priced into
 * their series) runs on microtasks alone and held every request for seconds (the bench's filtered list
 * answered 12 requests in 5 s after a start). Past this much work it waits for the event loop's next turn.
 */
export const RUNNER_SLICE_MS = 10;
const errorText = (err: unknown) => (err instanceof WorkGone ? err.message : err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);
