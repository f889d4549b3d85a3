import { createToaster } from '@chakra-ui/react';

/** Spec §9: toasts last 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

/**
 * Bottom-end as the spec's swipe to the right implies, but above the floating buttons of that corner
 * (the chatbot launcher, the quote-matching button, the live ranking widget: ~4 rem high with their
 * margin at 375 and 1280 px), so a toast never hides the buttons for its 5 s.
 */
export const TOAST_OFFSETS = { top: '1rem', left: '1rem', right: '1rem', bottom: '5.5rem' } as const;

const store = createToaster({
  // On a phone the region puts them at the top (ToasterRegion.tsx, s62).
  placement: 'bottom-end',
  offsets: TOAST_OFFSETS,
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

type CreateFn = typeof store.create;
type Options = Parameters<CreateFn>[0];

/**
 * At most one toast is visible and a new one replaces the previous (spec §4). The store's
 * `max: 1` alone would queue the new toast, so every create first removes what is shown —
 * unless it updates the very toast that is visible (same id).
 */
function replacing(type: Options['type'] | undefined): CreateFn {
  return (data) => {
    const visible = store.getVisibleToasts();
    const sameId = data.id !== undefined && visible.some((t) => t.id === data.id);
    if (!sameId && visible.length > 0) store.remove();
    return baseCreate(type === undefined ? data : { ...data, type });
  };
}

const baseCreate: CreateFn = store.create.bind(store);

/**
 * The app's single toaster: `toaster.create({ title, description, type })`,
 * `toaster.success(...)`, `toaster.error(...)`, `toaster.dismiss()`.
 */
export const toaster = Object.assign(store, {
  create: replacing(undefined),
  success: replacing('success'),
  error: replacing('error'),
  info: replacing('info'),
  warning: replacing('warning'),
  loading: replacing('loading'),
});
