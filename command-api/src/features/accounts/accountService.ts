import { createHash } from 'node:crypto';
import { streams, type EventStore } from '@phonemarket/events';
import type { SessionUser } from '@phonemarket/platform/sessions/types.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { decideEmail, decideUser, evolveEmail, evolveUser, initialEmail, initialUser, type RegisteredUser, type UserState } from './user.ts';

const userAggregate = { initial: initialUser, evolve: evolveUser };
const emailAggregate = { initial: initialEmail, evolve: evolveEmail };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailStream = (email: string) =>
  streams.userEmail(createHash('sha256').update(normalizeEmail(email)).digest('hex'));

export type NewAccount = Omit<RegisteredUser, 'status'>;

/** Reserves the email, then registers the user. Both appends are idempotent for the same user id. */
export async function registerAccount(store: EventStore, account: NewAccount, ctx: CommandContext) {
  const email = normalizeEmail(account.email);
  await handleCommand(store, emailStream(email), emailAggregate, (s) => decideEmail({ type: 'ReserveEmail', userId: account.userId }, s), ctx);
  return handleCommand(store, streams.user(account.userId), userAggregate,
    (s) => decideUser({ type: 'RegisterUser', ...account, email }, s), ctx);
}

export async function findAccountByEmail(store: EventStore, email: string): Promise<{ user: UserState; position: bigint } | null> {
  const reservation = await loadAggregate(store, emailStream(email), emailAggregate);
  if (!reservation.state.reservedBy) return null;
  const loaded = await loadAggregate(store, streams.user(reservation.state.reservedBy), userAggregate);
  return loaded.state.status === 'registered' ? { user: loaded.state, position: loaded.position } : null;
}

export async function findAccountById(store: EventStore, userId: string) {
  const loaded = await loadAggregate(store, streams.user(userId), userAggregate);
  return loaded.state.status === 'registered' ? { user: loaded.state, position: loaded.position } : null;
}

export function sessionUserOf(user: RegisteredUser): SessionUser {
  return { id: user.userId, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
}
