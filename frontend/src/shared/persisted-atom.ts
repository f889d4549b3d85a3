import { atomWithStorage } from 'jotai/utils';
import { safeStorage } from './storage';

type Schema<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

/** A zod-validated localStorage adapter for `atomWithStorage` (also follows other tabs). */
function validatedStorage<T>(schema: Schema<T>) {
  const storage = {
    getItem(key: string, initialValue: T): T {
      const raw = safeStorage.get(key);
      if (raw === null) return initialValue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        safeStorage.remove(key);
        return initialValue;
      }
      const result = schema.safeParse(parsed);
      if (result.success) return result.data;
      safeStorage.remove(key);
      return initialValue;
    },
    setItem(key: string, value: T): void {
      safeStorage.set(key, JSON.stringify(value));
    },
    removeItem(key: string): void {
      safeStorage.remove(key);
    },
    subscribe(key: string, callback: (value: T) => void, initialValue: T): () => void {
      if (typeof window === 'undefined') return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key) return;
        callback(storage.getItem(key, initialValue));
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
  return storage;
}

/**
 * A Jotai atom persisted in localStorage under `key`. Every stored value is validated with
 * `schema` when read: a corrupt or invalid value is removed and `initialValue` used instead.
 */
export function persistedAtom<T>(key: string, schema: Schema<T>, initialValue: T) {
  return atomWithStorage<T>(key, initialValue, validatedStorage(schema), { getOnInit: true });
}
