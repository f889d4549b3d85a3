import { z } from 'zod';
import { defineEvent, streamName } from '../defineEvent.ts';

/**
 * The command side's processes (work across streams and over time, issue 24). Their own state lives in
 * the streams they act on; these two streams only remember how far the start-up sweep and the
 * scheduler have read the log (a global position, as a decimal string: JSON has no bigint).
 */
const position = z.string().regex(/^\d+$/);
export const processSweepCheckpointedSchema = z.object({ position });
export const schedulerCheckpointedSchema = z.object({ position });

export const processStreams = {
  processSweep: () => streamName('processSweep', 'main'),
  scheduler: () => streamName('scheduler', 'main'),
} as const;

export const processEvents = {
  ProcessSweepCheckpointed: defineEvent({ stream: 'processSweep', schema: processSweepCheckpointedSchema }),
  SchedulerCheckpointed: defineEvent({ stream: 'scheduler', schema: schedulerCheckpointedSchema }),
} as const;
