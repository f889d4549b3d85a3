import type { BusinessType, Carrier, SellerApplicationStatus } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** One seller application (stream `sellerApplication-<id>`): pending → reviewing → approved | rejected. */
export interface ApplicationDetails {
  applicationId: string;
  applicantId: string;
  applicantName: string;
  email: string;
  phone: string | null;
  businessNumber: string | null;
  businessType: BusinessType;
  storeName: string;
  storeDescription: string | null;
  experience: string | null;
  documents: string[];
  /** Issue 41: a 사전승낙서 attached; on approval it is submitted for an admin's check. */
  preApproval?: { number: string; carrier: Carrier; parentDealer: string; validUntil: string; documentId: string } | null;
}
export type SellerApplicationState =
  | { status: 'none' }
  | (ApplicationDetails & { status: SellerApplicationStatus; reviewedBy: string | null });

export type SellerApplicationCommand =
  | ({ type: 'SubmitSellerApplication' } & ApplicationDetails)
  | { type: 'StartReview' }
  | { type: 'ApproveApplication'; reviewNotes: string | null; sellerId: string }
  | { type: 'RejectApplication'; reviewNotes: string | null };

export const APPLICATION_MESSAGES = {
  notFound: '셀러 신청을 찾을 수 없습니다.',
  exists: '이미 제출된 신청입니다.',
  decided: '이미 처리된 신청입니다.',
  notPending: '대기중인 신청만 검토를 시작할 수 있습니다.',
  noReviewer: '검토자를 알 수 없습니다.',
} as const;

function open(state: SellerApplicationState) {
  if (state.status === 'none') throw new DomainError('not_found', APPLICATION_MESSAGES.notFound);
  if (state.status === 'approved' || state.status === 'rejected') throw new DomainError('conflict', APPLICATION_MESSAGES.decided);
  return state;
}
/** The reviewing admin is whoever is signed in (never a fixed id). */
function reviewer(ctx: { actor: { userId: string | null } }): string {
  if (!ctx.actor.userId) throw new DomainError('forbidden', APPLICATION_MESSAGES.noReviewer);
  return ctx.actor.userId;
}

export const sellerApplicationDecider: Decider<SellerApplicationState, SellerApplicationCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event: StoredEvent): SellerApplicationState {
    switch (event.type) {
      case 'SellerApplicationSubmitted':
        return { ...event.data, status: 'pending', reviewedBy: null };
      case 'SellerApplicationReviewStarted':
        return state.status === 'none' ? state : { ...state, status: 'reviewing', reviewedBy: event.data.reviewedBy };
      case 'SellerApplicationApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved', reviewedBy: event.data.reviewedBy };
      case 'SellerApplicationRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected', reviewedBy: event.data.reviewedBy };
      default:
        return state;
    }
  },
  decide(command, state, ctx): DomainEvent[] {
    switch (command.type) {
      case 'SubmitSellerApplication': {
        if (state.status !== 'none') throw new DomainError('conflict', APPLICATION_MESSAGES.exists);
        const { type: _type, ...data } = command;
        return [{ type: 'SellerApplicationSubmitted', data }];
      }
      case 'StartReview': {
        const current = open(state);
        if (current.status !== 'pending') throw new DomainError('conflict', APPLICATION_MESSAGES.notPending);
        return [{ type: 'SellerApplicationReviewStarted', data: { applicationId: current.applicationId, reviewedBy: reviewer(ctx) } }];
      }
      case 'ApproveApplication': {
        const current = open(state);
        return [{ type: 'SellerApplicationApproved', data: { applicationId: current.applicationId, reviewedBy: reviewer(ctx), reviewNotes: command.reviewNotes, sellerId: command.sellerId } }];
      }
      case 'RejectApplication': {
        const current = open(state);
        return [{ type: 'SellerApplicationRejected', data: { applicationId: current.applicationId, reviewedBy: reviewer(ctx), reviewNotes: command.reviewNotes } }];
      }
      default:
        return unhandled(command);
    }
  },
};
