import { Router } from 'express';
import { USERS, type UserDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** Admin-only reads. The role comes from the server session, never from the client's role header. */
export function adminRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/api/admin/users', requireRole('admin'), async (_req, res) => {
    const users = await deps.docs.collection<UserDoc>(USERS).find({}, { sort: { createdAt: -1, _id: 1 } });
    res.json(users.map(({ _id, _pos, ...user }) => user));
  });
  return router;
}
