import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { hydrate } from '@tanstack/react-query';
import { createQueryClient } from '../shared/api/query-client';
import { loadSessionSchemas } from '../shared/auth/session';
import { adoptServerStyles } from '../shared/theme/server-styles';
import { App } from './App';
import { SSR_STATE_ID } from './ssr-state';

/** Renders the app into #root: hydrates the server's first screen, or renders it when there is none. */
export function startApp(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing from index.html');

  const queryClient = createQueryClient();
  const serverState = document.getElementById(SSR_STATE_ID)?.textContent;
  const hydrating = Boolean(serverState && container.firstElementChild);
  if (!serverState || !hydrating) {
    // No server render to show meanwhile: the cached user's reader first, so the first paint is theirs.
    const render = () =>
      createRoot(container).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    loadSessionSchemas().then(render, render);
    return;
  }
  // The server render wrote Chakra's global styles (reset, tokens) into <head>: they stay there.
  const globalStylesInPage = document.querySelector('style[data-emotion^="css-global "]') !== null;
  // The server rendered the first screen with this data: hydrate the same tree. In a transition,
  // so React hydrates in slices and the page answers input meanwhile.
  hydrate(queryClient, JSON.parse(serverState));
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        {/* The server's class styles stay where they are; the cache knows their class names. */}
        <CacheProvider value={adoptServerStyles(document)}>
          <App queryClient={queryClient} globalStylesInPage={globalStylesInPage} />
        </CacheProvider>
      </StrictMode>,
    );
  });
}
