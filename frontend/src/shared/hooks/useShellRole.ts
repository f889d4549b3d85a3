import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getApiRole, type ApiRole } from '../api/client';

/**
 * The session's "who am I" cache entry, written by the shell's session (features/auth).
 * Features may not import one another, so it observes that cache entry passively
 * (`enabled: false`: never fetches itself) and re-renders when the session changes.
 */
export const ME_QUERY_KEY = ['/api/auth/me'] as const;

const meSchema = z.nullable(z.object({ role: z.enum(['user', 'seller', 'admin']) }));

export function roleFromMe(data: unknown): ApiRole | null {
  if (data === undefined) return null;
  const parsed = meSchema.safeParse(data);
  if (!parsed.success) return null;
  return parsed.data ? parsed.data.role : 'guest';
}

/**
 * The visitor's role: the server's answer once known, meanwhile the role header the
 * session keeps in shared/api/client (`getApiRole()`, set from the cached user).
 */
export function useShellRole(): ApiRole {
  const me = useQuery({ queryKey: ME_QUERY_KEY, enabled: false });
  return roleFromMe(me.data) ?? getApiRole();
}
