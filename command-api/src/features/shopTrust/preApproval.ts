import { PRE_APPROVAL_EXPIRY_NOTICE_DAYS, PRE_APPROVAL_MESSAGES, type Carrier } from '@phonemarket/contracts';
import { streams, type DomainEvent, type StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { defineProcess, sendTo, type Timer } from '../../shared/process.ts';
import { certificateDocumentDecider, certificateEndsAt, decideWaiting, isNewSubmission, type CertificatePicture } from './certificate.ts';

/**
 * A seller's 사전승낙서 (stream `preApproval-<sellerId>`, issue 41 §2): the seller submits one (a later one
 * replaces one still waiting), an admin approves or rejects it; a verified one is the shop's badge until it
 * runs out. Its expiry is the expiry process's (timers on the one process runner, ADR 022): 30 days before,
 * the seller is told; at the end of its last day (KST) the badge goes.
 */
interface Submission { submissionId: string; number: string; carrier: Carrier; parentDealer: string; validUntil: string }
export interface PreApprovalState {
  pending: (Submission & { documentId: string }) | null;
  badge: (Submission & { noticed: boolean }) | null;
}
export type PreApprovalCommand =
  | { type: 'SubmitPreApproval'; sellerId: string; submissionId: string; number: string; carrier: Carrier; parentDealer: string; validUntil: string; documentId: string }
  | { type: 'DecidePreApproval'; sellerId: string; decision: 'approved' | 'rejected'; reason: string | null }
  | { type: 'NoticePreApprovalExpiry'; sellerId: string; submissionId: string }
  | { type: 'ExpirePreApproval'; sellerId: string; submissionId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A 사전승낙서 runs out at the end of its last day in Korea. */
export const preApprovalEndsAt = certificateEndsAt;
export const preApprovalNoticeAt = (validUntil: string) => new Date(preApprovalEndsAt(validUntil).getTime() - PRE_APPROVAL_EXPIRY_NOTICE_DAYS * DAY_MS);

function decide(command: PreApprovalCommand, state: PreApprovalState, ctx: { now: Date }): DomainEvent[] {
  switch (command.type) {
    case 'SubmitPreApproval': {
      if (!isNewSubmission(state, command, ctx.now, PRE_APPROVAL_MESSAGES.expired)) return [];
      const { type: _t, ...data } = command;
      return [{ type: 'PreApprovalSubmitted', data }];
    }
    case 'DecidePreApproval': {
      const decided = decideWaiting(state, command.decision, ctx.now, PRE_APPROVAL_MESSAGES);
      if ('rejected' in decided) return [{ type: 'PreApprovalRejected', data: { sellerId: command.sellerId, submissionId: decided.rejected, reason: command.reason ?? '' } }];
      return [{ type: 'PreApprovalVerified', data: { sellerId: command.sellerId, ...decided.verified } }];
    }
    // The timers: only for the badge they were set for (a newer verified one has its own).
    case 'NoticePreApprovalExpiry':
      if (state.badge?.submissionId !== command.submissionId || state.badge.noticed) return [];
      return [{ type: 'PreApprovalExpiryNoticed', data: { sellerId: command.sellerId, submissionId: command.submissionId, validUntil: state.badge.validUntil } }];
    case 'ExpirePreApproval':
      if (state.badge?.submissionId !== command.submissionId) return [];
      return [{ type: 'PreApprovalExpired', data: { sellerId: command.sellerId, submissionId: command.submissionId, validUntil: state.badge.validUntil } }];
    default:
      return unhandled(command);
  }
}

function evolve(state: PreApprovalState, event: StoredEvent): PreApprovalState {
  switch (event.type) {
    case 'PreApprovalSubmitted': {
      const { sellerId: _s, ...pending } = event.data;
      return { ...state, pending };
    }
    case 'PreApprovalVerified': {
      const { sellerId: _s, ...badge } = event.data;
      return { pending: null, badge: { ...badge, noticed: false } };
    }
    case 'PreApprovalRejected': return { ...state, pending: null };
    case 'PreApprovalExpiryNoticed': return state.badge ? { ...state, badge: { ...state.badge, noticed: true } } : state;
    case 'PreApprovalExpired': return { ...state, badge: null };
    default: return state;
  }
}

export const preApprovalDecider: Decider<PreApprovalState, PreApprovalCommand> = { initialState: () => ({ pending: null, badge: null }), evolve, decide };

/**
 * The badge's timers (never a route's): when a 사전승낙서 is verified, the seller's notice 30 days before it
 * runs out and its expiry at the end of its last day. A notice already due (verified within 30 days of the
 * end) is sent at once.
 */
export const preApprovalExpiryProcess = defineProcess({
  name: 'preApprovalExpiry',
  reactsTo: ['PreApprovalVerified'],
  initialState: () => null,
  evolve: (state) => state,
  decide: () => [],
  schedule(event): Timer[] {
    const { sellerId, submissionId, validUntil } = event.data;
    return [
      { dueAt: preApprovalNoticeAt(validUntil).toISOString(), send: sendTo(streams.preApproval(sellerId), preApprovalDecider, { type: 'NoticePreApprovalExpiry', sellerId, submissionId }) },
      { dueAt: preApprovalEndsAt(validUntil).toISOString(), send: sendTo(streams.preApproval(sellerId), preApprovalDecider, { type: 'ExpirePreApproval', sellerId, submissionId }) },
    ];
  },
});

/** One uploaded 사전승낙서 picture (stream `preApprovalDocument-<id>`): recorded once, its uploader's. */
export type PreApprovalDocumentCommand = CertificatePicture & { type: 'RecordPreApprovalDocument' };
export const preApprovalDocumentDecider = certificateDocumentDecider<'RecordPreApprovalDocument'>('PreApprovalDocumentUploaded');
