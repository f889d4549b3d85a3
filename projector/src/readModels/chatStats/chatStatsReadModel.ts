import { CHATBOT } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';

/*
 * The chatbot's figures (issue 29, /admin/chatbot), built only from the chat sessions' own events:
 * one document per session (when it started, in Korean days; its messages; its first answer time;
 * whether it was escalated, rated, resolved) and one per logged question (its words, whether the
 * knowledge base answered it). The query side adds them up for any period.
 */
export const CHAT_STATS_SESSIONS = 'chatStatsSessions';
export const CHAT_STATS_QUESTIONS = 'chatStatsQuestions';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** The Korean calendar day (`YYYY-MM-DD`) of an instant. */
export const koreanDayOf = (iso: string) => new Date(Date.parse(iso) + KST_OFFSET_MS).toISOString().slice(0, 10);

export interface ChatStatsSessionDoc extends Doc {
  id: string;
  startTime: string;
  day: string;
  /** Questions, answers and live-chat messages (system lines aside), as the transcript counts them. */
  messages: number;
  turns: number;
  /** The response time of the session's first logged answer (ms); null before a question. */
  firstAnswerMs: number | null;
  escalated: boolean;
  /** The rating that ended the session; null when it ended unrated or has not ended. */
  endRating: number | null;
  /** The latest thumbs rating of one of its answers. */
  turnRating: number | null;
  /** Ended as resolved, or a turn logged as resolved. */
  resolvedFlag: boolean;
  /** The session's rating: the end rating, else the latest thumbs. */
  rating: number | null;
  /** Rated 4 or more, or resolved (the resolution rate's numerator). */
  resolved: boolean;
  _pos: number;
}

export interface ChatStatsQuestionDoc extends Doc {
  sessionId: string;
  logId: string;
  at: string;
  day: string;
  question: string;
  knowledgeId: string | null;
  answered: boolean;
  _pos: number;
}

type SessionEvent = 'ChatSessionStarted' | 'ChatTurnLogged' | 'ChatTurnRated' | 'ChatSessionEnded' | 'ChatSessionEscalated' | 'ChatMessagePosted';

function settle<T extends Pick<ChatStatsSessionDoc, 'endRating' | 'turnRating' | 'resolvedFlag'>>(doc: T): T & Pick<ChatStatsSessionDoc, 'rating' | 'resolved'> {
  const rating = doc.endRating ?? doc.turnRating;
  return { ...doc, rating, resolved: doc.resolvedFlag || (rating !== null && rating >= CHATBOT.resolvedFrom) };
}

const sessionsModel = docProjection<ChatStatsSessionDoc, SessionEvent>({
  collection: CHAT_STATS_SESSIONS,
  canHandle: ['ChatSessionStarted', 'ChatTurnLogged', 'ChatTurnRated', 'ChatSessionEnded', 'ChatSessionEscalated', 'ChatMessagePosted'],
  id: (event) => streams.chatSessionId(event.stream),
  evolve(doc, event) {
    if (event.type === 'ChatSessionStarted') {
      const at = event.metadata.at;
      return settle({
        id: event.data.sessionId, startTime: at, day: koreanDayOf(at), messages: 0, turns: 0, firstAnswerMs: null,
        escalated: false, endRating: null, turnRating: null, resolvedFlag: false,
      });
    }
    if (!doc) return null;
    switch (event.type) {
      case 'ChatTurnLogged': {
        const { userQuestion, responseTime, resolved, satisfactionScore } = event.data;
        return settle({
          ...doc,
          messages: doc.messages + (userQuestion ? 2 : 1),
          turns: doc.turns + 1,
          firstAnswerMs: doc.firstAnswerMs ?? (userQuestion ? responseTime : null),
          turnRating: satisfactionScore ?? doc.turnRating,
          resolvedFlag: doc.resolvedFlag || resolved,
        });
      }
      case 'ChatTurnRated':
        return settle({ ...doc, turnRating: event.data.satisfactionScore });
      case 'ChatSessionEnded':
        return settle({ ...doc, endRating: event.data.satisfactionScore, resolvedFlag: doc.resolvedFlag || event.data.resolved });
      case 'ChatSessionEscalated':
        return { ...doc, escalated: true };
      case 'ChatMessagePosted':
        return { ...doc, messages: doc.messages + 1 };
    }
  },
  async setup(docs) {
    await docs.collection(CHAT_STATS_SESSIONS).createIndex({ day: 1 });
  },
});

const questionsModel = docProjection<ChatStatsQuestionDoc, 'ChatTurnLogged'>({
  collection: CHAT_STATS_QUESTIONS,
  canHandle: ['ChatTurnLogged'],
  id: (event) => `${streams.chatSessionId(event.stream)}.${event.data.logId}`,
  evolve(_doc, event) {
    const { logId, userQuestion, knowledgeId } = event.data;
    // A turn without a question (an answer the bot volunteered) is no question.
    if (userQuestion.trim() === '') return null;
    const at = event.metadata.at;
    return { sessionId: streams.chatSessionId(event.stream), logId, at, day: koreanDayOf(at), question: userQuestion.trim(), knowledgeId, answered: knowledgeId !== null };
  },
  async setup(docs) {
    await docs.collection(CHAT_STATS_QUESTIONS).createIndex({ day: 1 });
  },
});

/** Chat figures for /admin/chatbot: sessions and questions, by Korean day. */
export const chatStatsReadModel = readModelGroup('chatStats', [sessionsModel, questionsModel], { version: 14 });
