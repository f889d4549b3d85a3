import { randomBytes } from 'node:crypto';
import type { AccountRole, EventStore } from '@phonemarket/events';
import { hashPassword } from '@phonemarket/platform/auth/passwords.ts';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { findAccountById, registerAccount } from './accountService.ts';

/** The three demo accounts (spec: demo user with firstName/lastName/role). Fixed ids so the seed is idempotent. */
export const DEMO_ACCOUNTS: Record<AccountRole, { userId: string; email: string; firstName: string; lastName: string }> = {
  user: { userId: 'demo-buyer', email: 'buyer@demo.phonemarket.kr', firstName: '민준', lastName: '김' },
  seller: { userId: 'seller-1', email: 'seller@demo.phonemarket.kr', firstName: '서연', lastName: '이' },
  admin: { userId: 'admin-1', email: 'admin@demo.phonemarket.kr', firstName: '관리', lastName: '박' },
};

/**
 * Creates the demo accounts once. Their passwords are random and thrown away: a demo account is
 * reachable only through `POST /api/auth/demo`, which exists only in demo mode.
 */
export async function ensureDemoAccounts(store: EventStore, clock: Clock, newId: IdGenerator): Promise<void> {
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as [AccountRole, (typeof DEMO_ACCOUNTS)[AccountRole]][]) {
    if (await findAccountById(store, account.userId)) continue;
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    await registerAccount(store, { ...account, role, passwordHash, demo: true }, {
      actor: { userId: null, role: 'guest' },
      correlationId: `demo-seed-${role}`,
      clock,
      newId,
      idempotencyKey: `demo-seed-${account.userId}`,
    });
  }
}
