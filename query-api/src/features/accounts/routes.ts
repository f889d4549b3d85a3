import { Router } from 'express';
import { ADMIN_USERS_PAGE_SIZE, adminUsersQuerySchema, type AdminUsersPage } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { USERS, adminUserOf, type UserDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { parseInput, unauthorized } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { normalizeForSearch } from '../../shared/korean.ts';
import { sendHistory } from '../../shared/history.ts';

/**
 * Account reads: who is signed in, and the admin's user management. Roles come from the server
 * session, never from the client's role header.
 */
export function accountRoutes(deps: QueryDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  /** GET /api/auth/me: the signed-in user from the server session; 401 without one. */
  router.get('/api/auth/me', (req, res) => {
    if (!req.auth) throw unauthorized();
    res.json({ user: req.auth.user });
  });

  /** GET /api/admin/users?q=&role=&status=&page=: newest first, 20 a page; q matches name or email (spacing-insensitive). */
  router.get('/api/admin/users', admin, async (req, res) => {
    const query = parseInput(adminUsersQuerySchema, req.query);
    const filter: Record<string, unknown> = {};
    if (query.role) filter.role = query.role;
    if (query.status) filter.isActive = query.status === 'active';
    const docs = await deps.docs.collection<UserDoc>(USERS).find(filter, { sort: { createdAt: -1, _id: 1 } });
    const needle = query.q ? normalizeForSearch(query.q) : '';
    const matching = needle === '' ? docs : docs.filter((u) =>
      normalizeForSearch(`${u.lastName}${u.firstName}`).includes(needle) || normalizeForSearch(`${u.firstName}${u.lastName}`).includes(needle)
      || u.email.toLowerCase().includes(query.q!.toLowerCase()));
    const start = (query.page - 1) * ADMIN_USERS_PAGE_SIZE;
    const users = matching.slice(start, start + ADMIN_USERS_PAGE_SIZE).map(({ _id, _pos, ...u }) => adminUserOf(u));
    res.json({ users, total: matching.length, page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE } satisfies AdminUsersPage);
  });

  router.get('/api/admin/users/:id/history', admin, async (req, res) => {
    await sendHistory(deps, res, streams.user(req.params.id as string), '계정을 찾을 수 없습니다.');
  });

  return router;
}
