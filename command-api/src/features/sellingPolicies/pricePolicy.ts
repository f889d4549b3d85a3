import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

export const POLICY_MESSAGES = {
  notFound: '판매 정책을 찾을 수 없습니다.',
  duplicate: '이미 있는 판매 정책입니다.',
  notDraft: '초안 상태의 정책만 승인할 수 있습니다.',
  notApplied: '적용 중인 정책만 되돌릴 수 있습니다.',
  ended: '적용 기간이 이미 끝난 정책입니다.',
} as const;

/** Why a final-price row cannot be met (its offer's 출고가 − 공시지원금 is below the 할부원금 written). */
export const finalPriceAboveMessage = (offerId: string, max: number) =>
  `판매점 상품 ${offerId}의 최종가(할부원금)는 출고가에서 공시지원금을 뺀 ${max.toLocaleString('ko-KR')}원보다 클 수 없습니다.`;

export type PolicyRow = EventDataOf<'PricePolicyDrafted'>['rows'][number];
export type AppliedRow = EventDataOf<'PricePolicyApproved'>['rows'][number];
export type ShopRow = EventDataOf<'PricePolicyDrafted'>['shopRows'][number];
export type AppliedShopRow = EventDataOf<'PricePolicyApproved'>['shopRows'][number];
export type FinalPriceRow = EventDataOf<'PricePolicyDrafted'>['finalPriceRows'][number];
export type PricePolicyStatus = 'none' | 'draft' | 'scheduled' | 'approved' | 'reverted' | 'expired' | 'failed';
export interface PricePolicyState {
  status: PricePolicyStatus;
  policyId: string;
  validFrom: string;
  validUntil: string;
  rows: PolicyRow[];
  shopRows: ShopRow[];
  finalPriceRows: FinalPriceRow[];
  /** The application in force (approved, not reverted or expired). */
  application: { applicationId: string; rows: AppliedRow[]; shopRows: AppliedShopRow[] } | null;
  /** Every application, by id (a revert or an expiry names one). */
  applications: Record<string, { rows: AppliedRow[]; shopRows: AppliedShopRow[] }>;
}
export type PricePolicyCommand =
  | ({ type: 'DraftPricePolicy' } & EventDataOf<'PricePolicyDrafted'>)
  /** `today`: the Korean day now; a policy whose `validFrom` is later is scheduled (its rows are applied on that day). */
  | { type: 'ApprovePricePolicy'; applicationId: string; rows: AppliedRow[]; shopRows: AppliedShopRow[]; today: string }
  /** A process timer's on the runner, on a scheduled policy's first day: its application, or why it cannot be applied. */
  | { type: 'ApplyScheduledPricePolicy'; applicationId: string; rows: AppliedRow[]; shopRows: AppliedShopRow[] }
  | { type: 'FailScheduledPricePolicy'; reasons: string[] }
  | { type: 'RevertPricePolicy'; reason: string | null }
  | { type: 'ExpirePricePolicy' };

export const pricePolicyDecider: Decider<PricePolicyState, PricePolicyCommand> = {
  initialState: () => ({ status: 'none', policyId: '', validFrom: '', validUntil: '', rows: [], shopRows: [], finalPriceRows: [], application: null, applications: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'PricePolicyDrafted':
        return { ...state, status: 'draft', policyId: event.data.policyId, validFrom: event.data.validFrom, validUntil: event.data.validUntil, rows: event.data.rows, shopRows: event.data.shopRows, finalPriceRows: event.data.finalPriceRows };
      case 'PricePolicyScheduled':
        return { ...state, status: 'scheduled' };
      case 'PricePolicyApplicationFailed':
        return { ...state, status: 'failed' };
      case 'PricePolicyApproved':
        return {
          ...state, status: 'approved', application: { applicationId: event.data.applicationId, rows: event.data.rows, shopRows: event.data.shopRows },
          applications: { ...state.applications, [event.data.applicationId]: { rows: event.data.rows, shopRows: event.data.shopRows } },
        };
      case 'PricePolicyReverted':
        return { ...state, status: 'reverted', application: null };
      case 'PricePolicyExpired':
        return { ...state, status: 'expired', application: null };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'DraftPricePolicy': {
        if (state.status !== 'none') throw new DomainError('conflict', POLICY_MESSAGES.duplicate);
        const { type: _type, ...data } = command;
        return [{ type: 'PricePolicyDrafted', data }];
      }
      case 'ApprovePricePolicy':
        if (state.status === 'none') throw new DomainError('not_found', POLICY_MESSAGES.notFound);
        if (state.status !== 'draft') throw new DomainError('conflict', POLICY_MESSAGES.notDraft);
        if (command.today > state.validUntil) throw new DomainError('conflict', POLICY_MESSAGES.ended);
        if (command.today < state.validFrom) return [{ type: 'PricePolicyScheduled', data: { policyId: state.policyId, validFrom: state.validFrom } }];
        return [{ type: 'PricePolicyApproved', data: { policyId: state.policyId, applicationId: command.applicationId, rows: command.rows, shopRows: command.shopRows } }];
      case 'ApplyScheduledPricePolicy':
        // Reverted before its day, or already applied: nothing.
        if (state.status !== 'scheduled') return [];
        return [{ type: 'PricePolicyApproved', data: { policyId: state.policyId, applicationId: command.applicationId, rows: command.rows, shopRows: command.shopRows } }];
      case 'FailScheduledPricePolicy':
        if (state.status !== 'scheduled') return [];
        return [{ type: 'PricePolicyApplicationFailed', data: { policyId: state.policyId, reasons: command.reasons } }];
      case 'RevertPricePolicy':
        if (state.status === 'none') throw new DomainError('not_found', POLICY_MESSAGES.notFound);
        if (state.status === 'reverted') return [];
        // Reverted before its first day: nothing was applied, so nothing is restored.
        if (state.status === 'scheduled') return [{ type: 'PricePolicyReverted', data: { policyId: state.policyId, applicationId: null, reason: command.reason } }];
        if (!state.application) throw new DomainError('conflict', POLICY_MESSAGES.notApplied);
        return [{ type: 'PricePolicyReverted', data: { policyId: state.policyId, applicationId: state.application.applicationId, reason: command.reason } }];
      case 'ExpirePricePolicy':
        // A process timer's on the runner: a policy still in force expires (and its application is undone); otherwise nothing.
        if (state.status !== 'approved') return [];
        return [{ type: 'PricePolicyExpired', data: { policyId: state.policyId, applicationId: state.application?.applicationId ?? null } }];
      default:
        return unhandled(command);
    }
  },
};
