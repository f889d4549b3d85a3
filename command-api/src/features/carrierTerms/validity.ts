import { isCalendarDay } from '@phonemarket/contracts/dates.ts';
import { endOfKoreanDay, startOfKoreanDay } from '@phonemarket/contracts/koreanDay.ts';
import { defineProcess, sendTo, type Timer } from '../../shared/process.ts';
import { subsidyTableDecider, type SubsidyTableState } from './carrierTerms.ts';

export { endOfKoreanDay };

/**
 * A 공시지원금's validity (issue 27), kept by process timers on the runner: a figure waiting for its `validFrom` is
 * set at the start of that Korean day (if it still waits as it was); a figure with a `validUntil`
 * gives way to the figure before it at the end of that day — only if it is still the one in force
 * (a later change wins).
 */
export const subsidyValidityProcess = defineProcess<SubsidyTableState, 'SubsidySet' | 'SubsidyScheduled'>({
  name: 'subsidyValidity',
  reactsTo: ['SubsidySet', 'SubsidyScheduled'],
  initialState: subsidyTableDecider.initialState,
  evolve: subsidyTableDecider.evolve,
  decide: () => [],
  schedule(event): Timer[] {
    const { modelId, storage, carrier, joinType } = event.data;
    const table = { modelId, storage, carrier, joinType };
    if (event.type === 'SubsidyScheduled') {
      const d = event.data;
      // A day no calendar has, stored before the contract refused it (issue 35), has no start: no timer, rather than a RangeError at every start.
      if (!isCalendarDay(d.validFrom)) return [];
      return [{
        dueAt: startOfKoreanDay(d.validFrom),
        send: sendTo(event.stream, subsidyTableDecider, { type: 'ApplyScheduledSubsidy', table, planId: d.planId, subsidy: d.subsidy, validFrom: d.validFrom, validUntil: d.validUntil }),
      }];
    }
    const d = event.data;
    if (d.validUntil === null || d.previous === null || !isCalendarDay(d.validUntil)) return [];
    return [{
      dueAt: endOfKoreanDay(d.validUntil),
      send: sendTo(event.stream, subsidyTableDecider, { type: 'ExpireSubsidy', table, planId: d.planId, subsidy: d.subsidy, validUntil: d.validUntil, restore: d.previous, restoreConditions: d.previousConditions }),
    }];
  },
});
