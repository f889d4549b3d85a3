import { Router } from 'express';
import { unauthorized } from '@phonemarket/platform/http/errors.ts';

/** GET /api/auth/me: the signed-in user from the server session; 401 without one. */
export function authRoutes(): Router {
  const router = Router();
  router.get('/api/auth/me', (req, res) => {
    if (!req.auth) throw unauthorized();
    res.json({ user: req.auth.user });
  });
  return router;
}
