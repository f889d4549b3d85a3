import { startTransition, useCallback, useEffect, useState } from 'react';
import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { OverlayLayer } from './OverlayLayer';
import { toaster } from './toaster';
import { ToastStylesWarmup } from './ToastStylesWarmup';

type WaitingToast = ReturnType<typeof toaster.getVisibleToasts>[number];

/** Below Chakra's `md` (768 px): a phone held upright. */
export const PHONE_SCREEN = '(max-width: 47.99em)';

/*
 * Where toasts show (s62). On a desk, bottom-end (toaster.tsx). On a phone, at the top: the screen is one column, and
 * between the floating buttons' bar (the foot 68 px) and what the page is being used for there is no room for a toast
 * (~96 px, its text on 3 lines across the screen). At 375 × 812 the home page's filter bar is 464–702 px down and the
 * bar starts at 744, so a toast lifted over the floating buttons (628–724) covered the filter bar's last row, and on a
 * 667 px screen its selects: the welcome toast 1 s after home loads, and '필터 적용' over the very select just changed.
 * At the top it covers the header for its 5 s. Read when this module loads (after the page is idle, before the group
 * mounts: toasts created earlier are created again after it, see below); set here, not in toaster.tsx, which is part
 * of the first screen's scripts (home JS ≤ 180 KB gz).
 */
if (typeof matchMedia === 'function' && matchMedia(PHONE_SCREEN).matches) toaster.attrs.placement = 'top';

/**
 * Renders the toasts; mount once near the root. A module of its own, loaded once the page is idle
 * (app/provider.tsx): its state machines (~45 KB, ~14 KB gz) are no part of the first screen, while
 * the store (`toaster`) that every feature imports stays small. The toasts' group mounts after a
 * hidden copy of a toast has had its styles computed (ToastStylesWarmup), so that a toast's
 * synchronous render finds them ready. Toasts created before then (the home page's welcome toast,
 * 1 s after it loads, usually is) wait in the store; zag's group would render them inside its own
 * mount task, one long task of both (ADR 009, issue 37 part 5): the group mounts empty, and they
 * are created again once it has, in a task of their own.
 */
export default function ToasterRegion() {
  const [waiting, setWaiting] = useState<WaitingToast[] | null>(null);
  const ready = useCallback(() => {
    const early = toaster.getVisibleToasts();
    if (early.length > 0) toaster.remove();
    startTransition(() => setWaiting(early));
  }, []);
  if (waiting === null) return <ToastStylesWarmup onDone={ready} />;
  return (
    <Portal>
      <OverlayLayer zIndex="toast">
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root width={{ md: 'sm' }}>
              {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
                {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
              </Stack>
              {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
              {toast.closable ? <Toast.CloseTrigger aria-label="알림 닫기" /> : null}
            </Toast.Root>
          )}
        </ChakraToaster>
        <CreateAfterMount toasts={waiting} />
      </OverlayLayer>
    </Portal>
  );
}

/**
 * Mounts in the group's commit, after it; creates the toasts that waited in the next task (the
 * group subscribes to the store in a microtask after its commit).
 */
function CreateAfterMount({ toasts }: { toasts: readonly WaitingToast[] }) {
  useEffect(() => {
    if (toasts.length === 0) return;
    const id = setTimeout(() => {
      // unless one was updated meanwhile (same id: it is shown as it is now)
      for (const toast of toasts) if (!toaster.getVisibleToasts().some((t) => t.id === toast.id)) toaster.create(toast);
    }, 0);
    return () => clearTimeout(id);
  }, [toasts]);
  return null;
}
