import { z } from 'zod';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/**
 * The command side's processes (work across streams and over time, ADR 016 and ADR 022). Their own
 * state lives in the streams they act on. The process runner (one active per store, under a lease)
 * follows the log and keeps here only what must outlive it:
 * - `processTimers-main`: commands due later (`ProcessTimerScheduled`, a due time) and their end
 *   (`ProcessTimerFired`); a timer is never dropped before one of them, or a `ProcessFailed`;
 * - `processFailure-<failureId>`: work the runner gave up on after its retries, and an admin's 재시도;
 * - `processCatchUp-main`: the versions of processes run again over the triggers before them (`ProcessCaughtUp`).
 * Older logs also hold `processSweep-main`/`scheduler-main` checkpoints of the former sweep and scheduler
 * (read once to know where the runner starts, never written again).
 */
const position = z.string().regex(/^\d+$/);
const id = z.string().min(1);
export const processSweepCheckpointedSchema = z.object({ position });
export const schedulerCheckpointedSchema = z.object({ position });

/** Which work failed: a process's command `index` for a trigger event, or its timer `timer<index>`. */
export const processWorkSchema = z.object({
  process: id,
  triggerId: id,
  triggerStream: id,
  triggerType: id,
  /** `"0"`, `"1"`… for the commands decided at the trigger; `"timer0"`… for its timers. */
  step: id,
});

export const processStreams = {
  processSweep: () => streamName('processSweep', 'main'),
  scheduler: () => streamName('scheduler', 'main'),
  processTimers: () => streamName('processTimers', 'main'),
  processCatchUp: () => streamName('processCatchUp', 'main'),
  processFailure: (failureId: string) => streamName('processFailure', failureId),
  processFailureId: (stream: string) => streamId('processFailure', stream),
} as const;

export const processEvents = {
  ProcessSweepCheckpointed: defineEvent({ stream: 'processSweep', schema: processSweepCheckpointedSchema }),
  SchedulerCheckpointed: defineEvent({ stream: 'scheduler', schema: schedulerCheckpointedSchema }),
  /** A process decided a command due later. `dueAt` is kept as decided; one that is no real time fails when due. */
  ProcessTimerScheduled: defineEvent({
    stream: 'processTimers',
    schema: processWorkSchema.extend({ key: id, dueAt: z.string() }),
  }),
  /** The due command was sent (or found sent already): the timer is done. */
  ProcessTimerFired: defineEvent({ stream: 'processTimers', schema: z.object({ key: id }) }),
  /** The runner gave up on one piece of work after `attempts` tries (a transient error each time), or could not run it at all. */
  ProcessFailed: defineEvent({
    stream: 'processFailure',
    schema: processWorkSchema.extend({ failureId: id, error: z.string(), attempts: z.number().int().nonnegative(), timerKey: id.nullable() }),
  }),
  /**
   * A process at `version` was run again for every trigger of it in the log up to `through` (the runner's
   * checkpoint then: the triggers an earlier version had run); above it the runner ran that version anyway.
   */
  ProcessCaughtUp: defineEvent({ stream: 'processCatchUp', schema: z.object({ process: id, version: z.number().int().positive(), through: position }) }),
  /** An admin asked for the failed work to be tried again (재시도); the runner does it. */
  ProcessRetryRequested: defineEvent({ stream: 'processFailure', schema: z.object({ failureId: id }) }),
  /** The failed work was done at last (by a 재시도). */
  ProcessFailureResolved: defineEvent({ stream: 'processFailure', schema: z.object({ failureId: id }) }),
} as const;
