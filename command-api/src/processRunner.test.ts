import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteEventStore, parseEvent, streams, toNewEvent, type EventStore, type StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { commandProcesses } from './processes.ts';
import { processFailureDecider } from './features/processFailures/public.ts';
import { registerAccount } from './features/accounts/accountService.ts';
import { walletDecider } from './features/orders/wallet.ts';
import { handleCommand, loadAggregate, storeWith, type CommandContext } from './shared/commandHandler.ts';
import { defineProcess, sendTo, type ProcessCommand, type RegisteredProcess } from './shared/process.ts';
import { BACKLOG_ANSWERED_AT_ONCE, RUNNER_SLICE_MS, allProcessesSettled, processesSettled, startProcessRunner, type ProcessRunner, type ProcessRunnerOptions } from './shared/processRunner.ts';

/**
 * The process runner (ADR 022), given a log, when events and time pass, then what it appended. Its
 * processes here are the product's own (a sign-up's welcome points, by `userAccountProcess`) and, for
 * what the product's processes never do (refuse, schedule a time that is no time), small ones of the test.
 */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
let now = new Date('2026-11-20T10:00:00.000Z');
const clock = () => now;
const ctx = (userId: string | null = null): CommandContext => ({ actor: { userId, role: 'user' }, correlationId: 'test', clock, newId: randomUUID });
const account = (userId: string) => ({ userId, email: `${userId}@example.kr`, firstName: '민수', lastName: '김', role: 'user' as const, passwordHash: HASH, demo: false });

let store: EventStore;
const runners: ProcessRunner[] = [];
async function runnerOn(on: EventStore, processes: readonly RegisteredProcess[] = commandProcesses, opts: Partial<Omit<ProcessRunnerOptions, 'failures'>> = {}) {
  const runner = await startProcessRunner(on, processes, { failures: processFailureDecider, clock, newId: randomUUID, timerPollMs: 0, attempts: 3, retryDelayMs: 1, leaseMs: 300, leaseRenewMs: 50, ...opts });
  runners.push(runner);
  return runner;
}
/** Every process of the log run (not `processesSettled` of the head: that answers for the head's own event). */
const settle = async () => expect(await allProcessesSettled(store, 5_000)).toBe(true);
const ofType = async (type: string) => (await store.readAll()).map(parseEvent).filter((e): e is StoredEvent => e?.type === type);
const points = async (userId: string) => (await loadAggregate(store, streams.wallet(userId), walletDecider)).state.points;

/** The store, except that appends to streams `failsOn` picks throw (a transient error) while `failing()` says so. */
function flaky(failsOn: (stream: string) => boolean, failing: () => boolean): EventStore & { failures: () => number } {
  let failures = 0;
  return Object.assign(storeWith(store, {
    append: async (stream, events, options) => {
      if (failsOn(stream) && failing()) {
        failures++;
        throw new Error('SQLITE_BUSY: database is locked');
      }
      return store.append(stream, events, options);
    },
  }), { failures: () => failures });
}

beforeEach(() => {
  now = new Date('2026-11-20T10:00:00.000Z');
  store = openSqliteEventStore(':memory:');
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.close();
  await store.close();
});

