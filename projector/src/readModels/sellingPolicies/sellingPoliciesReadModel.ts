import type { PricePolicy } from '@phonemarket/contracts/sellingPolicies.ts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

/** Price policies (issue 27): each with its rows, its applications (`policy_applications`) and every status change. */
export const PRICE_POLICIES = 'pricePolicies';
export type PricePolicyDoc = Doc & PricePolicy & { _pos: number };

export const sellingPoliciesReadModel = docProjection<PricePolicyDoc, 'PricePolicyDrafted' | 'PricePolicyScheduled' | 'PricePolicyApproved' | 'PricePolicyApplicationFailed' | 'PricePolicyReverted' | 'PricePolicyExpired'>({
  version: 4,
  collection: PRICE_POLICIES,
  canHandle: ['PricePolicyDrafted', 'PricePolicyScheduled', 'PricePolicyApproved', 'PricePolicyApplicationFailed', 'PricePolicyReverted', 'PricePolicyExpired'],
  id: (e) => e.data.policyId,
  evolve(doc, event) {
    const at = event.metadata.at;
    const actor = { userId: event.metadata.actor.userId, role: event.metadata.actor.role };
    if (event.type === 'PricePolicyDrafted') {
      const d = event.data;
      return {
        id: d.policyId, sourceImageBatchId: d.sourceImageBatchId, policyName: d.policyName, description: d.description, validFrom: d.validFrom, validUntil: d.validUntil,
        status: 'draft', rows: d.rows, shopRows: d.shopRows, finalPriceRows: d.finalPriceRows, failureReasons: [], applications: [], history: [{ at, status: 'draft', actor, note: null }], createdBy: actor.userId, createdAt: at, updatedAt: at,
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'PricePolicyScheduled':
        return { ...doc, status: 'scheduled', updatedAt: at, history: [...doc.history, { at, status: 'scheduled', actor, note: `${event.data.validFrom}부터 적용` }] };
      case 'PricePolicyApplicationFailed':
        return { ...doc, status: 'failed', failureReasons: event.data.reasons, updatedAt: at, history: [...doc.history, { at, status: 'failed', actor, note: event.data.reasons.join(' ') }] };
      case 'PricePolicyApproved':
        return {
          ...doc, status: 'approved', updatedAt: at, history: [...doc.history, { at, status: 'approved', actor, note: null }],
          applications: [...doc.applications, {
            applicationId: event.data.applicationId, appliedAt: at, appliedBy: actor.userId, result: 'applied',
            rows: event.data.rows.map(({ previous, ...row }) => ({ ...row, previous: previous.subsidy })),
            shopRows: event.data.shopRows.map(({ previous, ...row }) => ({ ...row, previous: previous.extraSubsidy })), revertedAt: null, revertedBy: null,
          }],
        };
      case 'PricePolicyReverted':
      case 'PricePolicyExpired': {
        const status = event.type === 'PricePolicyReverted' ? 'reverted' : 'expired';
        const note = event.type === 'PricePolicyReverted' ? event.data.reason : null;
        return {
          ...doc, status, updatedAt: at, history: [...doc.history, { at, status, actor, note }],
          applications: doc.applications.map((a) => (a.applicationId === event.data.applicationId ? { ...a, result: status, revertedAt: at, revertedBy: actor.userId } : a)),
        };
      }
    }
  },
});
