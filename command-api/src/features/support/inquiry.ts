import type { CitedCondition, InquiryCategory, InquiryPriority, InquiryStatus } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** One customer inquiry (stream `inquiry-<id>`): filed by its owner, moved and answered by staff. */
export type InquiryState =
  | { exists: false }
  | { exists: true; userId: string; status: InquiryStatus; resolutionNote: string | null };

export type InquiryCommand =
  /** `orderId`/`brokenCondition`: the buyer's order it is about and the condition cited, checked by the route against the order (issue 40). */
  | {
    type: 'SubmitInquiry'; inquiryId: string; userId: string; category: InquiryCategory; title: string; content: string; priority: InquiryPriority;
    orderId?: string | null; brokenCondition?: CitedCondition | null;
  }
  | { type: 'UpdateInquiry'; status?: InquiryStatus; resolutionNote?: string; by: string };

function decide(command: InquiryCommand, state: InquiryState): DomainEvent[] {
  switch (command.type) {
    case 'SubmitInquiry': {
      if (state.exists) throw new DomainError('conflict', '이미 등록된 문의입니다.');
      const { type: _t, ...data } = command;
      return [{ type: 'InquirySubmitted', data }];
    }
    case 'UpdateInquiry': {
      if (!state.exists) throw new DomainError('not_found', '문의를 찾을 수 없습니다.');
      if (command.status === undefined && command.resolutionNote === undefined) {
        throw new DomainError('invalid', '변경할 상태나 답변을 입력해주세요.', { status: '변경할 상태나 답변을 입력해주세요.' });
      }
      const events: DomainEvent[] = [];
      if (command.resolutionNote !== undefined && command.resolutionNote !== state.resolutionNote) {
        events.push({ type: 'InquiryAnswered', data: { resolutionNote: command.resolutionNote, assignedTo: command.by } });
      }
      if (command.status !== undefined && command.status !== state.status) {
        events.push({ type: 'InquiryStatusChanged', data: { status: command.status, assignedTo: command.by } });
      }
      return events;
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: InquiryState, event: StoredEvent): InquiryState {
  switch (event.type) {
    case 'InquirySubmitted':
      return { exists: true, userId: event.data.userId, status: '접수', resolutionNote: null };
    case 'InquiryStatusChanged':
      return state.exists ? { ...state, status: event.data.status } : state;
    case 'InquiryAnswered':
      return state.exists ? { ...state, resolutionNote: event.data.resolutionNote } : state;
    default:
      return state;
  }
}

export const inquiryDecider: Decider<InquiryState, InquiryCommand> = { initialState: () => ({ exists: false }), evolve, decide };
