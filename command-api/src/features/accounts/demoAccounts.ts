import { randomBytes } from 'node:crypto';
import { streams, type AccountRole, type EventStore } from '@phonemarket/events';
import { handleCommand, type CommandContext } from '../../shared/commandHandler.ts';
import { adminRosterDecider } from './user.ts';
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
    const existing = await findAccountById(store, account.userId);
    if (existing) {
      // Accounts made before the admin roster existed: an active admin is on it.
      if (existing.user.role === 'admin' && !existing.user.suspended) {
        await handleCommand(store, streams.adminRoster(), adminRosterDecider, { type: 'AddActiveAdmin', userId: account.userId }, seedContext(role, clock, newId));
      }
      continue;
    }
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    await registerAccount(store, { ...account, role, passwordHash, demo: true }, { ...seedContext(role, clock, newId), idempotencyKey: `demo-seed-${account.userId}` });
  }
}

const seedContext = (role: AccountRole, clock: Clock, newId: IdGenerator): CommandContext => ({
  actor: { userId: null, role: 'guest' },
  correlationId: `demo-seed-${role}`,
  clock,
  newId,
});
