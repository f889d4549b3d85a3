import { Router } from 'express';
import { userRoleRequestSchema, userStatusRequestSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { changeAccount, changeAccountRole, suspendAccount } from './accountProcesses.ts';
import { roleChangeRefusal, USER_MESSAGES, userDecider, type RegisteredUser } from './user.ts';

/**
 * User management (admin only): suspend / reactivate and change roles. The last active admin can be
 * neither suspended nor demoted (the admin roster refuses it, 409). A suspension ends the account's
 * sessions at once; a role change reaches its sessions at their next request.
 */
export function adminUserRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  async function account(userId: string): Promise<RegisteredUser> {
    const loaded = await loadAggregate(deps.store, streams.user(userId), userDecider);
    if (loaded.state.status !== 'registered') throw notFound(USER_MESSAGES.notFound);
    return loaded.state;
  }

  router.put('/api/admin/users/:id/status', admin, async (req, res) => {
    const input = parseInput(userStatusRequestSchema, req.body);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const user = await account(req.params.id as string);
    const reason = input.reason ? input.reason : null;
    if (input.status === 'suspended') {
      const position = await suspendAccount(deps.store, user, reason, ctx);
      await deps.auth.endAllFor(user.userId);
      res.json(commandAnswer(user.userId, position));
      return;
    }
    res.json(commandAnswer(user.userId, await changeAccount(deps.store, user, { type: 'Reactivate', reason }, ctx)));
  });

  router.put('/api/admin/users/:id/role', admin, async (req, res) => {
    const { role } = parseInput(userRoleRequestSchema, req.body);
    await claimIdempotencyKey(deps, req, { role });
    const ctx = commandContext(req, deps);
    const user = await account(req.params.id as string);
    // The account's own rules first: a change it would refuse never takes an admin off the roster.
    const refusal = user.role === role ? null : roleChangeRefusal(user, role, ctx.actor);
    if (refusal) throw refusal;
    const position = await changeAccountRole(deps.store, user, role, ctx);
    await deps.auth.changeRole(user.userId, role);
    res.json(commandAnswer(user.userId, position));
  });

  return router;
}
