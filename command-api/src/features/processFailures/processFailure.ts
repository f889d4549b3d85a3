import { PROCESS_FAILURE_MESSAGES, type ProcessFailureStatus } from '@phonemarket/contracts/processFailures.ts';
import type { DomainEvent, EventDataOf, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * One piece of work the process runner gave up on (stream `processFailure-<failureId>`, ADR 022):
 * failed → (an admin's 재시도) retrying → resolved, or failed again (the runner's next `ProcessFailed`,
 * with more attempts) → retrying … The runner records and resolves; an admin only asks for a 재시도.
 */
export type ProcessFailureState =
  | { status: 'none' }
  | { status: ProcessFailureStatus; failureId: string; attempts: number };

export type ProcessFailureCommand =
  /** The runner: the work failed (first, or again after a 재시도). */
  | ({ type: 'RecordProcessFailure' } & EventDataOf<'ProcessFailed'>)
  /** An admin: try the failed work again. */
  | { type: 'RequestProcessRetry'; failureId: string }
  /** The runner: the retried work was done. */
  | { type: 'ResolveProcessFailure'; failureId: string };

function recorded(state: ProcessFailureState) {
  if (state.status === 'none') throw new DomainError('not_found', PROCESS_FAILURE_MESSAGES.notFound);
  return state;
}

export const processFailureDecider: Decider<ProcessFailureState, ProcessFailureCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event: StoredEvent): ProcessFailureState {
    switch (event.type) {
      case 'ProcessFailed':
        return { status: 'failed', failureId: event.data.failureId, attempts: event.data.attempts };
      case 'ProcessRetryRequested':
        return state.status === 'none' ? state : { ...state, status: 'retrying' };
      case 'ProcessFailureResolved':
        return state.status === 'none' ? state : { ...state, status: 'resolved' };
      default:
        return state;
    }
  },
  decide(command, state, ctx): DomainEvent[] {
    switch (command.type) {
      case 'RecordProcessFailure': {
        // Recorded already and not retried since: the runner sent it again (a restart), nothing new.
        if (state.status === 'failed') return [];
        if (state.status === 'resolved') throw new DomainError('conflict', PROCESS_FAILURE_MESSAGES.resolved);
        const { type: _type, ...data } = command;
        return [{ type: 'ProcessFailed', data }];
      }
      case 'RequestProcessRetry': {
        if (ctx.actor.role !== 'admin' || ctx.actor.userId === null) throw new DomainError('forbidden', PROCESS_FAILURE_MESSAGES.adminOnly);
        const current = recorded(state);
        if (current.status === 'resolved') throw new DomainError('conflict', PROCESS_FAILURE_MESSAGES.resolved);
        if (current.status === 'retrying') throw new DomainError('conflict', PROCESS_FAILURE_MESSAGES.retryPending);
        return [{ type: 'ProcessRetryRequested', data: { failureId: current.failureId } }];
      }
      case 'ResolveProcessFailure': {
        const current = recorded(state);
        // Resolved already: the runner sent it again, nothing new.
        if (current.status === 'resolved') return [];
        return [{ type: 'ProcessFailureResolved', data: { failureId: current.failureId } }];
      }
      default:
        return unhandled(command);
    }
  },
};
