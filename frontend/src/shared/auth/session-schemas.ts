import * as z from 'zod/mini';
import { roleSchema } from '@phonemarket/contracts';
import { safeStorage } from '../storage';
import { fromLegacyRole, LEGACY_ROLES } from './roles';
import { AUTH_USER_KEY, USER_KEY } from './session-storage';

/*
 * The session's schemas and the cached user's reader: zod, so loaded with the session's first
 * request (`loadSessionSchemas` in session.ts), not with the first screen's scripts (ADR 009).
 */

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

export const meResponseSchema = z.object({ user: sessionUserSchema });
/** Commands answer `{ id, position, user }`; the client notes `position` itself. */
export const authResultSchema = z.object({
  id: z.optional(z.string()),
  position: z.optional(z.string()),
  user: sessionUserSchema,
});

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
