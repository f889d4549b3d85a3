import { atomWithStorage } from 'jotai/utils';
import * as z from 'zod/mini';
import { safeStorage } from '../../shared/storage';
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

const storage = {
  getItem(key: string, initialValue: Deposits): Deposits {
    const raw = safeStorage.get(key);
    if (raw === null) return initialValue;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      safeStorage.remove(key);
      return initialValue;
    }
    const parsed = depositsSchema.safeParse(data);
    if (parsed.success) return parsed.data;
    safeStorage.remove(key);
    return initialValue;
  },
  setItem(key: string, value: Deposits): void {
    safeStorage.set(key, JSON.stringify(value));
  },
  removeItem(key: string): void {
    safeStorage.remove(key);
  },
  subscribe(key: string, callback: (value: Deposits) => void, initialValue: Deposits): () => void {
    if (typeof window === 'undefined') return () => undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) callback(storage.getItem(key, initialValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

export const depositsAtom = atomWithStorage<Deposits>(DEPOSITS_STORAGE_KEY, DEFAULT_DEPOSITS, storage, { getOnInit: true });
