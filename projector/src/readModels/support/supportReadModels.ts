import { chatLineOf, type ChatMessage, type ChatSession, type Inquiry, type KnowledgeEntry } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { docProjection, handling, readModelGroup, type DocBody } from '../docProjection.ts';
import { pushRooms } from '../../outbox.ts';
import type { PushMessage } from '../types.ts';

/** Inquiries (spec §3 inquiry), one document each; the staff queue and '내 문의' read them. */
export const INQUIRIES = 'inquiries';
export interface InquiryDoc extends Doc, Inquiry { _pos: number }

const inquiriesReadModel = docProjection<InquiryDoc, 'InquirySubmitted' | 'InquiryStatusChanged' | 'InquiryAnswered'>({
  collection: INQUIRIES,
  canHandle: ['InquirySubmitted', 'InquiryStatusChanged', 'InquiryAnswered'],
  id: (event) => streams.inquiryId(event.stream),
  evolve(doc, event) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'InquirySubmitted': {
        const { inquiryId, userId, category, title, content, priority, orderId, brokenCondition } = event.data;
        return {
          id: inquiryId, userId, category, title, content, priority, status: '접수', assignedTo: null, resolutionNote: null, resolvedAt: null, createdAt: at, updatedAt: at,
          orderId: orderId ?? null, brokenCondition: brokenCondition ?? null,
        };
      }
      case 'InquiryStatusChanged':
        if (!doc) return null;
        return { ...doc, status: event.data.status, assignedTo: event.data.assignedTo, resolvedAt: event.data.status === '완료' ? at : null, updatedAt: at };
      case 'InquiryAnswered':
        if (!doc) return null;
        return { ...doc, resolutionNote: event.data.resolutionNote, assignedTo: event.data.assignedTo, updatedAt: at };
    }
  },
  // The customer hears that staff answered or moved the inquiry (issue 12's notifications hook in here).
  push: (doc, event) => event.type === 'InquirySubmitted' ? [] : [{
    topic: 'inquiryAnswered', room: pushRooms.user(doc.userId), payload: { inquiryId: doc.id, title: doc.title, status: doc.status },
  }],
  async setup(docs) {
    await docs.collection(INQUIRIES).createIndex({ userId: 1 });
  },
});

/** Knowledge entries (spec §3 knowledge_base) with usage and satisfaction (mean of ratings). */
export const KNOWLEDGE_ENTRIES = 'knowledgeEntries';
export interface KnowledgeEntryDoc extends Doc, KnowledgeEntry { ratingSum: number; _pos: number }

const knowledgeEntriesReadModel = docProjection<KnowledgeEntryDoc, 'KnowledgeEntryCreated' | 'KnowledgeEntryEdited' | 'KnowledgeEntryReviewed' | 'KnowledgeEntryActivationChanged' | 'KnowledgeEntryUsed'>({
  collection: KNOWLEDGE_ENTRIES,
  canHandle: ['KnowledgeEntryCreated', 'KnowledgeEntryEdited', 'KnowledgeEntryReviewed', 'KnowledgeEntryActivationChanged', 'KnowledgeEntryUsed'],
  id: (event) => streams.knowledgeEntryId(event.stream),
  evolve(doc, event, ctx) {
    const at = event.metadata.at;
    // query-api rebuilds its knowledge search index after a batch that changed an entry.
    if (event.type !== 'KnowledgeEntryUsed') ctx.changed('knowledge');
    if (event.type === 'KnowledgeEntryCreated') {
      const { entryId, status, ...fields } = event.data;
      return { id: entryId, ...fields, status, reviewedBy: null, reviewedAt: null, usageCount: 0, satisfactionScore: 0, ratingCount: 0, ratingSum: 0, isActive: true, createdAt: at, updatedAt: at };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'KnowledgeEntryEdited':
        return { ...doc, ...event.data, updatedAt: at };
      case 'KnowledgeEntryReviewed':
        return { ...doc, status: event.data.status, reviewedBy: event.data.reviewedBy, reviewedAt: at, updatedAt: at };
      case 'KnowledgeEntryActivationChanged':
        return { ...doc, isActive: event.data.isActive, updatedAt: at };
      case 'KnowledgeEntryUsed':
        return { ...doc, usageCount: doc.usageCount + 1 };
    }
  },
});

