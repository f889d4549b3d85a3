import { expect } from 'vitest';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import type { Decider, DecisionContext } from '../decider.ts';

const DEFAULT_NOW = new Date('2026-11-20T10:00:00.000Z');

/** Wraps a domain event as the store would hand it back (the metadata a decider may read: `at`, the actor). */
function stored(event: DomainEvent, index: number, at: Date): StoredEvent {
  return {
    ...event,
    id: `given-${index}`,
    stream: 'given',
    revision: BigInt(index),
    position: BigInt(index + 1),
    metadata: { actor: { userId: 'u1', role: 'user' }, correlationId: 'spec', causationId: null, at: at.toISOString(), schemaVersion: 1 },
  } as StoredEvent;
}

/**
 * Given/when/then for a Decider, as Emmett's `DeciderSpecification`:
 *   const given = DeciderSpecification.for(cartDecider);
 *   given([added]).when(remove).then([removed]);
 * Each given event may carry its own time: `{ event, at }`.
 */
export const DeciderSpecification = {
  for<State, Command extends { type: string }>(decider: Decider<State, Command>) {
    return (events: (DomainEvent | { event: DomainEvent; at: Date })[] = []) => {
      const state = () => events.reduce<State>((s, e, i) => {
        const [event, at] = 'event' in e ? [e.event, e.at] : [e, DEFAULT_NOW];
        return decider.evolve(s, stored(event, i, at));
      }, decider.initialState());
      return {
        when(command: Command, ctx: Partial<DecisionContext> = {}) {
          const context: DecisionContext = { now: DEFAULT_NOW, newId: () => 'new-id', actor: { userId: 'u1', role: 'user' }, ...ctx };
          const run = () => decider.decide(command, state(), context);
          return {
            then(expected: DomainEvent[]) {
              expect(run()).toEqual(expected);
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenThrows(message: string | RegExp) {
              expect(run).toThrow(message);
            },
            /** The state after the decided events, for checks on what evolve keeps. */
            thenState(check: (state: State) => void) {
              const decided = run();
              check(decided.reduce((s, e, i) => decider.evolve(s, stored(e, events.length + i, context.now)), state()));
            },
          };
        },
      };
    };
  },
};
