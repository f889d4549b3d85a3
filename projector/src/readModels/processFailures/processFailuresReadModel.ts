import type { ProcessFailureStatus } from '@phonemarket/contracts/processFailures.ts';
import type { Doc } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { handling, type DocBody, type EventOf } from '../docProjection.ts';
import { alreadyApplied, type ApplyContext, type ReadModel } from '../types.ts';

/*
 * Work the process runner gave up on (issue 36, ADR 022), for `/admin/processes`: one document per
 * failure (its stream `processFailure-<failureId>`), and one count of the open ones (not resolved)
 * that each event moves by at most one, so an event costs two reads and two writes whatever the
 * number of failures. Every change is pushed to the admins with the new count (the dashboard's 처리 실패 N건).
 */
export const PROCESS_FAILURES = 'processFailures';
export const PROCESS_FAILURE_COUNTS = 'processFailureCounts';
/** The `_id` of the one document of `PROCESS_FAILURE_COUNTS`. */
export const OPEN_PROCESS_FAILURES_ID = 'open';

export interface ProcessFailureDoc extends Doc {
  failureId: string;
  process: string;
  triggerId: string;
  triggerStream: string;
  triggerType: string;
  step: string;
  timerKey: string | null;
  error: string;
  attempts: number;
  status: ProcessFailureStatus;
  /** Not resolved: what the list sorts first on. */
  open: boolean;
  /** When it last failed. */
  failedAt: string;
  retryRequestedBy: string | null;
  retryRequestedAt: string | null;
  resolvedAt: string | null;
  _pos: number;
}
export interface ProcessFailureCountDoc extends Doc { open: number; _pos: number }

type FailureEvent = EventOf<'ProcessFailed' | 'ProcessRetryRequested' | 'ProcessFailureResolved'>;
type FailureBody = DocBody<ProcessFailureDoc>;

/** Open until resolved (as `isOpenProcessFailure` of the contracts; spelled here so the model's version follows it). */
const withStatus = (doc: FailureBody, status: ProcessFailureStatus): FailureBody => ({ ...doc, status, open: status !== 'resolved' });

function evolve(doc: FailureBody | null, event: FailureEvent): FailureBody | null {
  const at = event.metadata.at;
  switch (event.type) {
    case 'ProcessFailed': {
      const { failureId, process, triggerId, triggerStream, triggerType, step, timerKey, error, attempts } = event.data;
      // Failed again after a 재시도: the latest error and attempts; who asked for the 재시도 stays.
      return withStatus({
        failureId, process, triggerId, triggerStream, triggerType, step, timerKey, error, attempts, status: 'failed', open: true, failedAt: at,
        retryRequestedBy: doc?.retryRequestedBy ?? null, retryRequestedAt: doc?.retryRequestedAt ?? null, resolvedAt: null,
      }, 'failed');
    }
    case 'ProcessRetryRequested':
      return doc && { ...withStatus(doc, 'retrying'), retryRequestedBy: event.metadata.actor.userId, retryRequestedAt: at };
    case 'ProcessFailureResolved':
      return doc && { ...withStatus(doc, 'resolved'), resolvedAt: at };
  }
}

async function apply(event: FailureEvent, ctx: ApplyContext): Promise<void> {
  const failures = ctx.docs.collection<ProcessFailureDoc>(PROCESS_FAILURES);
  const id = event.data.failureId;
  const stored = await failures.get(id);
  if (alreadyApplied(stored, ctx.position)) return;
  const before = stored && withoutInternals(stored);
  const next = evolve(before, event);
  if (next === null) return;
  // The count first, then the failure: a crash in between re-applies the event, which finds the count
  // moved already (its `_pos`) and writes the failure.
  const counts = ctx.docs.collection<ProcessFailureCountDoc>(PROCESS_FAILURE_COUNTS);
  const count = await counts.get(OPEN_PROCESS_FAILURES_ID);
  let open = count?.open ?? 0;
  if (!alreadyApplied(count, ctx.position)) {
    open += Number(next.open) - Number(before?.open ?? false);
    await counts.put({ _id: OPEN_PROCESS_FAILURES_ID, open, _pos: ctx.position });
  }
  await failures.put({ ...next, _id: id, _pos: ctx.position } as ProcessFailureDoc);
  ctx.push({ topic: 'processFailuresChanged', room: pushRooms.admins, payload: { failureId: id, status: next.status, openCount: open } });
}

function withoutInternals(doc: ProcessFailureDoc): FailureBody {
  const { _id, _pos, ...body } = doc;
  return body as FailureBody;
}

const HANDLED = ['ProcessFailed', 'ProcessRetryRequested', 'ProcessFailureResolved'] as const;
const handled = new Set<string>(HANDLED);

export const processFailuresReadModel: ReadModel = handling(HANDLED, {
  name: 'processFailures',
  version: 2,
  collections: [PROCESS_FAILURES, PROCESS_FAILURE_COUNTS],
  async setup(docs) {
    await docs.collection(PROCESS_FAILURES).createIndex({ open: -1, failedAt: -1 });
  },
  apply: async (event, ctx) => {
    if (handled.has(event.type)) await apply(event as FailureEvent, ctx);
  },
});
