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
import { seedCatalogue } from './features/catalogue/seedCatalogue.ts';
import { idempotencyKeyFormat } from './shared/idempotency.ts';
import { bodyDepthLimit } from './shared/bodyDepth.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { sweepUnfinishedCheckouts } from './features/orders/checkoutSweep.ts';
import { reviewRoutes } from './features/reviews/routes.ts';

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
  return router;
}

/** First-start work: the catalogue (always) and the demo accounts (demo mode). Idempotent. */
export async function prepareCommandSide(deps: CommandDeps): Promise<void> {
  await seedCatalogue(deps.store, deps.clock, deps.newId);
  await onboardMarketSellers(deps.store, deps.clock, deps.newId);
  await seedKnowledgeBase(deps.store, deps.clock, deps.newId);
  if (deps.demo !== 'off') {
    await ensureDemoAccounts(deps.store, deps.clock, deps.newId);
    await onboardDemoSeller(deps.store, deps.clock, deps.newId);
  }
  // Checkouts and cancels a stopped process left half-done: their units are put back (or their order completed).
  await sweepUnfinishedCheckouts(deps.store, { actor: { userId: null, role: 'admin' }, correlationId: 'checkout-sweep', clock: deps.clock, newId: deps.newId });
}
