import { safeStorage } from '../storage';
import { toLegacyRole } from './roles';
import type { SessionUser } from './session-schemas';

/*
 * The cached user's keys and writers, without zod: the first screen's scripts import this module.
 * Reading the cache validates it, so `readCachedUser` is in session-schemas.ts (ADR 009).
 */

export type { SessionUser };

/** localStorage keys (spec §9). */
export const AUTH_USER_KEY = 'auth_user';
export const USER_KEY = 'user';

export function writeCachedUser(user: SessionUser): void {
  safeStorage.set(AUTH_USER_KEY, JSON.stringify(user));
  safeStorage.set(
    USER_KEY,
    JSON.stringify({
      id: user.id,
      email: user.email,
      name: displayName(user),
      role: toLegacyRole(user.role),
    }),
  );
}

export function clearCachedUser(): void {
  safeStorage.remove(AUTH_USER_KEY);
  safeStorage.remove(USER_KEY);
}

const HANGUL = /[\u3131-\uD79D]/;

/** Korean names read family name first ('홍길동'); others 'Jane Doe'. */
export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  if (!first && !last) return user.email;
  if (HANGUL.test(first + last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}
