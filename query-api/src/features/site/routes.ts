import { Router } from 'express';
import { isLoopback } from '@phonemarket/platform/http/addresses.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** GET /api/site: what this client may do here — `demo`: whether the demo sign-in answers it (the UI then shows '데모 모드'). */
export function siteRoutes(deps: Pick<QueryDeps, 'demo'>): Router {
  const router = Router();
  router.get('/api/site', (req, res) => {
    const demo = deps.demo === 'public' || (deps.demo === 'loopback' && isLoopback(req.ip ?? req.socket.remoteAddress));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ demo });
  });
  return router;
}
