import { Router } from 'express';
import { SAFE_TRADE_DOCUMENT_PATH, SAFE_TRADE_MESSAGES, SAFE_TRADE_PATH, preApprovalDecisionSchema, safeTradeInputSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { beforeBody, check } from '../../shared/bodyGate.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { loadSeller } from '../sellers/public.ts';
import { certificateDocumentUpload } from './certificateDocument.ts';
import { safeTradeDecider, safeTradeDocumentDecider } from './safeTrade.ts';

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;
/**
 * 안심거래 (issue 41 §3), routed as 사전승낙서 are: `POST /api/seller/safe-trade/document` (the picture,
 * re-encoded by the shared upload piece), `POST /api/seller/safe-trade` (an approved seller's own; its picture
 * must be its own upload) and `POST /api/admin/safe-trades/{sellerId}/decide` (admins: approve, or reject
 * with a reason — the 사전승낙서's decision form). The badge's expiry is the expiry process's timer.
 */
export function safeTradeRoutes(deps: CommandDeps): Router {
  const router = Router();
  const seller = requireRole('seller');
  const approvedSeller = async (sellerId: string) => {
    const account = await loadSeller(deps.store, sellerId);
    if (account.status !== 'approved') throw new DomainError('forbidden', SAFE_TRADE_MESSAGES.notSeller);
  };

  router.post(SAFE_TRADE_DOCUMENT_PATH, beforeBody(seller, check((req) => approvedSeller(req.auth!.user.id))), ...certificateDocumentUpload(deps, {
    kind: 'safeTradeDocument', stream: streams.safeTradeDocument, decider: safeTradeDocumentDecider,
    command: (p) => ({ type: 'RecordSafeTradeDocument' as const, ...p }), url: (id) => `/api/safe-trade-documents/${id}`,
    messages: SAFE_TRADE_MESSAGES,
  }));

  router.post(SAFE_TRADE_PATH, seller, async (req, res) => {
    const input = parseInput(safeTradeInputSchema, req.body, SAFE_TRADE_MESSAGES.invalid);
    const sellerId = req.auth!.user.id;
    await approvedSeller(sellerId);
    // Only a picture this shop uploaded (another's is as if there were none).
    const document = await loadAggregate(deps.store, streams.safeTradeDocument(input.documentId), safeTradeDocumentDecider);
    if (document.state.sellerId !== sellerId) throw badRequest(SAFE_TRADE_MESSAGES.documentUnknown, { documentId: SAFE_TRADE_MESSAGES.documentUnknown });
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const submissionId = newRecordId(ctx, 'safeTrade');
    const result = await handleCommand(deps.store, streams.safeTrade(sellerId), safeTradeDecider, { type: 'SubmitSafeTrade', sellerId, submissionId, ...input }, ctx);
    res.status(201).json(commandAnswer(submissionId, result.position));
  });

  router.post('/api/admin/safe-trades/:sellerId/decide', requireRole('admin'), async (req, res) => {
    const sellerId = req.params.sellerId as string;
    if (!PLAIN_ID.test(sellerId)) throw notFound(SAFE_TRADE_MESSAGES.nothingToDecide);
    const input = parseInput(preApprovalDecisionSchema, req.body, SAFE_TRADE_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.safeTrade(sellerId), safeTradeDecider, {
      type: 'DecideSafeTrade', sellerId, decision: input.decision, reason: input.reason || null,
    }, commandContext(req, deps));
    res.json(commandAnswer(sellerId, result.position));
  });

  return router;
}
