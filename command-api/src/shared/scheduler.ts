import { streams, type EventStore, type RecordedEvent } from '@phonemarket/events';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import type { CommandContext } from './commandHandler.ts';
import { processKeyOf, readParsed, runProcesses, type ProcessCommand, type RegisteredProcess } from './process.ts';
import { readCheckpoint, writeCheckpoint } from './processSweep.ts';

interface PendingTimer { key: string; dueAt: string; send: ProcessCommand; position: bigint; causationId: string }

export interface Scheduler {
  /** Resolves once the timers of every event up to the head at start are known. */
  caughtUp(): Promise<void>;
  /** Sends every command now due (the injected clock's now); answers how many were sent. */
  fireDue(): Promise<number>;
  /** Timers known and not fired yet. */
  pending(): number;
  close(): Promise<void>;
}

export interface SchedulerOptions {
  clock: Clock;
  newId: IdGenerator;
  /** How often due timers are looked for (ms); 0: never by itself (tests call `fireDue`). */
  pollMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * The one scheduler of the command side. Due times are derived from events (a process's `schedule`),
 * never kept only in memory: at start the scheduler reads the log from its checkpoint (the position
 * before the oldest timer not fired yet) and then follows it live. A due command is sent with a
 * process key derived from its trigger, so it is appended once even when several command-api
 * instances fire it (the second finds its events, or conflicts on the stream's revision and re-reads).
 */
export async function startScheduler(store: EventStore, processes: readonly RegisteredProcess[], opts: SchedulerOptions): Promise<Scheduler> {
  const scheduling = processes.filter((p) => p.schedules);
  const types = new Set(scheduling.flatMap((p) => [...p.reactsTo]));
  const ctx = (): CommandContext => ({ actor: { userId: null, role: 'admin' }, correlationId: 'scheduler', clock: opts.clock, newId: opts.newId });
  const checkpointStream = streams.scheduler();
  const from = (await readCheckpoint(store, checkpointStream, 'SchedulerCheckpointed')) ?? 0n;
  const head = await store.headPosition();
  const timers = new Map<string, PendingTimer>();
  let seen = from;
  let savedCheckpoint = from;
  let reachedHead: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => { reachedHead = resolve; });
  if (head <= from) reachedHead();

  async function learn(raw: RecordedEvent): Promise<void> {
    for (const process of scheduling) {
      if (!process.reactsTo.has(raw.type)) continue;
      for (const { trigger, timers: due } of process.plan(await readParsed(store, raw.stream), new Set([raw.id]))) {
        for (const [i, timer] of due.entries()) {
          const key = processKeyOf(process, trigger, `timer${i}`);
          timers.set(key, { key, dueAt: timer.dueAt, send: timer.send, position: raw.position, causationId: trigger.id });
        }
      }
    }
  }

  const subscription = store.subscribeToAll({ fromPosition: from });
  const following = (async () => {
    for await (const raw of subscription) {
      try {
        if (types.has(raw.type)) await learn(raw);
      } catch (err) {
        opts.onError?.(err);
      }
      seen = raw.position;
      if (seen >= head) reachedHead();
    }
  })();

  let firing: Promise<number> | null = null;
  async function fire(): Promise<number> {
    await caughtUp;
    const now = opts.clock().toISOString();
    const due = [...timers.values()].filter((t) => t.dueAt <= now).sort((a, b) => (a.dueAt < b.dueAt ? -1 : 1));
    for (const timer of due) {
      try {
        const sent = await timer.send.send(store, { ...ctx(), processKey: timer.key, causationId: timer.causationId });
        // What the due command appended may move processes in turn (an abandoned checkout puts its units back).
        await runProcesses(store, processes, timer.send.stream, sent.events, ctx());
      } catch (err) {
        opts.onError?.(err);
      }
      timers.delete(timer.key);
    }
    // The next start reads from before the oldest timer still waiting (or from what was seen).
    const oldest = [...timers.values()].reduce((min, t) => (t.position - 1n < min ? t.position - 1n : min), seen);
    if (oldest > savedCheckpoint) {
      await writeCheckpoint(store, checkpointStream, 'SchedulerCheckpointed', oldest, ctx());
      savedCheckpoint = oldest;
    }
    return due.length;
  }
  const fireDue = () => (firing ??= fire().finally(() => { firing = null; }));

  const interval = opts.pollMs ? setInterval(() => { void fireDue().catch((err: unknown) => opts.onError?.(err)); }, opts.pollMs) : null;
  interval?.unref();

  return {
    caughtUp: () => caughtUp,
    fireDue,
    pending: () => timers.size,
    async close() {
      if (interval) clearInterval(interval);
      await firing?.catch(() => {});
      await subscription.close();
      await following.catch(() => {});
    },
  };
}
