import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { isCalendarDay } from './dates.ts';
import { CHATBOT, KNOWLEDGE_STATUSES, MAX_KEYWORDS } from './support.ts';
import { plainText } from './text.ts';

/*
 * Chatbot admin (issue 29, `/admin/chatbot`; spec seller-admin-support §2 admin panel's chatbot tab,
 * §3 chat_sessions / chatbot_logs, §9 chatbot constants): figures computed from the chat sessions and
 * their logged turns for a chosen period, the questions the knowledge base did not answer, one click
 * to turn such a question or a resolved inquiry into a knowledge-base entry (status 대기), and the
 * chatbot's settings (saved as the `chatbot` section of the site settings, with their history).
 * Its own entry point (`@phonemarket/contracts/chatbotAdmin.ts`): the servers, the lazily loaded
 * admin page and the lazily loaded widget import it.
 */

export const CHATBOT_STATS_PATH = '/api/admin/chatbot/stats';
export const CHATBOT_KNOWLEDGE_PATH = '/api/admin/chatbot/knowledge-entries';
export const CHATBOT_SETTINGS_PATH = '/api/chatbot/settings';

// ---------------------------------------------------------------------------------------------
// Settings: the `chatbot` section of the site settings

export const CHATBOT_SETTINGS_MESSAGES = {
  threshold: '답변 기준 점수는 0.5에서 5 사이로 입력해주세요. (소수점 한 자리까지)',
  replyDelay: `답변 지연 시간은 ${CHATBOT.replyDelayMs.min.toLocaleString('ko-KR')}밀리초에서 ${CHATBOT.replyDelayMs.max.toLocaleString('ko-KR')}밀리초 사이로 입력해주세요.`,
  replyDelayOrder: '최대 지연 시간은 최소 지연 시간보다 짧을 수 없습니다.',
  handoffWait: '상담원 연결 대기 시간은 1초에서 300초 사이로 입력해주세요.',
} as const;

const numberIn = (min: number, max: number, message: string, { whole = true }: { whole?: boolean } = {}) =>
  z.number({ error: message }).check(
    z.refine((v) => (whole ? Number.isInteger(v) : Math.abs(Math.round(v * 10) - v * 10) < 1e-6), { error: message }),
    z.minimum(min, { error: message }),
    z.maximum(max, { error: message }),
  );

/**
 * `PUT /api/admin/settings/chatbot` and the 챗봇 설정 card: the matcher's threshold (a question whose
 * best knowledge match scores below it gets no answer, and the bot offers an agent), the reply delay
 * (spec §9: 1 to 2 seconds; each answer waits a random time between the two) and how long the widget
 * waits for an agent after a handoff before it says all agents are busy (spec §4: 3 seconds).
 */
export const chatbotSettingsSchema = z.object({
  matchThreshold: numberIn(0.5, 5, CHATBOT_SETTINGS_MESSAGES.threshold, { whole: false }),
  replyDelayMinMs: numberIn(CHATBOT.replyDelayMs.min, CHATBOT.replyDelayMs.max, CHATBOT_SETTINGS_MESSAGES.replyDelay),
  replyDelayMaxMs: numberIn(CHATBOT.replyDelayMs.min, CHATBOT.replyDelayMs.max, CHATBOT_SETTINGS_MESSAGES.replyDelay),
  handoffWaitSeconds: numberIn(1, 300, CHATBOT_SETTINGS_MESSAGES.handoffWait),
}).check(
  z.superRefine((v, ctx) => {
    if (v.replyDelayMaxMs < v.replyDelayMinMs) {
      ctx.addIssue({ code: 'custom', message: CHATBOT_SETTINGS_MESSAGES.replyDelayOrder, path: ['replyDelayMaxMs'], input: v.replyDelayMaxMs });
    }
  }),
);
export type ChatbotSettings = z.output<typeof chatbotSettingsSchema>;

