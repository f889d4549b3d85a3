import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { maskChatText } from '../../shared/masking.ts';

/**
 * One product question (stream `question-<questionId>`): asked once, answered once by the product's seller or an admin.
 * A public question and its answer are on the product page for anyone: a phone number, e-mail, resident or card
 * number or a name before 님 in them is masked before it is stored (the chat's helper). A secret question (비밀글) is
 * read only by its author and the seller, so a callback number there stays as written.
 */
export interface QuestionState {
  asked: { productId: string; authorId: string; secret: boolean } | null;
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
      return [{ type: 'QuestionAsked', data: { ...data, content: data.secret ? data.content : maskChatText(data.content) } }];
    }
    case 'AnswerQuestion': {
      if (!state.asked) throw new DomainError('not_found', QUESTION_NOT_FOUND);
      if (state.answered) throw new DomainError('conflict', ALREADY_ANSWERED);
      const { type: _t, ...data } = command;
      return [{ type: 'QuestionAnswered', data: { ...data, content: state.asked.secret ? data.content : maskChatText(data.content) } }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: QuestionState, event: StoredEvent): QuestionState {
  switch (event.type) {
    case 'QuestionAsked': return { asked: { productId: event.data.productId, authorId: event.data.authorId, secret: event.data.secret }, answered: false };
    case 'QuestionAnswered': return { ...state, answered: true };
    default: return state;
  }
}

export const questionDecider: Decider<QuestionState, QuestionCommand> = { initialState: () => ({ asked: null, answered: false }), evolve, decide };
