import { Router } from 'express';
import type { CommandDeps } from './shared/deps.ts';
import { idempotencyKeyFormat } from './shared/idempotency.ts';
import { bodyDepthLimit } from './shared/bodyDepth.ts';
import { commandProcesses } from './processes.ts';
import { commandFeatures } from './features/index.ts';
import { sweepProcesses } from './shared/processSweep.ts';
import { startScheduler, type Scheduler } from './shared/scheduler.ts';
import { startNotificationMail, type NotificationMailer } from './features/settings/notificationMail.ts';
import { followSessionPolicy } from './shared/siteSettings.ts';

export type { CommandDeps } from './shared/deps.ts';

/** Every command route of the command API (mounted by the standalone service and by the embedded server). */
export function commandRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.use(bodyDepthLimit);
  router.use(idempotencyKeyFormat);
  for (const feature of commandFeatures) for (const routes of feature.routes?.(deps) ?? []) router.use(routes);
  return router;
}

/** What keeps running on the command side after it started (the scheduler), to stop with the server. */
export interface CommandSide { scheduler: Scheduler; mailer: NotificationMailer; close(): Promise<void> }

/** How often the scheduler looks for due commands. */
const SCHEDULER_POLL_MS = 1_000;

export async function prepareCommandSide(deps: CommandDeps, opts: { onError?: (err: unknown) => void; schedulerPollMs?: number } = {}): Promise<CommandSide> {
  for (const feature of commandFeatures) await feature.seed?.(deps);
  if (deps.demo !== 'off') for (const feature of commandFeatures) await feature.demo?.(deps);
  // Work a stopped process left half-done is completed; commands due later are sent when due.
  const system = { actor: { userId: null, role: 'admin' as const }, correlationId: 'process-sweep', clock: deps.clock, newId: deps.newId };
  await sweepProcesses(deps.store, commandProcesses, system, (err) => opts.onError?.(err));
  const scheduler = await startScheduler(deps.store, commandProcesses, {
    clock: deps.clock, newId: deps.newId, pollMs: opts.schedulerPollMs ?? SCHEDULER_POLL_MS, ...(opts.onError ? { onError: opts.onError } : {}),
  });
  // Site settings (issue 29): the session timeouts in force here, and notifications also by e-mail.
  const stopPolicy = await followSessionPolicy(deps.store, deps.auth, (err) => opts.onError?.(err));
  const mailer = await startNotificationMail(deps, (err) => opts.onError?.(err));
  return {
    scheduler,
    mailer,
    async close() {
      stopPolicy();
      await mailer.close();
      await scheduler.close();
    },
  };
}
