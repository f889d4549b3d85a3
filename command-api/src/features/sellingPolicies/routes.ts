import { Router } from 'express';
import {
  ADMIN_PRICE_POLICIES_PATH, POLICY_REQUEST_MESSAGES, policyRevertSchema, pricePolicyRequestSchema, type PolicyApprovalAnswer,
} from '@phonemarket/contracts/sellingPolicies.ts';
import { planKeepProblem } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { planSubsidy, subsidyProblems, subsidyTableDecider } from '../carrierTerms/public.ts';
import { imageBatchDecider } from '../channels/public.ts';
import { offerDecider } from '../offers/public.ts';
import { approvePricePolicy, checkFinalPriceRow, revertPricePolicy } from './policyFlows.ts';
import { pricePolicyDecider } from './pricePolicy.ts';

/**
 * Price policies (issue 27), admins only: a draft from an image batch (rows of 공시지원금 on terms that
 * exist, each checked like the terms' own edit; a shop's offers' 추가지원금 or final price), approval
 * (each row's figure before it recorded; the process applies the rows; before `validFrom` the policy
 * is scheduled for that day), revert (the process restores every figure). A process timer on the runner expires an
 * approved policy at the end of its `validUntil` (Korean day), which reverts it too.
 */
export function sellingPolicyRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.post(ADMIN_PRICE_POLICIES_PATH, admin, async (req, res) => {
    const input = parseInput(pricePolicyRequestSchema, req.body, POLICY_REQUEST_MESSAGES.invalid);
    const batch = (await loadAggregate(deps.store, streams.imageBatch(input.sourceImageBatchId), imageBatchDecider)).state;
    if (batch.status === 'none') throw badRequest(POLICY_REQUEST_MESSAGES.batchNotFound, { sourceImageBatchId: POLICY_REQUEST_MESSAGES.batchNotFound });
    const errors: Record<string, string> = {};
    for (const [i, row] of input.rows.entries()) {
      const problems = await subsidyProblems(deps.store, row);
      const table = (await loadAggregate(deps.store, streams.subsidyTable(row), subsidyTableDecider)).state;
      if (problems.length === 0 && !planSubsidy(table, row.planId)) problems.push(POLICY_REQUEST_MESSAGES.rowNotInTerms);
      if (problems.length) errors[`rows.${i}`] = problems.join(' ');
    }
    for (const [i, row] of input.shopRows.entries()) {
      const offer = (await loadAggregate(deps.store, streams.offer(row.offerId), offerDecider)).state;
      const problem = offer.status !== 'listed' ? POLICY_REQUEST_MESSAGES.offerNotFound
        : offer.offer.condition !== 'new' ? POLICY_REQUEST_MESSAGES.offerNotNew
        : row.extraSubsidy > offer.offer.price ? POLICY_REQUEST_MESSAGES.extraAbovePrice
        : row.conditions ? planKeepProblem(row.conditions, offer.offer.plans.map((p) => p.planId)) : null;
      if (problem) errors[`shopRows.${i}`] = problem;
    }
    const finalPriceRows = input.finalPriceRows.map((row) => ({ offerId: row.offerId, planId: row.planId ?? null, finalPrice: row.finalPrice, conditions: row.conditions ?? null }));
    for (const [i, row] of finalPriceRows.entries()) {
      const check = await checkFinalPriceRow(deps.store, row, input.rows);
      if (!check.ok) errors[`finalPriceRows.${i}`] = check.problem;
    }
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const policyId = newRecordId(ctx, 'pricePolicy');
    const result = await handleCommand(deps.store, streams.pricePolicy(policyId), pricePolicyDecider, {
      type: 'DraftPricePolicy', policyId, sourceImageBatchId: input.sourceImageBatchId, policyName: input.policyName, description: input.description ?? null,
      validFrom: input.validFrom, validUntil: input.validUntil, rows: input.rows,
      shopRows: input.shopRows.map((row) => ({ ...row, conditions: row.conditions ?? null })), finalPriceRows,
    }, ctx);
    res.status(201).json(commandAnswer(policyId, result.position));
  });

  router.post(`${ADMIN_PRICE_POLICIES_PATH}/:id/approve`, admin, async (req, res) => {
    await claimIdempotencyKey(deps, req, null);
    const id = req.params.id as string;
    const result = await approvePricePolicy(deps.store, id, commandContext(req, deps));
    res.json(commandAnswer(id, result.position, { changed: result.written > 0, scheduled: result.scheduled }) satisfies PolicyApprovalAnswer);
  });

  router.post(`${ADMIN_PRICE_POLICIES_PATH}/:id/revert`, admin, async (req, res) => {
    const input = parseInput(policyRevertSchema, req.body ?? {}, POLICY_REQUEST_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const id = req.params.id as string;
    const result = await revertPricePolicy(deps.store, id, input.reason || null, commandContext(req, deps));
    res.json(commandAnswer(id, result.position, { changed: result.written > 0 }));
  });

  return router;
}
