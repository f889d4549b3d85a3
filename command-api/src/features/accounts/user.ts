import type { AccountRole, ActiveAdminLeaving, DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { LAST_ADMIN_MESSAGE } from '@phonemarket/contracts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** What registration records (stream `user-<id>`). */
export interface UserProfile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
  passwordHash: string;
  demo: boolean;
}
/** The user aggregate: the profile, whether it is suspended, its open seller application and its seller. */
export interface RegisteredUser extends UserProfile {
  status: 'registered';
  suspended: boolean;
  openApplicationId: string | null;
  sellerId: string | null;
}
export type UserState = { status: 'none' } | RegisteredUser;
/** What a sign-up agreed to (the versions of the texts); demo and seeded accounts have none. */
export interface UserConsents {
  termsVersion: string;
  privacyVersion: string;
  ageOver14Confirmed: true;
  marketing: boolean;
  marketingVersion: string;
}

export type UserCommand =
  | ({ type: 'RegisterUser'; consents?: UserConsents } & UserProfile)
  | { type: 'RecordSignIn'; method: 'password' | 'demo' }
  | { type: 'FileSellerApplication'; applicationId: string }
  | { type: 'ConcludeSellerApplication'; applicationId: string; approved: boolean; sellerId: string }
  | { type: 'ChangeRole'; role: AccountRole }
  | { type: 'Suspend'; reason: string | null }
  | { type: 'Reactivate'; reason: string | null };

export const USER_MESSAGES = {
  notFound: '계정을 찾을 수 없습니다.',
  applicationOpen: '이미 검토 중인 셀러 신청이 있습니다.',
  alreadySeller: '이미 판매자 계정입니다.',
  sellerOnlyByApplication: '판매자 권한은 셀러 신청 승인으로만 부여하거나 거둘 수 있습니다.',
  adminOnlyByAdmin: '관리자 권한은 다른 관리자만 부여할 수 있습니다.',
} as const;

/**
 * Why an account may not get `role` (null: it may). The admin routes ask before an admin leaves the
 * roster, so a demotion the account would refuse never takes the admin out of it.
 */
export function roleChangeRefusal(user: RegisteredUser, role: AccountRole, actor: { userId: string | null; role: string }): DomainError | null {
  // buyer <-> seller only through an application: back to seller only for an account that has its seller.
  if (role === 'seller' && user.sellerId === null) return new DomainError('conflict', USER_MESSAGES.sellerOnlyByApplication);
  if (user.role === 'seller' && role === 'user') return new DomainError('conflict', USER_MESSAGES.sellerOnlyByApplication);
  if (role === 'admin' && (actor.role !== 'admin' || actor.userId === user.userId)) return new DomainError('forbidden', USER_MESSAGES.adminOnlyByAdmin);
  return null;
}

const registered = (state: UserState): RegisteredUser => {
  if (state.status !== 'registered') throw new DomainError('not_found', USER_MESSAGES.notFound);
  return state;
};

export const userDecider: Decider<UserState, UserCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state: UserState, event: StoredEvent): UserState {
    if (event.type === 'UserRegistered') {
      return { status: 'registered', ...event.data, suspended: false, openApplicationId: null, sellerId: null };
    }
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'UserSellerApplicationFiled':
        return { ...state, openApplicationId: event.data.applicationId };
      case 'UserSellerApplicationRejected':
        return state.openApplicationId === event.data.applicationId ? { ...state, openApplicationId: null } : state;
      case 'UserRoleChanged':
        return {
          ...state,
          role: event.data.to,
          sellerId: event.data.sellerId ?? state.sellerId,
          openApplicationId: event.data.applicationId !== null && event.data.applicationId === state.openApplicationId ? null : state.openApplicationId,
        };
      case 'UserSuspended':
        return { ...state, suspended: true };
      case 'UserReactivated':
        return { ...state, suspended: false };
      default:
        return state;
    }
  },
  decide(command, state, ctx): DomainEvent[] {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'none') throw new DomainError('conflict', '이미 존재하는 계정입니다.');
        const { type: _type, consents, ...data } = command;
        const registered: DomainEvent = { type: 'UserRegistered', data };
        return consents ? [registered, { type: 'UserConsentsRecorded', data: { userId: data.userId, ...consents } }] : [registered];
      }
      case 'RecordSignIn': {
        const user = registered(state);
        return [{ type: 'UserSignedIn', data: { userId: user.userId, method: command.method } }];
      }
      case 'FileSellerApplication': {
        const user = registered(state);
        if (user.openApplicationId === command.applicationId) return [];
        if (user.openApplicationId !== null) throw new DomainError('conflict', USER_MESSAGES.applicationOpen);
        if (user.role !== 'user') throw new DomainError('conflict', USER_MESSAGES.alreadySeller);
        return [{ type: 'UserSellerApplicationFiled', data: { userId: user.userId, applicationId: command.applicationId } }];
      }
      case 'ConcludeSellerApplication': {
        const user = registered(state);
        if (user.openApplicationId !== command.applicationId) return [];
        if (!command.approved) return [{ type: 'UserSellerApplicationRejected', data: { userId: user.userId, applicationId: command.applicationId } }];
        // An admin who applied keeps the admin role; the account still gets its seller.
        const to = user.role === 'admin' ? 'admin' : 'seller';
        return [{ type: 'UserRoleChanged', data: { userId: user.userId, from: user.role, to, applicationId: command.applicationId, sellerId: command.sellerId } }];
      }
      case 'ChangeRole': {
        const user = registered(state);
        if (user.role === command.role) return [];
        const refusal = roleChangeRefusal(user, command.role, ctx.actor);
        if (refusal) throw refusal;
        return [{ type: 'UserRoleChanged', data: { userId: user.userId, from: user.role, to: command.role, applicationId: null, sellerId: null } }];
      }
      case 'Suspend': {
        const user = registered(state);
        if (user.suspended) return [];
        return [{ type: 'UserSuspended', data: { userId: user.userId, reason: command.reason } }];
      }
      case 'Reactivate': {
        const user = registered(state);
        if (!user.suspended) return [];
        return [{ type: 'UserReactivated', data: { userId: user.userId, reason: command.reason } }];
      }
      default:
        return unhandled(command);
    }
  },
};