/** Ratings of answers (thumbs, or a rated turn) go to the entry that answered; kept apart so each entry's `_pos` stays its own. */
export const KNOWLEDGE_RATINGS = 'knowledgeRatings';
interface KnowledgeRatingDoc extends Doc { _pos: number }
const knowledgeRatingsReadModel = docProjection<KnowledgeRatingDoc, 'ChatTurnLogged' | 'ChatTurnRated'>({
  collection: KNOWLEDGE_RATINGS,
  canHandle: ['ChatTurnLogged', 'ChatTurnRated'],
  // One marker per rated turn: a re-applied event finds it and rates nothing twice.
  id: (event) => `${streams.chatSessionId(event.stream)}.${event.data.logId}`,
  async evolve(_doc, event, { docs, changed }) {
    const { knowledgeId, satisfactionScore } = event.data;
    if (knowledgeId === null || satisfactionScore === null) return null;
    const entries = docs.collection<KnowledgeEntryDoc>(KNOWLEDGE_ENTRIES);
    const entry = await entries.get(knowledgeId);
    if (entry) {
      const ratingCount = entry.ratingCount + 1;
      const ratingSum = entry.ratingSum + satisfactionScore;
      await entries.put({ ...entry, ratingCount, ratingSum, satisfactionScore: Math.round((ratingSum / ratingCount) * 10) / 10 });
      changed('knowledge');
    }
    return {};
  },
});

/**
 * Chat sessions: the widget's live chat, the agent's console and the support queue. A session's
 * transcript is not in its document (issue 37 §1: a line then copied the whole transcript) but in
 * `chatLines`, one document per line; the session keeps only its count of lines and its last line.
 */
export const CHAT_SESSIONS = 'chatSessions';
export interface ChatSessionDoc extends Doc, ChatSession {
  visitorKey: string | null;
  /** The transcript's lines, system lines too: the next line's `seq`. */
  lines: number;
  /** The transcript's last line (the `chatMessage` push carries it). */
  lastLine: ChatMessage | null;
  _pos: number;
}

/** A chat's lines, one document each, `_id` `<sessionId>.<seq>`. */
export const CHAT_LINES = 'chatLines';
/** `seq`: the line's place in its transcript, 0, 1, … (a bot turn writes its question and its answer from one event, so `_pos` does not order them). */
export interface ChatLineDoc extends Doc, ChatMessage { sessionId: string; seq: number; _pos: number }

/** The transcript of `session` in order, as far as its document has counted it (a line applied after the document was read is left out). */
export async function chatTranscriptOf(docs: DocStore, session: Pick<ChatSessionDoc, 'id' | 'lines'>): Promise<ChatMessage[]> {
  const lines = await docs.collection<ChatLineDoc>(CHAT_LINES).find({ sessionId: session.id, seq: { $lt: session.lines } }, { sort: { seq: 1 } });
  return lines.map(({ id, type, content, timestamp, authorName, knowledgeId }) => ({ id, type, content, timestamp, authorName, knowledgeId }));
}

type ChatEvent = 'ChatSessionStarted' | 'ChatTurnLogged' | 'ChatTurnRated' | 'ChatSessionEnded' | 'ChatSessionEscalated' | 'ChatSessionAssigned' | 'ChatMessagePosted' | 'ChatSessionClosed';

const message = (id: string, type: ChatMessage['type'], content: string, timestamp: string, authorName: string | null = null, knowledgeId: string | null = null): ChatMessage =>
  ({ id, type, content, timestamp, authorName, knowledgeId });
/** The session without its transcript (what pushes and the queue carry). */
export function chatSessionView(doc: DocBody<ChatSessionDoc>): ChatSession {
  const { id, userId, customerName, status, startTime, endTime, totalMessages, escalated, escalatedAt, escalationReason, assignedTo, agentName, resolved, satisfactionScore, tags } = doc;
  return { id, userId, customerName, status, startTime, endTime, totalMessages, escalated, escalatedAt, escalationReason, assignedTo, agentName, resolved, satisfactionScore, tags };
}

export const CHAT_TEXTS = {
  escalated: '상담원 연결을 요청했습니다. 잠시만 기다려주세요.',
  assigned: '상담원이 연결되었습니다',
  closed: '상담이 종료되었습니다.',
  /** The customer ended it (the widget's 상담 종료): the agent reads who did. */
  closedByCustomer: '고객님이 상담을 종료했습니다.',
} as const;

