import { streams, type EventStore } from '@phonemarket/events';
import { handleCommand, loadAggregate, newRecordId, type CommandContext } from '../../shared/commandHandler.ts';
import { completeProcess, runProcess } from '../../shared/process.ts';
import { planSubsidy, subsidyTableDecider } from '../carrierTerms/public.ts';
import { offerDecider } from '../offers/public.ts';
import { pricePolicyDecider, type AppliedRow, type AppliedShopRow } from './pricePolicy.ts';
import { pricePolicyProcess } from './pricePolicyProcess.ts';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const koreanToday = (now: Date) => new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Approves a draft: each row with the figure (and validity) it replaces — what a revert restores —
 * then the process sets the rows. A retry (or the start-up sweep) completes an approval left half-done.
 */
export async function approvePricePolicy(store: EventStore, policyId: string, ctx: CommandContext): Promise<{ position: bigint; written: number }> {
  const stream = streams.pricePolicy(policyId);
  await completeProcess(store, pricePolicyProcess, stream, ctx);
  const policy = (await loadAggregate(store, stream, pricePolicyDecider)).state;
  const rows: AppliedRow[] = [];
  for (const row of policy.rows) {
    const found = planSubsidy((await loadAggregate(store, streams.subsidyTable(row), subsidyTableDecider)).state, row.planId);
    rows.push({ ...row, previous: { subsidy: found?.subsidy ?? 0, validFrom: found?.validFrom ?? null, validUntil: found?.validUntil ?? null } });
  }
  // Each shop row with its offer's price and 추가지원금 before it.
  const shopRows: AppliedShopRow[] = [];
  for (const row of policy.shopRows) {
    const offer = (await loadAggregate(store, streams.offer(row.offerId), offerDecider)).state;
    if (offer.status === 'listed') shopRows.push({ ...row, previous: { price: offer.offer.price, extraSubsidy: offer.offer.extraSubsidy } });
  }
  const result = await handleCommand(store, stream, pricePolicyDecider, {
    type: 'ApprovePricePolicy', applicationId: newRecordId(ctx, 'policyApplication'), rows, shopRows, today: koreanToday(ctx.clock()),
  }, ctx);
  const applied = await runProcess(store, pricePolicyProcess, stream, result.events, ctx);
  return { position: applied > result.position ? applied : result.position, written: result.written };
}

/** Reverts the application in force: the process sets every row back to the figure recorded before it. */
export async function revertPricePolicy(store: EventStore, policyId: string, reason: string | null, ctx: CommandContext): Promise<{ position: bigint; written: number }> {
  const stream = streams.pricePolicy(policyId);
  await completeProcess(store, pricePolicyProcess, stream, ctx);
  const result = await handleCommand(store, stream, pricePolicyDecider, { type: 'RevertPricePolicy', reason }, ctx);
  const restored = await runProcess(store, pricePolicyProcess, stream, result.events, ctx);
  return { position: restored > result.position ? restored : result.position, written: result.written };
}
