import { streams, type EventStore } from '@phonemarket/events';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { defineProcess, sendTo } from '../../shared/process.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { userDecider } from '../accounts/public.ts';
import { sellerDecider } from './seller.ts';
import { APPLICATION_MESSAGES, sellerApplicationDecider, type SellerApplicationState } from './sellerApplication.ts';
import { storeNameDecider, storeNameStream } from './storeName.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { preApprovalDecider, preApprovalEndsAt } from '../shopTrust/public.ts';

/** A seller's store id: one store per seller. */
export const storeIdOf = (sellerId: string) => `store-${sellerId}`;

/**
 * A seller application decided (instance: the application's stream): approved, the seller and their
 * store are registered, the account becomes a seller and an attached 사전승낙서 is submitted for its check; rejected, the store name it reserved is
 * free again (before the account may apply again, so a new application's reservation is never undone).
 */
export const sellerApprovalProcess = defineProcess<SellerApplicationState, 'SellerApplicationApproved' | 'SellerApplicationRejected'>({
  name: 'sellerApproval',
  reactsTo: ['SellerApplicationApproved', 'SellerApplicationRejected'],
  initialState: sellerApplicationDecider.initialState,
  evolve: sellerApplicationDecider.evolve,
  decide(event, application) {
    if (application.status === 'none') return [];
    const { applicationId } = event.data;
    const user = streams.user(application.applicantId);
    if (event.type === 'SellerApplicationRejected') {
      return [
        sendTo(storeNameStream(application.storeName), storeNameDecider, { type: 'ReleaseStoreName', holderId: application.applicantId }),
        sendTo(user, userDecider, { type: 'ConcludeSellerApplication', applicationId, approved: false, sellerId: application.applicantId }),
      ];
    }
    const { sellerId } = event.data;
    // Issue 41: a 사전승낙서 attached to the application now waits for an admin's check, as one sent from /my-store
    // (one that ran out before the approval is left out: the seller is told to send a new one on /my-store).
    const attached = application.preApproval;
    const preApproval = attached && preApprovalEndsAt(attached.validUntil).getTime() > Date.parse(event.metadata.at)
      ? [sendTo(streams.preApproval(sellerId), preApprovalDecider, { type: 'SubmitPreApproval', sellerId, submissionId: `application-${applicationId}`, ...attached })]
      : [];
    return [
      sendTo(streams.seller(sellerId), sellerDecider, {
        type: 'RegisterSeller', initialStatus: 'approved', storeId: storeIdOf(sellerId), sellerId, userId: application.applicantId, applicationId,
        name: application.applicantName, email: application.email, phone: application.phone, businessNumber: application.businessNumber,
        storeName: application.storeName, storeDescription: application.storeDescription,
      }),
      sendTo(user, userDecider, { type: 'ConcludeSellerApplication', applicationId, approved: true, sellerId }),
      ...preApproval,
    ];
  },
});

/**
 * `PUT /api/seller-applications/{id}` approving or rejecting: the decision on the application, then
 * what it sends. An application decided already (a retry, perhaps after a stop half-way) first gets
 * what its decision sends sent again (once in all), then the decider answers as usual.
 */
export async function decideApplication(
  store: EventStore, applicationId: string, decision: 'approved' | 'rejected', reviewNotes: string | null, ctx: CommandContext,
): Promise<{ position: bigint; applicantId: string }> {
  const stream = streams.sellerApplication(applicationId);
  const loaded = await loadAggregate(store, stream, sellerApplicationDecider);
  if (loaded.state.status === 'none') throw new DomainError('not_found', APPLICATION_MESSAGES.notFound);
  const applicantId = loaded.state.applicantId;
  const decided = decision === 'rejected'
    ? await handleCommand(store, stream, sellerApplicationDecider, { type: 'RejectApplication', reviewNotes }, ctx, loaded)
    : await handleCommand(store, stream, sellerApplicationDecider, { type: 'ApproveApplication', reviewNotes, sellerId: applicantId }, ctx, loaded);
  const followed = await processesSettled(store, decided.position);
  return { position: followed > decided.position ? followed : decided.position, applicantId };
}
