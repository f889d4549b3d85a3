import { Router } from 'express';
import { gateByPath } from '@phonemarket/platform/http/pathGate.ts';
import type { CommandDeps } from './shared/deps.ts';
import { idempotencyKeyFormat } from './shared/idempotency.ts';
import { bodyDepthLimit } from './shared/bodyDepth.ts';
import { startCommandProcessRunner } from './processes.ts';
import { commandFeatures } from './features/index.ts';
import type { ProcessRunner, ProcessRunnerOptions } from './shared/processRunner.ts';
import { startNotificationMail, type NotificationMailer } from './features/settings/notificationMail.ts';
import { followSessionPolicy } from './shared/siteSettings.ts';

export type { CommandDeps } from './shared/deps.ts';

/** Every command route of the command API (mounted by the standalone service and by the embedded server). */
export function commandRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.use(bodyDepthLimit);
  router.use(idempotencyKeyFormat);
  for (const feature of commandFeatures) for (const routes of feature.routes?.(deps) ?? []) router.use(gateByPath(routes));
  return router;
}

/** What keeps running on the command side after it started (the process runner), to stop with the server. */
export interface CommandSide { runner: ProcessRunner; mailer: NotificationMailer; close(): Promise<void> }

export async function prepareCommandSide(
  deps: CommandDeps,
  opts: { onError?: (err: unknown) => void; runner?: Partial<Omit<ProcessRunnerOptions, 'clock' | 'newId' | 'onError' | 'failures'>> } = {},
): Promise<CommandSide> {
  // The one process runner (ADR 022): active here or standing by for another instance's; it runs the
  // processes of everything appended from now on, the seeds' events included.
  const runner = await startCommandProcessRunner(deps.store, {
    clock: deps.clock, newId: deps.newId, ...opts.runner, ...(opts.onError ? { onError: opts.onError } : {}),
  });
  for (const feature of commandFeatures) await feature.seed?.(deps);
  if (deps.demo !== 'off') for (const feature of commandFeatures) await feature.demo?.(deps);
  // Site settings (issue 29): the session timeouts in force here, and notifications also by e-mail.
  const stopPolicy = await followSessionPolicy(deps.store, deps.auth, (err) => opts.onError?.(err));
  const mailer = await startNotificationMail(deps, (err) => opts.onError?.(err));
  return {
    runner,
    mailer,
    async close() {
      stopPolicy();
      await mailer.close();
      await runner.close();
    },
  };
}
