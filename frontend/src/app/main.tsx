import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createQueryClient } from '../shared/api/query-client';
import { App } from './App';
import { SSR_STATE_ID } from './ssr-state';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

const queryClient = createQueryClient();
const serverState = document.getElementById(SSR_STATE_ID);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

if (serverState?.textContent && container.firstElementChild) {
  // The server rendered the first screen with this data: hydrate the same tree. In a transition,
  // so React hydrates in slices and the page answers input meanwhile.
  hydrate(queryClient, JSON.parse(serverState.textContent));
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
