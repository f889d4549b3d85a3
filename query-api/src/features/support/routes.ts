import { Router, type Request } from 'express';
import {
  CHAT_ID_PATTERN, INQUIRY_PRIORITIES, INQUIRY_STATUSES, knowledgeSearchSchema,
  type ChatTranscript, type Inquiry, type KnowledgeEntry, type KnowledgeSearchResult, type SupportQueue,
} from '@phonemarket/contracts';
import {
  CHAT_SESSIONS, INQUIRIES, KNOWLEDGE_ENTRIES, chatSessionView, chatTranscriptOf,
  type ChatSessionDoc, type DocStore, type InquiryDoc, type KnowledgeEntryDoc,
} from '@phonemarket/projector';
import { requireRole, roleOf } from '@phonemarket/platform/auth/session.ts';
import { visitorKeyOf } from '@phonemarket/platform/auth/visitor.ts';
import { badRequest, forbidden, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import type { ProjectionProgress } from '../../shared/progress.ts';
import { chatbotSettings } from '../../shared/chatbotSettings.ts';
import { chatbotAdminQueryRoutes } from './chatbotAdminRoutes.ts';
import { createKnowledgeMatcher, type KnowledgeMatcher } from './knowledgeMatcher.ts';

const inquiryView = ({ _id, _pos, ...inquiry }: InquiryDoc): Inquiry => inquiry;
export const knowledgeEntryView = ({ _id, _pos, ratingSum: _s, ...entry }: KnowledgeEntryDoc): KnowledgeEntry => entry;

/** Spec §6: only approved, active entries answer; `requiresAuth` needs a session; `roles` limit who sees it. */
export function entryVisibleTo(entry: KnowledgeEntry, role: string): boolean {
  if (entry.status !== '승인' || !entry.isActive) return false;
  if (entry.requiresAuth && role === 'guest') return false;
  return entry.roles.length === 0 || entry.roles.some((r) => r === role);
}

/** The staff queue's order: 긴급 → 낮음, then oldest first. */
const PRIORITY_RANK = new Map(INQUIRY_PRIORITIES.map((p, i) => [p, INQUIRY_PRIORITIES.length - i]));

/** The knowledge matcher over all entries, rebuilt after a batch that changed an entry. */
export function knowledgeIndex(docs: DocStore, progress: ProjectionProgress) {
  let index: Promise<KnowledgeMatcher<KnowledgeEntry>> | null = null;
  progress.onBatch(({ changed }) => { if (changed.has('knowledge')) index = null; });
  return {
    get(): Promise<KnowledgeMatcher<KnowledgeEntry>> {
      index ??= docs.collection<KnowledgeEntryDoc>(KNOWLEDGE_ENTRIES).find({}).then((all) => createKnowledgeMatcher(all.map(knowledgeEntryView)));
      return index;
    },
  };
}

/** Who may read a chat: its customer (account or visitor cookie), its agent, any admin. */
export function chatReader(doc: Pick<ChatSessionDoc, 'userId' | 'visitorKey' | 'assignedTo'>, who: { userId: string | null; role: string; visitorKey: string | null }, { admins = true } = {}): boolean {
  if (doc.userId !== null ? who.userId === doc.userId : doc.visitorKey !== null && who.visitorKey === doc.visitorKey) return true;
  if (who.userId !== null && doc.assignedTo === who.userId) return true;
  return admins && who.role === 'admin';
}

/** Customer support reads: inquiries, the knowledge base and its search, chat transcripts and the support queue. */
export function supportQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const inquiries = () => deps.docs.collection<InquiryDoc>(INQUIRIES);
  const chats = () => deps.docs.collection<ChatSessionDoc>(CHAT_SESSIONS);
  const knowledge = knowledgeIndex(deps.docs, deps.progress);

  // GET /api/inquiries?userId=&status=: a user's own (another user's id → 403); admins all, by status.
  router.get('/api/inquiries', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const me = req.auth!.user;
    const userId = typeof req.query.userId === 'string' && req.query.userId !== '' ? req.query.userId : null;
    const status = typeof req.query.status === 'string' && req.query.status !== '' ? req.query.status : null;
    if (status !== null && !INQUIRY_STATUSES.some((s) => s === status)) throw badRequest('상태 값이 올바르지 않습니다.', { status: `상태는 ${INQUIRY_STATUSES.join(', ')} 중 하나여야 합니다.` });
    if (me.role !== 'admin' && userId !== null && userId !== me.id) throw forbidden();
    const owner = me.role === 'admin' ? userId : me.id;
    const filter: Record<string, string> = {};
    if (owner !== null) filter.userId = owner;
    if (status !== null) filter.status = status;
    const list = (await inquiries().find(filter)).map(inquiryView);
    if (me.role === 'admin' && owner === null) {
      list.sort((a, b) => (PRIORITY_RANK.get(b.priority) ?? 0) - (PRIORITY_RANK.get(a.priority) ?? 0) || a.createdAt.localeCompare(b.createdAt));
    } else {
      list.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    }
    res.json(list satisfies Inquiry[]);
  });

  // GET /api/knowledge-base: admins every entry; everyone else the entries that may answer them.
  router.get('/api/knowledge-base', async (req, res) => {
    const role = roleOf(req);
    const all = (await deps.docs.collection<KnowledgeEntryDoc>(KNOWLEDGE_ENTRIES).find({})).map(knowledgeEntryView);
    const list = role === 'admin' ? all : all.filter((e) => entryVisibleTo(e, role));
    list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
    res.json(list satisfies KnowledgeEntry[]);
  });

  // POST /api/knowledge-base/search {query}: the entries that may answer the asker, best first, with a score.
  router.post('/api/knowledge-base/search', async (req, res) => {
    const { query } = parseInput(knowledgeSearchSchema, req.body);
    const role = roleOf(req);
    // Below the chatbot settings' threshold there is no answer (the widget then offers an agent).
    const [matcher, settings] = await Promise.all([knowledge.get(), chatbotSettings(deps)]);
    const hits = matcher.match(query, { role, accept: (e) => entryVisibleTo(e, role), minScore: settings.matchThreshold });
    res.json(hits.map(({ entry, score }) => ({ ...entry, score })) satisfies KnowledgeSearchResult[]);
  });

  // GET /api/chat-sessions/{id}/messages: the customer, the agent, admins.
  router.get('/api/chat-sessions/:id/messages', async (req, res) => {
    const doc = await chatFor(req);
    res.json({ session: chatSessionView(doc), messages: await chatTranscriptOf(deps.docs, doc) } satisfies ChatTranscript);
  });

  // GET /api/support/queue (admin): chats waiting for an agent (longest wait first) and live chats.
  router.get('/api/support/queue', requireRole('admin'), async (_req, res) => {
    const [waiting, active] = await Promise.all([chats().find({ status: 'waiting' }), chats().find({ status: 'active' })]);
    const view = (d: ChatSessionDoc) => chatSessionView(d);
    res.json({
      waiting: waiting.map(view).sort((a, b) => (a.escalatedAt ?? '').localeCompare(b.escalatedAt ?? '')),
      active: active.map(view).sort((a, b) => (a.escalatedAt ?? '').localeCompare(b.escalatedAt ?? '')),
    } satisfies SupportQueue);
  });

  router.use(chatbotAdminQueryRoutes(deps, knowledge));

  async function chatFor(req: Request): Promise<ChatSessionDoc> {
    const id = req.params.id as string;
    if (!CHAT_ID_PATTERN.test(id)) throw notFound('상담 세션을 찾을 수 없습니다.');
    const doc = await chats().get(id);
    const who = { userId: req.auth?.user.id ?? null, role: roleOf(req), visitorKey: visitorKeyOf(req.headers.cookie) };
    if (!doc) {
      if (!req.auth && !who.visitorKey) throw forbidden();
      throw notFound('상담 세션을 찾을 수 없습니다.');
    }
    if (!chatReader(doc, who)) throw forbidden();
    return doc;
  }

  return router;
}
