/** A Web Storage that never throws (private mode, disabled storage, SSR). */
function safe(area: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        area().setItem(key, value);
      } catch {
        // storage unavailable: keep working without persistence
      }
    },
    remove(key: string): void {
      try {
        area().removeItem(key);
      } catch {
        // ignore
      }
    },
  };
}

/** localStorage: kept across tabs and visits. */
export const safeStorage = safe(() => window.localStorage);
/** sessionStorage: this tab only, kept across its reloads. */
export const tabStorage = safe(() => window.sessionStorage);
