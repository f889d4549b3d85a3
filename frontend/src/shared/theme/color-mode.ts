import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { safeStorage } from '../storage';

/** localStorage key (spec §9); value 'true' | 'false'. index.html applies it before first paint. */
export const DARK_MODE_KEY = 'darkMode';

export function readStoredDarkMode(): boolean {
  return safeStorage.get(DARK_MODE_KEY) === 'true';
}

/** Puts the `dark`/`light` class on <html> (Chakra v3's `_dark` condition) and the colour scheme. */
export function applyDarkMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/** Read lazily (per Jotai store) so the stored value is taken when the app starts. */
export const darkModeAtom = atomWithLazy<boolean>(readStoredDarkMode);

/** Dark mode state; toggling persists to localStorage and updates <html> at once. */
const subscribeNever = () => () => undefined;

/**
 * False on the server and while hydrating its markup, true after: the server renders the light
 * controls (it cannot read localStorage), so the browser hydrates those and then switches.
 * The page's colours come from the <html> class that index.html's snippet set before paint.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}

export function useDarkMode(): { isDark: boolean; setDark: (dark: boolean) => void; toggle: () => void } {
  const [stored, setIsDark] = useAtom(darkModeAtom);
  const isDark = useHydrated() && stored;

  const setDark = useCallback(
    (dark: boolean) => {
      safeStorage.set(DARK_MODE_KEY, dark ? 'true' : 'false');
      applyDarkMode(dark);
      setIsDark(dark);
    },
    [setIsDark],
  );
  const toggle = useCallback(() => setDark(!isDark), [isDark, setDark]);
  return { isDark, setDark, toggle };
}

/**
 * Mount once at the root: makes sure <html> matches the stored mode (index.html already did
 * this before first paint; this covers pages rendered without that script, e.g. tests).
 */
export function ColorModeSync() {
  const isDark = useAtomValue(darkModeAtom);
  useEffect(() => {
    applyDarkMode(isDark);
  }, [isDark]);
  return null;
}
