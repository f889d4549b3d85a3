import type { RegisteredProcess } from './shared/process.ts';
import { commandFeatures } from './features/index.ts';

/**
 * Every process of the command side (work across streams and over time), from the features' list.
 * The start-up sweep and the scheduler run these; a route runs the ones its command's events trigger.
 */
export const commandProcesses: readonly RegisteredProcess[] = commandFeatures.flatMap((feature) => feature.processes ?? []);
