import type { DomainEvent, EventDataOf, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * One 신고 (stream `report-<reportId>`, issue 41): filed once by a signed-in account, resolved once by an
 * admin. What an outcome does elsewhere (an offer taken off sale, a seller suspended) is the report
 * process's; the route checked the target exists and found its shop.
 */
type ReportTarget = EventDataOf<'ReportFiled'>['target'];
type ReportOutcome = EventDataOf<'ReportResolved'>['outcome'];
export interface ReportState {
  filed: { reporterId: string; target: ReportTarget } | null;
  outcome: ReportOutcome | null;
}
export type ReportCommand =
  | { type: 'FileReport'; reportId: string; reporterId: string; target: ReportTarget; reason: EventDataOf<'ReportFiled'>['reason']; text: string }
  | { type: 'ResolveReport'; reportId: string; outcome: ReportOutcome; note: string };

export const REPORT_NOT_FOUND = '신고를 찾을 수 없습니다.';
export const REPORT_ALREADY_RESOLVED = '이미 처리된 신고입니다.';
export const NO_LISTING_TO_SUSPEND = '판매 상품 신고만 상품 판매 중지로 처리할 수 있습니다.';
export const NO_SELLER_TO_SUSPEND = '판매자가 없는 신고는 경고나 판매자 정지로 처리할 수 없습니다.';

function decide(command: ReportCommand, state: ReportState): DomainEvent[] {
  switch (command.type) {
    case 'FileReport': {
      // A retried request (same key: same id) files nothing new.
      if (state.filed) return [];
      const { type: _t, ...data } = command;
      return [{ type: 'ReportFiled', data }];
    }
    case 'ResolveReport': {
      if (!state.filed) throw new DomainError('not_found', REPORT_NOT_FOUND);
      if (state.outcome) throw new DomainError('conflict', REPORT_ALREADY_RESOLVED);
      const { target } = state.filed;
      if (command.outcome === 'listingSuspended' && target.kind !== 'offer') throw new DomainError('invalid', NO_LISTING_TO_SUSPEND, { outcome: NO_LISTING_TO_SUSPEND });
      if ((command.outcome === 'warned' || command.outcome === 'sellerSuspended') && target.sellerId === null) throw new DomainError('invalid', NO_SELLER_TO_SUSPEND, { outcome: NO_SELLER_TO_SUSPEND });
      return [{ type: 'ReportResolved', data: { reportId: command.reportId, reporterId: state.filed.reporterId, target, outcome: command.outcome, note: command.note } }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: ReportState, event: StoredEvent): ReportState {
  switch (event.type) {
    case 'ReportFiled': return { filed: { reporterId: event.data.reporterId, target: event.data.target }, outcome: null };
    case 'ReportResolved': return { ...state, outcome: event.data.outcome };
    default: return state;
  }
}

export const reportDecider: Decider<ReportState, ReportCommand> = { initialState: () => ({ filed: null, outcome: null }), evolve, decide };
