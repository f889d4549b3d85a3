import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Credentials } from '@phonemarket/contracts';
import type { Registration } from '@phonemarket/contracts/register.ts';
import { apiFetch, isApiError } from '../api/client';
import { useAfterIdle } from '../hooks/useAfterIdle';
import { renewLiveConnection } from '../live';
import type { SessionRole, UserRole } from './roles';
import type * as SessionSchemasModule from './session-schemas';
import { clearCachedUser, writeCachedUser, type SessionUser } from './session-storage';

export const ME_PATH = '/api/auth/me';
/** The one cache key of "who am I" (the session is the only reader and writer). */
export const ME_QUERY_KEY = [ME_PATH] as const;

type SessionSchemas = typeof SessionSchemasModule;
let sessionSchemas: SessionSchemas | undefined;

/**
 * The session's schemas and the cached user's reader (zod): loaded with the session's first request,
 * not with the first screen's scripts. A server-rendered page hydrates with the server's answer
 * for `/api/auth/me` and the server's guest-or-user screen, so it needs neither before then; a page
 * the browser renders itself loads them first (app/boot.tsx), to paint the cached user (ADR 009).
 */
export function loadSessionSchemas(): Promise<SessionSchemas> {
  return import('./session-schemas').then((schemas) => (sessionSchemas = schemas));
}

/** The cached user from localStorage, read once per Jotai store (null until the schemas loaded; SessionSync reads it then). */
export const cachedUserAtom = atomWithLazy<SessionUser | null>(() => sessionSchemas?.readCachedUser() ?? null);

async function fetchMe(signal: AbortSignal): Promise<SessionUser | null> {
  try {
    const answer = await apiFetch(ME_PATH, { schema: () => loadSessionSchemas().then((s) => s.meResponseSchema), signal });
    return answer.user;
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

function useMeQuery() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => fetchMe(signal) });
}

/** The sign-in answers' schema, loaded with the request. */
const authResult = () => loadSessionSchemas().then((s) => s.authResultSchema);

export interface Session {
  user: SessionUser | null;
  role: SessionRole;
  isAuthenticated: boolean;
  /** True until the server answered `/api/auth/me` (the cached user is shown meanwhile). */
  isLoading: boolean;
}

/**
 * The current session. The server (`GET /api/auth/me`) is the truth; until it answers the
 * cached user gives a fast first paint. If the server cannot be reached the visitor is a guest.
 */
export function useSession(): Session {
  const cached = useAtomValue(cachedUserAtom);
  const me = useMeQuery();
  const user = me.status === 'success' ? me.data : me.status === 'error' ? null : cached;
  return {
    user,
    role: user?.role ?? 'guest',
    isAuthenticated: user !== null,
    isLoading: me.status === 'pending',
  };
}

/** Mount once near the root: keeps the localStorage cache in step with the server's answer. */
export function SessionSync() {
  const setCached = useSetAtom(cachedUserAtom);
  const me = useMeQuery();

  // The cached user, once its reader has loaded: after the page is idle (a page that hydrates starts as
  // the server rendered it, with its answer for /api/auth/me; its reader is no part of the first screen).
  const idle = useAfterIdle();
  useEffect(() => {
    if (!idle) return;
    let mounted = true;
    loadSessionSchemas().then(
      (schemas) => mounted && setCached(schemas.readCachedUser()),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [idle, setCached]);

  useEffect(() => {
    if (me.status !== 'success') return;
    setCached(me.data);
    if (me.data) writeCachedUser(me.data);
    else clearCachedUser();
  }, [me.status, me.data, setCached]);
  return null;
}

function isMeQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === ME_PATH;
}

function useApplySignedIn() {
  const queryClient = useQueryClient();
  const setCached = useSetAtom(cachedUserAtom);
  return (user: SessionUser) => signIn(queryClient, setCached, user);
}

function signIn(queryClient: QueryClient, setCached: (user: SessionUser | null) => void, user: SessionUser): void {
  writeCachedUser(user);
  setCached(user);
  queryClient.setQueryData(ME_QUERY_KEY, user);
  // Everything user-scoped (cart, orders...) belongs to the previous session.
  void queryClient.invalidateQueries({ predicate: (q) => !isMeQuery(q.queryKey) });
  renewLiveConnection();
}

export type { Credentials, Registration };

/** `POST /api/auth/demo` — signs in as the demo account of a role ('user' = buyer). */
export function useDemoLogin() {
  const applySignedIn = useApplySignedIn();
  return useMutation({
    mutationFn: (role: UserRole = 'user') =>
      apiFetch('/api/auth/demo', { method: 'POST', body: { role }, schema: authResult }),
    onSuccess: (answer) => applySignedIn(answer.user),
  });
}

/** `POST /api/auth/login` with email and password. */
export function useLogin() {
  const applySignedIn = useApplySignedIn();
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiFetch('/api/auth/login', { method: 'POST', body: credentials, schema: authResult }),
    onSuccess: (answer) => applySignedIn(answer.user),
  });
}

/** `POST /api/auth/register`; signs the new account in. */
export function useRegister() {
  const applySignedIn = useApplySignedIn();
  return useMutation({
    mutationFn: (registration: Registration) =>
      apiFetch('/api/auth/register', { method: 'POST', body: registration, schema: authResult }),
    onSuccess: (answer) => applySignedIn(answer.user),
  });
}

/** `POST /api/auth/logout`; forgets the cached user and every user-scoped query. */
export function useLogout() {
  const queryClient = useQueryClient();
  const setCached = useSetAtom(cachedUserAtom);
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      clearCachedUser();
      setCached(null);
      queryClient.removeQueries({ predicate: (q) => !isMeQuery(q.queryKey) });
      queryClient.setQueryData(ME_QUERY_KEY, null);
      renewLiveConnection();
    },
  });
}

/**
 * Role switcher (demo): signs in as the demo account of the chosen role, stores it, then
 * reloads the page (spec §4).
 */
export function useSwitchRole(reload: () => void = () => window.location.reload()) {
  return useMutation({
    mutationFn: (role: UserRole) =>
      apiFetch('/api/auth/demo', { method: 'POST', body: { role }, schema: authResult }),
    onSuccess: (answer) => {
      writeCachedUser(answer.user);
      reload();
    },
  });
}
