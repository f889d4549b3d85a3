import { expect } from 'vitest';
import type { DomainEvent, EventType, StoredEvent } from '@phonemarket/events';
import type { Process } from '../process.ts';

const AT = '2026-11-20T10:00:00.000Z';
function stored(event: DomainEvent, index: number, at: string): StoredEvent {
  return {
    ...event, id: `given-${index}`, stream: 'given', revision: BigInt(index), position: BigInt(index + 1),
    metadata: { actor: { userId: 'u1', role: 'user' }, correlationId: 'spec', causationId: null, at, schemaVersion: 1 },
  } as StoredEvent;
}

/**
 * Given/when/then for a process, as `DeciderSpecification` is for deciders:
 *   const given = ProcessSpecification.for(cancelProcess.definition);
 *   given([placed]).when(cancelled).then([{ stream: 'wallet-u1', command: { type: 'RefundOrder', orderId: 'o1' } }]);
 * `given`: the instance stream's events before the trigger; `when`: the trigger.
 */
export const ProcessSpecification = {
  for<State, T extends EventType>(process: Process<State, T>) {
    return (events: DomainEvent[] = []) => ({
      when(trigger: Extract<DomainEvent, { type: T }>, at = AT) {
        const state = events.reduce<State>((s, e, i) => process.evolve(s, stored(e, i, at)), process.initialState());
        const event = stored(trigger, events.length, at) as Extract<StoredEvent, { type: T }>;
        return {
          /** The commands sent now, each to its stream. */
          then(expected: { stream: string; command: { type: string; [field: string]: unknown } }[]) {
            expect(process.decide(event, state).map(({ stream, command }) => ({ stream, command }))).toEqual(expected);
          },
          thenNothing() {
            expect(process.decide(event, state)).toEqual([]);
          },
          /** The commands due later. */
          thenSchedules(expected: { dueAt: string; stream: string; command: { type: string; [field: string]: unknown } }[]) {
            expect((process.schedule?.(event, state) ?? []).map((t) => ({ dueAt: t.dueAt, stream: t.send.stream, command: t.send.command }))).toEqual(expected);
          },
        };
      },
    });
  },
};
