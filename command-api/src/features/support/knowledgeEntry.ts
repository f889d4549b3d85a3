import type { KnowledgeEntryValues, KnowledgeStatus } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** One knowledge-base entry (stream `knowledgeEntry-<id>`): written and reviewed by admins, used by the chatbot. */
export type KnowledgeEntryState =
  | { exists: false }
  | { exists: true; status: KnowledgeStatus; isActive: boolean; sourceInquiryId: string | null };

type EntryFields = Omit<KnowledgeEntryValues, 'sourceInquiryId'> & { sourceInquiryId: string | null };

export type KnowledgeEntryCommand =
  | { type: 'CreateKnowledgeEntry'; entryId: string; fields: EntryFields; status: KnowledgeStatus }
  /** `sourceInquiryId` absent: the entry keeps where it came from (the edit form does not send it). */
  | { type: 'EditKnowledgeEntry'; fields: Omit<EntryFields, 'sourceInquiryId'> & { sourceInquiryId?: string | null } }
  | { type: 'ReviewKnowledgeEntry'; status: '승인' | '거절'; reviewedBy: string }
  | { type: 'SetKnowledgeEntryActive'; isActive: boolean }
  | { type: 'UseKnowledgeEntry'; sessionId: string | null };

const missing = () => new DomainError('not_found', '지식 항목을 찾을 수 없습니다.');

function decide(command: KnowledgeEntryCommand, state: KnowledgeEntryState): DomainEvent[] {
  switch (command.type) {
    case 'CreateKnowledgeEntry':
      if (state.exists) throw new DomainError('conflict', '이미 있는 지식 항목입니다.');
      return [{ type: 'KnowledgeEntryCreated', data: { entryId: command.entryId, ...command.fields, status: command.status } }];
    case 'EditKnowledgeEntry':
      if (!state.exists) throw missing();
      return [{ type: 'KnowledgeEntryEdited', data: { ...command.fields, sourceInquiryId: command.fields.sourceInquiryId === undefined ? state.sourceInquiryId : command.fields.sourceInquiryId } }];
    case 'ReviewKnowledgeEntry':
      if (!state.exists) throw missing();
      if (state.status === command.status) return [];
      return [{ type: 'KnowledgeEntryReviewed', data: { status: command.status, reviewedBy: command.reviewedBy } }];
    case 'SetKnowledgeEntryActive':
      if (!state.exists) throw missing();
      if (state.isActive === command.isActive) return [];
      return [{ type: 'KnowledgeEntryActivationChanged', data: { isActive: command.isActive } }];
    case 'UseKnowledgeEntry':
      // Only an entry that can answer (approved, active) is used.
      if (!state.exists || state.status !== '승인' || !state.isActive) throw missing();
      return [{ type: 'KnowledgeEntryUsed', data: { sessionId: command.sessionId } }];
    default:
      return unhandled(command);
  }
}

function evolve(state: KnowledgeEntryState, event: StoredEvent): KnowledgeEntryState {
  switch (event.type) {
    case 'KnowledgeEntryCreated':
      return { exists: true, status: event.data.status, isActive: true, sourceInquiryId: event.data.sourceInquiryId };
    case 'KnowledgeEntryEdited':
      return state.exists ? { ...state, sourceInquiryId: event.data.sourceInquiryId } : state;
    case 'KnowledgeEntryReviewed':
      return state.exists ? { ...state, status: event.data.status } : state;
    case 'KnowledgeEntryActivationChanged':
      return state.exists ? { ...state, isActive: event.data.isActive } : state;
    default:
      return state;
  }
}

export const knowledgeEntryDecider: Decider<KnowledgeEntryState, KnowledgeEntryCommand> = { initialState: () => ({ exists: false }), evolve, decide };
