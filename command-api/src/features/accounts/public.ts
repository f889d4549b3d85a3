/**
 * What other features may use of accounts (lint: a feature imports another only through its
 * `public.ts`): the user aggregate a process sends commands to, and the account lookups.
 */
export { userDecider } from './user.ts';
export { findAccountById, registerAccount } from './accountService.ts';
export { DEMO_ACCOUNTS } from './demoAccounts.ts';
