import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  CHAT_ID_PATTERN, chatbotLogSchema, chatEscalateSchema, chatMessageInputSchema, chatSessionStartSchema, chatSessionUpdateSchema,
  inquiryInputSchema, inquiryUpdateSchema, knowledgeActiveSchema, knowledgeEntryInputSchema, knowledgeReviewSchema,
} from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole, roleOf } from '@phonemarket/platform/auth/session.ts';
import { requestVisitorKey } from '@phonemarket/platform/auth/visitor.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import type { Decider } from '../../shared/decider.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { chatLineLimiter } from './chatLineLimit.ts';
import { chatSessionDecider, type ChatSessionCommand, type Requester } from './chatSession.ts';
import { maskChatText } from '../../shared/masking.ts';
import { inquiryDecider } from './inquiry.ts';
import { knowledgeEntryDecider, type KnowledgeEntryCommand } from './knowledgeEntry.ts';
import { holdScamText } from '../shopTrust/public.ts';
import { inquiryAboutOrder, orderDecider } from '../orders/public.ts';

/** Exported for the route contract table (tests/properties). */
export const useSchema = z.object({ sessionId: z.string().regex(CHAT_ID_PATTERN).nullish() }).default({});

/** Who asks, for the chat session decider: the account, else the visitor's chat cookie (a guest without one gets one only where `issue`). */
function requester(req: Request, visitorKey: string | null): Requester {
  return { userId: req.auth?.user.id ?? null, visitorKey, role: roleOf(req), name: req.auth?.user.firstName ?? '방문자' };
}

/** A chat session id from the path (client-made ids: anything else is no session). */
function chatIdParam(req: Request): string {
  const id = req.params.id as string;
  if (!CHAT_ID_PATTERN.test(id)) throw notFound('상담 세션을 찾을 수 없습니다.');
  return id;
}

/**
 * Customer support commands: inquiries (signed-in owners, admins answer), the knowledge base
 * (admins write and review, anyone's chatbot uses), chat sessions and the live handoff.
 */
