import { Router, type Request } from 'express';
import { PRE_APPROVAL_MESSAGES, sellerApplicationRequestSchema, sellerApplicationReviewSchema, sellerStatusRequestSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { userDecider } from '../accounts/public.ts';
import { preApprovalDocumentDecider, preApprovalEndsAt } from '../shopTrust/public.ts';
import { sellerDecider } from './seller.ts';
import { decideApplication, storeIdOf } from './sellerApprovalProcess.ts';
import { reserveStoreName } from './storeName.ts';
import { sellerApplicationDecider } from './sellerApplication.ts';


/**
 * Seller onboarding (issue 11): any signed-in buyer applies; admins review (the reviewer is the
 * signed-in admin) and manage sellers. An approval creates the seller and their store and makes
 * the account a seller at once (its open sessions get the role on their next request).
 */
export function sellerRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.post('/api/seller-applications', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const input = parseInput(sellerApplicationRequestSchema, req.body);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const applicantId = req.auth!.user.id;
    const applicationId = newRecordId(ctx, 'sellerApplication');
    // Issue 41: an attached 사전승낙서 names a picture this account uploaded and has not run out (a 400 keeps nothing).
    if (input.preApproval) {
      const document = await loadAggregate(deps.store, streams.preApprovalDocument(input.preApproval.documentId), preApprovalDocumentDecider);
      if (document.state.sellerId !== applicantId) throw badRequest(PRE_APPROVAL_MESSAGES.documentUnknown, { 'preApproval.documentId': PRE_APPROVAL_MESSAGES.documentUnknown });
      if (preApprovalEndsAt(input.preApproval.validUntil) <= ctx.clock()) throw badRequest(PRE_APPROVAL_MESSAGES.expired, { 'preApproval.validUntil': PRE_APPROVAL_MESSAGES.expired });
    }
    // The account's refusal (an open application, a seller already) comes before the name is taken: a 4xx appends nothing.
    const fileApplication = { type: 'FileSellerApplication', applicationId } as const;
    const account = await loadAggregate(deps.store, streams.user(applicantId), userDecider);
    userDecider.decide(fileApplication, account.state, { now: ctx.clock(), newId: () => applicationId, actor: ctx.actor }); // throws the refusal; nothing kept
    // Issue 39: one store per name (compared without spaces and case); a name another account holds is 409.
    await reserveStoreName(deps.store, applicantId, input.storeName, 'storeName', ctx);
    // The account guards "one open application at a time" (its stream's revision settles races).
    await handleCommand(deps.store, streams.user(applicantId), userDecider, fileApplication, ctx, account);
    const result = await handleCommand(deps.store, streams.sellerApplication(applicationId), sellerApplicationDecider, {
      type: 'SubmitSellerApplication', applicationId, applicantId,
      applicantName: input.applicantName, email: input.email, phone: input.phone ?? null, businessNumber: input.businessNumber ?? null,
      businessType: input.businessType, storeName: input.storeName, storeDescription: input.storeDescription ?? null,
      experience: input.experience ?? null, documents: input.documents, preApproval: input.preApproval ?? null,
    }, ctx);
    res.status(201).json(commandAnswer(applicationId, result.position));
  });

  router.put('/api/seller-applications/:id', admin, async (req, res) => {
    const input = parseInput(sellerApplicationReviewSchema, req.body);
    const applicationId = req.params.id as string;
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const stream = streams.sellerApplication(applicationId);
    const reviewNotes = input.reviewNotes ?? null;
    if (input.status === 'reviewing') {
      const result = await handleCommand(deps.store, stream, sellerApplicationDecider, { type: 'StartReview' }, ctx);
      res.json(commandAnswer(applicationId, result.position));
      return;
    }
    const decided = await decideApplication(deps.store, applicationId, input.status, reviewNotes, ctx);
    if (input.status === 'rejected') {
      res.json(commandAnswer(applicationId, decided.position));
      return;
    }
    // The account's open sessions become a seller's at their next request.
    const user = await loadAggregate(deps.store, streams.user(decided.applicantId), userDecider);
    if (user.state.status === 'registered') await deps.auth.changeRole(user.state.userId, user.state.role);
    res.json(commandAnswer(applicationId, decided.position, { sellerId: decided.applicantId, storeId: storeIdOf(decided.applicantId) }));
  });

  router.put('/api/sellers/:id', admin, async (req: Request, res) => {
    const input = parseInput(sellerStatusRequestSchema, req.body);
    await claimIdempotencyKey(deps, req, input);
    const sellerId = req.params.id as string;
    const result = await handleCommand(deps.store, streams.seller(sellerId), sellerDecider, { type: 'ChangeSellerStatus', status: input.status, reason: input.reason ?? null }, commandContext(req, deps));
    res.json(commandAnswer(sellerId, result.position));
  });

  return router;
}
