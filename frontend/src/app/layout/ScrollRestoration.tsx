import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router-dom';

const STORAGE_KEY = 'phonemarket:scroll-positions';

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

/** The positions of this tab's entries, loaded once; written to sessionStorage as they change. */
let positions: Positions | undefined;

function writePositions(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions ?? {}));
  } catch {
    /* storage full or blocked: the positions are not kept across a reload */
  }
}

/**
 * What React Router's data router did for the app (its `<ScrollRestoration>`), in the declarative
 * router: each history entry's scroll position is kept (sessionStorage, under `getKey`'s key) and
 * given back when the entry is shown again (back, forward, a reload); a new entry (a link) starts
 * at its top, or at its `#hash`.
 */
export function ScrollRestoration({ getKey }: { getKey: (location: Location) => string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = getKey(location);

  useLayoutEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const known = (positions ??= readPositions());
    const saved = navigationType === 'POP' ? known[key] : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (navigationType !== 'POP') {
      const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    // Kept as the page scrolls (not read when leaving: by then the next page's content may have
    // changed the document's height, and with it the position).
    const track = () => {
      known[key] = window.scrollY;
    };
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', writePositions);
    return () => {
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', writePositions);
      writePositions();
    };
  }, [key, navigationType, location.hash]);

  return null;
}