export function supportRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');
  const admin = requireRole('admin');
  /** `input`: what the route's schema accepted (the Idempotency-Key fingerprint), `null` for a route without a body. */
  async function run<S, C extends { type: string }>(req: Request, input: unknown, stream: string, decider: Decider<S, C>, command: C) {
    await claimIdempotencyKey(deps, req, input);
    return handleCommand(deps.store, stream, decider, command, commandContext(req, deps));
  }

  // Inquiries ------------------------------------------------------------------------------------
  router.post('/api/inquiries', signedIn, async (req, res) => {
    const input = parseInput(inquiryInputSchema, req.body);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    // A retried request (same key, same body) names the same inquiry.
    const inquiryId = newRecordId(ctx, 'inquiry');
    const userId = req.auth!.user.id;
    const { orderId, brokenCondition, ...fields } = input;
    // Issue 40: an inquiry on the buyer's own order may cite a condition of its 계약 조건서, checked against what the order stored.
    const about = orderId
      ? inquiryAboutOrder((await loadAggregate(deps.store, streams.order(orderId), orderDecider)).state.placed, userId, brokenCondition)
      : {};
    const result = await handleCommand(deps.store, streams.inquiry(inquiryId), inquiryDecider, { type: 'SubmitInquiry', inquiryId, userId, ...fields, ...about }, ctx);
    res.status(201).json(commandAnswer(inquiryId, result.position));
  });

  router.patch('/api/inquiries/:id', admin, async (req, res) => {
    const input = parseInput(inquiryUpdateSchema, req.body);
    const id = req.params.id as string;
    const result = await run(req, input, streams.inquiry(id), inquiryDecider, { type: 'UpdateInquiry', ...input, by: req.auth!.user.id });
    res.json(commandAnswer(id, result.position));
  });

  // Knowledge base -------------------------------------------------------------------------------
  const entry = (req: Request, input: unknown, command: KnowledgeEntryCommand) =>
    run(req, input, streams.knowledgeEntry(req.params.id as string), knowledgeEntryDecider, command);

  router.post('/api/knowledge-base', admin, async (req, res) => {
    const input = parseInput(knowledgeEntryInputSchema, req.body);
    const { sourceInquiryId, ...fields } = input;
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const entryId = newRecordId(ctx, 'knowledgeEntry');
    const result = await handleCommand(deps.store, streams.knowledgeEntry(entryId), knowledgeEntryDecider,
      { type: 'CreateKnowledgeEntry', entryId, fields: { ...fields, sourceInquiryId: sourceInquiryId ?? null }, status: '대기' }, ctx);
    res.status(201).json(commandAnswer(entryId, result.position));
  });

  router.put('/api/knowledge-base/:id', admin, async (req, res) => {
    const input = parseInput(knowledgeEntryInputSchema, req.body);
    const { sourceInquiryId, ...fields } = input;
    const result = await entry(req, input, { type: 'EditKnowledgeEntry', fields: { ...fields, ...(sourceInquiryId === undefined ? {} : { sourceInquiryId }) } });
    res.json(commandAnswer(req.params.id as string, result.position));
  });

  router.post('/api/knowledge-base/:id/review', admin, async (req, res) => {
    const { status } = parseInput(knowledgeReviewSchema, req.body);
    const result = await entry(req, { status }, { type: 'ReviewKnowledgeEntry', status, reviewedBy: req.auth!.user.id });
    res.json(commandAnswer(req.params.id as string, result.position));
  });

  router.post('/api/knowledge-base/:id/active', admin, async (req, res) => {
    const { isActive } = parseInput(knowledgeActiveSchema, req.body);
    const result = await entry(req, { isActive }, { type: 'SetKnowledgeEntryActive', isActive });
    res.json(commandAnswer(req.params.id as string, result.position));
  });

  // The chatbot counts an answer it gave (anyone: the widget is on every page).
  router.post('/api/knowledge-base/:id/use', async (req, res) => {
    const { sessionId } = parseInput(useSchema, req.body ?? {});
    const result = await entry(req, { sessionId }, { type: 'UseKnowledgeEntry', sessionId: sessionId ?? null });
    res.json(commandAnswer(req.params.id as string, result.position));
  });

  // Chat sessions --------------------------------------------------------------------------------
  const chat = (req: Request, input: unknown, id: string, command: ChatSessionCommand) => run(req, input, streams.chatSession(id), chatSessionDecider, command);

  router.post('/api/chat-sessions', async (req, res) => {
    const input = parseInput(chatSessionStartSchema, req.body);
    // A guest becomes the owner through a chat cookie (set here when missing); an account owns its sessions.
    const who = requester(req, req.auth ? null : requestVisitorKey(req, res));
    const result = await chat(req, input, input.id, { type: 'StartChatSession', sessionId: input.id, requester: who, tags: input.tags });
    res.status(result.written ? 201 : 200).json(commandAnswer(input.id, result.position));
  });

  router.patch('/api/chat-sessions/:id', async (req, res) => {
    const id = chatIdParam(req);
    const input = parseInput(chatSessionUpdateSchema, req.body);
    const result = await chat(req, input, id, { type: 'EndChatSession', requester: requester(req, requestVisitorKey(req)), satisfactionScore: input.satisfactionScore ?? null, resolved: input.resolved ?? null });
    res.json(commandAnswer(id, result.position));
  });

  router.post('/api/chat-sessions/:id/escalate', async (req, res) => {
    const id = chatIdParam(req);
    const { reason } = parseInput(chatEscalateSchema, req.body ?? {});
    const result = await chat(req, { reason }, id, { type: 'EscalateChatSession', requester: requester(req, requestVisitorKey(req)), reason });
    res.json(commandAnswer(id, result.position));
  });

  router.post('/api/chatbot-logs', async (req, res) => {
    const input = parseInput(chatbotLogSchema, req.body);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    // A turn posted without an id gets one; a retried request (same key, same body) the same one.
    const logId = input.id ?? newRecordId(ctx, 'chatTurn');
    const result = await handleCommand(deps.store, streams.chatSession(input.sessionId), chatSessionDecider, {
      type: 'LogChatTurn', requester: requester(req, requestVisitorKey(req)), logId,
      userQuestion: input.userQuestion, botAnswer: input.botAnswer, knowledgeId: input.knowledgeId ?? null,
      responseTime: input.responseTime, resolved: input.resolved, satisfactionScore: input.satisfactionScore ?? null, tags: input.tags,
    }, ctx);
    res.status(result.written ? 201 : 200).json(commandAnswer(logId, result.position));
  });

  router.post('/api/chat-sessions/:id/assign', admin, async (req, res) => {
    const id = chatIdParam(req);
    const result = await chat(req, null, id, { type: 'AssignChatSession', requester: requester(req, null) });
    res.json(commandAnswer(id, result.position));
  });

  const withinChatLineLimit = chatLineLimiter(deps.rateLimits);
  router.post('/api/chat-sessions/:id/messages', async (req, res) => {
    const id = chatIdParam(req);
    const { content, id: messageId } = parseInput(chatMessageInputSchema, req.body);
    const who = requester(req, requestVisitorKey(req));
    // Over the limit: 429 with the Korean reason, before the scam guard and the command (nothing held, nothing appended).
    await withinChatLineLimit(who, id);
    const command: ChatSessionCommand = { type: 'PostChatMessage', requester: who, content, ...(messageId ? { messageId } : {}) };
    // Issue 41 scam guard: a line with 현금 페이백/대납/내구제 wording waits for an admin (202, the reason in Korean).
    const held = await holdScamText(deps, req, {
      kind: 'chatLine', label: `상담 ${id}`, texts: [maskChatText(content)], stream: streams.chatSession(id), decider: chatSessionDecider, command, input: { content, messageId },
    });
    if (held) {
      res.status(202).json(held);
      return;
    }
    const result = await chat(req, { content, messageId }, id, command);
    res.status(201).json(commandAnswer(id, result.position));
  });

  router.post('/api/chat-sessions/:id/close', async (req, res) => {
    const id = chatIdParam(req);
    const result = await chat(req, null, id, { type: 'CloseChatSession', requester: requester(req, requestVisitorKey(req)) });
    res.json(commandAnswer(id, result.position));
  });

  return router;
}
