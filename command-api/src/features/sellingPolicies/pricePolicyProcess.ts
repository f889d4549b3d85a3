import { isCalendarDay } from '@phonemarket/contracts/dates.ts';
import { endOfKoreanDay, koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { streams } from '@phonemarket/events';
import { defineProcess, sendTo, type ProcessCommand } from '../../shared/process.ts';
import { subsidyTableDecider } from '../carrierTerms/public.ts';
import { offerDecider } from '../offers/public.ts';
import { pricePolicyDecider, type AppliedRow, type AppliedShopRow, type PricePolicyState } from './pricePolicy.ts';

export { endOfKoreanDay };

const table = (row: AppliedRow) => ({ modelId: row.modelId, storage: row.storage, carrier: row.carrier, joinType: row.joinType });

/** A row's 공시지원금 set to the policy's figure (applying) or back to the one before (reverting), on `today` (the trigger's Korean day: the policy is in force). */
function setRows(rows: readonly AppliedRow[], policyId: string, state: PricePolicyState, revert: boolean, today: string): ProcessCommand[] {
  return rows.map((row) => sendTo(streams.subsidyTable(table(row)), subsidyTableDecider, {
    type: 'SetSubsidy', table: table(row), planId: row.planId,
    subsidy: revert ? row.previous.subsidy : row.subsidy,
    validFrom: revert ? row.previous.validFrom : state.validFrom,
    validUntil: revert ? row.previous.validUntil : state.validUntil,
    source: { kind: 'policy', ref: revert ? `${policyId}:revert` : policyId }, today,
  }));
}

/**
 * A shop row's offer with the policy's 추가지원금 (applying; a final-price row's is the one that gives its 할부원금) or the one before (reverting); its price stays.
 * A row with conditions (issue 40: the plan and months its 추가지원금 requires) sets them too, and a revert the offer's before it.
 */
function setShopRows(rows: readonly AppliedShopRow[], revert: boolean): ProcessCommand[] {
  return rows.flatMap((row) => {
    const conditions = revert ? row.previous.conditions : row.conditions;
    return [
      sendTo(streams.offer(row.offerId), offerDecider, {
        type: 'ChangeOfferPrice', offerId: row.offerId, price: row.previous.price, extraSubsidy: revert ? row.previous.extraSubsidy : row.extraSubsidy,
      }),
      ...(conditions ? [sendTo(streams.offer(row.offerId), offerDecider, { type: 'SetOfferConditions', offerId: row.offerId, conditions })] : []),
    ];
  });
}

/**
 * A price policy's application (issue 27): approving sets each row's 공시지원금 in its table (the
 * offers on it are re-priced); a revert or the expiry at the end of `validUntil` (scheduled with the
 * approval) sets each back to the figure recorded before it.
 */
export const pricePolicyProcess = defineProcess<PricePolicyState, 'PricePolicyApproved' | 'PricePolicyReverted' | 'PricePolicyExpired'>({
  name: 'pricePolicy',
  reactsTo: ['PricePolicyApproved', 'PricePolicyReverted', 'PricePolicyExpired'],
  initialState: pricePolicyDecider.initialState,
  evolve: pricePolicyDecider.evolve,
  decide(event, state) {
    const today = koreanDayOf(event.metadata.at);
    if (event.type === 'PricePolicyApproved') return [...setRows(event.data.rows, event.data.policyId, state, false, today), ...setShopRows(event.data.shopRows, false)];
    const applicationId = event.data.applicationId;
    if (applicationId === null || !Object.hasOwn(state.applications, applicationId)) return [];
    const application = state.applications[applicationId]!;
    return [...setRows(application.rows, event.data.policyId, state, true, today), ...setShopRows(application.shopRows, true)];
  },
  schedule(event, state) {
    if (event.type !== 'PricePolicyApproved' || !isCalendarDay(state.validUntil)) return [];
    return [{ dueAt: endOfKoreanDay(state.validUntil), send: sendTo(event.stream, pricePolicyDecider, { type: 'ExpirePricePolicy' }) }];
  },
});
