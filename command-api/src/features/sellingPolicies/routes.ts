import { Router } from 'express';
import {
  ADMIN_PRICE_POLICIES_PATH, POLICY_REQUEST_MESSAGES, policyRevertSchema, pricePolicyRequestSchema,
} from '@phonemarket/contracts/sellingPolicies.ts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { completeProcess, runProcess } from '../../shared/process.ts';
import { planSubsidy, subsidyProblems, subsidyTableDecider } from '../carrierTerms/public.ts';
import { imageBatchDecider } from '../channels/public.ts';
import { pricePolicyDecider, type AppliedRow } from './pricePolicy.ts';
import { pricePolicyProcess } from './pricePolicyProcess.ts';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const koreanToday = (now: Date) => new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Price policies (issue 27), admins only: a draft from an image batch (rows of 공시지원금 on terms that
 * exist, each checked like the terms' own edit), approval (each row's figure before it recorded; the
 * process applies the rows), revert (the process restores every figure). The scheduler expires an
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
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const policyId = newRecordId(ctx, 'pricePolicy');
    const result = await handleCommand(deps.store, streams.pricePolicy(policyId), pricePolicyDecider, {
      type: 'DraftPricePolicy', policyId, sourceImageBatchId: input.sourceImageBatchId, policyName: input.policyName, description: input.description ?? null,
      validFrom: input.validFrom, validUntil: input.validUntil, rows: input.rows,
    }, ctx);
    res.status(201).json(commandAnswer(policyId, result.position));
  });

  router.post(`${ADMIN_PRICE_POLICIES_PATH}/:id/approve`, admin, async (req, res) => {
    await claimIdempotencyKey(deps, req, null);
    const id = req.params.id as string;
    const stream = streams.pricePolicy(id);
    const ctx = commandContext(req, deps);
    await completeProcess(deps.store, pricePolicyProcess, stream, ctx);
    const policy = (await loadAggregate(deps.store, stream, pricePolicyDecider)).state;
    // Each row with the figure (and validity) it replaces: the revert restores exactly these.
    const rows: AppliedRow[] = [];
    for (const row of policy.rows) {
      const found = planSubsidy((await loadAggregate(deps.store, streams.subsidyTable(row), subsidyTableDecider)).state, row.planId);
      rows.push({ ...row, previous: { subsidy: found?.subsidy ?? 0, validFrom: found?.validFrom ?? null, validUntil: found?.validUntil ?? null } });
    }
    const result = await handleCommand(deps.store, stream, pricePolicyDecider, {
      type: 'ApprovePricePolicy', applicationId: newRecordId(ctx, 'policyApplication'), rows, today: koreanToday(deps.clock()),
    }, ctx);
    const applied = await runProcess(deps.store, pricePolicyProcess, stream, result.events, ctx);
    res.json(commandAnswer(id, applied > result.position ? applied : result.position, { changed: result.written > 0 }));
  });

  router.post(`${ADMIN_PRICE_POLICIES_PATH}/:id/revert`, admin, async (req, res) => {
    const input = parseInput(policyRevertSchema, req.body ?? {}, POLICY_REQUEST_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const id = req.params.id as string;
    const stream = streams.pricePolicy(id);
    const ctx = commandContext(req, deps);
    await completeProcess(deps.store, pricePolicyProcess, stream, ctx);
    const result = await handleCommand(deps.store, stream, pricePolicyDecider, { type: 'RevertPricePolicy', reason: input.reason || null }, ctx);
    const restored = await runProcess(deps.store, pricePolicyProcess, stream, result.events, ctx);
    res.json(commandAnswer(id, restored > result.position ? restored : result.position, { changed: result.written > 0 }));
  });

  return router;
}