describe('the process runner runs processes from the log', () => {
  it('given a sign-up in the log, the runner grants its welcome points once; a second start appends nothing', async () => {
    await registerAccount(store, account('u1'), ctx('u1'));
    expect(await points('u1')).toBe(0);
    const runner = await runnerOn(store);
    await settle();
    expect(await points('u1')).toBe(1000);
    await runner.close();
    const head = await store.headPosition();
    await runnerOn(store);
    await settle();
    expect(await store.headPosition()).toBe(head);
    expect(await ofType('WelcomeBenefitsGranted')).toHaveLength(1);
  });

  it('a send that throws twice then succeeds: the work happens once and nothing is recorded as failed', async () => {
    let tries = 0;
    const view = flaky((s) => s.startsWith('wallet-'), () => ++tries <= 2);
    await runnerOn(view);
    await registerAccount(store, account('u1'), ctx('u1'));
    await settle();
    expect(view.failures()).toBe(2);
    expect(await points('u1')).toBe(1000);
    expect(await ofType('WelcomeBenefitsGranted')).toHaveLength(1);
    expect(await ofType('ProcessFailed')).toEqual([]);
  });

  it('a send that always throws: ProcessFailed after the tries, the runner goes on; an admin\'s 재시도 then completes it once', async () => {
    let broken = true;
    const view = flaky((s) => s === streams.wallet('u1'), () => broken);
    await runnerOn(view);
    await registerAccount(store, account('u1'), ctx('u1'));
    await registerAccount(store, account('u2'), ctx('u2'));
    await settle();
    // u2's sign-up, after the failing one, was not held up by it.
    expect(await points('u2')).toBe(1000);
    expect(await points('u1')).toBe(0);
    const [failed] = await ofType('ProcessFailed');
    expect(failed?.data).toMatchObject({ process: 'userAccount', triggerType: 'UserRegistered', triggerStream: streams.user('u1'), step: '0', attempts: 3, timerKey: null, error: expect.stringContaining('SQLITE_BUSY') });
    const failureId = (failed!.data as { failureId: string }).failureId;

    // Retried while still broken: a second failure on the same record, the attempts added up.
    const retry = (n: number) => store.append(streams.processFailure(failureId), [toNewEvent({ type: 'ProcessRetryRequested', data: { failureId } }, `00000000-0000-4000-8000-00000000000${n}`, {
      actor: { userId: 'admin-1', role: 'admin' }, correlationId: 'retry', causationId: null, at: now.toISOString(),
    })], { expectedRevision: 'any' });
    await retry(1);
    await settle();
    expect((await ofType('ProcessFailed')).map((e) => (e.data as { attempts: number }).attempts)).toEqual([3, 6]);
    broken = false;
    await retry(2);
    await settle();
    expect(await points('u1')).toBe(1000);
    expect(await ofType('ProcessFailureResolved')).toHaveLength(1);
    expect(await ofType('WelcomeBenefitsGranted')).toHaveLength(2);
  });

  it('a domain refusal is the process\'s outcome: not retried, not a failure', async () => {
    let sends = 0;
    const refusing: ProcessCommand = {
      stream: 'wallet-x', command: { type: 'Refused' },
      send: async () => { sends++; throw new DomainError('conflict', '이미 처리되었습니다.'); },
    };
    const process = defineProcess<null, 'UserRegistered'>({
      name: 'refusing', reactsTo: ['UserRegistered'], initialState: () => null, evolve: () => null, decide: () => [refusing],
    });
    await runnerOn(store, [process]);
    await registerAccount(store, account('u1'), ctx('u1'));
    await settle();
    expect(sends).toBe(1);
    expect(await ofType('ProcessFailed')).toEqual([]);
  });
});

