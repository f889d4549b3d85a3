import type { DomainEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** Searches of one term by one visitor (stream `searchVisitor-<visitorKey>.<termKey>`). */
export const SEARCH_DEDUPE_MS = 10 * 60_000;

export type VisitorSearchState = { lastCountedAt: number | null };
export type SearchCommand = { type: 'RecordSearch'; term: string; visitorKey: string };

/** A term counts at most once per visitor per 10 minutes, so one visitor cannot make a term popular. */
export const searchDecider: Decider<VisitorSearchState, SearchCommand> = {
  initialState: () => ({ lastCountedAt: null }),
  evolve: (state, event) => (event.type === 'SearchPerformed' ? { lastCountedAt: Date.parse(event.metadata.at) } : state),
  decide(command, state, { now }): DomainEvent[] {
    switch (command.type) {
      case 'RecordSearch':
        if (state.lastCountedAt !== null && now.getTime() - state.lastCountedAt < SEARCH_DEDUPE_MS) return [];
        return [{ type: 'SearchPerformed', data: { term: command.term, visitorKey: command.visitorKey } }];
      default:
        return unhandled(command.type);
    }
  },
};
