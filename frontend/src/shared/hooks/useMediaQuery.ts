import { useCallback, useSyncExternalStore } from 'react';

const mediaList = (query: string) => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/**
 * Whether the browser's viewport matches `query` now (and again whenever that changes); `fallback` where nothing
 * can tell (the server's render, a test's DOM without `matchMedia`). For a page that shows one markup or another by
 * width (a list of cards on a phone, a table on a desk) rather than both hidden by CSS: one set of ids and dialogs.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback((changed: () => void) => {
    const media = mediaList(query);
    media?.addEventListener('change', changed);
    return () => media?.removeEventListener('change', changed);
  }, [query]);
  return useSyncExternalStore(subscribe, () => mediaList(query)?.matches ?? fallback, () => fallback);
}
