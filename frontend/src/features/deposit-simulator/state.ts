import * as z from 'zod/mini';
import { persistedAtom } from '../../shared/persisted-atom';
import { MAX_DEPOSIT_AMOUNT, type Deposits } from './purchasing-power';

/**
 * Deposit inputs (Jotai), persisted in localStorage and validated with zod when read: a
 * corrupt value is removed and the defaults are used.
 */
export const DEPOSITS_STORAGE_KEY = 'phonemarket:deposit-simulator:deposits';

const entrySchema = z.object({ enabled: z.boolean(), amount: z.int().check(z.gte(0), z.lte(MAX_DEPOSIT_AMOUNT)) });
const depositsSchema = z.object({ tax: entrySchema, insurance: entrySchema, education: entrySchema, medical: entrySchema });

export const DEFAULT_DEPOSITS: Deposits = {
  tax: { enabled: false, amount: 0 },
  insurance: { enabled: false, amount: 0 },
  education: { enabled: false, amount: 0 },
  medical: { enabled: false, amount: 0 },
};

export const depositsAtom = persistedAtom<Deposits>(DEPOSITS_STORAGE_KEY, depositsSchema, DEFAULT_DEPOSITS);
