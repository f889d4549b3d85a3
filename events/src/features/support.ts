import { z } from 'zod';
import { INQUIRY_CATEGORIES, INQUIRY_PRIORITIES, INQUIRY_STATUSES, KNOWLEDGE_STATUSES } from '@phonemarket/contracts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';
import { accountRoleSchema } from './accounts.ts';

/**
 * Customer support events: inquiries (`inquiry-<id>`), knowledge-base entries
 * (`knowledgeEntry-<id>`) and chat sessions (`chatSession-<id>`, turns and live messages in the
 * session's stream). Chat text is masked before it is put in an event (DESIGN §2).
 */

// Inquiries --------------------------------------------------------------------------------------

export const inquirySubmittedSchema = z.object({
  inquiryId: z.string().min(1),
  userId: z.string().min(1),
  category: z.enum(INQUIRY_CATEGORIES),
  title: z.string().min(1),
  content: z.string().min(1),
  priority: z.enum(INQUIRY_PRIORITIES),
  /** Issue 40: the buyer's order it is about and the condition of its 계약 조건서 it cites, as the order stored it (absent in older events). */
  orderId: z.string().min(1).nullable().optional(),
  brokenCondition: z.object({ ref: z.string().min(1), label: z.string().min(1) }).nullable().optional(),
});
export const inquiryStatusChangedSchema = z.object({
  status: z.enum(INQUIRY_STATUSES),
  /** The admin who moved it (spec's assignedTo). */
  assignedTo: z.string().min(1),
});
export const inquiryAnsweredSchema = z.object({
  resolutionNote: z.string().min(1),
  assignedTo: z.string().min(1),
});

// Knowledge base ---------------------------------------------------------------------------------

const entryFields = {
  category: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
  keywords: z.array(z.string()),
  requiresAuth: z.boolean(),
  roles: z.array(accountRoleSchema),
  sourceInquiryId: z.string().nullable(),
};
export const knowledgeEntryCreatedSchema = z.object({ entryId: z.string().min(1), ...entryFields, status: z.enum(KNOWLEDGE_STATUSES) });
export const knowledgeEntryEditedSchema = z.object(entryFields);
export const knowledgeEntryReviewedSchema = z.object({ status: z.enum(['승인', '거절']), reviewedBy: z.string().min(1) });
export const knowledgeEntryActivationChangedSchema = z.object({ isActive: z.boolean() });
export const knowledgeEntryUsedSchema = z.object({ sessionId: z.string().nullable() });

// Chat sessions ----------------------------------------------------------------------------------

export const chatSessionStartedSchema = z.object({
  sessionId: z.string().min(1),
  userId: z.string().nullable(),
  /** sha256 of an anonymous visitor's chat cookie (never the cookie itself). */
  visitorKey: z.string().nullable(),
  /** First name of a signed-in customer, for the agent's console ('방문자' for guests). */
  customerName: z.string(),
  tags: z.array(z.string()),
});
export const chatTurnLoggedSchema = z.object({
  logId: z.string().min(1),
  userQuestion: z.string(),
  botAnswer: z.string(),
  knowledgeId: z.string().nullable(),
  responseTime: z.number().nonnegative(),
  resolved: z.boolean(),
  satisfactionScore: z.number().int().min(1).max(5).nullable(),
  tags: z.array(z.string()),
});
export const chatTurnRatedSchema = z.object({
  logId: z.string().min(1),
  knowledgeId: z.string().nullable(),
  satisfactionScore: z.number().int().min(1).max(5),
});
export const chatSessionEndedSchema = z.object({
  endTime: z.string(),
  satisfactionScore: z.number().int().min(1).max(5).nullable(),
  resolved: z.boolean(),
});
export const chatSessionEscalatedSchema = z.object({ reason: z.string() });
export const chatSessionAssignedSchema = z.object({ agentId: z.string().min(1), agentName: z.string() });
export const chatMessagePostedSchema = z.object({
  messageId: z.string().min(1),
  from: z.enum(['customer', 'agent']),
  authorId: z.string().nullable(),
  authorName: z.string(),
  content: z.string().min(1),
});
export const chatSessionClosedSchema = z.object({ closedBy: z.enum(['customer', 'agent', 'admin']) });

export const supportStreams = {
  inquiry: (inquiryId: string) => streamName('inquiry', inquiryId),
  inquiryId: (stream: string) => streamId('inquiry', stream),
  knowledgeEntry: (entryId: string) => streamName('knowledgeEntry', entryId),
  knowledgeEntryId: (stream: string) => streamId('knowledgeEntry', stream),
  chatSession: (sessionId: string) => streamName('chatSession', sessionId),
  chatSessionId: (stream: string) => streamId('chatSession', stream),
} as const;

export const supportEvents = {
  InquirySubmitted: defineEvent({ stream: 'inquiry', schema: inquirySubmittedSchema }),
  InquiryStatusChanged: defineEvent({ stream: 'inquiry', schema: inquiryStatusChangedSchema }),
  InquiryAnswered: defineEvent({ stream: 'inquiry', schema: inquiryAnsweredSchema }),
  KnowledgeEntryCreated: defineEvent({ stream: 'knowledgeEntry', schema: knowledgeEntryCreatedSchema }),
  KnowledgeEntryEdited: defineEvent({ stream: 'knowledgeEntry', schema: knowledgeEntryEditedSchema }),
  KnowledgeEntryReviewed: defineEvent({ stream: 'knowledgeEntry', schema: knowledgeEntryReviewedSchema }),
  KnowledgeEntryActivationChanged: defineEvent({ stream: 'knowledgeEntry', schema: knowledgeEntryActivationChangedSchema }),
  KnowledgeEntryUsed: defineEvent({ stream: 'knowledgeEntry', schema: knowledgeEntryUsedSchema }),
  ChatSessionStarted: defineEvent({ stream: 'chatSession', schema: chatSessionStartedSchema }),
  ChatTurnLogged: defineEvent({ stream: 'chatSession', schema: chatTurnLoggedSchema }),
  ChatTurnRated: defineEvent({ stream: 'chatSession', schema: chatTurnRatedSchema }),
  ChatSessionEnded: defineEvent({ stream: 'chatSession', schema: chatSessionEndedSchema }),
  ChatSessionEscalated: defineEvent({ stream: 'chatSession', schema: chatSessionEscalatedSchema }),
  ChatSessionAssigned: defineEvent({ stream: 'chatSession', schema: chatSessionAssignedSchema }),
  ChatMessagePosted: defineEvent({ stream: 'chatSession', schema: chatMessagePostedSchema }),
  ChatSessionClosed: defineEvent({ stream: 'chatSession', schema: chatSessionClosedSchema }),
} as const;
