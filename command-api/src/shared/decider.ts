import type { DomainEvent, Role, StoredEvent } from '@phonemarket/events';

/** What a decision may depend on besides state: the time and new ids, passed in (never read from globals). */
export interface DecisionContext {
  now: Date;
  newId: () => string;
  actor: { userId: string | null; role: Role };
}

/**
 * One aggregate's pure logic (Emmett's Decider): `decide` answers the events a command causes (or
 * throws a DomainError), `evolve` folds an event into the state. Each aggregate exports one of these.
 */
export interface Decider<State, Command extends { type: string }> {
  initialState: () => State;
  evolve: (state: State, event: StoredEvent) => State;
  /**
   * Optional: `events.reduce(evolve, state)`, the same answer for less work — a state of thousands of
   * entries kept in chunks copies each chunk a run of events touches once, not once per event (a
   * stream's first load folds all its events at once).
   */
  evolveAll?: (state: State, events: readonly StoredEvent[]) => State;
  decide: (command: Command, state: State, ctx: DecisionContext) => DomainEvent[];
}

/** For a `switch` over a command union: a new command that is not handled fails typecheck here. */
export function unhandled(command: never): never {
  throw new Error(`unhandled command ${JSON.stringify(command)}`);
}
