import type { ChatbotStats } from '@phonemarket/contracts/chatbotAdmin.ts';
import { endOfKoreanDay, startOfKoreanDay } from '@phonemarket/contracts/koreanDay.ts';
import { chatQuestionSource } from '@phonemarket/contracts/chatbotAdmin.ts';
import type { KnowledgeStatus } from '@phonemarket/contracts';
import { normalizeForSearch } from '../../shared/korean.ts';
import { extractKeywords } from './knowledgeMatcher.ts';

/*
 * The chatbot's figures for a period (issue 29, /admin/chatbot), from the chatStats read model's
 * sessions and questions: pure, so the resolution rate is tested on a known set of sessions.
 */

export interface StatsSession {
  day: string;
  messages: number;
  firstAnswerMs: number | null;
  escalated: boolean;
  rating: number | null;
  resolved: boolean;
}
export interface StatsQuestion { sessionId: string; logId: string; at: string; question: string; answered: boolean }
export interface StatsInquiry { id: string; category: string; title: string; content: string; resolutionNote: string; resolvedAt: string }
export interface EntryRef { id: string; status: KnowledgeStatus }

export const TOP_QUESTIONS = 10;
export const UNANSWERED_SHOWN = 50;
export const INQUIRIES_SHOWN = 50;

const DAY_MS = 86_400_000;
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The instants a Korean-day period covers: [from 00:00 KST, the day after `to` 00:00 KST). */
export const periodInstants = (from: string, to: string) => ({
  start: startOfKoreanDay(from),
  end: endOfKoreanDay(to),
});

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The figures over sessions: a session is resolved when rated 4 or more or resolved (never a fixed rate). */
export function sessionTotals(sessions: readonly StatsSession[]) {
  const resolvedSessions = sessions.filter((s) => s.resolved).length;
  const escalatedSessions = sessions.filter((s) => s.escalated).length;
  const ratings = sessions.flatMap((s) => (s.rating === null ? [] : [s.rating]));
  return {
    sessions: sessions.length,
    messages: sessions.reduce((n, s) => n + s.messages, 0),
    resolvedSessions,
    resolutionRate: rate(resolvedSessions, sessions.length),
    escalatedSessions,
    escalationRate: rate(escalatedSessions, sessions.length),
    ratedSessions: ratings.length,
    averageSatisfaction: ratings.length === 0 ? null : Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100,
    medianFirstAnswerMs: median(sessions.flatMap((s) => (s.firstAnswerMs === null ? [] : [s.firstAnswerMs]))),
  };
}

/** One group of questions asked with the same keywords. */
interface QuestionGroup { key: string; keywords: string[]; members: StatsQuestion[] }

/** Questions repeat (the same wording asked again): their keywords and group key, kept for the next read. */
const KEYS_KEPT = 20_000;
const keyCache = new Map<string, { keywords: string[]; key: string }>();
function keyOf(question: string): { keywords: string[]; key: string } {
  let hit = keyCache.get(question);
  if (!hit) {
    const keywords = extractKeywords(question);
    hit = { keywords, key: keywords.length ? [...keywords].sort().join(' ') : normalizeForSearch(question) };
    if (keyCache.size >= KEYS_KEPT) keyCache.clear();
    keyCache.set(question, hit);
  }
  return hit;
}

/** Groups questions by their keywords (spec §9 extraction), in any order of words. */
export function groupQuestions(questions: readonly StatsQuestion[]): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>();
  for (const q of questions) {
    const { keywords, key } = keyOf(q.question);
    const group = groups.get(key) ?? { key, keywords, members: [] };
    group.members.push(q);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const latest = (members: readonly StatsQuestion[]) => members.reduce((a, b) => (b.at > a.at || (b.at === a.at && b.logId > a.logId) ? b : a));

/** The wording asked most often in a group (ties: the latest). */
function wording(members: readonly StatsQuestion[]): string {
  const counts = new Map<string, { n: number; at: string }>();
  for (const m of members) {
    const c = counts.get(m.question) ?? { n: 0, at: '' };
    counts.set(m.question, { n: c.n + 1, at: m.at > c.at ? m.at : c.at });
  }
  return [...counts.entries()].sort((a, b) => b[1].n - a[1].n || b[1].at.localeCompare(a[1].at))[0]![0];
}

export interface StatsInput {
  from: string;
  to: string;
  sessions: readonly StatsSession[];
  questions: readonly StatsQuestion[];
  inquiries: readonly StatsInquiry[];
  /** Entries by their `sourceInquiryId`. */
  entriesBySource: ReadonlyMap<string, EntryRef>;
  /** An approved entry that answers the question now, if any. */
  answeredNow: (question: string) => { id: string; question: string } | null;
}

export function chatbotStats(input: StatsInput): ChatbotStats {
  const { from, to, sessions, questions } = input;
  const daily: ChatbotStats['daily'] = [];
  const byDay = new Map<string, StatsSession[]>();
  for (const s of sessions) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const list = byDay.get(day) ?? [];
    const resolvedSessions = list.filter((s) => s.resolved).length;
    daily.push({ day, sessions: list.length, resolvedSessions, resolutionRate: rate(resolvedSessions, list.length) });
  }

  const groups = groupQuestions(questions);
  const topQuestions = groups
    .map((g) => ({ g, last: latest(g.members).at }))
    .sort((a, b) => b.g.members.length - a.g.members.length || b.last.localeCompare(a.last))
    .slice(0, TOP_QUESTIONS)
    .map(({ g }) => ({ question: wording(g.members), count: g.members.length, keywords: g.keywords, unanswered: g.members.filter((m) => !m.answered).length }));

  const unanswered = groupQuestions(questions.filter((q) => !q.answered))
    .map((g) => {
      const last = latest(g.members);
      const entry = g.members.map((m) => input.entriesBySource.get(chatQuestionSource(m.sessionId, m.logId))).find((e) => e !== undefined) ?? null;
      return { g, last, entry };
    })
    .sort((a, b) => b.g.members.length - a.g.members.length || b.last.at.localeCompare(a.last.at))
    .slice(0, UNANSWERED_SHOWN)
    .map(({ g, last, entry }) => ({
      question: last.question, count: g.members.length, keywords: g.keywords, lastAskedAt: last.at, sessionId: last.sessionId, logId: last.logId,
      entry, answeredNowBy: input.answeredNow(last.question),
    }));

  const resolvedInquiries = [...input.inquiries]
    .sort((a, b) => b.resolvedAt.localeCompare(a.resolvedAt) || a.id.localeCompare(b.id))
    .slice(0, INQUIRIES_SHOWN)
    .map((i) => ({ ...i, entry: input.entriesBySource.get(i.id) ?? null }));

  return {
    period: { from, to },
    totals: { ...sessionTotals(sessions), questions: questions.length, unansweredQuestions: questions.filter((q) => !q.answered).length },
    daily,
    topQuestions,
    unanswered,
    resolvedInquiries,
  };
}
