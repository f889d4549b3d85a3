import { Router } from 'express';
import type { SiteInfo } from '@phonemarket/contracts';
import { isLoopback } from '@phonemarket/platform/http/addresses.ts';
import { hasLoopbackHost } from '@phonemarket/platform/http/hosts.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { followSessionPolicy, publicSettings, settingsQueryRoutes } from './settings.ts';

/**
 * GET /api/site: what this client may do here — `demo`: whether the demo sign-in answers it (the UI
 * then shows '데모 모드') — and what every page shows of the site settings (issue 29): the business
 * information of the footer and the payment methods checkout offers. With the settings' admin reads.
 */
export function siteRoutes(deps: Pick<QueryDeps, 'demo' | 'docs' | 'auth' | 'progress'>): Router {
  const router = Router();
  followSessionPolicy(deps);
  router.get('/api/site', async (req, res) => {
    // The same rule as POST /api/auth/demo: this machine's address, under a loopback name.
    const demo = deps.demo === 'public' || (deps.demo === 'loopback' && isLoopback(req.ip ?? req.socket.remoteAddress) && hasLoopbackHost(req));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ demo, ...(await publicSettings(deps)) } satisfies SiteInfo);
  });
  router.use(settingsQueryRoutes(deps));
  return router;
}
