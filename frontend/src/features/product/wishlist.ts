import { useCallback, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { safeStorage } from '../../shared/storage';

/**
 * Wishlist (찜) — local only for now (spec §2: "A wishlist toggle is local only"): product ids
 * kept in this browser's localStorage under 'wishlist'; nothing is sent to the server.
 * A stored value of another shape is ignored (read as empty) and overwritten on the next toggle.
 */
export const WISHLIST_KEY = 'wishlist';

const wishlistSchema = z.array(z.string());

export function readWishlist(): string[] {
  const raw = safeStorage.get(WISHLIST_KEY);
  if (raw === null) return [];
  try {
    const parsed = wishlistSchema.safeParse(JSON.parse(raw));
    return parsed.success ? [...new Set(parsed.data)] : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Adds or removes an id; returns whether it is now in the wishlist. */
export function toggleWishlist(id: string): boolean {
  const current = readWishlist();
  const has = current.includes(id);
  const next = has ? current.filter((x) => x !== id) : [...current, id];
  safeStorage.set(WISHLIST_KEY, JSON.stringify(next));
  notify();
  return !has;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === WISHLIST_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether a product is in the local wishlist, kept in sync across components and tabs. */
export function useWishlisted(id: string): [boolean, () => void] {
  const wished = useSyncExternalStore(
    subscribe,
    () => readWishlist().includes(id),
    () => false,
  );
  const toggle = useCallback(() => {
    toggleWishlist(id);
  }, [id]);
  return [wished, toggle];
}
