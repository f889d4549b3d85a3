import type { RegisteredProcess } from './shared/process.ts';
import { commandFeatures } from './features/index.ts';

/**
 * Every process of the command side (work across streams and over time), from the features' list.
 * The process runner (ADR 022) runs these from the log; nothing else does.
 */
export const commandProcesses: readonly RegisteredProcess[] = commandFeatures.flatMap((feature) => feature.processes ?? []);
