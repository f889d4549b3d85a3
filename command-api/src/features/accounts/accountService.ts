import { createHash } from 'node:crypto';
import { streams, type EventStore } from '@phonemarket/events';
import type { SessionUser } from '@phonemarket/platform/sessions/types.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { emailReservationDecider, userDecider, type RegisteredUser, type UserConsents, type UserProfile, type UserState } from './user.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailStream = (email: string) =>
  streams.userEmail(createHash('sha256').update(normalizeEmail(email)).digest('hex'));

export type NewAccount = UserProfile & { consents?: UserConsents };

/**
 * Reserves the email, then registers the user; the account process then sends the welcome benefits
 * (and the roster entry of an admin). Every step is idempotent for the same user id, so a retry (same
 * key, same user id) completes a sign-up that stopped half-way; an email held by a sign-up that never
 * registered its account is taken over after `EMAIL_HOLD_MS`.
 */
export async function registerAccount(store: EventStore, account: NewAccount, ctx: CommandContext) {
  const email = normalizeEmail(account.email);
  const reservation = emailStream(email);
  const holder = (await loadAggregate(store, reservation, emailReservationDecider)).state.reservedBy;
  const holderRegistered = holder === null || holder === account.userId || (await findAccountById(store, holder)) !== null;
  await handleCommand(store, reservation, emailReservationDecider, { type: 'ReserveEmail', userId: account.userId, holderRegistered }, ctx);
  const result = await handleCommand(store, streams.user(account.userId), userDecider, { type: 'RegisterUser', ...account, email }, ctx);
  const followed = await processesSettled(store, result.position);
  return followed > result.position ? { ...result, position: followed } : result;
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
