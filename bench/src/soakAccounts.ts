/**
 * The 10,000-socket soak's signed-in accounts (issue 43; ADR 023, "The soak's accounts"): a real user has
 * one or two tabs, so the soak's 5,000 signed-in sockets belong to thousands of accounts, not to one.
 * Thousands of sign-ups over HTTP would each hash a password with argon2id (19 MiB, tens to hundreds of
 * ms on a shared host), so the accounts are made before the server starts, in the server's own stores:
 * each registered through the command side's `registerAccount` (email reservation, user, consents: the
 * events a sign-up appends) with one password hash made once, and given a session in the session store,
 * signed as a sign-in's cookie is. The server then resolves each socket's cookie at its handshake and
 * joins the account's room, as for any signed-in visitor.
 */
import { CONSENT_VERSIONS } from '@phonemarket/contracts';
import { registerAccount, sessionUserOf } from '@phonemarket/command-api/features/accounts/accountService.ts';
import { SESSION_COOKIE } from '@phonemarket/platform/auth/session.ts';
import { hashPassword } from '@phonemarket/platform/auth/passwords.ts';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import type { Config } from '@phonemarket/platform/config.ts';
import { authFromConfig } from '@phonemarket/platform/service.ts';
import { openEvents, openSessions } from '@phonemarket/platform/stores.ts';

/** Every soak account's password (hashed once; a sign-in with it works, the soak never needs one). */
export const SOAK_PASSWORD = 'soak-violet-harbor-1987!';

/** Registers `count` accounts (ids `soak-buyer-<i>`: a second run on the same folder appends nothing) and answers one session cookie (`Cookie` header) per account. */
export async function seedSoakAccounts(config: Config, count: number): Promise<string[]> {
  const store = await openEvents(config);
  const sessions = await openSessions(config);
  try {
    const auth = authFromConfig(config, sessions, systemClock);
    const passwordHash = await hashPassword(SOAK_PASSWORD);
    const consents = { termsVersion: CONSENT_VERSIONS.terms, privacyVersion: CONSENT_VERSIONS.privacy, ageOver14Confirmed: true as const, marketing: false, marketingVersion: CONSENT_VERSIONS.marketing };
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) {
      const userId = `soak-buyer-${i}`;
      const result = await registerAccount(store, { userId, email: `soak${i}@soak.phonemarket.kr`, firstName: `${i}`, lastName: '소크', role: 'user', passwordHash, demo: false, consents }, {
        actor: { userId: null, role: 'guest' }, correlationId: `soak-account-${i}`, idempotencyKey: `soak-account-${i}`, clock: systemClock, newId: randomIds,
      });
      if (result.state.status !== 'registered') throw new Error(`soak account ${userId} not registered`);
      const { cookieValue } = await auth.issue(sessionUserOf(result.state));
      cookies.push(`${SESSION_COOKIE}=${cookieValue}`);
    }
    return cookies;
  } finally {
    await sessions.close();
    await store.close();
  }
}
