import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's markup, true after: what only the
 * browser knows (its storage, the time) is shown from then on, so hydration sees what the server drew.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}
