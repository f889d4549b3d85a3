import { Router } from 'express';
import { CHATBOT_KNOWLEDGE_PATH, chatQuestionSource, chatbotKnowledgeRequestSchema, type ChatbotKnowledgeRequest } from '@phonemarket/contracts/chatbotAdmin.ts';
import { streams, type EventStore } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import { deterministicId, handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { chatSessionDecider } from './chatSession.ts';
import { inquiryDecider } from './inquiry.ts';
import { knowledgeEntryDecider } from './knowledgeEntry.ts';

/** The entry made from a source: one per source, so a second click (or a second admin) finds it made. */
export const entryIdFromSource = (sourceInquiryId: string) => deterministicId(`knowledgeEntryFrom|${sourceInquiryId}`);

/**
 * Checks the source and answers its `sourceInquiryId`: a question the knowledge base did not answer
 * (a logged chat turn without a knowledge entry), or an inquiry resolved with an answer.
 */
export async function sourceOf(store: EventStore, source: ChatbotKnowledgeRequest['source']): Promise<string> {
  if (source.kind === 'question') {
    const { state } = await loadAggregate(store, streams.chatSession(source.sessionId), chatSessionDecider);
    const turn = state.started ? state.turns.get(source.logId) : undefined;
    if (!turn) throw new DomainError('not_found', '질문을 찾을 수 없습니다.');
    if (turn.knowledgeId !== null) throw new DomainError('conflict', '지식 베이스가 이미 답변한 질문입니다.');
    return chatQuestionSource(source.sessionId, source.logId);
  }
  const { state } = await loadAggregate(store, streams.inquiry(source.inquiryId), inquiryDecider);
  if (!state.exists) throw new DomainError('not_found', '문의를 찾을 수 없습니다.');
  if (state.status !== '완료' || state.resolutionNote === null) throw new DomainError('conflict', '답변이 완료된 문의만 지식 베이스에 추가할 수 있습니다.');
  return source.inquiryId;
}

/**
 * `POST /api/admin/chatbot/knowledge-entries` (admins, issue 29): one click on /admin/chatbot turns an
 * unanswered question or a resolved inquiry into a knowledge-base entry in status 대기 with
 * `sourceInquiryId` set; it answers only after its review on /admin-knowledge-base.
 */
export function chatbotKnowledgeRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post(CHATBOT_KNOWLEDGE_PATH, requireRole('admin'), async (req, res) => {
    const input = parseInput(chatbotKnowledgeRequestSchema, req.body, '지식 항목 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const sourceInquiryId = await sourceOf(deps.store, input.source);
    const entryId = entryIdFromSource(sourceInquiryId);
    const ctx = commandContext(req, deps);
    try {
      const result = await handleCommand(deps.store, streams.knowledgeEntry(entryId), knowledgeEntryDecider, {
        type: 'CreateKnowledgeEntry', entryId, status: '대기',
        fields: { category: input.category, question: input.question, answer: input.answer, keywords: input.keywords, requiresAuth: false, roles: [], sourceInquiryId },
      }, ctx);
      res.status(201).json(commandAnswer(entryId, result.position));
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'conflict') throw new DomainError('conflict', '이미 지식 베이스에 추가했습니다. 지식 베이스 관리에서 검토해주세요.');
      throw err;
    }
  });
  return router;
}