describe('timers are events the runner fires when due', () => {
  /** A process that grants the welcome points a day after sign-up (so the test has a timer), or schedules `dueAt` as given. */
  const later = (dueAt: (registeredAt: string) => string) => defineProcess<null, 'UserRegistered'>({
    name: 'welcomeLater', reactsTo: ['UserRegistered'], initialState: () => null, evolve: () => null, decide: () => [],
    schedule: (event) => [{ dueAt: dueAt(event.metadata.at), send: sendTo(streams.wallet(event.data.userId), walletDecider, { type: 'GrantWelcomeBenefits' }) }],
  });
  const dayAfter = later((at) => new Date(new Date(at).getTime() + 86_400_000).toISOString());

  it('recorded when decided, kept across a restart, sent at the due time once (not before), then closed', async () => {
    let runner = await runnerOn(store, [dayAfter]);
    await registerAccount(store, account('u1'), ctx('u1'));
    await settle();
    expect((await ofType('ProcessTimerScheduled')).map((e) => e.data)).toMatchObject([{ process: 'welcomeLater', dueAt: '2026-11-21T10:00:00.000Z' }]);
    expect(runner.pendingTimers()).toBe(1);
    now = new Date('2026-11-21T09:59:59.000Z');
    expect(await runner.fireDue()).toBe(0);
    await runner.close();

    // A restart: the timer comes back from the log, not from memory.
    runner = await runnerOn(store, [dayAfter]);
    await expect.poll(() => runner.pendingTimers()).toBe(1);
    now = new Date('2026-11-21T10:00:00.000Z');
    expect(await runner.fireDue()).toBe(1);
    expect(await points('u1')).toBe(1000);
    expect(await ofType('ProcessTimerFired')).toHaveLength(1);
    expect(runner.pendingTimers()).toBe(0);
    await runner.close();
    runner = await runnerOn(store, [dayAfter]);
    await settle();
    expect(runner.pendingTimers()).toBe(0);
    expect(await runner.fireDue()).toBe(0);
    expect(await ofType('WelcomeBenefitsGranted')).toHaveLength(1);
  });

  it('a timer whose send fails is not dropped: retried, then ProcessFailed with its key — never deleted unsent', async () => {
    let broken = true;
    const view = flaky((s) => s.startsWith('wallet-'), () => broken);
    const runner = await runnerOn(view, [dayAfter]);
    await registerAccount(store, account('u1'), ctx('u1'));
    await settle();
    now = new Date('2026-11-22T00:00:00.000Z');
    await runner.fireDue();
    await settle();
    const [failed] = await ofType('ProcessFailed');
    expect(failed?.data).toMatchObject({ process: 'welcomeLater', step: 'timer0', timerKey: expect.stringContaining('welcomeLater|') });
    expect(await ofType('ProcessTimerFired')).toEqual([]);
    broken = false;
    const failureId = (failed!.data as { failureId: string }).failureId;
    await store.append(streams.processFailure(failureId), [toNewEvent({ type: 'ProcessRetryRequested', data: { failureId } }, randomUUID(), {
      actor: { userId: 'admin-1', role: 'admin' }, correlationId: 'retry', causationId: null, at: now.toISOString(),
    })], { expectedRevision: 'any' });
    await settle();
    expect(await points('u1')).toBe(1000);
    expect(await ofType('ProcessTimerFired')).toHaveLength(1);
  });

  it('a due time that is no time, or one that cannot be computed, becomes ProcessFailed — no crash, and the next start is clean', async () => {
    const garbage = later(() => '2026-13-45T99:00:00Z');
    const throwing = defineProcess<null, 'UserRegistered'>({
      name: 'dueTimeThrows', reactsTo: ['UserRegistered'], initialState: () => null, evolve: () => null, decide: () => [],
      schedule: (event) => [{ dueAt: new Date(Number.NaN).toISOString(), send: sendTo(streams.wallet(event.data.userId), walletDecider, { type: 'GrantWelcomeBenefits' }) }],
    });
    const errors: unknown[] = [];
    let runner = await runnerOn(store, [garbage, throwing], { onError: (err) => errors.push(err) });
    await registerAccount(store, account('u1'), ctx('u1'));
    await settle();
    await runner.fireDue();
    await settle();
    expect((await ofType('ProcessFailed')).map((e) => e.type === 'ProcessFailed' && [e.data.process, e.data.step])).toEqual([['dueTimeThrows', 'plan'], ['welcomeLater', 'timer0']]);
    expect(runner.pendingTimers()).toBe(0);
    await runner.close();
    const head = await store.headPosition();
    errors.length = 0;
    runner = await runnerOn(store, [garbage, throwing], { onError: (err) => errors.push(err) });
    await settle();
    await runner.fireDue();
    expect(errors).toEqual([]);
    expect(await store.headPosition()).toBe(head);
  });
});

