import { SAFE_TRADE_MESSAGES } from '@phonemarket/contracts';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { streams, type DomainEvent, type StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { defineProcess, sendTo, type Timer } from '../../shared/process.ts';
import { certificateDocumentDecider, certificateEndsAt, decideWaiting, isNewSubmission, type CertificatePicture } from './certificate.ts';

/**
 * A buyback shop's KAIT 안심거래 certificate (stream `safeTrade-<sellerId>`, issue 41 §3), decided as a
 * 사전승낙서 is: the shop submits one (a later one replaces one still waiting), an admin approves or rejects
 * it; a verified one is the badge on the shop's buyback quotes until it runs out at the end of its last day in
 * Korea (the expiry process's timer on the one runner, ADR 022).
 */
interface Submission { submissionId: string; number: string; issuedOn: string; validUntil: string }
export interface SafeTradeState {
  pending: (Submission & { documentId: string }) | null;
  badge: Submission | null;
}
export type SafeTradeCommand =
  | { type: 'SubmitSafeTrade'; sellerId: string; submissionId: string; number: string; issuedOn: string; validUntil: string; documentId: string }
  | { type: 'DecideSafeTrade'; sellerId: string; decision: 'approved' | 'rejected'; reason: string | null }
  | { type: 'ExpireSafeTrade'; sellerId: string; submissionId: string };

/** The certificate runs out where a 사전승낙서 does: the end of its last day in Korea. */
export const safeTradeEndsAt = certificateEndsAt;
/** The badge holds at `now`: verified and not run out (the expiry timer may not have fired yet). */
export const hasSafeTradeBadge = (state: SafeTradeState, now: Date) => state.badge !== null && safeTradeEndsAt(state.badge.validUntil) > now;

function decide(command: SafeTradeCommand, state: SafeTradeState, ctx: { now: Date }): DomainEvent[] {
  switch (command.type) {
    case 'SubmitSafeTrade': {
      if (!isNewSubmission(state, command, ctx.now, SAFE_TRADE_MESSAGES.expired)) return [];
      if (command.issuedOn > koreanDayOf(ctx.now)) throw new DomainError('invalid', SAFE_TRADE_MESSAGES.future, { issuedOn: SAFE_TRADE_MESSAGES.future });
      const { type: _t, ...data } = command;
      return [{ type: 'SafeTradeSubmitted', data }];
    }
    case 'DecideSafeTrade': {
      const decided = decideWaiting(state, command.decision, ctx.now, SAFE_TRADE_MESSAGES);
      if ('rejected' in decided) return [{ type: 'SafeTradeRejected', data: { sellerId: command.sellerId, submissionId: decided.rejected, reason: command.reason ?? '' } }];
      return [{ type: 'SafeTradeVerified', data: { sellerId: command.sellerId, ...decided.verified } }];
    }
    // The timer acts only on the badge it was set for (a newer verified one has its own).
    case 'ExpireSafeTrade':
      if (state.badge?.submissionId !== command.submissionId) return [];
      return [{ type: 'SafeTradeExpired', data: { sellerId: command.sellerId, submissionId: command.submissionId, validUntil: state.badge.validUntil } }];
    default:
      return unhandled(command);
  }
}

function evolve(state: SafeTradeState, event: StoredEvent): SafeTradeState {
  switch (event.type) {
    case 'SafeTradeSubmitted': {
      const { sellerId: _s, ...pending } = event.data;
      return { ...state, pending };
    }
    case 'SafeTradeVerified': {
      const { sellerId: _s, ...badge } = event.data;
      return { pending: null, badge };
    }
    case 'SafeTradeRejected': return { ...state, pending: null };
    case 'SafeTradeExpired': return { ...state, badge: null };
    default: return state;
  }
}

export const safeTradeDecider: Decider<SafeTradeState, SafeTradeCommand> = { initialState: () => ({ pending: null, badge: null }), evolve, decide };

/** The badge's timer (never a route's): when a certificate is verified, its expiry at the end of its last day. */
export const safeTradeExpiryProcess = defineProcess({
  name: 'safeTradeExpiry',
  reactsTo: ['SafeTradeVerified'],
  initialState: () => null,
  evolve: (state) => state,
  decide: () => [],
  schedule(event): Timer[] {
    const { sellerId, submissionId, validUntil } = event.data;
    return [{ dueAt: safeTradeEndsAt(validUntil).toISOString(), send: sendTo(streams.safeTrade(sellerId), safeTradeDecider, { type: 'ExpireSafeTrade', sellerId, submissionId }) }];
  },
});

/** One uploaded 안심거래 certificate picture (stream `safeTradeDocument-<id>`): recorded once, its uploader's. */
export type SafeTradeDocumentCommand = CertificatePicture & { type: 'RecordSafeTradeDocument' };
export const safeTradeDocumentDecider = certificateDocumentDecider<'RecordSafeTradeDocument'>('SafeTradeDocumentUploaded');
