import { Router } from 'express';
import type { KnowledgeEntry } from '@phonemarket/contracts';
import {
  CHATBOT_SETTINGS_PATH, CHATBOT_STATS_PATH, chatbotStatsQuerySchema, type ChatbotSettings, type ChatbotStats,
} from '@phonemarket/contracts/chatbotAdmin.ts';
import {
  CHAT_STATS_QUESTIONS, CHAT_STATS_SESSIONS, INQUIRIES, KNOWLEDGE_ENTRIES,
  type ChatStatsQuestionDoc, type ChatStatsSessionDoc, type InquiryDoc, type KnowledgeEntryDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { chatbotSettings } from '../../shared/chatbotSettings.ts';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { addDays, chatbotStats, periodInstants, type EntryRef } from './chatbotStats.ts';
import type { KnowledgeMatcher } from './knowledgeMatcher.ts';

/** An entry that answers a signed-in customer (routes.ts `entryVisibleTo` for the role 'user'). */
const answersCustomers = (e: KnowledgeEntry) => e.status === '승인' && e.isActive && (e.roles.length === 0 || e.roles.includes('user'));

/** The default period: the last 7 Korean days, today included. */
export const DEFAULT_PERIOD_DAYS = 7;

/**
 * Chatbot admin reads (issue 29): `GET /api/admin/chatbot/stats?from=&to=` (admins) — the figures of
 * the chats started in the period, the questions asked in it, resolved inquiries, and which became
 * knowledge entries — and `GET /api/chatbot/settings` (everyone: the widget's reply delay and handoff
 * wait; the threshold the search applies).
 */
export function chatbotAdminQueryRoutes(deps: QueryDeps, knowledge: { get(): Promise<KnowledgeMatcher<KnowledgeEntry>> }): Router {
  const router = Router();

  router.get(CHATBOT_SETTINGS_PATH, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json((await chatbotSettings(deps)) satisfies ChatbotSettings);
  });

  router.get(CHATBOT_STATS_PATH, requireRole('admin'), async (req, res) => {
    const query = parseInput(chatbotStatsQuerySchema, req.query, '조회 기간을 확인해주세요.');
    const today = koreanDayOf(deps.clock());
    const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
    const from = query.from ?? (addDays(to, -(DEFAULT_PERIOD_DAYS - 1)));
    const { start, end } = periodInstants(from, to);
    const [sessions, questions, inquiries, entries, settings, matcher] = await Promise.all([
      deps.docs.collection<ChatStatsSessionDoc>(CHAT_STATS_SESSIONS).find({ day: { $gte: from, $lte: to } }),
      deps.docs.collection<ChatStatsQuestionDoc>(CHAT_STATS_QUESTIONS).find({ day: { $gte: from, $lte: to } }),
      deps.docs.collection<InquiryDoc>(INQUIRIES).find({ status: '완료', resolvedAt: { $gte: start, $lt: end } }),
      deps.docs.collection<KnowledgeEntryDoc>(KNOWLEDGE_ENTRIES).find({ sourceInquiryId: { $ne: null } }),
      chatbotSettings(deps),
      knowledge.get(),
    ]);
    const entriesBySource = new Map<string, EntryRef>();
    for (const e of [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
      if (e.sourceInquiryId !== null && !entriesBySource.has(e.sourceInquiryId)) entriesBySource.set(e.sourceInquiryId, { id: e.id, status: e.status });
    }
    const stats = chatbotStats({
      from, to, sessions, questions, entriesBySource,
      inquiries: inquiries.flatMap((i) => (i.resolutionNote !== null && i.resolvedAt !== null
        ? [{ id: i.id, category: i.category, title: i.title, content: i.content, resolutionNote: i.resolutionNote, resolvedAt: i.resolvedAt }] : [])),
      answeredNow: (question) => {
        // As a signed-in customer would ask it, at today's threshold.
        const best = matcher.match(question, { role: 'user', limit: 1, minScore: settings.matchThreshold, accept: answersCustomers })[0];
        return best ? { id: best.entry.id, question: best.entry.question } : null;
      },
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json(stats satisfies ChatbotStats);
  });

  return router;
}