describe('one active runner per store', () => {
  it('nothing is appended while nothing happens (its checkpoint and lease live outside the log)', async () => {
    const runner = await runnerOn(store, commandProcesses, { timerPollMs: 2, leaseRenewMs: 2 });
    await registerAccount(store, account('u1'), ctx('u1'));
    await settle();
    const head = await store.headPosition();
    // Thirty idle seconds of the product's rhythm (a look for due timers and a lease renewal each second), and more.
    const idle = runner.ticks();
    await expect.poll(() => runner.ticks().timerPolls - idle.timerPolls, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(60);
    await expect.poll(() => runner.ticks().leaseRenewals - idle.leaseRenewals, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(60);
    expect(await store.headPosition()).toBe(head);
  });

  it('two runners on one store: one is active; when it dies, the other takes over within 5 s and completes what it left', async () => {
    const a = await runnerOn(store);
    const b = await runnerOn(store);
    await expect.poll(() => [a.active(), b.active()].filter(Boolean).length).toBe(1);
    const [active, standby] = a.active() ? [a, b] : [b, a];
    await registerAccount(store, account('u1'), ctx('u1'));
    await settle();
    expect(await points('u1')).toBe(1000);
    await active.kill();
    const died = Date.now();
    await registerAccount(store, account('u2'), ctx('u2'));
    await expect.poll(() => standby.active(), { timeout: 5_000, interval: 10 }).toBe(true);
    expect(Date.now() - died).toBeLessThan(5_000);
    await settle();
    expect(await points('u2')).toBe(1000);
    expect(await ofType('WelcomeBenefitsGranted')).toHaveLength(2);
  });

  it('a checkpoint the store would not save (the lease lapsed while the loop was busy) is saved at the next renewal, without another event', async () => {
    let refusing = true;
    const view: EventStore = { ...store, leases: { ...store.leases, saveCheckpoint: async (name, holder, position) => (refusing ? false : store.leases.saveCheckpoint(name, holder, position)) } };
    await runnerOn(view);
    await registerAccount(store, account('u1'), ctx('u1'));
    await expect.poll(() => points('u1')).toBe(1000);
    const head = await store.headPosition();
    expect((await store.leases.checkpoint('processRunner')) ?? -1n).toBeLessThan(head);
    refusing = false;
    await expect.poll(() => store.leases.checkpoint('processRunner'), { timeout: 2_000, interval: 10 }).toBe(head);
  });

  it('a request on the standby\'s instance waits for the active one (through the checkpoint in the store)', async () => {
    const a = await runnerOn(store);
    await expect.poll(() => a.active()).toBe(true);
    const b = await runnerOn(store);
    expect(b.active()).toBe(false);
    await registerAccount(store, account('u1'), ctx('u1'));
    expect(await b.waitPast(await store.headPosition(), 5_000)).toBe(true);
    expect(await points('u1')).toBe(1000);
    // Nothing waits forever: a position no runner will pass answers false after the timeout.
    expect(await b.waitPast((await store.headPosition()) + 1_000n, 50)).toBe(false);
    expect(await handleCommand(store, streams.wallet('u1'), walletDecider, { type: 'GrantWelcomeBenefits' }, ctx('u1'))).toMatchObject({ written: 0 });
  });
});

describe('a settle waits for the whole cascade, whatever the order the runner handles it in', () => {
  /**
   * A cascade across streams with a gate the test holds: a sign-up (`UserRegistered`, event E) grants
   * u1's welcome (X); X makes a second process grant v1's (Y1, which no process reacts to) and then,
   * once its gate opens, v2's (Y2). While the gate is shut the head is Y1, handled at once, and X — below
   * it, of another stream — is still under way: the interleaving of the flaky price-policy crash test.
   * Each send of v2's grant takes the next gate (a runner killed while waiting keeps its own forever).
   */
  function gatedCascade(gates: Promise<unknown>[]) {
    const welcome = defineProcess<null, 'UserRegistered'>({
      name: 'welcomeFirst', reactsTo: ['UserRegistered'], initialState: () => null, evolve: () => null,
      decide: (event) => [sendTo(streams.wallet(event.data.userId), walletDecider, { type: 'GrantWelcomeBenefits' })],
    });
    const gatedV2: ProcessCommand = {
      stream: streams.wallet('v2'), command: { type: 'GrantWelcomeBenefits' },
      send: async (on, c) => { await (gates.shift() ?? Promise.resolve()); return handleCommand(on, streams.wallet('v2'), walletDecider, { type: 'GrantWelcomeBenefits' }, c); },
    };
    const onward = defineProcess<null, 'WelcomeBenefitsGranted'>({
      name: 'welcomeOnward', reactsTo: ['WelcomeBenefitsGranted'], initialState: () => null, evolve: () => null,
      decide: (event) => (event.stream === streams.wallet('u1') ? [sendTo(streams.wallet('v1'), walletDecider, { type: 'GrantWelcomeBenefits' }), gatedV2] : []),
    });
    return [welcome, onward];
  }
  const opened = () => { let open!: () => void; const gate = new Promise<void>((resolve) => { open = resolve; }); return { gate, open }; };

  it('all processes settled (a test\'s settle of the log) waits for an event under way below the head, not only for the head\'s own', async () => {
    const { gate, open } = opened();
    await runnerOn(store, gatedCascade([gate]));
    const registering = registerAccount(store, account('u1'), ctx('u1'));
    await expect.poll(() => points('v1'), { timeout: 5_000, interval: 5 }).toBe(1000);
    const head = await store.headPosition();
    // The head's own event is done: a request's settle of it answers (it never waits for others' work) …
    expect(await processesSettled(store, head, { timeoutMs: 5_000 })).toBe(head);
    // … while X's process has v2 still to grant: the log is not settled.
    expect(await allProcessesSettled(store, 200)).toBe(false);
    expect(await points('v2')).toBe(0);
    open();
    expect(await allProcessesSettled(store, 5_000)).toBe(true);
    expect(await points('v2')).toBe(1000);
    await registering;
  });

  // The runner is handed only the types it works on (ADR 025, ninth pass): a command that appended none of them
  // (a chat line, a listing) is passed by the store's read, and its settle must not wait for other work under way.
  it('an event of a type no process works on is passed unread: its settle answers at once while other work is under way, and the checkpoint reaches it', async () => {
    const { gate, open } = opened();
    await runnerOn(store, gatedCascade([gate]));
    const registering = registerAccount(store, account('u1'), ctx('u1'));
    await expect.poll(() => points('v1'), { timeout: 5_000, interval: 5 }).toBe(1000);
    const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'test', causationId: null, at: now.toISOString() };
    const profile = { sellerId: 's1', name: '판매자', storeName: '가게', rating: 4.5, deals: 1, verified: false };
    const { position } = await store.append(streams.marketSeller('s1'), [toNewEvent({ type: 'SellerProfileDefined', data: profile }, randomUUID(), meta)], { expectedRevision: 'any' });
    const started = Date.now();
    expect(await processesSettled(store, position, { timeoutMs: 2_000 })).toBe(position);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await points('v2')).toBe(0); // X's work is still under way below it
    open();
    await registering;
    expect(await allProcessesSettled(store, 5_000)).toBe(true);
    // The log ends on events the runner never read: its checkpoint is there all the same.
    const { position: tail } = await store.append(streams.marketSeller('s1'), [toNewEvent({ type: 'SellerProfileDefined', data: profile }, randomUUID(), meta)], { expectedRevision: 'any' });
    await expect.poll(async () => store.leases.checkpoint('processRunner'), { timeout: 5_000, interval: 5 }).toBe(tail);
  });

  it('a request whose event ran before a takeover: its settle waits until every event up to the head is done, not for the head\'s own handling', async () => {
    const { gate, open } = opened();
    // The first runner's send of v2's grant never goes on (it is killed waiting); the second's waits for `gate`.
    const cascade = gatedCascade([new Promise(() => {}), gate]);
    const first = await runnerOn(store, cascade);
    const registering = registerAccount(store, account('u1'), ctx('u1'));
    await expect.poll(() => points('v1'), { timeout: 5_000, interval: 5 }).toBe(1000);
    const [registered] = await ofType('UserRegistered');
    // E is done and checkpointed; X (its outcome) is under way.
    await expect.poll(async () => (await store.leases.checkpoint('processRunner')) ?? -1n, { timeout: 5_000, interval: 5 }).toBeGreaterThanOrEqual(registered!.position);
    await first.kill();
    await registering;
    const second = await runnerOn(store, cascade);
    await expect.poll(() => second.active(), { timeout: 5_000, interval: 5 }).toBe(true);
    // The new runner starts past E (no outcome of it known here): the settle must wait for X's cascade, so
    // with the gate shut it times out and answers E's own position — never the head (Y1) without v2's grant.
    expect(await processesSettled(store, registered!.position, { timeoutMs: 300 })).toBe(registered!.position);
    expect(await points('v2')).toBe(0);
    open();
    const answer = await processesSettled(store, registered!.position, { timeoutMs: 5_000 });
    expect(await points('v2')).toBe(1000);
    expect(answer).toBe(await store.headPosition());
  });
});

