import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** One table of 공시지원금 (model × storage × carrier × 가입유형), stream `subsidyTable-…` (issue 27). */
type Table = Pick<EventDataOf<'SubsidySet'>, 'modelId' | 'storage' | 'carrier' | 'joinType'>;
type Source = EventDataOf<'SubsidySet'>['source'];
export interface PlanSubsidy { subsidy: number; validFrom: string | null; validUntil: string | null }
export interface SubsidyTableState { seeded: boolean; plans: Record<string, PlanSubsidy> }
export type SubsidyTableCommand =
  | { type: 'SeedSubsidyTable'; table: Table; plans: { planId: string; subsidy: number }[] }
  | { type: 'SetSubsidy'; table: Table; planId: string; subsidy: number; validFrom: string | null; validUntil: string | null; source: Source }
  /** The scheduler's, at the end of a figure's `validUntil`: the figure before it comes back, if that figure is still the one in force. */
  | { type: 'ExpireSubsidy'; table: Table; planId: string; subsidy: number; validUntil: string; restore: number | null };

export const planSubsidy = (state: SubsidyTableState, planId: string): PlanSubsidy | undefined =>
  Object.hasOwn(state.plans, planId) ? state.plans[planId] : undefined;

export const subsidyTableDecider: Decider<SubsidyTableState, SubsidyTableCommand> = {
  initialState: () => ({ seeded: false, plans: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'SubsidyTableSeeded': {
        const plans = { ...state.plans };
        for (const p of event.data.plans) if (!Object.hasOwn(plans, p.planId)) plans[p.planId] = { subsidy: p.subsidy, validFrom: null, validUntil: null };
        return { seeded: true, plans };
      }
      case 'SubsidySet':
        return { ...state, plans: { ...state.plans, [event.data.planId]: { subsidy: event.data.subsidy, validFrom: event.data.validFrom, validUntil: event.data.validUntil } } };
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
        if (before && before.subsidy === command.subsidy && before.validFrom === command.validFrom && before.validUntil === command.validUntil) return [];
        return [{
          type: 'SubsidySet',
          data: {
            ...command.table, planId: command.planId, subsidy: command.subsidy, previous: before?.subsidy ?? null,
            validFrom: command.validFrom, validUntil: command.validUntil, source: command.source,
          },
        }];
      }
      case 'ExpireSubsidy': {
        const current = planSubsidy(state, command.planId);
        if (!current || current.subsidy !== command.subsidy || current.validUntil !== command.validUntil || command.restore === null) return [];
        return [{
          type: 'SubsidySet',
          data: { ...command.table, planId: command.planId, subsidy: command.restore, previous: current.subsidy, validFrom: null, validUntil: null, source: { kind: 'expiry', ref: null } },
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
