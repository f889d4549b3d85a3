import { Router } from 'express';
import { USERS, type UserDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { unauthorized } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/**
 * Account reads: who is signed in, and the admin's user list. Roles come from the server session,
 * never from the client's role header.
 */
export function accountRoutes(deps: QueryDeps): Router {
  const router = Router();

  /** GET /api/auth/me: the signed-in user from the server session; 401 without one. */
  router.get('/api/auth/me', (req, res) => {
    if (!req.auth) throw unauthorized();
    res.json({ user: req.auth.user });
  });

  router.get('/api/admin/users', requireRole('admin'), async (_req, res) => {
    const users = await deps.docs.collection<UserDoc>(USERS).find({}, { sort: { createdAt: -1, _id: 1 } });
    res.json(users.map(({ _id, _pos, ...user }) => user));
  });

  return router;
}
