import { Router } from 'express';
import {
  ADMIN_PROCESSES_PATH, PROCESS_FAILURE_MESSAGES, PROCESS_FAILURE_STATUS_LABELS, processFailuresQuerySchema, processLabel,
  type ProcessFailure, type ProcessFailures,
} from '@phonemarket/contracts/processFailures.ts';
import { streams } from '@phonemarket/events';
import {
  OPEN_PROCESS_FAILURES_ID, PROCESS_FAILURES, PROCESS_FAILURE_COUNTS, USERS, displayName,
  type ProcessFailureCountDoc, type ProcessFailureDoc, type UserDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { sendHistory } from '../../shared/history.ts';

function failureOf(doc: ProcessFailureDoc, names: ReadonlyMap<string, string>): ProcessFailure {
  return {
    failureId: doc.failureId, process: doc.process, processLabel: processLabel(doc.process),
    triggerId: doc.triggerId, triggerStream: doc.triggerStream, triggerType: doc.triggerType, step: doc.step, timerKey: doc.timerKey,
    error: doc.error, attempts: doc.attempts, status: doc.status, statusLabel: PROCESS_FAILURE_STATUS_LABELS[doc.status],
    failedAt: doc.failedAt, retryRequestedBy: doc.retryRequestedBy,
    retryRequestedByName: doc.retryRequestedBy === null ? null : (names.get(doc.retryRequestedBy) ?? null),
    retryRequestedAt: doc.retryRequestedAt, resolvedAt: doc.resolvedAt,
  };
}

/**
 * Admins (issue 36): the work the process runner gave up on, open first and newest first, with how
 * many are open (`?status=open|failed|retrying|resolved`; `?limit=0` for the counts alone, as the
 * dashboard reads them), and each failure's audit history (the failure, every 재시도 with its admin, the outcome).
 */
export function processFailureQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.get(ADMIN_PROCESSES_PATH, admin, async (req, res) => {
    const { status, limit } = parseInput(processFailuresQuerySchema, req.query);
    const filter = status === undefined ? {} : status === 'open' ? { open: true } : { status };
    const failures = deps.docs.collection<ProcessFailureDoc>(PROCESS_FAILURES);
    const [docs, total, count] = await Promise.all([
      limit === 0 ? [] : failures.find(filter, { sort: { open: -1, failedAt: -1, _id: 1 }, limit }),
      failures.count(filter),
      deps.docs.collection<ProcessFailureCountDoc>(PROCESS_FAILURE_COUNTS).get(OPEN_PROCESS_FAILURES_ID),
    ]);
    const adminIds = [...new Set(docs.flatMap((d) => (d.retryRequestedBy === null ? [] : [d.retryRequestedBy])))];
    const admins = adminIds.length ? await deps.docs.collection<UserDoc>(USERS).find({ _id: { $in: adminIds } }) : [];
    const names = new Map(admins.map((u) => [u.id, displayName(u)]));
    res.json({ failures: docs.map((d) => failureOf(d, names)), total, openCount: count?.open ?? 0 } satisfies ProcessFailures);
  });

  router.get(`${ADMIN_PROCESSES_PATH}/:failureId/history`, admin, async (req, res) => {
    await sendHistory(deps, res, streams.processFailure(req.params.failureId as string), PROCESS_FAILURE_MESSAGES.notFound);
  });

  return router;
}
