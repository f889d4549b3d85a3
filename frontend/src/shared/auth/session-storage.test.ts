import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_USER_KEY,
  clearCachedUser,
  displayName,
  USER_KEY,
  writeCachedUser,
  type SessionUser,
} from './session-storage';
import { readCachedUser } from './session-schemas';

const kim: SessionUser = { id: 'u1', email: 'buyer@phonemarket.kr', firstName: '민수', lastName: '김', role: 'user' };

describe('cached session user', () => {
  beforeEach(() => localStorage.clear());

  it('is null when nothing is stored', () => {
    expect(readCachedUser()).toBeNull();
  });

  it('round-trips a valid user and mirrors the spec `user` key with buyer/seller/admin', () => {
    writeCachedUser(kim);
    expect(readCachedUser()).toEqual(kim);
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual({
      id: 'u1',
      email: 'buyer@phonemarket.kr',
      name: '김민수',
      role: 'buyer',
    });
    clearCachedUser();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['wrong role', JSON.stringify({ ...kim, role: 'superuser' })],
    ['missing fields', JSON.stringify({ id: 'u1' })],
    ['an array', '[]'],
    ['null', 'null'],
  ])('discards corrupt auth_user (%s)', (_label, raw) => {
    localStorage.setItem(AUTH_USER_KEY, raw);
    expect(readCachedUser()).toBeNull();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });

  it('discards a corrupt legacy `user` key but keeps a valid auth_user', () => {
    localStorage.setItem(AUTH_USER_KEY, JSON.stringify(kim));
    localStorage.setItem(USER_KEY, '{"id":1,"role":"buyer"');
    expect(readCachedUser()).toEqual(kim);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('falls back to a valid legacy `user` entry (buyer → user)', () => {
    localStorage.setItem(USER_KEY, JSON.stringify({ id: 7, email: 's@x.kr', name: '판매왕', role: 'seller' }));
    expect(readCachedUser()).toEqual({ id: '7', email: 's@x.kr', firstName: '판매왕', lastName: '', role: 'seller' });
  });

  it('shows Korean names family name first', () => {
    expect(displayName(kim)).toBe('김민수');
    expect(displayName({ firstName: 'Jane', lastName: 'Doe', email: 'j@x' })).toBe('Jane Doe');
    expect(displayName({ firstName: '', lastName: '', email: 'j@x' })).toBe('j@x');
  });
});