const chatSessionsReadModel = docProjection<ChatSessionDoc, ChatEvent>({
  collection: CHAT_SESSIONS,
  canHandle: ['ChatSessionStarted', 'ChatTurnLogged', 'ChatTurnRated', 'ChatSessionEnded', 'ChatSessionEscalated', 'ChatSessionAssigned', 'ChatMessagePosted', 'ChatSessionClosed'],
  id: (event) => streams.chatSessionId(event.stream),
  async evolve(doc, event, { docs, position }) {
    const at = event.metadata.at;
    if (event.type === 'ChatSessionStarted') {
      const { sessionId, userId, visitorKey, customerName, tags } = event.data;
      return {
        id: sessionId, userId, visitorKey, customerName, status: 'bot', startTime: at, endTime: null, totalMessages: 0, escalated: false,
        escalatedAt: null, escalationReason: null, assignedTo: null, agentName: null, resolved: false, satisfactionScore: null, tags, lines: 0, lastLine: null,
      };
    }
    if (!doc) return null;
    // Each line is a document of its own, numbered from the session's count: the same numbers when the event is re-applied.
    const add = async (...lines: ChatMessage[]) => {
      const col = docs.collection<ChatLineDoc>(CHAT_LINES);
      for (const [i, line] of lines.entries()) {
        const seq = doc.lines + i;
        await col.put({ ...line, _id: `${doc.id}.${seq}`, sessionId: doc.id, seq, _pos: position });
      }
      return { lines: doc.lines + lines.length, lastLine: lines.at(-1) ?? doc.lastLine, totalMessages: doc.totalMessages + lines.filter((m) => m.type !== 'system').length };
    };
    switch (event.type) {
      case 'ChatTurnLogged': {
        const { logId, userQuestion, botAnswer, knowledgeId } = event.data;
        const turn = [userQuestion ? message(`${logId}.q`, 'user', userQuestion, at) : null, message(`${logId}.a`, 'bot', botAnswer, at, null, knowledgeId)];
        return { ...doc, ...await add(...turn.filter((m): m is ChatMessage => m !== null)) };
      }
      case 'ChatTurnRated':
        return { ...doc, satisfactionScore: event.data.satisfactionScore };
      case 'ChatSessionEnded': {
        const { endTime, satisfactionScore, resolved } = event.data;
        return { ...doc, endTime, satisfactionScore, resolved, status: doc.status === 'bot' ? 'closed' : doc.status };
      }
      case 'ChatSessionEscalated':
        return { ...doc, ...await add(message(`${event.id}`, 'system', CHAT_TEXTS.escalated, at)), status: 'waiting', escalated: true, escalatedAt: at, escalationReason: event.data.reason || null };
      case 'ChatSessionAssigned':
        return { ...doc, ...await add(message(`${event.id}`, 'system', CHAT_TEXTS.assigned, at, event.data.agentName)), status: 'active', assignedTo: event.data.agentId, agentName: event.data.agentName };
      case 'ChatMessagePosted':
        return { ...doc, ...await add(chatLineOf(event.data, at)) };
      case 'ChatSessionClosed':
        return { ...doc, ...await add(message(`${event.id}`, 'system', event.data.closedBy === 'customer' ? CHAT_TEXTS.closedByCustomer : CHAT_TEXTS.closed, at)), status: 'closed', endTime: doc.endTime ?? at };
    }
  },
  push(doc, event): PushMessage[] {
    const session = chatSessionView(doc);
    const last = doc.lastLine;
    const toChat = (): PushMessage[] => last ? [{ topic: 'chatMessage', room: pushRooms.chat(doc.id), payload: { sessionId: doc.id, message: last, session } }] : [];
    switch (event.type) {
      case 'ChatSessionEscalated':
        return [...toChat(), { topic: 'chatEscalated', room: pushRooms.support, payload: { session } }];
      case 'ChatSessionAssigned':
        return [...toChat(), { topic: 'chatAssigned', room: pushRooms.support, payload: { session } }];
      case 'ChatSessionClosed':
        return [...toChat(), ...(doc.escalated ? [{ topic: 'chatClosed' as const, room: pushRooms.support, payload: { session } }] : [])];
      case 'ChatMessagePosted':
        // The support queue shows each chat's count of messages: it follows every line.
        return [...toChat(), { topic: 'chatUpdated', room: pushRooms.support, payload: { sessionId: doc.id, totalMessages: doc.totalMessages } }];
      default:
        return [];
    }
  },
  async setup(docs) {
    await docs.collection(CHAT_SESSIONS).createIndex({ status: 1 });
  },
});

/** The lines' collection as a part of the group, so it is rebuilt and snapshotted with it; the sessions' part writes it, this part applies no event. */
const chatLinesReadModel = handling([], {
  name: CHAT_LINES,
  collections: [CHAT_LINES],
  async setup(docs: DocStore) {
    await docs.collection(CHAT_LINES).createIndex({ sessionId: 1, seq: 1 });
  },
  apply: () => Promise.resolve(),
});

/** Customer support's read models: inquiries, knowledge entries (with ratings) and chat sessions. */
export const supportReadModel = readModelGroup('support', [inquiriesReadModel, knowledgeEntriesReadModel, knowledgeRatingsReadModel, chatSessionsReadModel, chatLinesReadModel], { version: 15 });
