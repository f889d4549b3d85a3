import { startTransition, useCallback, useEffect, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport (ADR 009: heavy widgets below the
 * first screen — charts — load when the visitor scrolls towards them, not while the page
 * hydrates). False on the server and in the first browser render, so hydration matches; true
 * right after mounting where IntersectionObserver is missing. A callback ref: when React replaces
 * the element (a part of the server's markup rendered again in hydration), the new one is
 * observed, so no idle-time fallback is needed to catch a missed element. React calls it in its commit,
 * where a state update is synchronous: React then ran, in the same task, every passive effect of that
 * commit and this re-render (on the model page, the hydration's: one long task, ADR 009). As a
 * transition the update waits for a task of its own.
 */
export function useNearViewport<T extends Element>(margin = '300px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  // Without IntersectionObserver, near as soon as there is an element (derived, not set in the effect).
  const unobservable = element !== null && typeof IntersectionObserver === 'undefined';
  useEffect(() => {
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin, element]);
  const ref = useCallback((next: T | null) => startTransition(() => setElement(next)), []);
  return [ref, near || unobservable];
}
