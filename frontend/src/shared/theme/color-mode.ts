import { useCallback, useEffect } from 'react';
import { useAtom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { useHydrated } from '../hooks/useHydrated';
import { safeStorage } from '../storage';

/** localStorage key (spec §9); value 'true' | 'false'. index.html applies it before first paint. */
export const DARK_MODE_KEY = 'darkMode';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** The device's setting (issue 39): followed until the person picks a mode with the toggle. */
function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_DARK).matches;
}

/** The mode chosen with the toggle, else the device's setting. */
export function readStoredDarkMode(): boolean {
  const stored = safeStorage.get(DARK_MODE_KEY);
  return stored === 'true' || (stored !== 'false' && systemPrefersDark());
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

/**
 * Dark mode state; toggling persists to localStorage and updates <html> at once. The server renders the
 * light controls (it cannot read localStorage), so the browser hydrates those and then switches
 * (`useHydrated`). The page's colours come from the <html> class that index.html's snippet set before paint.
 */

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
  const [isDark, setIsDark] = useAtom(darkModeAtom);
  useEffect(() => {
    applyDarkMode(isDark);
  }, [isDark]);
  // While nobody has chosen a mode, a change of the device's setting (evening dark mode) is followed at once.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(SYSTEM_DARK);
    const follow = () => { if (safeStorage.get(DARK_MODE_KEY) === null) setIsDark(query.matches); };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [setIsDark]);
  return null;
}
