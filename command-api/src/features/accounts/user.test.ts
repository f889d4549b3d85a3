import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { decideEmail, decideUser, evolveEmail, evolveUser, initialEmail, initialUser, type RegisterUser } from './user.ts';

const meta = { actor: { userId: null, role: 'guest' as const }, correlationId: 'c', causationId: null, at: '2026-11-01T00:00:00.000Z' };
const stored = (e: Pick<StoredEvent, 'type' | 'data'>, revision = 0n): StoredEvent =>
  ({ ...e, id: `e${revision}`, stream: 's', revision, position: revision + 1n, metadata: meta }) as StoredEvent;

const register: RegisterUser = {
  type: 'RegisterUser', userId: 'u1', email: 'kim@example.kr', firstName: '민준', lastName: '김',
  role: 'user', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', demo: false,
};

describe('user aggregate', () => {
  it('given no user, when RegisterUser, then UserRegistered', () => {
    const events = decideUser(register, initialUser());
    expect(events).toEqual([{ type: 'UserRegistered', data: { userId: 'u1', email: 'kim@example.kr', firstName: '민준', lastName: '김', role: 'user', passwordHash: register.passwordHash, demo: false } }]);
  });

  it('given a registered user, when RegisterUser again, then a conflict', () => {
    const state = evolveUser(initialUser(), stored(decideUser(register, initialUser())[0]!));
    expect(state).toMatchObject({ status: 'registered', email: 'kim@example.kr', role: 'user' });
    expect(() => decideUser(register, state)).toThrow(DomainError);
  });
});

describe('email reservation', () => {
  it('given a free email, when ReserveEmail, then UserEmailReserved', () => {
    expect(decideEmail({ type: 'ReserveEmail', userId: 'u1' }, initialEmail())).toEqual([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]);
  });

  it('given an email reserved by the same user, when ReserveEmail, then nothing (idempotent)', () => {
    const state = evolveEmail(initialEmail(), stored({ type: 'UserEmailReserved', data: { userId: 'u1' } }));
    expect(decideEmail({ type: 'ReserveEmail', userId: 'u1' }, state)).toEqual([]);
  });

  it('given an email reserved by another user, when ReserveEmail, then 이미 가입된 이메일입니다', () => {
    const state = evolveEmail(initialEmail(), stored({ type: 'UserEmailReserved', data: { userId: 'u2' } }));
    expect(() => decideEmail({ type: 'ReserveEmail', userId: 'u1' }, state)).toThrow('이미 가입된 이메일입니다.');
  });
});
