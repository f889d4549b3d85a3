import { Router } from 'express';
import { isLoopback } from '@phonemarket/platform/http/addresses.ts';
import { hasLoopbackHost } from '@phonemarket/platform/http/hosts.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** GET /api/site: what this client may do here — `demo`: whether the demo sign-in answers it (the UI then shows '데모 모드'). */
export function siteRoutes(deps: Pick<QueryDeps, 'demo'>): Router {
  const router = Router();
  router.get('/api/site', (req, res) => {
    // The same rule as POST /api/auth/demo: this machine's address, under a loopback name.
    const demo = deps.demo === 'public' || (deps.demo === 'loopback' && isLoopback(req.ip ?? req.socket.remoteAddress) && hasLoopbackHost(req));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ demo });
  });
  return router;
}
