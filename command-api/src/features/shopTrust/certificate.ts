import type { DomainEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import type { Decider } from '../../shared/decider.ts';

/*
 * What the shop certificates' deciders share (issue 41: 사전승낙서 §2, 안심거래 §3), pure: the uploaded picture's
 * decider, and the rules of a certificate's life. The routes they share are certificateRoutes.ts.
 */

/** An uploaded picture as recorded: the WebP, its size, and whose it is. */
export interface CertificatePicture { documentId: string; sellerId: string; width: number; height: number; data: string }
/** One uploaded picture (stream `<kind>-<documentId>`): recorded once, its uploader's. */
export interface CertificateDocumentState { sellerId: string | null }
type UploadedEventType = 'PreApprovalDocumentUploaded' | 'SafeTradeDocumentUploaded';

/** The decider of one certificate's pictures: `Record…` appends `uploaded` once; a retry appends nothing. */
export function certificateDocumentDecider<T extends string>(uploaded: UploadedEventType): Decider<CertificateDocumentState, CertificatePicture & { type: T }> {
  return {
    initialState: () => ({ sellerId: null }),
    evolve: (state, event) => (event.type === uploaded ? { sellerId: event.data.sellerId } : state),
    decide(command, state) {
      if (state.sellerId !== null) return [];
      const { type: _t, ...data } = command;
      // Both certificates' picture events carry the same data; the union of their types cannot be narrowed here.
      return [{ type: uploaded, data: { ...data, contentType: 'image/webp' } } as DomainEvent];
    },
  };
}

/*
 * The life both certificates' deciders share (사전승낙서, 안심거래): a submission waits (a later one replaces it),
 * an admin verifies it (the badge) or rejects it, and the badge runs out at the end of its last day in Korea.
 * Each decider names its own events and adds its own rules (the 사전승낙서's notice, the 안심거래's issued day).
 */
interface Submitted { submissionId: string; validUntil: string }
export interface CertificateLife<P extends Submitted, B extends Submitted> { pending: (P & { documentId: string }) | null; badge: B | null }

/** A certificate valid until a day runs out at the end of that day in Korea (00:00 KST the day after = 15:00 UTC that day). */
export const certificateEndsAt = (validUntil: string) => new Date(`${validUntil}T15:00:00.000Z`);

/**
 * Whether a submission appends anything: a retried request (same key: same submission) sends nothing new; one
 * already run out is refused with `expired` (on its valid-until field).
 */
export function isNewSubmission(state: CertificateLife<Submitted, Submitted>, command: Submitted, now: Date, expired: string): boolean {
  if (state.pending?.submissionId === command.submissionId || state.badge?.submissionId === command.submissionId) return false;
  if (certificateEndsAt(command.validUntil) <= now) throw new DomainError('invalid', expired, { validUntil: expired });
  return true;
}

/**
 * An admin's decision on the waiting submission: rejected (its id), or verified (the submission without its
 * picture). None waiting: `nothingToDecide` (404); one that ran out while it waited cannot be verified (409).
 */
export function decideWaiting<P extends Submitted>(
  state: CertificateLife<P, Submitted>, decision: 'approved' | 'rejected', now: Date, messages: { nothingToDecide: string; expired: string },
): { rejected: string } | { verified: Omit<P, 'documentId'> } {
  const { pending } = state;
  if (!pending) throw new DomainError('not_found', messages.nothingToDecide);
  if (decision === 'rejected') return { rejected: pending.submissionId };
  if (certificateEndsAt(pending.validUntil) <= now) throw new DomainError('conflict', messages.expired);
  const { documentId: _d, ...submission } = pending;
  return { verified: submission };
}
