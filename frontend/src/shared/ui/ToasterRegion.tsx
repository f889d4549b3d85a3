import { startTransition, useCallback, useEffect, useState } from 'react';
import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { OverlayLayer } from './OverlayLayer';
import { markToastGroupMounted, toaster } from './toaster';
import { ToastStylesWarmup } from './ToastStylesWarmup';

/**
 * Renders the toasts; mount once near the root. A module of its own, loaded once the page is idle
 * (app/provider.tsx): its state machines (~45 KB, ~14 KB gz) are no part of the first screen, while
 * the store (`toaster`) that every feature imports stays small. Toasts created before it mounts
 * wait in the store and show when it does. The toasts' group mounts after a hidden copy of a toast has
 * had its styles computed (ToastStylesWarmup): whichever comes first, the region or the first toast,
 * that toast's synchronous render finds them ready. Once the group has mounted, toasts waiting for it
 * (`afterToastGroupMounted`: the welcome toast) are created, each rendered in a task of its own.
 */
export default function ToasterRegion() {
  const [stylesReady, setStylesReady] = useState(false);
  const ready = useCallback(() => startTransition(() => setStylesReady(true)), []);
  if (!stylesReady) return <ToastStylesWarmup onDone={ready} />;
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
        <GroupMounted />
      </OverlayLayer>
    </Portal>
  );
}

/** Mounts in the group's commit, after it (ADR 009). */
function GroupMounted() {
  useEffect(markToastGroupMounted, []);
  return null;
}