describe('a first start on a long log: the backlog waits for the start, nothing is dropped (issue 37)', () => {
  /** `n` events no process reacts to, in one append: a long log written without a runner. */
  async function backlog(n: number) {
    const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'test', causationId: null, at: now.toISOString() };
    const data = (i: number) => ({ sellerId: `s${i}`, name: `판매자 ${i}`, storeName: `가게 ${i}`, rating: 4.5, deals: 1, verified: false });
    await store.append(streams.marketSeller('backlog'), Array.from({ length: n }, (_, i) => toNewEvent({ type: 'SellerProfileDefined', data: data(i) }, randomUUID(), meta)), { expectedRevision: 'any' });
  }
  const held = () => {
    let release = (): void => {};
    return { until: new Promise<void>((resolve) => { release = resolve; }), release: () => release() };
  };

  it('a backlog longer than BACKLOG_ANSWERED_AT_ONCE is run only once the start lets it; settles answer at once meanwhile; then every process runs, once', async () => {
    await registerAccount(store, account('u1'), ctx('u1'));
    await backlog(Number(BACKLOG_ANSWERED_AT_ONCE) + 100);
    const hold = held();
    const runner = await runnerOn(store, commandProcesses, { holdBacklogUntil: hold.until });
    await expect.poll(() => runner.active()).toBe(true);
    expect(runner.catchingUp()).toBe(true);
    // A sign-up during the start (a seed): its settle does not wait out its 2 s behind the backlog.
    const started = Date.now();
    await registerAccount(store, account('u2'), ctx('u2'));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await points('u1')).toBe(0);
    hold.release();
    await expect.poll(() => runner.catchingUp(), { timeout: 10_000, interval: 10 }).toBe(false);
    await settle();
    expect(await points('u1')).toBe(1000);
    expect(await points('u2')).toBe(1000);
    expect(await ofType('WelcomeBenefitsGranted')).toHaveLength(2);
  });

  it('a short backlog is not held: its processes run at once, and a settle waits for them', async () => {
    await registerAccount(store, account('u1'), ctx('u1'));
    await backlog(10);
    const runner = await runnerOn(store, commandProcesses, { holdBacklogUntil: held().until });
    await settle();
    expect(runner.catchingUp()).toBe(false);
    expect(await points('u1')).toBe(1000);
  });
  it('a backlog lets requests in between slices of its work: the event loop is never held much past RUNNER_SLICE_MS', async () => {
    // 600 events whose process works 2 ms each (1.2 s in all): on the embedded store every read and append
    // answers at once, so without slices the whole backlog ran on microtasks and held every request.
    const WORK_MS = 2;
    let handled = 0;
    const busy: ProcessCommand = {
      stream: 'busy', command: { type: 'Busy' },
      send: async () => {
        const until = performance.now() + WORK_MS;
        while (performance.now() < until) { /* a process's CPU work */ }
        handled++;
        return { state: null, position: 0n, written: 0, events: [] };
      },
    };
    const process = defineProcess<null, 'SellerProfileDefined'>({
      name: 'busy', reactsTo: ['SellerProfileDefined'], initialState: () => null, evolve: () => null, decide: () => [busy],
    });
    await backlog(600);
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => { const at = performance.now(); longest = Math.max(longest, at - last); last = at; }, 1);
    try {
      await runnerOn(store, [process]);
      await expect.poll(() => handled, { timeout: 20_000, interval: 5 }).toBe(600);
    } finally {
      clearInterval(ticker);
    }
    // A slice, the event under way when it ends, and a loaded host's scheduling: far below the 1.2 s held before.
    expect(longest).toBeLessThan(RUNNER_SLICE_MS + 300);
  });

  it('a live event after a quiet spell is handled within the turn of its append, before the I/O waiting behind it', async () => {
    const order: string[] = [];
    const noted: ProcessCommand = {
      stream: 'noted', command: { type: 'Noted' },
      send: async () => { order.push('process'); return { state: null, position: 0n, written: 0, events: [] }; },
    };
    const process = defineProcess<null, 'SellerProfileDefined'>({
      name: 'noted', reactsTo: ['SellerProfileDefined'], initialState: () => null, evolve: () => null, decide: () => [noted],
    });
    const runner = await runnerOn(store, [process]);
    await expect.poll(() => runner.active()).toBe(true);
    // Quiet for longer than a slice: a stretch measured from the runner's start would yield at once.
    await new Promise((resolve) => setTimeout(resolve, RUNNER_SLICE_MS * 3));
    // I/O already waiting for the loop's next turn when the trigger is appended (a request behind it).
    setImmediate(() => order.push('waiting I/O'));
    await backlog(1);
    await expect.poll(() => order.length, { timeout: 5_000, interval: 5 }).toBe(2);
    expect(order).toEqual(['process', 'waiting I/O']);
  });
});