/** The active admins (stream `adminRoster-all`): who is admin and not suspended. The last one stays. */
export type AdminRosterState = { active: ReadonlySet<string> };
/** `then`: the account change that makes the admin leave (sent to the account by the admin-roster process). */
export type AdminRosterCommand = { type: 'AddActiveAdmin'; userId: string } | { type: 'RemoveActiveAdmin'; userId: string; then?: ActiveAdminLeaving };

export const adminRosterDecider: Decider<AdminRosterState, AdminRosterCommand> = {
  initialState: () => ({ active: new Set() }),
  evolve(state, event) {
    if (event.type === 'ActiveAdminAdded') return { active: new Set([...state.active, event.data.userId]) };
    if (event.type === 'ActiveAdminRemoved') return { active: new Set([...state.active].filter((id) => id !== event.data.userId)) };
    return state;
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'AddActiveAdmin':
        return state.active.has(command.userId) ? [] : [{ type: 'ActiveAdminAdded', data: { userId: command.userId } }];
      case 'RemoveActiveAdmin':
        if (!state.active.has(command.userId)) return [];
        if (state.active.size <= 1) throw new DomainError('conflict', LAST_ADMIN_MESSAGE);
        return [{ type: 'ActiveAdminRemoved', data: { userId: command.userId, ...(command.then ? { then: command.then } : {}) } }];
      default:
        return unhandled(command);
    }
  },
};

/** The email reservation (stream `userEmail-<sha256(email)>`): at most one account per email. */
export type EmailState = { reservedBy: string | null; reservedAt: string | null };
/**
 * `holderRegistered`: whether the account holding the email exists (the route looks). A sign-up that
 * stopped after reserving leaves an email held by no account: after `EMAIL_HOLD_MS` (a sign-up still
 * under way is done by then) the next sign-up with that email takes it over.
 */
export type EmailCommand = { type: 'ReserveEmail'; userId: string; holderRegistered: boolean };
export const EMAIL_HOLD_MS = 60_000;

export const emailReservationDecider: Decider<EmailState, EmailCommand> = {
  initialState: () => ({ reservedBy: null, reservedAt: null }),
  evolve: (state, event) => (event.type === 'UserEmailReserved' ? { reservedBy: event.data.userId, reservedAt: event.metadata.at } : state),
  decide(command, state, ctx): DomainEvent[] {
    switch (command.type) {
      case 'ReserveEmail': {
        if (state.reservedBy === command.userId) return [];
        const abandoned = !command.holderRegistered && state.reservedAt !== null && ctx.now.getTime() - Date.parse(state.reservedAt) >= EMAIL_HOLD_MS;
        if (state.reservedBy !== null && !abandoned) throw new DomainError('conflict', '이미 가입된 이메일입니다.', { email: '이미 가입된 이메일입니다.' });
        return [{ type: 'UserEmailReserved', data: { userId: command.userId } }];
      }
      default:
        return unhandled(command.type);
    }
  },
};
