import { Router } from 'express';
import { userRoleRequestSchema, userStatusRequestSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { adminRosterDecider, USER_MESSAGES, userDecider, type RegisteredUser } from './user.ts';

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
  const roster = (command: 'AddActiveAdmin' | 'RemoveActiveAdmin', userId: string, ctx: CommandContext) =>
    handleCommand(deps.store, streams.adminRoster(), adminRosterDecider, { type: command, userId }, ctx);

  router.put('/api/admin/users/:id/status', admin, async (req, res) => {
    const input = parseInput(userStatusRequestSchema, req.body);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const user = await account(req.params.id as string);
    const reason = input.reason ? input.reason : null;
    if (input.status === 'suspended') {
      if (user.role === 'admin') await roster('RemoveActiveAdmin', user.userId, ctx);
      const result = await handleCommand(deps.store, streams.user(user.userId), userDecider, { type: 'Suspend', reason }, ctx);
      await deps.auth.endAllFor(user.userId);
      res.json(commandAnswer(user.userId, result.position));
      return;
    }
    const result = await handleCommand(deps.store, streams.user(user.userId), userDecider, { type: 'Reactivate', reason }, ctx);
    if (user.role === 'admin') await roster('AddActiveAdmin', user.userId, ctx);
    res.json(commandAnswer(user.userId, result.position));
  });

  router.put('/api/admin/users/:id/role', admin, async (req, res) => {
    const { role } = parseInput(userRoleRequestSchema, req.body);
    await claimIdempotencyKey(deps, req, { role });
    const ctx = commandContext(req, deps);
    const user = await account(req.params.id as string);
    const command = { type: 'ChangeRole' as const, role };
    // The account's own rules first (they may refuse), then the roster (it may refuse the last admin), then the change.
    userDecider.decide(command, user, { now: ctx.clock(), newId: ctx.newId, actor: ctx.actor });
    const leavesAdmins = user.role === 'admin' && role !== 'admin' && !user.suspended;
    if (leavesAdmins) await roster('RemoveActiveAdmin', user.userId, ctx);
    const result = await handleCommand(deps.store, streams.user(user.userId), userDecider, command, ctx);
    if (role === 'admin' && !user.suspended) await roster('AddActiveAdmin', user.userId, ctx);
    await deps.auth.changeRole(user.userId, role);
    res.json(commandAnswer(user.userId, result.position));
  });

  return router;
}
