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

export type PolicyRow = EventDataOf<'PricePolicyDrafted'>['rows'][number];
export type AppliedRow = EventDataOf<'PricePolicyApproved'>['rows'][number];
export type ShopRow = EventDataOf<'PricePolicyDrafted'>['shopRows'][number];
export type AppliedShopRow = EventDataOf<'PricePolicyApproved'>['shopRows'][number];
export type PricePolicyStatus = 'none' | 'draft' | 'approved' | 'reverted' | 'expired';
export interface PricePolicyState {
  status: PricePolicyStatus;
  policyId: string;
  validFrom: string;
  validUntil: string;
  rows: PolicyRow[];
  shopRows: ShopRow[];
  /** The application in force (approved, not reverted or expired). */
  application: { applicationId: string; rows: AppliedRow[]; shopRows: AppliedShopRow[] } | null;
  /** Every application, by id (a revert or an expiry names one). */
  applications: Record<string, { rows: AppliedRow[]; shopRows: AppliedShopRow[] }>;
}
export type PricePolicyCommand =
  | ({ type: 'DraftPricePolicy' } & EventDataOf<'PricePolicyDrafted'>)
  | { type: 'ApprovePricePolicy'; applicationId: string; rows: AppliedRow[]; shopRows: AppliedShopRow[]; today: string }
  | { type: 'RevertPricePolicy'; reason: string | null }
  | { type: 'ExpirePricePolicy' };

export const pricePolicyDecider: Decider<PricePolicyState, PricePolicyCommand> = {
  initialState: () => ({ status: 'none', policyId: '', validFrom: '', validUntil: '', rows: [], shopRows: [], application: null, applications: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'PricePolicyDrafted':
        return { ...state, status: 'draft', policyId: event.data.policyId, validFrom: event.data.validFrom, validUntil: event.data.validUntil, rows: event.data.rows, shopRows: event.data.shopRows };
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
        return [{ type: 'PricePolicyApproved', data: { policyId: state.policyId, applicationId: command.applicationId, rows: command.rows, shopRows: command.shopRows } }];
      case 'RevertPricePolicy':
        if (state.status === 'none') throw new DomainError('not_found', POLICY_MESSAGES.notFound);
        if (state.status === 'reverted') return [];
        if (!state.application) throw new DomainError('conflict', POLICY_MESSAGES.notApplied);
        return [{ type: 'PricePolicyReverted', data: { policyId: state.policyId, applicationId: state.application.applicationId, reason: command.reason } }];
      case 'ExpirePricePolicy':
        // The scheduler's: a policy still in force expires (and its application is undone); otherwise nothing.
        if (state.status !== 'approved') return [];
        return [{ type: 'PricePolicyExpired', data: { policyId: state.policyId, applicationId: state.application?.applicationId ?? null } }];
      default:
        return unhandled(command);
    }
  },
};