/** Until an admin saves the card: the matcher's own minimum score and the spec's delays. */
export const DEFAULT_CHATBOT_SETTINGS: ChatbotSettings = {
  matchThreshold: 1,
  replyDelayMinMs: CHATBOT.replyDelayMs.min,
  replyDelayMaxMs: CHATBOT.replyDelayMs.max,
  handoffWaitSeconds: 3,
};

export const CHATBOT_FIELD_LABELS: Record<keyof ChatbotSettings, string> = {
  matchThreshold: '답변 기준 점수',
  replyDelayMinMs: '최소 답변 지연 (밀리초)',
  replyDelayMaxMs: '최대 답변 지연 (밀리초)',
  handoffWaitSeconds: '상담원 연결 대기 (초)',
};

/** `GET /api/chatbot/settings` (public): what the widget needs. */
export const chatbotPublicSettingsSchema = z.object({
  matchThreshold: z.number(),
  replyDelayMinMs: z.number(),
  replyDelayMaxMs: z.number(),
  handoffWaitSeconds: z.number(),
});

/** How long the widget waits before an answer: uniformly between the two delays (`random` in [0, 1)). */
export function replyDelayOf(settings: Pick<ChatbotSettings, 'replyDelayMinMs' | 'replyDelayMaxMs'>, random: number): number {
  return settings.replyDelayMinMs + Math.floor(random * (settings.replyDelayMaxMs - settings.replyDelayMinMs + 1));
}

// ---------------------------------------------------------------------------------------------
// Figures for a period

/** The longest period one request may ask for. */
export const CHATBOT_STATS_MAX_DAYS = 366;
export const CHATBOT_STATS_MESSAGES = {
  day: '날짜는 YYYY-MM-DD 형식으로 입력해주세요.',
  order: '종료일은 시작일보다 빠를 수 없습니다.',
  tooLong: `기간은 최대 ${CHATBOT_STATS_MAX_DAYS}일까지 조회할 수 있습니다.`,
} as const;
const dayParam = z.optional(z.string({ error: CHATBOT_STATS_MESSAGES.day }).check(z.refine(isCalendarDay, { error: CHATBOT_STATS_MESSAGES.day })));

/** Days between two `YYYY-MM-DD`, both counted. */
export const daysInPeriod = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** `GET /api/admin/chatbot/stats?from=&to=`: days in Korean time, both included (absent: the last 7 days up to today). */
export const chatbotStatsQuerySchema = z.object({ from: dayParam, to: dayParam }).check(
  z.superRefine((v, ctx) => {
    if (v.from === undefined || v.to === undefined) return;
    if (v.to < v.from) ctx.addIssue({ code: 'custom', message: CHATBOT_STATS_MESSAGES.order, path: ['to'], input: v.to });
    else if (daysInPeriod(v.from, v.to) > CHATBOT_STATS_MAX_DAYS) ctx.addIssue({ code: 'custom', message: CHATBOT_STATS_MESSAGES.tooLong, path: ['from'], input: v.from });
  }),
);
export type ChatbotStatsQuery = z.output<typeof chatbotStatsQuerySchema>;

const entryRef = z.nullable(z.object({ id: z.string(), status: z.enum(KNOWLEDGE_STATUSES) }));

