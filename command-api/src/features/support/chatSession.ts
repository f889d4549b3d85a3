import { CHATBOT, type ChatStatus } from '@phonemarket/contracts';
import { Map as PersistentMap } from 'immutable';
import type { DomainEvent, Role, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { maskChatText } from '../../shared/masking.ts';

/**
 * One chatbot conversation (stream `chatSession-<id>`, the id made by the widget): its turns with
 * the bot, the rating that ends it, and the live handoff (escalated → assigned → messages → closed).
 * It belongs to its signed-in user, or to an anonymous visitor's cookie (kept as a hash). Every text
 * that goes into an event passes through the masking helper first.
 */
export interface Requester { userId: string | null; visitorKey: string | null; role: Role; name: string }

export interface PostedLine { authorId: string | null; authorName: string; content: string; from: 'customer' | 'agent'; at: string }

export interface ChatSessionState {
  started: boolean;
  userId: string | null;
  visitorKey: string | null;
  status: ChatStatus;
  ended: boolean;
  agentId: string | null;
  /** Turns by log id: their answer's knowledge entry and whether they were rated. */
  turns: Map<string, { knowledgeId: string | null; rated: boolean }>;
  /** Live messages by id: who wrote each (a 신고 of a chat message names one, issue 41), and the line as stored (a resent line is answered with it, ADR 031). */
  messages: PersistentMap<string, PostedLine>;
}

export type ChatSessionCommand =
  | { type: 'StartChatSession'; sessionId: string; requester: Requester; tags: string[] }
  | { type: 'LogChatTurn'; requester: Requester; logId: string; userQuestion: string; botAnswer: string; knowledgeId: string | null; responseTime: number; resolved: boolean; satisfactionScore: number | null; tags: string[] }
  | { type: 'EndChatSession'; requester: Requester; satisfactionScore: number | null; resolved: boolean | null }
  | { type: 'EscalateChatSession'; requester: Requester; reason: string }
  | { type: 'AssignChatSession'; requester: Requester }
  /** `messageId`: the client's id for the line (ADR 031); posted again by its author, nothing is appended. */
  | { type: 'PostChatMessage'; requester: Requester; content: string; messageId?: string }
  | { type: 'CloseChatSession'; requester: Requester };

/** The chat's customer: its user, or the visitor whose cookie started it. */
export function isCustomer(state: Pick<ChatSessionState, 'userId' | 'visitorKey'>, who: Pick<Requester, 'userId' | 'visitorKey'>): boolean {
  if (state.userId !== null) return who.userId === state.userId;
  return state.visitorKey !== null && who.visitorKey === state.visitorKey;
}

const forbidden = () => new DomainError('forbidden', '이 상담에 접근할 권한이 없습니다.');
const closed = () => new DomainError('conflict', '종료된 상담입니다.');

function decide(command: ChatSessionCommand, state: ChatSessionState, ctx: { now: Date; newId: () => string }): DomainEvent[] {
  if (command.type === 'StartChatSession') {
    const { requester } = command;
    if (state.started) {
      if (isCustomer(state, requester)) return [];
      throw new DomainError('conflict', '이미 사용 중인 세션 ID입니다.');
    }
    return [{
      type: 'ChatSessionStarted',
      data: {
        sessionId: command.sessionId,
        userId: requester.userId,
        visitorKey: requester.userId === null ? requester.visitorKey : null,
        customerName: requester.userId === null ? '방문자' : requester.name,
        tags: command.tags.map(maskChatText),
      },
    }];
  }
  if (!state.started) throw new DomainError('not_found', '상담 세션을 찾을 수 없습니다.');
  const { requester } = command;
  const customer = isCustomer(state, requester);
  const agent = requester.userId !== null && requester.userId === state.agentId;
  switch (command.type) {
    case 'LogChatTurn': {
      if (!customer) throw forbidden();
      const turn = state.turns.get(command.logId);
      if (turn) {
        // Posting a logged turn again rates it (thumbs up 5, down 1), once.
        if (command.satisfactionScore === null || turn.rated) return [];
        return [{ type: 'ChatTurnRated', data: { logId: command.logId, knowledgeId: turn.knowledgeId, satisfactionScore: command.satisfactionScore } }];
      }
      return [{
        type: 'ChatTurnLogged',
        data: {
          logId: command.logId, userQuestion: maskChatText(command.userQuestion), botAnswer: maskChatText(command.botAnswer),
          knowledgeId: command.knowledgeId, responseTime: command.responseTime, resolved: command.resolved,
          satisfactionScore: command.satisfactionScore, tags: command.tags.map(maskChatText),
        },
      }];
    }
    case 'EndChatSession': {
      if (!customer) throw forbidden();
      if (state.ended) throw new DomainError('conflict', '이미 평가가 끝난 상담입니다.');
      // Spec §4: resolved when the score is 4 or more.
      const resolved = command.satisfactionScore !== null ? command.satisfactionScore >= CHATBOT.resolvedFrom : (command.resolved ?? false);
      return [{ type: 'ChatSessionEnded', data: { endTime: ctx.now.toISOString(), satisfactionScore: command.satisfactionScore, resolved } }];
    }
    case 'EscalateChatSession': {
      if (!customer) throw forbidden();
      if (state.status === 'closed') throw closed();
      if (state.status !== 'bot') return [];
      return [{ type: 'ChatSessionEscalated', data: { reason: maskChatText(command.reason) } }];
    }
    case 'AssignChatSession': {
      if (requester.role !== 'admin' || requester.userId === null) throw forbidden();
      if (state.status === 'closed') throw closed();
      if (state.status === 'bot') throw new DomainError('conflict', '상담원 연결을 요청한 상담이 아닙니다.');
      if (state.status === 'active') {
        if (agent) return [];
        throw new DomainError('conflict', '이미 다른 상담원이 응대 중입니다.');
      }
      return [{ type: 'ChatSessionAssigned', data: { agentId: requester.userId, agentName: requester.name } }];
    }
    case 'PostChatMessage': {
      if (!customer && !agent) throw forbidden();
      // A resend after a lost answer: the line is there already (even if the chat closed since).
      const sent = command.messageId === undefined ? undefined : state.messages.get(command.messageId);
      if (sent) {
        if (sent.authorId === requester.userId && sent.from === (customer ? 'customer' : 'agent')) return [];
        throw new DomainError('conflict', '이미 사용된 메시지 ID입니다.');
      }
      if (state.status === 'closed') throw closed();
      if (state.status !== 'active') throw new DomainError('conflict', '상담원이 연결된 뒤에 메시지를 보낼 수 있습니다.');
      return [{
        type: 'ChatMessagePosted',
        data: {
          messageId: command.messageId ?? ctx.newId(), from: customer ? 'customer' : 'agent', authorId: requester.userId,
          authorName: customer ? (requester.userId === null ? '방문자' : requester.name) : requester.name,
          content: maskChatText(command.content),
        },
      }];
    }
    case 'CloseChatSession': {
      if (!customer && !agent && requester.role !== 'admin') throw forbidden();
      if (state.status === 'closed') return [];
      return [{ type: 'ChatSessionClosed', data: { closedBy: customer ? 'customer' : agent ? 'agent' : 'admin' } }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: ChatSessionState, event: StoredEvent): ChatSessionState {
  switch (event.type) {
    case 'ChatSessionStarted':
      return { ...state, started: true, userId: event.data.userId, visitorKey: event.data.visitorKey, status: 'bot' };
    case 'ChatTurnLogged': {
      const turns = new Map(state.turns);
      turns.set(event.data.logId, { knowledgeId: event.data.knowledgeId, rated: event.data.satisfactionScore !== null });
      return { ...state, turns };
    }
    case 'ChatTurnRated': {
      const turns = new Map(state.turns);
      turns.set(event.data.logId, { knowledgeId: event.data.knowledgeId, rated: true });
      return { ...state, turns };
    }
    case 'ChatSessionEnded':
      return { ...state, ended: true, status: state.status === 'active' || state.status === 'waiting' ? state.status : 'closed' };
    case 'ChatSessionEscalated':
      return { ...state, status: 'waiting' };
    case 'ChatSessionAssigned':
      return { ...state, status: 'active', agentId: event.data.agentId };
    case 'ChatSessionClosed':
      return { ...state, status: 'closed' };
    case 'ChatMessagePosted': {
      const { messageId, authorId, authorName, content, from } = event.data;
      // One more line: immutable.js shares the earlier lines' nodes, so a line is not a copy of every line before it
      // (a long chat's lines cost what its first did; ADR 031, s61).
      return { ...state, messages: state.messages.set(messageId, { authorId, authorName, content, from, at: event.metadata.at }) };
    }
    default:
      return state;
  }
}

export const chatSessionDecider: Decider<ChatSessionState, ChatSessionCommand> = {
  initialState: () => ({ started: false, userId: null, visitorKey: null, status: 'bot', ended: false, agentId: null, turns: new Map(), messages: PersistentMap() }),
  evolve,
  decide,
};
