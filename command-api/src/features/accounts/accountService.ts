import { createHash } from 'node:crypto';
import { streams, type EventStore } from '@phonemarket/events';
import type { SessionUser } from '@phonemarket/platform/sessions/types.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { walletDecider } from '../orders/wallet.ts';
import { adminRosterDecider, emailReservationDecider, userDecider, type RegisteredUser, type UserProfile, type UserState } from './user.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailStream = (email: string) =>
  streams.userEmail(createHash('sha256').update(normalizeEmail(email)).digest('hex'));

export type NewAccount = UserProfile;

/** Reserves the email, then registers the user. Both appends are idempotent for the same user id. */
export async function registerAccount(store: EventStore, account: NewAccount, ctx: CommandContext) {
  const email = normalizeEmail(account.email);
  await handleCommand(store, emailStream(email), emailReservationDecider, { type: 'ReserveEmail', userId: account.userId }, ctx);
  const result = await handleCommand(store, streams.user(account.userId), userDecider, { type: 'RegisterUser', ...account, email }, ctx);
  if (account.role === 'admin') await handleCommand(store, streams.adminRoster(), adminRosterDecider, { type: 'AddActiveAdmin', userId: account.userId }, ctx);
  // Issue 12: 1,000 P and the welcome coupon on sign-up (once per account).
  const welcomed = await handleCommand(store, streams.wallet(account.userId), walletDecider, { type: 'GrantWelcomeBenefits' }, ctx);
  return welcomed.position > result.position ? { ...result, position: welcomed.position } : result;
}

export async function findAccountByEmail(store: EventStore, email: string): Promise<{ user: UserState; position: bigint } | null> {
  const reservation = await loadAggregate(store, emailStream(email), emailReservationDecider);
  if (!reservation.state.reservedBy) return null;
  const loaded = await loadAggregate(store, streams.user(reservation.state.reservedBy), userDecider);
  return loaded.state.status === 'registered' ? { user: loaded.state, position: loaded.position } : null;
}

export async function findAccountById(store: EventStore, userId: string) {
  const loaded = await loadAggregate(store, streams.user(userId), userDecider);
  return loaded.state.status === 'registered' ? { user: loaded.state, position: loaded.position } : null;
}

export function sessionUserOf(user: RegisteredUser): SessionUser {
  return { id: user.userId, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
}
