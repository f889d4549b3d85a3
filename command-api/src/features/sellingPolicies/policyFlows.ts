import { isCalendarDay } from '@phonemarket/contracts/dates.ts';
import { startOfKoreanDay, koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { subsidyTableKey } from '@phonemarket/contracts/carrierTerms.ts';
import { planKeepProblem } from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { handleCommand, loadAggregate, newRecordId, type CommandContext, type CommandResult } from '../../shared/commandHandler.ts';
import { defineProcess, type ProcessCommand } from '../../shared/process.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { offerWithTerms, planSubsidy, subsidyTableDecider } from '../carrierTerms/public.ts';
import { offerDecider } from '../offers/public.ts';
import {
  finalPriceAboveMessage, pricePolicyDecider, type AppliedRow, type AppliedShopRow, type FinalPriceRow, type PolicyRow, type PricePolicyState,
} from './pricePolicy.ts';

/** What a final-price row asks of its offer: the 추가지원금 that gives the 할부원금, or why it cannot. */
export type FinalPriceCheck = { ok: true; offerPrice: number; extraSubsidy: number; previous: AppliedShopRow['previous'] } | { ok: false; problem: string };

export const FINAL_PRICE_MESSAGES = {
  offerNotFound: '판매점 상품을 찾을 수 없습니다.',
  offerNotNew: '새 단말 상품에만 최종가를 정할 수 있습니다.',
  planRequired: '요금제 아이디를 입력해주세요. 할부원금은 요금제마다 다릅니다.',
  planNotOffered: '이 상품에 없는 요금제입니다.',
} as const;

/**
 * A final-price row against its offer as priced now (the carrier terms in force, with the policy's own
 * 공시지원금 rows over them): 추가지원금 = 출고가 − 공시지원금 of the plan − 할부원금, never below 0.
 */
export async function checkFinalPriceRow(store: EventStore, row: FinalPriceRow, policyRows: readonly PolicyRow[]): Promise<FinalPriceCheck> {
  const state = (await loadAggregate(store, streams.offer(row.offerId), offerDecider)).state;
  if (state.status !== 'listed') return { ok: false, problem: FINAL_PRICE_MESSAGES.offerNotFound };
  if (state.offer.condition !== 'new') return { ok: false, problem: FINAL_PRICE_MESSAGES.offerNotNew };
  const priced = await offerWithTerms(store, state.offer);
  let subsidy = 0;
  if (priced.plans.length > 0) {
    if (row.planId === null) return { ok: false, problem: FINAL_PRICE_MESSAGES.planRequired };
    const plan = priced.plans.find((p) => p.planId === row.planId);
    if (!plan) return { ok: false, problem: FINAL_PRICE_MESSAGES.planNotOffered };
    const table = priced.joinType === null ? null : subsidyTableKey({ ...priced, joinType: priced.joinType });
    const own = policyRows.find((r) => r.planId === row.planId && subsidyTableKey(r) === table);
    subsidy = own?.subsidy ?? plan.subsidy;
  } else if (row.planId !== null) {
    return { ok: false, problem: FINAL_PRICE_MESSAGES.planNotOffered };
  }
  const max = priced.price - subsidy;
  if (row.finalPrice > max) return { ok: false, problem: finalPriceAboveMessage(row.offerId, Math.max(0, max)) };
  const keepProblem = row.conditions && planKeepProblem(row.conditions, priced.plans.map((p) => p.planId));
  if (keepProblem) return { ok: false, problem: keepProblem };
  return {
    ok: true, offerPrice: priced.price, extraSubsidy: max - row.finalPrice,
    previous: { price: state.offer.price, extraSubsidy: state.offer.extraSubsidy, conditions: row.conditions ? state.offer.conditions : null },
  };
}

/** A policy's application as it would be now: each row with the figure (and validity) it replaces — what a revert restores — or why it cannot be applied. */
async function applicationOf(store: EventStore, policy: PricePolicyState): Promise<{ rows: AppliedRow[]; shopRows: AppliedShopRow[]; problems: string[] }> {
  const rows: AppliedRow[] = [];
  for (const row of policy.rows) {
    const found = planSubsidy((await loadAggregate(store, streams.subsidyTable(row), subsidyTableDecider)).state, row.planId);
    rows.push({ ...row, previous: { subsidy: found?.subsidy ?? 0, validFrom: found?.validFrom ?? null, validUntil: found?.validUntil ?? null } });
  }
  // Each shop row with its offer's price and 추가지원금 before it.
  const shopRows: AppliedShopRow[] = [];
  for (const row of policy.shopRows) {
    const offer = (await loadAggregate(store, streams.offer(row.offerId), offerDecider)).state;
    // A row with conditions records the offer's before it (what a revert restores).
    if (offer.status === 'listed') {
      shopRows.push({ ...row, previous: { price: offer.offer.price, extraSubsidy: offer.offer.extraSubsidy, conditions: row.conditions ? offer.offer.conditions : null }, finalPrice: null, planId: null });
    }
  }
  const problems: string[] = [];
  for (const row of policy.finalPriceRows) {
    const check = await checkFinalPriceRow(store, row, policy.rows);
    if (check.ok) shopRows.push({ offerId: row.offerId, extraSubsidy: check.extraSubsidy, previous: check.previous, finalPrice: row.finalPrice, planId: row.planId, conditions: row.conditions });
    else problems.push(check.problem);
  }
  return { rows, shopRows, problems };
}

/**
 * Approves a draft: from its first day on, applied now (the process sets the rows); before it,
 * scheduled (`pricePolicyStart` applies it on that day, with the figures then). A retry (or the start-up
 * sweep) completes an approval left half-done. A final-price row its offer cannot meet now refuses the approval (409).
 */
export async function approvePricePolicy(store: EventStore, policyId: string, ctx: CommandContext): Promise<{ position: bigint; written: number; scheduled: boolean }> {
  const stream = streams.pricePolicy(policyId);
  const policy = (await loadAggregate(store, stream, pricePolicyDecider)).state;
  const today = koreanDayOf(ctx.clock());
  const { rows, shopRows, problems } = await applicationOf(store, policy);
  if (problems.length && policy.status === 'draft') throw new DomainError('conflict', problems.join(' '));
  const result = await handleCommand(store, stream, pricePolicyDecider, {
    type: 'ApprovePricePolicy', applicationId: newRecordId(ctx, 'policyApplication'), rows, shopRows, today,
  }, ctx);
  const applied = await processesSettled(store, result.position);
  return { position: applied > result.position ? applied : result.position, written: result.written, scheduled: result.state.status === 'scheduled' };
}

/** A scheduled policy on its first day: applied with the figures in force then, or failed (nothing applied) when a row no longer fits. */
export async function applyScheduledPricePolicy(store: EventStore, policyId: string, ctx: CommandContext): Promise<CommandResult<PricePolicyState>> {
  const stream = streams.pricePolicy(policyId);
  const policy = (await loadAggregate(store, stream, pricePolicyDecider)).state;
  const { rows, shopRows, problems } = await applicationOf(store, policy);
  return handleCommand(store, stream, pricePolicyDecider, problems.length
    ? { type: 'FailScheduledPricePolicy', reasons: problems }
    : { type: 'ApplyScheduledPricePolicy', applicationId: newRecordId(ctx, 'policyApplication'), rows, shopRows }, ctx);
}

/**
 * A policy approved before its first day (issue 27): a process timer on the runner applies it at the start of
 * `validFrom` (Korean day). The application reads the figures in force then — what a revert restores —
 * so the due command is this flow rather than one stream's command; its events move `pricePolicy` on.
 */
export const pricePolicyStartProcess = defineProcess<null, 'PricePolicyScheduled'>({
  name: 'pricePolicyStart',
  reactsTo: ['PricePolicyScheduled'],
  initialState: () => null,
  evolve: () => null,
  decide: () => [],
  schedule(event) {
    const send: ProcessCommand = {
      stream: event.stream,
      command: { type: 'ApplyScheduledPricePolicy' },
      send: (store, ctx) => applyScheduledPricePolicy(store, event.data.policyId, ctx),
    };
    // A day stored before the contract refused impossible ones (issue 35) has no start: no timer rather than a RangeError.
    return isCalendarDay(event.data.validFrom) ? [{ dueAt: startOfKoreanDay(event.data.validFrom), send }] : [];
  },
});

/** Reverts the application in force (the process sets every row back to the figure recorded before it), or a scheduled policy before its day. */
export async function revertPricePolicy(store: EventStore, policyId: string, reason: string | null, ctx: CommandContext): Promise<{ position: bigint; written: number }> {
  const stream = streams.pricePolicy(policyId);
  const result = await handleCommand(store, stream, pricePolicyDecider, { type: 'RevertPricePolicy', reason }, ctx);
  const restored = await processesSettled(store, result.position);
  return { position: restored > result.position ? restored : result.position, written: result.written };
}
