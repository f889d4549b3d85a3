import type { AccountRole } from '@phonemarket/events/features/accounts.ts';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
}

export interface Session {
  /** sha256 of the cookie's session id: a leaked store does not leak usable ids. */
  key: string;
  user: SessionUser;
  createdAt: number;
  lastSeenAt: number;
}

/** Server-side sessions, shared by command-api and query-api (not event-sourced: see docs/decisions/003). */
export interface SessionStore {
  create(session: Session): Promise<void>;
  get(key: string): Promise<Session | null>;
  touch(key: string, at: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Gives every session of this account its new role (a role change takes effect on the next request). */
  updateRole(userId: string, role: SessionUser['role']): Promise<number>;
  /** Ends every session of this account (a suspension). */
  deleteForUser(userId: string): Promise<number>;
  /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
  purgeExpired(idleBefore: number, createdBefore: number): Promise<number>;
  close(): Promise<void>;
}
