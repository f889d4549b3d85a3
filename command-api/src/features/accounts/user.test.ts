import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { emailReservationDecider, userDecider, type UserCommand } from './user.ts';

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
    given([]).when({ type: 'ReserveEmail', userId: 'u1' }).then([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]);
  });
  it('given an email reserved by the same user, when ReserveEmail, then nothing (idempotent)', () => {
    given([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]).when({ type: 'ReserveEmail', userId: 'u1' }).thenNothing();
  });
  it('given an email reserved by another user, when ReserveEmail, then 이미 가입된 이메일입니다', () => {
    given([{ type: 'UserEmailReserved', data: { userId: 'u2' } }]).when({ type: 'ReserveEmail', userId: 'u1' }).thenThrows('이미 가입된 이메일입니다.');
  });
});
