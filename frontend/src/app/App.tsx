import { AppProviders } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
