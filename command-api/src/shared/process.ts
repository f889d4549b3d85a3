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

/** A command due later: the scheduler sends it at `dueAt` (a target that moved on decides nothing then). */
export interface Timer { dueAt: string; send: ProcessCommand }

type EventOf<T extends EventType> = Extract<StoredEvent, { type: T }>;

/**
 * Work across streams and over time (Emmett's `Workflow`): an event of `reactsTo` on one stream (the
 * process instance's) makes the process send commands to other streams, now (`decide`) or at a due
 * time (`schedule`). Both see the instance's state before the event (`evolve` over that stream's
 * events). The commands are sent with a process key derived from the event, so whoever sends them
 * (the request, the next request, the start-up sweep, another instance) appends them once: a process
 * stopped half-way is completed by sending everything again.
 */
export interface Process<State, T extends EventType> {
  name: string;
  reactsTo: readonly T[];
  initialState: () => State;
  evolve: (state: State, event: StoredEvent) => State;
  decide: (event: EventOf<T>, state: State) => ProcessCommand[];
  schedule?: (event: EventOf<T>, state: State) => Timer[];
}

/** What one event of a stream makes a process do. */
export interface ProcessPlan { trigger: StoredEvent; commands: ProcessCommand[]; timers: Timer[] }

/** A process with its types erased, as the runner, the sweep and the scheduler hold them. */
export interface RegisteredProcess {
  name: string;
  reactsTo: ReadonlySet<string>;
  schedules: boolean;
  /** The plans of the events of `recorded` (one stream, in order) whose ids are in `triggerIds`. */
  plan(recorded: readonly StoredEvent[], triggerIds: ReadonlySet<string>): ProcessPlan[];
}

export function defineProcess<State, T extends EventType>(process: Process<State, T>): RegisteredProcess & { definition: Process<State, T> } {
  const reactsTo = new Set<string>(process.reactsTo);
  return {
    name: process.name,
    reactsTo,
    schedules: process.schedule !== undefined,
    definition: process,
    plan(recorded, triggerIds) {
      const plans: ProcessPlan[] = [];
      let state = process.initialState();
      for (const event of recorded) {
        if (triggerIds.has(event.id) && reactsTo.has(event.type)) {
          const trigger = event as EventOf<T>;
          plans.push({ trigger: event, commands: process.decide(trigger, state), timers: process.schedule?.(trigger, state) ?? [] });
        }
        state = process.evolve(state, event);
      }
      return plans;
    },
  };
}

/** The key a process's command is sent with: the same whoever sends it. */
export const processKeyOf = (process: Pick<RegisteredProcess, 'name'>, trigger: Pick<StoredEvent, 'id'>, index: number | string) =>
  `${process.name}|${trigger.id}|${index}`;

export async function readParsed(store: EventStore, stream: string): Promise<StoredEvent[]> {
  return (await store.readStream(stream)).map(parseEvent).filter((e): e is StoredEvent => e !== null);
}

/**
 * Sends the commands `process` decides for `triggers` (events just appended to `stream`, or found by
 * a sweep). Idempotent: a command already sent is not sent again. Answers the last position written.
 */
export async function runProcess(store: EventStore, process: RegisteredProcess, stream: string, triggers: readonly { id: string; type: string }[], ctx: CommandContext): Promise<bigint> {
  const ids = new Set(triggers.filter((t) => process.reactsTo.has(t.type)).map((t) => t.id));
  if (ids.size === 0) return 0n;
  let position = 0n;
  for (const { trigger, commands } of process.plan(await readParsed(store, stream), ids)) {
    for (const [i, command] of commands.entries()) {
      const sent = await command.send(store, { ...ctx, processKey: processKeyOf(process, trigger, i), causationId: trigger.id });
      if (sent.position > position) position = sent.position;
    }
  }
  return position;
}

/** Runs the process for every event of the instance's stream it reacts to: completes what a stopped request left half-done (nothing is sent twice). */
export async function completeProcess(store: EventStore, process: RegisteredProcess, stream: string, ctx: CommandContext): Promise<bigint> {
  const triggers = (await store.readStream(stream)).filter((e) => process.reactsTo.has(e.type));
  return triggers.length ? runProcess(store, process, stream, triggers, ctx) : 0n;
}

/** Every process that reacts to the events, run for them (one stream's events, e.g. one command's result). */
export async function runProcesses(store: EventStore, processes: readonly RegisteredProcess[], stream: string, events: readonly StoredEvent[], ctx: CommandContext): Promise<bigint> {
  let position = 0n;
  for (const process of processes) {
    const written = await runProcess(store, process, stream, events, ctx);
    if (written > position) position = written;
  }
  return position;
}
