import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './provider';
import { AppRouter } from './router';

export function App({ queryClient, globalStylesInPage }: { queryClient?: QueryClient; globalStylesInPage?: boolean }) {
  return (
    <AppProviders queryClient={queryClient} globalStylesInPage={globalStylesInPage}>
      <AppRouter />
    </AppProviders>
  );
}
