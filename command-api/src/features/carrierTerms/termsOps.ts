import { CARRIER_TERMS_MESSAGES, type SubsidyRequest } from '@phonemarket/contracts/carrierTerms.ts';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { streams, type EventStore, type PhoneModelDefined } from '@phonemarket/events';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { lastData } from '../../shared/lastData.ts';
import { releasePriceDecider, subsidyTableDecider } from './carrierTerms.ts';

type Source = { kind: 'admin' | 'csv' | 'policy'; ref: string | null };

/** The 출고가 a model gives the variant (null: no such model or storage). */
export async function modelReleasePrice(store: EventStore, modelId: string, storage: number): Promise<number | null> {
  const model = (await loadAggregate(store, streams.phoneModel(modelId), lastData<PhoneModelDefined>('PhoneModelDefined'))).state;
  return model?.variants.find((v) => v.storage === storage)?.releasePrice ?? null;
}

/** The 출고가 in force for a model's storage: the one set on the market (관리자, CSV, a policy), else the model's own (null: no such variant). */
export async function releasePriceInForce(store: EventStore, t: { modelId: string; storage: number }): Promise<number | null> {
  const [set, own] = await Promise.all([loadAggregate(store, streams.releasePrice(t), releasePriceDecider), modelReleasePrice(store, t.modelId, t.storage)]);
  return own === null ? null : (set.state.releasePrice ?? own);
}

/** What is wrong with a 공시지원금 row besides its shape: the model and storage exist, the plan is the carrier's, the validity is in order. */
export async function subsidyProblems(store: EventStore, input: Omit<SubsidyRequest, 'conditions' | 'subsidy' | 'joinType'>): Promise<string[]> {
  const problems: string[] = [];
  if ((await modelReleasePrice(store, input.modelId, input.storage)) === null) problems.push(CARRIER_TERMS_MESSAGES.unknownModel);
  const plan = (await loadAggregate(store, streams.plan(input.planId), lastData<{ carrier: string }>('PlanDefined'))).state;
  if (!plan || plan.carrier !== input.carrier) problems.push(CARRIER_TERMS_MESSAGES.unknownPlan);
  if (input.validFrom && input.validUntil && input.validUntil < input.validFrom) problems.push(CARRIER_TERMS_MESSAGES.validity);
  return problems;
}

/** Sets one plan's 공시지원금 (an admin's edit, a CSV row): now, or on its `validFrom` when that is a later Korean day. */
export function setSubsidy(store: EventStore, input: SubsidyRequest, source: Source, ctx: CommandContext) {
  const table = { modelId: input.modelId, storage: input.storage, carrier: input.carrier, joinType: input.joinType };
  return handleCommand(store, streams.subsidyTable(table), subsidyTableDecider, {
    type: 'SetSubsidy', table, planId: input.planId, subsidy: input.subsidy, validFrom: input.validFrom ?? null, validUntil: input.validUntil ?? null, source, today: koreanDayOf(ctx.clock()), conditions: input.conditions,
  }, ctx);
}

