import * as z from 'zod/mini';
import { roleSchema } from '@phonemarket/contracts';
import { safeStorage } from '../storage';
import { fromLegacyRole, LEGACY_ROLES, toLegacyRole } from './roles';

const idSchema = z.pipe(
  z.union([z.string().check(z.minLength(1)), z.number()]),
  z.transform((v) => String(v)),
);

export const sessionUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Spec §3 "stored user (role switcher)": id, email, name, role (buyer, seller, admin). */
const legacyStoredUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: z.enum(LEGACY_ROLES),
});

/** localStorage keys (spec §9). */
export const AUTH_USER_KEY = 'auth_user';
export const USER_KEY = 'user';

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The user cached by the last visit, for a fast first paint before `/api/auth/me` answers.
 * Each key is validated; a corrupt value is removed and ignored. The server answer wins.
 */
export function readCachedUser(): SessionUser | null {
  let user: SessionUser | null = null;

  const authRaw = safeStorage.get(AUTH_USER_KEY);
  if (authRaw !== null) {
    const parsed = sessionUserSchema.safeParse(parseJson(authRaw));
    if (parsed.success) user = parsed.data;
    else safeStorage.remove(AUTH_USER_KEY);
  }

  const legacyRaw = safeStorage.get(USER_KEY);
  if (legacyRaw !== null) {
    const parsed = legacyStoredUserSchema.safeParse(parseJson(legacyRaw));
    if (!parsed.success) safeStorage.remove(USER_KEY);
    else if (!user) {
      const { id, email, name, role } = parsed.data;
      user = { id, email, firstName: name, lastName: '', role: fromLegacyRole(role) };
    }
  }
  return user;
}

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
