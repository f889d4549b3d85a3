import { useSyncExternalStore } from 'react';
import { COMPARE_MAX_MODELS } from '@phonemarket/contracts';
import { safeStorage } from '../storage';

/**
 * The models a shopper put in the 비교함 (issue 42 §4) from cards and the model page, kept in this
 * browser (localStorage, read once) so the tray survives a reload; `/compare?models=…` is built from it.
 * Server rendering and hydration see an empty tray (the server snapshot), the stored one right after.
 */
export interface ComparedModel { id: string; name: string }
const KEY = 'phonemarket.compare';
const EMPTY: readonly ComparedModel[] = [];
const listeners = new Set<() => void>();
let picked: readonly ComparedModel[] | null = null;

function stored(): readonly ComparedModel[] {
  try {
    const raw: unknown = JSON.parse(safeStorage.get(KEY) ?? '[]');
    if (!Array.isArray(raw)) return EMPTY;
    const models = raw.filter((m): m is ComparedModel => typeof m === 'object' && m !== null && typeof (m as ComparedModel).id === 'string' && typeof (m as ComparedModel).name === 'string')
      .slice(0, COMPARE_MAX_MODELS);
    // An empty tray is the server's snapshot itself: a new empty array would differ from it, and React
    // re-renders every user of the tray synchronously right after hydration (ADR 009, issue 37 part 5).
    return models.length === 0 ? EMPTY : models;
  } catch {
    return EMPTY;
  }
}
const current = () => (picked ??= stored());
function set(next: readonly ComparedModel[]) {
  picked = next;
  safeStorage.set(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCompareSelection(): readonly ComparedModel[] {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}

/** In or out of the tray; 'full' when it holds `COMPARE_MAX_MODELS` already (nothing changes). */
export function toggleCompared(model: ComparedModel): 'added' | 'removed' | 'full' {
  const now = current();
  if (now.some((m) => m.id === model.id)) {
    set(now.filter((m) => m.id !== model.id));
    return 'removed';
  }
  if (now.length >= COMPARE_MAX_MODELS) return 'full';
  set([...now, model]);
  return 'added';
}

export const clearCompared = () => set(EMPTY);

/** The comparison's address (shareable). */
export const compareHref = (ids: readonly string[]) => `/compare?models=${ids.map(encodeURIComponent).join(',')}`;
