import { defineProcess, sendTo } from '../../shared/process.ts';
import { subsidyTableDecider, type SubsidyTableState } from './carrierTerms.ts';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** The end of a Korean day (`YYYY-MM-DD`): the next day's 00:00 in Korea, as UTC. */
export const endOfKoreanDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 24 * 60 * 60 * 1000 - KST_OFFSET_MS).toISOString();

/**
 * A 공시지원금 with a `validUntil` (issue 27): at the end of that Korean day the scheduler brings the
 * figure before it back — only if the figure set is still the one in force (a later change wins).
 */
export const subsidyValidityProcess = defineProcess<SubsidyTableState, 'SubsidySet'>({
  name: 'subsidyValidity',
  reactsTo: ['SubsidySet'],
  initialState: subsidyTableDecider.initialState,
  evolve: subsidyTableDecider.evolve,
  decide: () => [],
  schedule(event) {
    const d = event.data;
    if (d.validUntil === null || d.previous === null) return [];
    const table = { modelId: d.modelId, storage: d.storage, carrier: d.carrier, joinType: d.joinType };
    return [{
      dueAt: endOfKoreanDay(d.validUntil),
      send: sendTo(event.stream, subsidyTableDecider, { type: 'ExpireSubsidy', table, planId: d.planId, subsidy: d.subsidy, validUntil: d.validUntil, restore: d.previous }),
    }];
  },
});
