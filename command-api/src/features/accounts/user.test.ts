import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import type { DomainEvent } from '@phonemarket/events';
import { adminRosterDecider, EMAIL_HOLD_MS, emailReservationDecider, userDecider, type UserCommand } from './user.ts';

const register: UserCommand = {
  type: 'RegisterUser', userId: 'u1', email: 'kim@example.kr', firstName: '민준', lastName: '김',
  role: 'user', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', demo: false,
};
const registered = { type: 'UserRegistered' as const, data: { userId: 'u1', email: 'kim@example.kr', firstName: '민준', lastName: '김', role: 'user' as const, passwordHash: register.passwordHash, demo: false } };

describe('user (given/when/then)', () => {
  const given = DeciderSpecification.for(userDecider);
  it('given no user, when RegisterUser, then UserRegistered', () => {
    given([]).when(register).then([registered]);
  });
  it('given no user, when RegisterUser with the sign-up\'s agreements, then UserRegistered and UserConsentsRecorded with the versions', () => {
    const consents = { termsVersion: '2026-11-23', privacyVersion: '2026-11-23', ageOver14Confirmed: true as const, marketing: false, marketingVersion: '2026-11-23' };
    given([]).when({ ...register, consents }).then([registered, { type: 'UserConsentsRecorded', data: { userId: 'u1', ...consents } }]);
  });
  it('given a registered user, when RegisterUser again, then a conflict', () => {
    given([registered]).when(register).thenThrows('이미 존재하는 계정입니다.');
  });
  it('evolve keeps what a session needs', () => {
    given([]).when(register).thenState((s) => expect(s).toMatchObject({ status: 'registered', email: 'kim@example.kr', role: 'user' }));
  });
});

describe('email reservation (given/when/then)', () => {
  const given = DeciderSpecification.for(emailReservationDecider);
  it('given a free email, when ReserveEmail, then UserEmailReserved', () => {
    given([]).when({ type: 'ReserveEmail', userId: 'u1', holderRegistered: true }).then([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]);
  });
  it('given an email reserved by the same user, when ReserveEmail, then nothing (idempotent)', () => {
    given([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]).when({ type: 'ReserveEmail', userId: 'u1', holderRegistered: true }).thenNothing();
  });
  it('given an email reserved by another user, when ReserveEmail, then 이미 가입된 이메일입니다', () => {
    given([{ type: 'UserEmailReserved', data: { userId: 'u2' } }]).when({ type: 'ReserveEmail', userId: 'u1', holderRegistered: true }).thenThrows('이미 가입된 이메일입니다.');
  });
  it('given an email held by a sign-up that never registered its account, it is taken over once EMAIL_HOLD_MS has passed, not before', () => {
    const at = new Date('2026-11-20T10:00:00.000Z');
    const held = { event: { type: 'UserEmailReserved', data: { userId: 'u2' } } as DomainEvent, at };
    const after = (ms: number) => ({ now: new Date(at.getTime() + ms) });
    given([held]).when({ type: 'ReserveEmail', userId: 'u1', holderRegistered: false }, after(EMAIL_HOLD_MS - 1)).thenThrows('이미 가입된 이메일입니다.');
    given([held]).when({ type: 'ReserveEmail', userId: 'u1', holderRegistered: false }, after(EMAIL_HOLD_MS)).then([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]);
    given([held]).when({ type: 'ReserveEmail', userId: 'u1', holderRegistered: true }, after(EMAIL_HOLD_MS * 10)).thenThrows('이미 가입된 이메일입니다.');
  });
});

