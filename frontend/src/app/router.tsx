import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';

/**
 * The app's pages for the URL. React Router's declarative mode (`useRoutes` in a `<BrowserRouter>`,
 * `<StaticRouter>` on the server): the app has no loaders, actions or fetchers, and the data
 * router (`createBrowserRouter`) added ~50 KB (~18 KB gz) to every page's first load for them
 * (issue 37). The browser, the server render and the tests render this same component.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
