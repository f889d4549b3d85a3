import { Router } from 'express';
import type { CommandDeps } from './shared/deps.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { rankingRoutes } from './features/rankings/routes.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { offerRoutes } from './features/offers/routes.ts';
import { searchRoutes } from './features/searches/routes.ts';
import { supportRoutes } from './features/support/routes.ts';
import { seedKnowledgeBase } from './features/support/seedKnowledgeBase.ts';
import { sellerRoutes } from './features/sellers/routes.ts';
import { adminUserRoutes } from './features/accounts/adminRoutes.ts';
import { phoneThumbnailRoutes } from './features/phoneThumbnails/routes.ts';
import { onboardDemoSeller, onboardMarketSellers } from './features/sellers/marketSellers.ts';
import { ensureDemoAccounts } from './features/accounts/demoAccounts.ts';
import { seedCatalogue } from './seedCatalogue.ts';
import { idempotencyKeyFormat } from './shared/idempotency.ts';
import { bodyDepthLimit } from './shared/bodyDepth.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { commandProcesses } from './processes.ts';
import { sweepProcesses } from './shared/processSweep.ts';
import { startScheduler, type Scheduler } from './shared/scheduler.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { startNotificationMail, type NotificationMailer } from './features/settings/notificationMail.ts';
import { followSessionPolicy } from './shared/siteSettings.ts';
import { storeRoutes } from './features/stores/routes.ts';

export type { CommandDeps } from './shared/deps.ts';

/** Every command route of the command API (mounted by the standalone service and by the embedded server). */
export function commandRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.use(bodyDepthLimit);
  router.use(idempotencyKeyFormat);
  router.use(accountRoutes(deps));
  router.use(rankingRoutes(deps));
  router.use(cartRoutes(deps));
  router.use(offerRoutes(deps));
  router.use(searchRoutes(deps));
  router.use(supportRoutes(deps));
  router.use(sellerRoutes(deps));
  router.use(adminUserRoutes(deps));
  router.use(phoneThumbnailRoutes(deps));
  router.use(orderRoutes(deps));
  router.use(reviewRoutes(deps));
  router.use(storeRoutes(deps));
  router.use(settingsRoutes(deps));
  return router;
}

/** First-start work: the catalogue (always) and the demo accounts (demo mode). Idempotent. */
/** What keeps running on the command side after it started (the scheduler), to stop with the server. */
export interface CommandSide { scheduler: Scheduler; mailer: NotificationMailer; close(): Promise<void> }

/** How often the scheduler looks for due commands. */
const SCHEDULER_POLL_MS = 1_000;

export async function prepareCommandSide(deps: CommandDeps, opts: { onError?: (err: unknown) => void; schedulerPollMs?: number } = {}): Promise<CommandSide> {
  await seedCatalogue(deps.store, deps.clock, deps.newId);
  await onboardMarketSellers(deps.store, deps.clock, deps.newId);
  await seedKnowledgeBase(deps.store, deps.clock, deps.newId);
  if (deps.demo !== 'off') {
    await ensureDemoAccounts(deps.store, deps.clock, deps.newId);
    await onboardDemoSeller(deps.store, deps.clock, deps.newId);
  }
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