describe('user: roles, suspension, seller applications (given/when/then)', () => {
  const given = DeciderSpecification.for(userDecider);
  const admin = { actor: { userId: 'admin-1', role: 'admin' as const } };
  const filed = { type: 'UserSellerApplicationFiled' as const, data: { userId: 'u1', applicationId: 'a1' } };
  it('records a sign-in without an address', () => {
    given([registered]).when({ type: 'RecordSignIn', method: 'password' }).then([{ type: 'UserSignedIn', data: { userId: 'u1', method: 'password' } }]);
  });
  it('files one open seller application at a time', () => {
    given([registered]).when({ type: 'FileSellerApplication', applicationId: 'a1' }).then([filed]);
    given([registered, filed]).when({ type: 'FileSellerApplication', applicationId: 'a2' }).thenThrows('이미 검토 중인 셀러 신청이 있습니다.');
    given([registered, filed]).when({ type: 'FileSellerApplication', applicationId: 'a1' }).thenNothing();
  });
  it('an approved application makes the buyer a seller and closes it', () => {
    given([registered, filed]).when({ type: 'ConcludeSellerApplication', applicationId: 'a1', approved: true, sellerId: 'u1' })
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', from: 'user', to: 'seller', applicationId: 'a1', sellerId: 'u1' } }]);
    given([registered, filed]).when({ type: 'ConcludeSellerApplication', applicationId: 'a1', approved: true, sellerId: 'u1' })
      .thenState((s) => expect(s).toMatchObject({ role: 'seller', openApplicationId: null, sellerId: 'u1' }));
  });
  it('a rejected application closes it, and the buyer may apply again', () => {
    const rejected = { type: 'UserSellerApplicationRejected' as const, data: { userId: 'u1', applicationId: 'a1' } };
    given([registered, filed]).when({ type: 'ConcludeSellerApplication', applicationId: 'a1', approved: false, sellerId: 'u1' }).then([rejected]);
    given([registered, filed, rejected]).when({ type: 'FileSellerApplication', applicationId: 'a2' })
      .then([{ type: 'UserSellerApplicationFiled', data: { userId: 'u1', applicationId: 'a2' } }]);
  });
  it('buyer <-> seller only through an application; admin only by another admin', () => {
    given([registered]).when({ type: 'ChangeRole', role: 'seller' }, admin).thenThrows('셀러 신청 승인으로만');
    given([registered]).when({ type: 'ChangeRole', role: 'admin' }, { actor: { userId: 'u1', role: 'admin' } }).thenThrows('다른 관리자만');
    given([registered]).when({ type: 'ChangeRole', role: 'admin' }, admin)
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', from: 'user', to: 'admin', applicationId: null, sellerId: null } }]);
    given([registered]).when({ type: 'ChangeRole', role: 'user' }, admin).thenNothing();
  });
  it('suspends and reactivates with the reason, each once', () => {
    const suspended = { type: 'UserSuspended' as const, data: { userId: 'u1', reason: '사기 의심' } };
    given([registered]).when({ type: 'Suspend', reason: '사기 의심' }, admin).then([suspended]);
    given([registered, suspended]).when({ type: 'Suspend', reason: null }, admin).thenNothing();
    given([registered, suspended]).when({ type: 'Reactivate', reason: null }, admin).then([{ type: 'UserReactivated', data: { userId: 'u1', reason: null } }]);
  });
  it('an unknown account is not found', () => {
    given([]).when({ type: 'Suspend', reason: null }, admin).thenThrows('계정을 찾을 수 없습니다.');
  });
});

describe('admin roster (given/when/then)', () => {
  const given = DeciderSpecification.for(adminRosterDecider);
  const a1 = { type: 'ActiveAdminAdded' as const, data: { userId: 'a1' } };
  const a2 = { type: 'ActiveAdminAdded' as const, data: { userId: 'a2' } };
  it('the last active admin stays', () => {
    given([a1]).when({ type: 'RemoveActiveAdmin', userId: 'a1' }).thenThrows('마지막 관리자는');
    given([a1, a2]).when({ type: 'RemoveActiveAdmin', userId: 'a1' }).then([{ type: 'ActiveAdminRemoved', data: { userId: 'a1' } }]);
    given([a1]).when({ type: 'AddActiveAdmin', userId: 'a1' }).thenNothing();
  });
});
