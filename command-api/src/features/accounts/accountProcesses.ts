import { streams, type AccountRole, type ActiveAdminLeaving, type EventStore } from '@phonemarket/events';
import { handleCommand, type CommandContext } from '../../shared/commandHandler.ts';
import { defineProcess, sendTo } from '../../shared/process.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { walletDecider } from '../orders/public.ts';
import { adminRosterDecider, userDecider, type AdminRosterState, type RegisteredUser, type UserCommand, type UserState } from './user.ts';

const joinAdmins = (userId: string) => sendTo(streams.adminRoster(), adminRosterDecider, { type: 'AddActiveAdmin', userId });

/**
 * An account's life (instance: its `user-<id>` stream): a new account gets its welcome points and
 * coupon (and joins the active admins if it is one); an account made admin, or an admin reactivated,
 * joins the active admins.
 */
export const userAccountProcess = defineProcess<UserState, 'UserRegistered' | 'UserRoleChanged' | 'UserReactivated'>({
  name: 'userAccount',
  reactsTo: ['UserRegistered', 'UserRoleChanged', 'UserReactivated'],
  initialState: userDecider.initialState,
  evolve: userDecider.evolve,
  decide(event, before) {
    switch (event.type) {
      case 'UserRegistered':
        return [
          ...(event.data.role === 'admin' ? [joinAdmins(event.data.userId)] : []),
          sendTo(streams.wallet(event.data.userId), walletDecider, { type: 'GrantWelcomeBenefits' }),
        ];
      case 'UserRoleChanged':
        return event.data.to === 'admin' && before.status === 'registered' && !before.suspended ? [joinAdmins(event.data.userId)] : [];
      case 'UserReactivated':
        return before.status === 'registered' && before.role === 'admin' ? [joinAdmins(event.data.userId)] : [];
    }
  },
});

/**
 * An admin leaving the active admins (instance: the roster stream) because of a change of their
 * account: the roster decides first (the last active admin stays), then the change is sent to the account.
 */
export const adminRosterProcess = defineProcess<AdminRosterState, 'ActiveAdminRemoved'>({
  name: 'adminRoster',
  reactsTo: ['ActiveAdminRemoved'],
  initialState: adminRosterDecider.initialState,
  evolve: adminRosterDecider.evolve,
  decide(event) {
    const { userId, then } = event.data;
    if (!then) return [];
    return [sendTo(streams.user(userId), userDecider, then.type === 'ChangeRole' ? { type: 'ChangeRole', role: then.role } : { type: 'Suspend', reason: then.reason })];
  },
});

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);

/** A command to the account; the account process then moves the roster (an admin made or reactivated joins it). */
export async function changeAccount(store: EventStore, user: RegisteredUser, command: UserCommand, ctx: CommandContext): Promise<bigint> {
  const stream = streams.user(user.userId);
  const result = await handleCommand(store, stream, userDecider, command, ctx);
  return maxOf(result.position, await processesSettled(store, result.position));
}

/**
 * An active admin demoted or suspended: the roster decides first (409 for the last active admin), then
 * the admin-roster process sends the change to the account. A retry (same key) sends it again if a
 * stop left it unsent; the start-up sweep does too.
 */
async function leaveAdmins(store: EventStore, user: RegisteredUser, then: ActiveAdminLeaving, ctx: CommandContext): Promise<bigint> {
  const roster = streams.adminRoster();
  const removed = await handleCommand(store, roster, adminRosterDecider, { type: 'RemoveActiveAdmin', userId: user.userId, then }, ctx);
  // Not on the roster after all (an account from before it): the change goes to the account directly.
  if (removed.events.length === 0) return changeAccount(store, user, then.type === 'ChangeRole' ? { type: 'ChangeRole', role: then.role } : { type: 'Suspend', reason: then.reason }, ctx);
  return maxOf(removed.position, await processesSettled(store, removed.position));
}

const activeAdmin = (user: RegisteredUser) => user.role === 'admin' && !user.suspended;

/** `PUT /api/admin/users/{id}/status` suspending: through the roster for an active admin. */
export const suspendAccount = (store: EventStore, user: RegisteredUser, reason: string | null, ctx: CommandContext) =>
  activeAdmin(user) ? leaveAdmins(store, user, { type: 'Suspend', reason }, ctx) : changeAccount(store, user, { type: 'Suspend', reason }, ctx);

/** `PUT /api/admin/users/{id}/role`: through the roster for an active admin who stops being one. */
export const changeAccountRole = (store: EventStore, user: RegisteredUser, role: AccountRole, ctx: CommandContext) =>
  activeAdmin(user) && role !== 'admin' ? leaveAdmins(store, user, { type: 'ChangeRole', role }, ctx) : changeAccount(store, user, { type: 'ChangeRole', role }, ctx);
