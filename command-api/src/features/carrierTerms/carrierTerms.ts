import { NO_CONDITIONS, hasConditions, type OfferConditions } from '@phonemarket/contracts';
import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** One table of 공시지원금 (model × storage × carrier × 가입유형), stream `subsidyTable-…` (issue 27). */
type Table = Pick<EventDataOf<'SubsidySet'>, 'modelId' | 'storage' | 'carrier' | 'joinType'>;
type Source = EventDataOf<'SubsidySet'>['source'];
/** `conditions`: what the 공시지원금 requires (issue 40: a 요금제 유지 of the plan), none by default. */
export interface PlanSubsidy { subsidy: number; validFrom: string | null; validUntil: string | null; conditions: OfferConditions }
/** A figure waiting for its `validFrom` (a later Korean day). */
export interface ScheduledSubsidy { planId: string; subsidy: number; validFrom: string; validUntil: string | null; source: Source; conditions: OfferConditions }
export interface SubsidyTableState {
  seeded: boolean;
  plans: Record<string, PlanSubsidy>;
  /** By `<planId>@<validFrom>`: one waiting figure per plan and start day. */
  scheduled: Record<string, ScheduledSubsidy>;
}
export type SubsidyTableCommand =
  | { type: 'SeedSubsidyTable'; table: Table; plans: { planId: string; subsidy: number }[] }
  /**
   * `today`: the Korean day now (the caller's clock); a `validFrom` after it waits for that day. `conditions` (issue 40):
   * what the figure requires from then on; absent (a policy's carrier row, its revert): as they are.
   */
  | { type: 'SetSubsidy'; table: Table; planId: string; subsidy: number; validFrom: string | null; validUntil: string | null; source: Source; today: string; conditions?: OfferConditions }
  /** A process timer's on the runner, at the start of a waiting figure's `validFrom`: it is set, if it is still waiting as it was. */
  | { type: 'ApplyScheduledSubsidy'; table: Table; planId: string; subsidy: number; validFrom: string; validUntil: string | null }
  | { type: 'CancelScheduledSubsidy'; table: Table; planId: string; validFrom: string }
  /** A process timer's on the runner, at the end of a figure's `validUntil`: the figure before it comes back, if that figure is still the one in force. */
  | { type: 'ExpireSubsidy'; table: Table; planId: string; subsidy: number; validUntil: string; restore: number | null; restoreConditions?: OfferConditions };

