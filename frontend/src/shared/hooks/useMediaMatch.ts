import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches: null on the server and while the browser hydrates the server's markup (the server
 * does not know the screen), the browser's answer after, kept current. A page that lays out differently by width
 * renders both markups while it is null, each hidden by a CSS breakpoint (`hideFrom`/`hideBelow`), so the first
 * paint is already right, and only the matching one from then on (one set of ids and dialogs). A page rendered in
 * the browser alone (a client navigation) gets the answer at once.
 */
export function useMediaMatch(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : null),
    () => null,
  );
}
