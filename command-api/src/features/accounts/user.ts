import type { AccountRole, DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';

/** The user aggregate (stream `user-<id>`). */
export interface RegisteredUser {
  status: 'registered';
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
  passwordHash: string;
  demo: boolean;
}
export type UserState = { status: 'none' } | RegisteredUser;

export const initialUser = (): UserState => ({ status: 'none' });

export function evolveUser(state: UserState, event: StoredEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', ...event.data };
    default:
      return state;
  }
}

export type RegisterUser = { type: 'RegisterUser' } & Omit<RegisteredUser, 'status'>;

export function decideUser(command: RegisterUser, state: UserState): DomainEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new DomainError('conflict', '이미 존재하는 계정입니다.');
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data }];
    }
  }
}

/** The email reservation (stream `userEmail-<sha256(email)>`): at most one account per email. */
export type EmailState = { reservedBy: string | null };
export const initialEmail = (): EmailState => ({ reservedBy: null });

export function evolveEmail(state: EmailState, event: StoredEvent): EmailState {
  return event.type === 'UserEmailReserved' ? { reservedBy: event.data.userId } : state;
}

export interface ReserveEmail {
  type: 'ReserveEmail';
  userId: string;
}

export function decideEmail(command: ReserveEmail, state: EmailState): DomainEvent[] {
  if (state.reservedBy === command.userId) return [];
  if (state.reservedBy !== null) throw new DomainError('conflict', '이미 가입된 이메일입니다.', { email: '이미 가입된 이메일입니다.' });
  return [{ type: 'UserEmailReserved', data: { userId: command.userId } }];
}