export const SCHEDULED_SUBSIDY_NOT_FOUND = '예약된 공시지원금 변경을 찾을 수 없습니다.';
const scheduleKey = (planId: string, validFrom: string) => `${planId}@${validFrom}`;
const withoutKey = <V>(record: Record<string, V>, key: string): Record<string, V> => {
  if (!Object.hasOwn(record, key)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
};

const sameConditions = (a: OfferConditions, b: OfferConditions) => JSON.stringify(a) === JSON.stringify(b);
/** A figure's conditions and those before it, on its event only when either has any (absent: as before, none for older tables). */
const conditionsData = (conditions: OfferConditions, previousConditions: OfferConditions) =>
  (hasConditions(conditions) || hasConditions(previousConditions) ? { conditions, previousConditions } : {});

export const scheduledSubsidy = (state: SubsidyTableState, planId: string, validFrom: string): ScheduledSubsidy | undefined => {
  const key = scheduleKey(planId, validFrom);
  return Object.hasOwn(state.scheduled, key) ? state.scheduled[key] : undefined;
};

export const planSubsidy = (state: SubsidyTableState, planId: string): PlanSubsidy | undefined =>
  Object.hasOwn(state.plans, planId) ? state.plans[planId] : undefined;

export const subsidyTableDecider: Decider<SubsidyTableState, SubsidyTableCommand> = {
  initialState: () => ({ seeded: false, plans: {}, scheduled: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'SubsidyTableSeeded': {
        const plans = { ...state.plans };
        for (const p of event.data.plans) if (!Object.hasOwn(plans, p.planId)) plans[p.planId] = { subsidy: p.subsidy, validFrom: null, validUntil: null, conditions: NO_CONDITIONS };
        return { ...state, seeded: true, plans };
      }
      case 'SubsidySet': {
        const d = event.data;
        // A figure set for its start day is the waiting one of that day, now in force.
        const scheduled = d.validFrom === null ? state.scheduled : withoutKey(state.scheduled, scheduleKey(d.planId, d.validFrom));
        const conditions = d.conditions ?? planSubsidy(state, d.planId)?.conditions ?? NO_CONDITIONS;
        return { ...state, scheduled, plans: { ...state.plans, [d.planId]: { subsidy: d.subsidy, validFrom: d.validFrom, validUntil: d.validUntil, conditions } } };
      }
      case 'SubsidyScheduled': {
        const { planId, subsidy, validFrom, validUntil, source } = event.data;
        const conditions = event.data.conditions ?? NO_CONDITIONS;
        return { ...state, scheduled: { ...state.scheduled, [scheduleKey(planId, validFrom)]: { planId, subsidy, validFrom, validUntil, source, conditions } } };
      }
      case 'SubsidyScheduleCancelled':
        return { ...state, scheduled: withoutKey(state.scheduled, scheduleKey(event.data.planId, event.data.validFrom)) };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'SeedSubsidyTable':
        // Seeded once; a table an admin already wrote to keeps what it has.
        if (state.seeded || Object.keys(state.plans).length > 0) return [];
        return [{ type: 'SubsidyTableSeeded', data: { ...command.table, plans: command.plans } }];
      case 'SetSubsidy': {
        const before = planSubsidy(state, command.planId);
        const previousConditions = before?.conditions ?? NO_CONDITIONS;
        const conditions = command.conditions ?? previousConditions;
        if (command.validFrom !== null && command.validFrom > command.today) {
          const waiting = scheduledSubsidy(state, command.planId, command.validFrom);
          if (waiting && waiting.subsidy === command.subsidy && waiting.validUntil === command.validUntil && sameConditions(waiting.conditions, conditions)) return [];
          return [{
            type: 'SubsidyScheduled',
            data: {
              ...command.table, planId: command.planId, subsidy: command.subsidy, validFrom: command.validFrom, validUntil: command.validUntil, source: command.source,
              ...(hasConditions(conditions) ? { conditions } : {}),
            },
          }];
        }
        if (before && before.subsidy === command.subsidy && before.validFrom === command.validFrom && before.validUntil === command.validUntil && sameConditions(previousConditions, conditions)) return [];
        return [{
          type: 'SubsidySet',
          data: {
            ...command.table, planId: command.planId, subsidy: command.subsidy, previous: before?.subsidy ?? null,
            validFrom: command.validFrom, validUntil: command.validUntil, source: command.source, ...conditionsData(conditions, previousConditions),
          },
        }];
      }
      case 'ApplyScheduledSubsidy': {
        const waiting = scheduledSubsidy(state, command.planId, command.validFrom);
        // Cancelled, replaced by another figure for that day, or already set: nothing.
        if (!waiting || waiting.subsidy !== command.subsidy || waiting.validUntil !== command.validUntil) return [];
        const before = planSubsidy(state, command.planId);
        return [{
          type: 'SubsidySet',
          data: {
            ...command.table, planId: command.planId, subsidy: waiting.subsidy, previous: before?.subsidy ?? null,
            validFrom: waiting.validFrom, validUntil: waiting.validUntil, source: waiting.source,
            ...conditionsData(waiting.conditions, before?.conditions ?? NO_CONDITIONS),
          },
        }];
      }
      case 'CancelScheduledSubsidy': {
        const waiting = scheduledSubsidy(state, command.planId, command.validFrom);
        if (!waiting) throw new DomainError('not_found', SCHEDULED_SUBSIDY_NOT_FOUND);
        return [{ type: 'SubsidyScheduleCancelled', data: { ...command.table, planId: command.planId, subsidy: waiting.subsidy, validFrom: command.validFrom } }];
      }
      case 'ExpireSubsidy': {
        const current = planSubsidy(state, command.planId);
        if (!current || current.subsidy !== command.subsidy || current.validUntil !== command.validUntil || command.restore === null) return [];
        return [{
          type: 'SubsidySet',
          data: {
            ...command.table, planId: command.planId, subsidy: command.restore, previous: current.subsidy, validFrom: null, validUntil: null, source: { kind: 'expiry', ref: null },
            // The conditions before it come back with the figure (absent in a timer from before issue 40: as they are).
            ...conditionsData(command.restoreConditions ?? current.conditions, current.conditions),
          },
        }];
      }
      default:
        return unhandled(command);
    }
  },
};

/** One variant's 출고가 (stream `releasePrice-<model>~<storage>`); before the first change, the model's own. */
export interface ReleasePriceState { releasePrice: number | null }
export type ReleasePriceCommand = { type: 'SetReleasePrice'; modelId: string; storage: number; releasePrice: number; modelReleasePrice: number; source: Source };

export const releasePriceDecider: Decider<ReleasePriceState, ReleasePriceCommand> = {
  initialState: () => ({ releasePrice: null }),
  evolve: (state, event) => (event.type === 'ReleasePriceSet' ? { releasePrice: event.data.releasePrice } : state),
  decide(command, state): DomainEvent[] {
    if (command.type !== 'SetReleasePrice') return unhandled(command.type as never);
    const previous = state.releasePrice ?? command.modelReleasePrice;
    if (previous === command.releasePrice) return [];
    return [{ type: 'ReleasePriceSet', data: { modelId: command.modelId, storage: command.storage, releasePrice: command.releasePrice, previous, source: command.source } }];
  },
};

/**
 * A carrier plan (stream `plan-<planId>`, defined by the catalogue): an admin's change appends the
 * whole definition again (`PlanDefined`), so every reader of plans (lists, pricing, checkout) takes
 * it as it takes the first; the same values again write nothing.
 */
export type PlanState = EventDataOf<'PlanDefined'> | null;
export type PlanCommand = { type: 'ChangePlan'; changes: Pick<EventDataOf<'PlanDefined'>, 'name' | 'monthlyFee' | 'data' | 'voice' | 'sms' | 'benefits'> };
export const PLAN_NOT_FOUND = '요금제를 찾을 수 없습니다.';

export const planDecider: Decider<PlanState, PlanCommand> = {
  initialState: () => null,
  evolve: (state, event) => (event.type === 'PlanDefined' ? event.data : state),
  decide(command, state): DomainEvent[] {
    if (command.type !== 'ChangePlan') return unhandled(command.type as never);
    if (state === null) throw new DomainError('not_found', PLAN_NOT_FOUND);
    const next = { ...state, ...command.changes };
    return JSON.stringify(next) === JSON.stringify(state) ? [] : [{ type: 'PlanDefined', data: next }];
  },
};