export const chatbotStatsSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({
    /** Sessions started in the period. */
    sessions: z.number(),
    /** Their messages (questions, answers, live chat; not system lines). */
    messages: z.number(),
    /** Sessions rated 4 or more, or resolved. */
    resolvedSessions: z.number(),
    /** resolvedSessions / sessions (0–1); null without sessions. */
    resolutionRate: z.nullable(z.number()),
    escalatedSessions: z.number(),
    escalationRate: z.nullable(z.number()),
    ratedSessions: z.number(),
    /** Mean of the sessions' ratings (1–5); null when none was rated. */
    averageSatisfaction: z.nullable(z.number()),
    /** Median of each session's first answer time (ms); null when no question was asked. */
    medianFirstAnswerMs: z.nullable(z.number()),
    questions: z.number(),
    unansweredQuestions: z.number(),
  }),
  /** Every day of the period, oldest first. */
  daily: z.array(z.object({ day: z.string(), sessions: z.number(), resolvedSessions: z.number(), resolutionRate: z.nullable(z.number()) })),
  /** The 10 most asked questions, grouped by their keywords (spec §9: at most 10 words longer than one character). */
  topQuestions: z.array(z.object({ question: z.string(), count: z.number(), keywords: z.array(z.string()), unanswered: z.number() })),
  /** Questions the knowledge base did not answer, most asked first; the latest time each was asked names it. */
  unanswered: z.array(z.object({
    question: z.string(),
    count: z.number(),
    keywords: z.array(z.string()),
    lastAskedAt: z.string(),
    sessionId: z.string(),
    logId: z.string(),
    /** The entry made from it, if any. */
    entry: entryRef,
    /** An approved entry that would answer it now (the matcher at today's threshold), if any. */
    answeredNowBy: z.nullable(z.object({ id: z.string(), question: z.string() })),
  })),
  /** Inquiries resolved (완료, with an answer) in the period, newest first. */
  resolvedInquiries: z.array(z.object({
    id: z.string(),
    category: z.string(),
    title: z.string(),
    content: z.string(),
    resolutionNote: z.string(),
    resolvedAt: z.string(),
    entry: entryRef,
  })),
});
export type ChatbotStats = z.infer<typeof chatbotStatsSchema>;

// ---------------------------------------------------------------------------------------------
// A knowledge-base entry from a question or an inquiry

/** The `sourceInquiryId` of an entry made from a chat question. */
export const chatQuestionSource = (sessionId: string, logId: string) => `chat:${sessionId}/${logId}`;
/** Where an entry came from, as the review list names it: a chat question, else an inquiry. */
export const entrySourceLabel = (sourceInquiryId: string) => (sourceInquiryId.startsWith('chat:') ? '출처: 챗봇이 답하지 못한 질문' : '출처: 답변 완료된 고객 문의');

const entryText = (label: string, min: number, max: number, multiline = false) => z.string({ error: `${josa(label, '을/를')} ${min}자 이상 입력해주세요` }).check(
  z.trim(),
  z.minLength(min, { error: `${josa(label, '을/를')} ${min}자 이상 입력해주세요` }),
  z.maxLength(max, { error: `${josa(label, '은/는')} ${max}자 이하로 입력해주세요` }),
  plainText({ multiline }),
);
const sourceId = z.string({ error: '출처를 찾을 수 없습니다.' }).check(z.minLength(1, { error: '출처를 찾을 수 없습니다.' }), z.maxLength(100, { error: '출처를 찾을 수 없습니다.' }));

/**
 * `POST /api/admin/chatbot/knowledge-entries` (admin): an entry in status 대기, `sourceInquiryId` the
 * inquiry or the chat question it came from. The question, answer and keywords come filled in from the
 * source (an inquiry's title and answer; a question's words) and may be edited before saving.
 */
export const chatbotKnowledgeRequestSchema = z.object({
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('question'), sessionId: sourceId, logId: sourceId }),
    z.object({ kind: z.literal('inquiry'), inquiryId: sourceId }),
  ], { error: '출처를 찾을 수 없습니다.' }),
  category: z._default(z.string().check(z.trim(), z.minLength(1, { error: '카테고리를 입력해주세요' }), z.maxLength(30, { error: '카테고리는 30자 이하로 입력해주세요' }), plainText()), '기타'),
  question: entryText('질문', 2, 200),
  answer: entryText('답변', 2, 2000, true),
  keywords: z._default(z.array(z.string().check(z.trim(), z.minLength(2, { error: '키워드는 2자 이상이어야 합니다' }), z.maxLength(30, { error: '키워드는 30자 이하로 입력해주세요' }), plainText()))
    .check(z.maxLength(MAX_KEYWORDS, { error: `키워드는 최대 ${MAX_KEYWORDS}개까지 입력할 수 있습니다` })), []),
});
export type ChatbotKnowledgeInput = z.input<typeof chatbotKnowledgeRequestSchema>;
export type ChatbotKnowledgeRequest = z.output<typeof chatbotKnowledgeRequestSchema>;
