import { createToaster } from '@chakra-ui/react';

/** Spec §9: toasts last 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

const store = createToaster({
  placement: 'bottom-end',
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
 * Whether the toasts' group (ToasterRegion, a chunk loaded once the page is idle) is mounted and
 * listening to the store. Zag's group renders a new toast synchronously (`flushSync`) in whichever
 * task hands it over: a toast created before the group mounts is rendered inside the group's own
 * mount task, one long task of both (ADR 009, issue 37 part 5). A toast that can wait (the welcome
 * toast) uses `afterToastGroupMounted`, so that its render is a task of its own.
 */
let groupMounted = false;
const waitingForGroup = new Set<() => void>();

/** Called by ToasterRegion once its group has mounted; the returned cleanup is for its unmount. */
export function markToastGroupMounted(): () => void {
  groupMounted = true;
  for (const run of [...waitingForGroup]) run();
  return () => {
    groupMounted = false;
  };
}

/** Runs `then` in a task of its own once the toasts' group is mounted (at once if it is); returns a cancel. */
export function afterToastGroupMounted(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    waitingForGroup.delete(schedule);
    // A task after the group's mount: its store subscription starts in a microtask after that commit.
    timer = setTimeout(then, 0);
  };
  if (groupMounted) schedule();
  else waitingForGroup.add(schedule);
  return () => {
    waitingForGroup.delete(schedule);
    if (timer !== undefined) clearTimeout(timer);
  };
}

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
