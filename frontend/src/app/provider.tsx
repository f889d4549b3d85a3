import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { SessionSync } from '../shared/auth/session';
import { createQueryClient } from '../shared/api/query-client';
import { ColorModeSync } from '../shared/theme/color-mode';
import { appSystem, withLaterRecipes } from '../shared/theme/system';
import { useAfterIdle } from '../shared/hooks/useAfterIdle';

/** Its own chunk (its state machines are no part of the first screen), requested once the page is idle. */
const ToasterRegion = lazy(withLaterRecipes(() => import('../shared/ui/ToasterRegion')));

/** The toasts' region mounts once the hydrated page is idle; toasts created before then show when it does. */
function IdleToaster() {
  return useAfterIdle() ? <Suspense fallback={null}><ToasterRegion /></Suspense> : null;
}

/**
 * The system with no global styles to write: a server-rendered page has them in its `<head>`
 * already (ADR 009), and they stay there. `system._global` is built on first read
 * (frontend/build/lazyChakraGlobal.ts), so the browser that hydrates never builds it; and
 * `disableLayers` here only keeps `<ChakraProvider>` from rendering the `@layer` order's
 * `<Global>`, whose hydration would move the server's tag (a full restyle of the page). The
 * styles themselves are still layered: `system.css()` reads the config it was created with.
 */
let systemForServerPage: SystemContext | undefined;
function serverPageSystem(): SystemContext {
  return (systemForServerPage ??= Object.create(appSystem(), {
    _global: { value: [] },
    _config: { value: { ...appSystem()._config, disableLayers: true } },
  }) as SystemContext);
}

export function AppProviders({ children, queryClient, globalStylesInPage = false }: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** True when hydrating a server-rendered page, whose <head> has Chakra's global styles. */
  globalStylesInPage?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <JotaiProvider>
      <QueryClientProvider client={client}>
        <ChakraProvider value={globalStylesInPage ? serverPageSystem() : appSystem()}>
          <SessionSync />
          <ColorModeSync />
          {children}
          <IdleToaster />
        </ChakraProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