describe('a process at a new version runs once over the triggers before the checkpoint (s60)', () => {
  /** Version `version` of a process that pays 10 P for a sign-up (idempotent by the wallet's state: once per account). */
  const bonus = (version: number) => defineProcess<null, 'UserRegistered'>({
    name: 'signUpBonus', version, reactsTo: ['UserRegistered'], initialState: () => null, evolve: (s) => s,
    decide: (event) => [sendTo(streams.wallet(event.data.userId), walletDecider, { type: 'PayBuybackPoints', orderId: `bonus-${event.data.userId}`, amount: 10 })],
  });
  /** A log whose runner ran an earlier version (that sent nothing) over it: its checkpoint is the head. */
  async function ranBefore() {
    await registerAccount(store, account('u1'), ctx('u1'));
    await registerAccount(store, account('u2'), ctx('u2'));
    expect(await store.leases.claim('processRunner', 'runner-v1', 60_000)).toBe(true);
    expect(await store.leases.saveCheckpoint('processRunner', 'runner-v1', await store.headPosition())).toBe(true);
    await store.leases.release('processRunner', 'runner-v1');
  }
  const triggerReads = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([o]) => (o as { types?: string[] } | undefined)?.types?.includes('UserRegistered')).length;

  it('version 1 leaves the triggers below the checkpoint alone (as before s60)', async () => {
    await ranBefore();
    const head = await store.headPosition();
    await runnerOn(store, [bonus(1)]);
    await settle();
    expect([await points('u1'), await points('u2')]).toEqual([0, 0]);
    expect(await store.headPosition()).toBe(head);
  });

  it('version 2: with two runners, each old trigger run once, ProcessCaughtUp recorded once; a restart reads no trigger and appends nothing', async () => {
    await ranBefore();
    const reads = vi.spyOn(store, 'readAll');
    const [a, b] = [await runnerOn(store, [bonus(2)]), await runnerOn(store, [bonus(2)])];
    // A settle on the standby reads the active one's checkpoint, which the catch-up does not move: wait for its record.
    await expect.poll(async () => (await ofType('ProcessCaughtUp')).length).toBe(1);
    await settle();
    expect([await points('u1'), await points('u2')]).toEqual([10, 10]);
    expect(await ofType('PointsEarned')).toHaveLength(2);
    expect((await ofType('ProcessCaughtUp')).map((e) => e.data)).toEqual([{ process: 'signUpBonus', version: 2, through: String((await ofType('UserRegistered')).at(-1)!.position) }]);
    expect(triggerReads(reads)).toBe(1);
    // A sign-up after the catch-up is the runner's ordinary work.
    await registerAccount(store, account('u3'), ctx('u3'));
    await settle();
    expect(await points('u3')).toBe(10);

    await a.close();
    await b.close();
    reads.mockClear();
    const head = await store.headPosition();
    await runnerOn(store, [bonus(2)]);
    await settle();
    expect(await store.headPosition()).toBe(head);
    expect(triggerReads(reads)).toBe(0);
    expect(await ofType('PointsEarned')).toHaveLength(3);
  });

  it('a runner killed during the catch-up: the one that takes over runs it again, and each trigger still pays once', async () => {
    await ranBefore();
    let sends = 0;
    // The first runner's first send of the catch-up never comes back (a stalled store); it dies there.
    const stalled = storeWith(store, { append: (stream, events, options) => (stream.startsWith('wallet-') && ++sends === 1 ? new Promise(() => {}) : store.append(stream, events, options)) });
    const first = await runnerOn(stalled, [bonus(2)]);
    await expect.poll(() => sends).toBeGreaterThan(0);
    await first.kill();
    await runnerOn(store, [bonus(2)]);
    await settle();
    expect([await points('u1'), await points('u2')]).toEqual([10, 10]);
    expect(await ofType('PointsEarned')).toHaveLength(2);
    expect(await ofType('ProcessCaughtUp')).toHaveLength(1);
  });
});
