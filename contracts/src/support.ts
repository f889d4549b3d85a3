import * as z from 'zod/mini';
import { brokenConditionField, citedConditionSchema } from './conditions.ts';
import { roleSchema } from './roles.ts';
import { plainText } from './text.ts';

/**
 * Customer support (spec seller-admin-support §2 customer support, chatbot widget, §3–§5, §7, §9):
 * inquiries, the knowledge base the chatbot answers from, chat sessions with their turns and the
 * live agent handoff. Requests are validated with these schemas on the server and resolved with
 * them in the browser's forms; answers are typed by them on the server and parsed in the browser.
 */

// ---------------------------------------------------------------------------------------------
// Inquiries

/** Spec §9: the eight inquiry categories. */
export const INQUIRY_CATEGORIES = ['결제환불', '강의등록', '계정문제', '신고처리', '주문배송', '상품문의', '판매자문의', '기타'] as const;
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number];
/** Spec §4: priority 낮음, 보통 (default), 높음, 긴급. */
export const INQUIRY_PRIORITIES = ['낮음', '보통', '높음', '긴급'] as const;
export type InquiryPriority = (typeof INQUIRY_PRIORITIES)[number];
export const DEFAULT_INQUIRY_PRIORITY: InquiryPriority = '보통';
/** Spec §4: status 접수 (default), 처리중, 완료, 보류. */
export const INQUIRY_STATUSES = ['접수', '처리중', '완료', '보류'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_TITLE_MIN = 3;
export const INQUIRY_TITLE_MAX = 100;
export const INQUIRY_CONTENT_MIN = 10;
export const INQUIRY_CONTENT_MAX = 2000;
export const RESOLUTION_NOTE_MAX = 2000;

const CATEGORY_REQUIRED = '카테고리를 선택해주세요';
export const INQUIRY_ORDER_NEEDED = '어긴 계약 조건을 고르려면 문의할 주문을 함께 골라주세요.';

/** `POST /api/inquiries` and the '새 문의' form (spec §5, messages exactly as given). The owner is the session's user. */
export const inquiryInputSchema = z.object({
  category: z.enum(INQUIRY_CATEGORIES, { error: CATEGORY_REQUIRED }),
  title: z.string({ error: '제목을 3자 이상 입력해주세요' }).check(
    z.trim(),
    z.minLength(INQUIRY_TITLE_MIN, { error: '제목을 3자 이상 입력해주세요' }),
    z.maxLength(INQUIRY_TITLE_MAX, { error: '제목은 100자 이하로 입력해주세요' }),
    plainText(),
  ),
  content: z.string({ error: '내용을 10자 이상 입력해주세요' }).check(
    z.trim(),
    z.minLength(INQUIRY_CONTENT_MIN, { error: '내용을 10자 이상 입력해주세요' }),
    z.maxLength(INQUIRY_CONTENT_MAX, { error: '내용은 2000자 이하로 입력해주세요' }),
    plainText({ multiline: true }),
  ),
  priority: z._default(z.enum(INQUIRY_PRIORITIES, { error: '우선순위를 선택해주세요' }), DEFAULT_INQUIRY_PRIORITY),
  /**
   * Issue 40: the buyer's own order the inquiry is about (another's or none: 404) and the condition of its 계약 조건서
   * it cites as broken or disputed (`citableConditions`' ref; one the order lacks: 400). A citation needs the order.
   */
  orderId: z.optional(z.nullable(z.string({ error: '주문을 확인해주세요.' }).check(z.trim(), z.maxLength(100, { error: '주문을 확인해주세요.' })))),
  brokenCondition: brokenConditionField,
}).check(z.refine((v) => !v.brokenCondition || Boolean(v.orderId), { error: INQUIRY_ORDER_NEEDED, path: ['brokenCondition'] }));
export type InquiryInput = z.input<typeof inquiryInputSchema>;
export type InquiryValues = z.output<typeof inquiryInputSchema>;

/** `PATCH /api/inquiries/{id}` (admin): a new status and/or the resolution note the customer sees as the answer. */
export const inquiryUpdateSchema = z.object({
  status: z.optional(z.enum(INQUIRY_STATUSES, { error: '상태를 선택해주세요' })),
  resolutionNote: z.optional(z.string().check(
    z.trim(),
    z.minLength(1, { error: '답변 내용을 입력해주세요' }),
    z.maxLength(RESOLUTION_NOTE_MAX, { error: '답변은 2000자 이하로 입력해주세요' }),
    plainText({ multiline: true }),
  )),
});
export type InquiryUpdate = z.infer<typeof inquiryUpdateSchema>;

/** Spec §3 client shape, plus what the staff queue needs. */
export const inquirySchema = z.object({
  id: z.string(),
  userId: z.string(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(INQUIRY_PRIORITIES),
  status: z.enum(INQUIRY_STATUSES),
  assignedTo: z.nullable(z.string()),
  resolutionNote: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Issue 40: the order it is about and the 계약 조건서's condition it cites (absent or null: none). */
  orderId: z.optional(z.nullable(z.string())),
  brokenCondition: z.optional(z.nullable(citedConditionSchema)),
});
export type Inquiry = z.infer<typeof inquirySchema>;
export const inquiriesSchema = z.array(inquirySchema);

// ---------------------------------------------------------------------------------------------
// Knowledge base

/** Spec §4: knowledge entry status 대기 (default), 승인, 거절. Only 승인 entries answer. */
export const KNOWLEDGE_STATUSES = ['대기', '승인', '거절'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];
/** Spec §9: keyword extraction keeps at most 10 words longer than one character. */
export const MAX_KEYWORDS = 10;

const keywordSchema = z.string().check(
  z.trim(),
  z.minLength(2, { error: '키워드는 2자 이상이어야 합니다' }),
  z.maxLength(30, { error: '키워드는 30자 이하로 입력해주세요' }),
  plainText(),
);

/** Create and edit an entry (`/admin-knowledge-base`). */
export const knowledgeEntryInputSchema = z.object({
  category: z.string({ error: '카테고리를 입력해주세요' }).check(
    z.trim(), z.minLength(1, { error: '카테고리를 입력해주세요' }), z.maxLength(30, { error: '카테고리는 30자 이하로 입력해주세요' }), plainText(),
  ),
  question: z.string({ error: '질문을 2자 이상 입력해주세요' }).check(
    z.trim(), z.minLength(2, { error: '질문을 2자 이상 입력해주세요' }), z.maxLength(200, { error: '질문은 200자 이하로 입력해주세요' }), plainText(),
  ),
  answer: z.string({ error: '답변을 2자 이상 입력해주세요' }).check(
    z.trim(), z.minLength(2, { error: '답변을 2자 이상 입력해주세요' }), z.maxLength(2000, { error: '답변은 2000자 이하로 입력해주세요' }), plainText({ multiline: true }),
  ),
  keywords: z._default(z.array(keywordSchema).check(z.maxLength(MAX_KEYWORDS, { error: `키워드는 최대 ${MAX_KEYWORDS}개까지 입력할 수 있습니다` })), []),
  requiresAuth: z._default(z.boolean(), false),
  roles: z._default(z.array(roleSchema), []),
  sourceInquiryId: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
});
export type KnowledgeEntryInput = z.input<typeof knowledgeEntryInputSchema>;
export type KnowledgeEntryValues = z.output<typeof knowledgeEntryInputSchema>;

/** `POST /api/knowledge-base/{id}/review` (admin): 승인 or 거절. */
export const knowledgeReviewSchema = z.object({ status: z.enum(['승인', '거절'], { error: '승인 또는 거절을 선택해주세요' }) });
/** `POST /api/knowledge-base/{id}/active` (admin): deactivate or activate again. */
export const knowledgeActiveSchema = z.object({ isActive: z.boolean({ error: '활성 여부를 선택해주세요' }) });
/** The longest question the knowledge base is searched with (the matcher reads no further). */
export const KNOWLEDGE_QUERY_MAX = 500;
/** `POST /api/knowledge-base/search`. */
export const knowledgeSearchSchema = z.object({
  query: z.string({ error: '질문을 입력해주세요' }).check(z.trim(), z.minLength(1, { error: '질문을 입력해주세요' }), z.maxLength(KNOWLEDGE_QUERY_MAX, { error: `질문은 ${KNOWLEDGE_QUERY_MAX}자 이하로 입력해주세요` })),
});

/** Spec §3 knowledge_base, as the admin page and the widget read it. */
export const knowledgeEntrySchema = z.object({
  id: z.string(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  keywords: z.array(z.string()),
  sourceInquiryId: z.nullable(z.string()),
  status: z.enum(KNOWLEDGE_STATUSES),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  usageCount: z.number(),
  /** Mean of the ratings its answers got (1–5), 0 when none. */
  satisfactionScore: z.number(),
  ratingCount: z.number(),
  isActive: z.boolean(),
  requiresAuth: z.boolean(),
  roles: z.array(roleSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;
export const knowledgeEntriesSchema = z.array(knowledgeEntrySchema);
/** One search hit: the entry and how well it matched (higher is better), best first. */
export const knowledgeSearchResultSchema = z.extend(knowledgeEntrySchema, { score: z.number() });
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResultSchema>;
export const knowledgeSearchResultsSchema = z.array(knowledgeSearchResultSchema);

// ---------------------------------------------------------------------------------------------
// Chat sessions, turns and live handoff

/** Session ids are made by the client (spec §3); this keeps them sane. */
export const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const chatId = (label: string) => z.string({ error: `${label}가 필요합니다` }).check(z.regex(CHAT_ID_PATTERN, { error: `${label} 형식이 올바르지 않습니다` }));
export const CHAT_MESSAGE_MAX = 1000;
const SCORE_MESSAGE = '만족도는 1~5 사이의 정수여야 합니다';
const score = z.int({ error: SCORE_MESSAGE }).check(z.gte(1, { error: SCORE_MESSAGE }), z.lte(5, { error: SCORE_MESSAGE }));
const tags = z._default(z.array(z.string().check(z.maxLength(30), plainText())).check(z.maxLength(10)), []);

/** `POST /api/chat-sessions` (spec §7): userId in the body is ignored — the owner is the session's user or the visitor's cookie. */
export const chatSessionStartSchema = z.object({
  id: chatId('세션 ID'),
  tags,
});
/** `PATCH /api/chat-sessions/{id}`: end with a rating (resolved when 4 or more, spec §4). */
export const chatSessionUpdateSchema = z.object({
  endTime: z.optional(z.string()),
  satisfactionScore: z.optional(score),
  resolved: z.optional(z.boolean()),
});
/** `POST /api/chat-sessions/{id}/escalate`. */
export const chatEscalateSchema = z.object({
  reason: z._default(z.string().check(z.maxLength(200, { error: '사유는 200자 이하로 입력해주세요' }), plainText()), ''),
});
/** `POST /api/chatbot-logs`: one turn (question → answer); posting the same `id` again with a score rates it. */
export const chatbotLogSchema = z.object({
  id: z.optional(chatId('로그 ID')),
  sessionId: chatId('세션 ID'),
  userQuestion: z.string({ error: '질문이 필요합니다' }).check(z.maxLength(CHAT_MESSAGE_MAX, { error: `메시지는 ${CHAT_MESSAGE_MAX}자 이하로 입력해주세요` }), plainText({ multiline: true })),
  botAnswer: z.string({ error: '답변이 필요합니다' }).check(z.maxLength(4000, { error: '답변은 4000자 이하로 입력해주세요' }), plainText({ multiline: true })),
  knowledgeId: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  responseTime: z._default(z.number().check(z.gte(0), z.lte(600_000)), 0),
  resolved: z._default(z.boolean(), false),
  satisfactionScore: z.optional(z.nullable(score)),
  tags,
});
const chatLineContent = z.string({ error: '메시지를 입력해주세요' }).check(
  z.trim(), z.minLength(1, { error: '메시지를 입력해주세요' }), z.maxLength(CHAT_MESSAGE_MAX, { error: `메시지는 ${CHAT_MESSAGE_MAX}자 이하로 입력해주세요` }), plainText({ multiline: true }),
);
/**
 * `POST /api/chat-sessions/{id}/messages`: the customer or the assigned agent. `id`: the client's id
 * for the line (ADR 031): sent again, the same line is not appended twice.
 */
export const chatMessageInputSchema = z.object({
  id: z.optional(chatId('메시지 ID')),
  content: chatLineContent,
});

/** Where a chat is: with the bot, waiting for an agent, with an agent, or over. */
export const CHAT_STATUSES = ['bot', 'waiting', 'active', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** Spec §3 chat message; `agent` is a support agent's message in a live chat. Stored text is masked. */
export const chatMessageSchema = z.object({
  id: z.string(),
  type: z.enum(['bot', 'user', 'system', 'agent']),
  content: z.string(),
  timestamp: z.string(),
  authorName: z.nullable(z.string()),
  knowledgeId: z.nullable(z.string()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSessionSchema = z.object({
  id: z.string(),
  userId: z.nullable(z.string()),
  customerName: z.string(),
  status: z.enum(CHAT_STATUSES),
  startTime: z.string(),
  endTime: z.nullable(z.string()),
  totalMessages: z.number(),
  escalated: z.boolean(),
  escalatedAt: z.nullable(z.string()),
  escalationReason: z.nullable(z.string()),
  assignedTo: z.nullable(z.string()),
  agentName: z.nullable(z.string()),
  resolved: z.boolean(),
  satisfactionScore: z.nullable(z.number()),
  tags: z.array(z.string()),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** `GET /api/chat-sessions/{id}/messages`. */
export const chatTranscriptSchema = z.object({ session: chatSessionSchema, messages: z.array(chatMessageSchema) });
export type ChatTranscript = z.infer<typeof chatTranscriptSchema>;

/** `GET /api/support/queue` (admin): chats waiting for an agent (oldest first) and chats with an agent. */
export const supportQueueSchema = z.object({ waiting: z.array(chatSessionSchema), active: z.array(chatSessionSchema) });
export type SupportQueue = z.infer<typeof supportQueueSchema>;

/** Payloads of the support pushes (`SOCKET_EVENTS.chatMessage`, `chatEscalated`, `chatAssigned`). */
export const chatMessagePushSchema = z.object({ sessionId: z.string(), message: chatMessageSchema, session: chatSessionSchema });
export type ChatMessagePush = z.infer<typeof chatMessagePushSchema>;
export const chatSessionPushSchema = z.object({ session: chatSessionSchema });
export type ChatSessionPush = z.infer<typeof chatSessionPushSchema>;
/** A live chat's new count of messages: the projector's outbox message to the support room, one per line. */
export const chatCountPushSchema = z.object({ sessionId: z.string(), totalMessages: z.number() });
export type ChatCountPush = z.infer<typeof chatCountPushSchema>;
/** `SOCKET_EVENTS.chatUpdated`: the latest count of every live chat that had lines in the last `CHAT_COUNTS_PUSH_MS`, one frame to the support room. */
export const chatCountsPushSchema = z.object({ counts: z.array(chatCountPushSchema) });
export type ChatCountsPush = z.infer<typeof chatCountsPushSchema>;
export const CHAT_COUNTS_PUSH_MS = 500;
export const inquiryAnsweredPushSchema = z.object({ inquiryId: z.string(), title: z.string(), status: z.enum(INQUIRY_STATUSES) });
export type InquiryAnsweredPush = z.infer<typeof inquiryAnsweredPushSchema>;

/** Client → server over the socket: ask to follow a chat (the server checks who may, from the session/cookie). */
export const CHAT_JOIN = 'chat:join';
export const chatJoinSchema = z.object({ sessionId: chatId('세션 ID'), minPosition: z.optional(z.string().check(z.regex(/^\d{1,20}$/))) });

/**
 * Client → server over the socket (ADR 031): one line of a live chat, by its customer or agent, with
 * the client's id for it (a resend after a lost ack appends nothing twice). Acked with `ChatSendAnswer`.
 */
export const CHAT_SEND = 'chat:send';
export const chatSendSchema = z.object({ sessionId: chatId('세션 ID'), messageId: chatId('메시지 ID'), content: chatLineContent });
export type ChatSendInput = z.infer<typeof chatSendSchema>;
/**
 * The ack of `CHAT_SEND`: the stored line (masked, as everyone sees it), its log position and, when
 * the line was relayed to the chat's room, the session as that push carries it; or why not, in Korean.
 * The room's push is not sent back to the sending socket (ADR 031, s53): the sender writes its line
 * into the transcript from this ack, as it writes a push. `overHttp`: this line must go through `POST
 * /api/chat-sessions/{id}/messages` instead (a line the scam guard would hold, or an instance with no
 * command side). `status`: a final refusal (a broken rule, the rate limit), with the status the HTTP
 * route would answer: the client shows it and does not post the line again (a second try would be
 * refused too, and spend another of the rate limit's points). A refusal without either (the server
 * failed) may be sent over HTTP.
 */
export const chatSendAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), line: chatMessageSchema, position: z.string(), session: z.optional(chatSessionSchema) }),
  z.object({ ok: z.literal(false), message: z.string(), overHttp: z.optional(z.boolean()), status: z.optional(z.number()) }),
]);
export type ChatSendAnswer = z.infer<typeof chatSendAnswerSchema>;

/** A posted live-chat line as the transcript shows it: one builder for the read model and the socket's relay. */
export function chatLineOf(posted: { messageId: string; from: 'customer' | 'agent'; authorName: string; content: string }, at: string): ChatMessage {
  return { id: posted.messageId, type: posted.from === 'customer' ? 'user' : 'agent', content: posted.content, timestamp: at, authorName: posted.authorName, knowledgeId: null };
}

/** Spec §4 / §9 chatbot rules the widget and the server share. */
export const CHATBOT = {
  /** Reply delay 1 to 2 seconds. */
  replyDelayMs: { min: 1000, max: 2000 },
  /** A typed message containing one of these ends the conversation. */
  endWords: ['종료', '끝'],
  /** Session resolved when the score is 4 or more. */
  resolvedFrom: 4,
  thumbsUp: 5,
  thumbsDown: 1,
} as const;
