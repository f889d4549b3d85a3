import type { AccountRole, DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

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

export type UserCommand = { type: 'RegisterUser' } & Omit<RegisteredUser, 'status'>;

export const userDecider: Decider<UserState, UserCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state: UserState, event: StoredEvent): UserState {
    switch (event.type) {
      case 'UserRegistered':
        return { status: 'registered', ...event.data };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'none') throw new DomainError('conflict', '이미 존재하는 계정입니다.');
        const { type: _type, ...data } = command;
        return [{ type: 'UserRegistered', data }];
      }
      default:
        return unhandled(command.type);
    }
  },
};

/** The email reservation (stream `userEmail-<sha256(email)>`): at most one account per email. */
export type EmailState = { reservedBy: string | null };
export type EmailCommand = { type: 'ReserveEmail'; userId: string };

export const emailReservationDecider: Decider<EmailState, EmailCommand> = {
  initialState: () => ({ reservedBy: null }),
  evolve: (state, event) => (event.type === 'UserEmailReserved' ? { reservedBy: event.data.userId } : state),
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'ReserveEmail':
        if (state.reservedBy === command.userId) return [];
        if (state.reservedBy !== null) throw new DomainError('conflict', '이미 가입된 이메일입니다.', { email: '이미 가입된 이메일입니다.' });
        return [{ type: 'UserEmailReserved', data: { userId: command.userId } }];
      default:
        return unhandled(command.type);
    }
  },
};
