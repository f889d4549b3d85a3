import { startTransition, useEffect, useState } from 'react';

/** Longest wait for an idle moment before mounting anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * False on the server and while the page hydrates, true once the browser has been idle after
 * that (or after IDLE_TIMEOUT_MS). For widgets that are not part of the first screen (toasts'
 * region, floating live ranking and its socket): they mount after hydration instead of adding to
 * its main-thread work (ADR 009), and the server does not render them.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // In a transition: React renders what mounts in slices, between which the page answers
    // input. A plain update from a callback is rendered in one piece (one long task).
    const mount = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(mount, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(mount, 1);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}
