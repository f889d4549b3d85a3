import type { EventStore } from '@phonemarket/events';
import type { RegisteredProcess } from './shared/process.ts';
import { startProcessRunner, type ProcessRunner, type ProcessRunnerOptions } from './shared/processRunner.ts';
import { processFailureDecider } from './features/processFailures/public.ts';
import { commandFeatures } from './features/index.ts';

/**
 * Every process of the command side (work across streams and over time), from the features' list.
 * The process runner (ADR 022) runs these from the log; nothing else does.
 */
export const commandProcesses: readonly RegisteredProcess[] = commandFeatures.flatMap((feature) => feature.processes ?? []);

/** The product's process runner on `store`: every process above, failures recorded by the processFailures feature's decider. */
export const startCommandProcessRunner = (store: EventStore, opts: Omit<ProcessRunnerOptions, 'failures'>): Promise<ProcessRunner> =>
  startProcessRunner(store, commandProcesses, { ...opts, failures: processFailureDecider });
