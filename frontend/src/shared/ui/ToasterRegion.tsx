import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { OverlayLayer } from './OverlayLayer';
import { toaster } from './toaster';
import { ToastStylesWarmup } from './ToastStylesWarmup';

/**
 * Renders the toasts; mount once near the root. A module of its own, loaded once the page is idle
 * (app/provider.tsx): its state machines (~45 KB, ~14 KB gz) are no part of the first screen, while
 * the store (`toaster`) that every feature imports stays small. Toasts created before it mounts
 * wait in the store and show when it does.
 */
export default function ToasterRegion() {
  return (
    <>
      <ToastStylesWarmup />
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
        </OverlayLayer>
      </Portal>
    </>
  );
}
