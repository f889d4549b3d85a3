import { Router } from 'express';
import { PROCESS_FAILURE_MESSAGES } from '@phonemarket/contracts/processFailures.ts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { processFailureDecider } from './processFailure.ts';

/** A failure id as the runner makes them; anything else names no failure (404), and no stream is read for it. */
const FAILURE_ID = /^[\x21-\x7e]{1,300}$/;

/**
 * `POST /api/admin/processes/{failureId}/retry` (issue 36, admins only): asks the process runner to
 * try failed work again (`ProcessRetryRequested`, in the failure's audit history with the admin).
 * The runner does it and records the outcome (resolved, or failed again); the answer waits for it,
 * bounded, so the admin's next read shows the outcome. The list is query-api's `GET /api/admin/processes`.
 */
export function processFailureRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post('/api/admin/processes/:failureId/retry', requireRole('admin'), async (req, res) => {
    const failureId = req.params.failureId as string;
    if (!FAILURE_ID.test(failureId)) throw notFound(PROCESS_FAILURE_MESSAGES.notFound);
    await claimIdempotencyKey(deps, req, null);
    const result = await handleCommand(deps.store, streams.processFailure(failureId), processFailureDecider, { type: 'RequestProcessRetry', failureId }, commandContext(req, deps));
    res.json(commandAnswer(failureId, await processesSettled(deps.store, result.position)));
  });

  return router;
}
