import { Router, type Request } from 'express';
import { sellerApplicationRequestSchema, sellerApplicationReviewSchema, sellerStatusRequestSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { deterministicId, handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { userDecider } from '../accounts/user.ts';
import { sellerDecider } from './seller.ts';
import { APPLICATION_MESSAGES, sellerApplicationDecider } from './sellerApplication.ts';

/** A seller's store id: one store per seller. */
export const storeIdOf = (sellerId: string) => `store-${sellerId}`;
const maxPosition = (...positions: bigint[]) => positions.reduce((a, b) => (a > b ? a : b), 0n);

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
    const applicationId = ctx.idempotencyKey ? deterministicId(`sellerApplication|${applicantId}|${ctx.idempotencyKey}`) : deps.newId();
    // The account guards "one open application at a time" (its stream's revision settles races).
    await handleCommand(deps.store, streams.user(applicantId), userDecider, { type: 'FileSellerApplication', applicationId }, ctx);
    const result = await handleCommand(deps.store, streams.sellerApplication(applicationId), sellerApplicationDecider, {
      type: 'SubmitSellerApplication', applicationId, applicantId,
      applicantName: input.applicantName, email: input.email, phone: input.phone ?? null, businessNumber: input.businessNumber ?? null,
      businessType: input.businessType, storeName: input.storeName, storeDescription: input.storeDescription ?? null,
      experience: input.experience ?? null, documents: input.documents,
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
    const loaded = await loadAggregate(deps.store, stream, sellerApplicationDecider);
    if (loaded.state.status === 'none') throw notFound(APPLICATION_MESSAGES.notFound);
    const application = loaded.state;
    const sellerId = application.applicantId;
    if (input.status === 'rejected') {
      const decided = await handleCommand(deps.store, stream, sellerApplicationDecider, { type: 'RejectApplication', reviewNotes }, ctx);
      const user = await handleCommand(deps.store, streams.user(application.applicantId), userDecider, { type: 'ConcludeSellerApplication', applicationId, approved: false, sellerId }, ctx);
      res.json(commandAnswer(applicationId, maxPosition(decided.position, user.position)));
      return;
    }
    const decided = await handleCommand(deps.store, stream, sellerApplicationDecider, { type: 'ApproveApplication', reviewNotes, sellerId }, ctx);
    const seller = await handleCommand(deps.store, streams.seller(sellerId), sellerDecider, {
      type: 'RegisterSeller', initialStatus: 'approved', storeId: storeIdOf(sellerId), sellerId, userId: application.applicantId, applicationId,
      name: application.applicantName, email: application.email, phone: application.phone, businessNumber: application.businessNumber,
      storeName: application.storeName, storeDescription: application.storeDescription,
    }, ctx);
    const user = await handleCommand(deps.store, streams.user(application.applicantId), userDecider, { type: 'ConcludeSellerApplication', applicationId, approved: true, sellerId }, ctx);
    if (user.state.status === 'registered') await deps.auth.changeRole(user.state.userId, user.state.role);
    res.json(commandAnswer(applicationId, maxPosition(decided.position, seller.position, user.position), { sellerId, storeId: storeIdOf(sellerId) }));
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
