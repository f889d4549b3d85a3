import { parseEvent, type EventStore, type EventType, type StoredEvent } from '@phonemarket/events';
import { handleCommand, type CommandContext, type CommandResult } from './commandHandler.ts';
import type { Decider } from './decider.ts';

/** One command a process sends to one stream, decided there by that stream's decider. */
export interface ProcessCommand {
  stream: string;
  command: { type: string };
  send(store: EventStore, ctx: CommandContext): Promise<CommandResult<unknown>>;
}

export function sendTo<S, C extends { type: string }>(stream: string, decider: Decider<S, C>, command: C): ProcessCommand {
  return { stream, command, send: (store, ctx) => handleCommand(store, stream, decider, command, ctx) };
}

/** A command due later: the process runner records it (`ProcessTimerScheduled`) and sends it at `dueAt` (a target that moved on decides nothing then). */
export interface Timer { dueAt: string; send: ProcessCommand }

type EventOf<T extends EventType> = Extract<StoredEvent, { type: T }>;

/**
 * Work across streams and over time (Emmett's `Workflow`): an event of `reactsTo` on one stream (the
 * process instance's) makes the process send commands to other streams, now (`decide`) or at a due
 * time (`schedule`). Both see the instance's state before the event (`evolve` over that stream's
 * events). Only the process runner (`processRunner.ts`, ADR 022) runs them, from the log. The
 * commands are sent with a process key derived from the event, so whoever sends them again (a retry,
 * the runner that took over from a dead one) appends them once.
 */
export interface Process<State, T extends EventType> {
  name: string;
  /**
   * Bump it (from 1, the default) when a change must reach the triggers the runner ran before it (a step
   * added that old triggers owe too: s59's refund of a cancel). A runner that finds a process at a version
   * it has not caught up yet runs it once more for each of its triggers below its checkpoint (one
   * type-filtered read of the log, before it goes on), then records `ProcessCaughtUp` (ADR 022, s60). Its
   * commands must be harmless when decided again on a later state, as for any resend; its timers are
   * recorded again by their keys (a timer fired long ago is not recorded twice).
   */
  version?: number;
  reactsTo: readonly T[];
  initialState: () => State;
  evolve: (state: State, event: StoredEvent) => State;
  decide: (event: EventOf<T>, state: State) => ProcessCommand[];
  schedule?: (event: EventOf<T>, state: State) => Timer[];
}

/** What one event of a stream makes a process do. */
export interface ProcessPlan { commands: ProcessCommand[]; timers: Timer[] }

/** A process with its types erased, as the runner holds them. */
export interface RegisteredProcess {
  name: string;
  /** `Process.version`: 1 unless a change had to reach the triggers run before it. */
  version: number;
  reactsTo: ReadonlySet<string>;
  initialState(): unknown;
  evolve(state: unknown, event: StoredEvent): unknown;
  /** What the process does for `trigger` (one of `reactsTo`), given its instance's state before it. */
  planAt(state: unknown, trigger: StoredEvent): ProcessPlan;
}

export function defineProcess<State, T extends EventType>(process: Process<State, T>): RegisteredProcess & { definition: Process<State, T> } {
  const reactsTo = new Set<string>(process.reactsTo);
  return {
    name: process.name,
    version: process.version ?? 1,
    reactsTo,
    definition: process,
    initialState: process.initialState,
    evolve: (state, event) => process.evolve(state as State, event),
    planAt(state, trigger) {
      const event = trigger as EventOf<T>;
      return { commands: process.decide(event, state as State), timers: process.schedule?.(event, state as State) ?? [] };
    },
  };
}

/** The key a process's command is sent with: the same whoever sends it. */
export const processKeyOf = (process: Pick<RegisteredProcess, 'name'>, trigger: Pick<StoredEvent, 'id'>, index: number | string) =>
  `${process.name}|${trigger.id}|${index}`;

export async function readParsed(store: EventStore, stream: string): Promise<StoredEvent[]> {
  return (await store.readStream(stream)).map(parseEvent).filter((e): e is StoredEvent => e !== null);
}
