import { useState, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { SessionSync } from '../shared/auth/session';
import { createQueryClient } from '../shared/api/query-client';
import { ColorModeSync } from '../shared/theme/color-mode';
import { system } from '../shared/theme/system';
import { Toaster } from '../shared/ui/toaster';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <JotaiProvider>
      <QueryClientProvider client={client}>
        <ChakraProvider value={system}>
          <SessionSync />
          <ColorModeSync />
          {children}
          <Toaster />
        </ChakraProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
