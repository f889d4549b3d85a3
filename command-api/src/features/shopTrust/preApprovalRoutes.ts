import { Router } from 'express';
import { APPLICATION_PRE_APPROVAL_DOCUMENT_PATH, PRE_APPROVAL_DOCUMENT_PATH, PRE_APPROVAL_MESSAGES, PRE_APPROVAL_PATH, preApprovalDecisionSchema, preApprovalInputSchema } from '@phonemarket/contracts';
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
import { preApprovalDecider, preApprovalDocumentDecider } from './preApproval.ts';

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;
/**
 * 사전승낙서 (issue 41 §2): `POST /api/seller/pre-approval/document` (the picture, re-encoded by the shared
 * upload piece), `POST /api/seller/pre-approval` (an approved seller's own; its picture must be its own
 * upload) and `POST /api/admin/pre-approvals/{sellerId}/decide` (admins: approve, or reject with a reason).
 * The badge's notice and expiry are the expiry process's timers, never a route's.
 */
export function preApprovalRoutes(deps: CommandDeps): Router {
  const router = Router();
  const seller = requireRole('seller');
  const approvedSeller = async (sellerId: string) => {
    const account = await loadSeller(deps.store, sellerId);
    if (account.status !== 'approved') throw new DomainError('forbidden', PRE_APPROVAL_MESSAGES.notSeller);
  };

  const picture = certificateDocumentUpload(deps, {
    kind: 'preApprovalDocument', stream: streams.preApprovalDocument, decider: preApprovalDocumentDecider,
    command: (p) => ({ type: 'RecordPreApprovalDocument' as const, ...p }), url: (id) => `/api/pre-approval-documents/${id}`,
    messages: PRE_APPROVAL_MESSAGES,
  });
  router.post(PRE_APPROVAL_DOCUMENT_PATH, beforeBody(seller, check((req) => approvedSeller(req.auth!.user.id))), ...picture);
  // Issue 41 "at application": an account that is not a seller yet attaches it to its application (the
  // application checks the picture is the applicant's; the approval submits it for the admins' check).
  router.post(APPLICATION_PRE_APPROVAL_DOCUMENT_PATH, beforeBody(requireRole('user')), ...picture);

  router.post(PRE_APPROVAL_PATH, seller, async (req, res) => {
    const input = parseInput(preApprovalInputSchema, req.body, PRE_APPROVAL_MESSAGES.invalid);
    const sellerId = req.auth!.user.id;
    await approvedSeller(sellerId);
    // Only a picture this seller uploaded (another's is as if there were none).
    const document = await loadAggregate(deps.store, streams.preApprovalDocument(input.documentId), preApprovalDocumentDecider);
    if (document.state.sellerId !== sellerId) throw badRequest(PRE_APPROVAL_MESSAGES.documentUnknown, { documentId: PRE_APPROVAL_MESSAGES.documentUnknown });
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const submissionId = newRecordId(ctx, 'preApproval');
    const result = await handleCommand(deps.store, streams.preApproval(sellerId), preApprovalDecider, { type: 'SubmitPreApproval', sellerId, submissionId, ...input }, ctx);
    res.status(201).json(commandAnswer(submissionId, result.position));
  });

  router.post('/api/admin/pre-approvals/:sellerId/decide', requireRole('admin'), async (req, res) => {
    const sellerId = req.params.sellerId as string;
    if (!PLAIN_ID.test(sellerId)) throw notFound(PRE_APPROVAL_MESSAGES.nothingToDecide);
    const input = parseInput(preApprovalDecisionSchema, req.body, PRE_APPROVAL_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.preApproval(sellerId), preApprovalDecider, {
      type: 'DecidePreApproval', sellerId, decision: input.decision, reason: input.reason || null,
    }, commandContext(req, deps));
    res.json(commandAnswer(sellerId, result.position));
  });

  return router;
}
