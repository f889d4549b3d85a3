import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** One product question (stream `question-<questionId>`): asked once, answered once by the product's seller or an admin. */
export interface QuestionState {
  asked: { productId: string; authorId: string } | null;
  answered: boolean;
}
export type QuestionCommand =
  | { type: 'AskQuestion'; questionId: string; productId: string; authorId: string; content: string; secret: boolean }
  | { type: 'AnswerQuestion'; questionId: string; answererId: string; answererRole: 'seller' | 'admin'; content: string };

export const QUESTION_NOT_FOUND = '문의를 찾을 수 없습니다.';
export const ALREADY_ANSWERED = '이미 답변이 등록된 문의입니다.';

function decide(command: QuestionCommand, state: QuestionState): DomainEvent[] {
  switch (command.type) {
    case 'AskQuestion': {
      // The same question again (a retried request) changes nothing.
      if (state.asked) return [];
      const { type: _t, ...data } = command;
      return [{ type: 'QuestionAsked', data }];
    }
    case 'AnswerQuestion': {
      if (!state.asked) throw new DomainError('not_found', QUESTION_NOT_FOUND);
      if (state.answered) throw new DomainError('conflict', ALREADY_ANSWERED);
      const { type: _t, ...data } = command;
      return [{ type: 'QuestionAnswered', data }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: QuestionState, event: StoredEvent): QuestionState {
  switch (event.type) {
    case 'QuestionAsked': return { asked: { productId: event.data.productId, authorId: event.data.authorId }, answered: false };
    case 'QuestionAnswered': return { ...state, answered: true };
    default: return state;
  }
}

export const questionDecider: Decider<QuestionState, QuestionCommand> = { initialState: () => ({ asked: null, answered: false }), evolve, decide };
