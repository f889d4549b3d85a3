import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, created on first use: creating it ranks every route and matches the URL
 * (~15 ms on a fast desktop), which the browser's entry runs in a task of its own (app/main.tsx).
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  return (router ??= createBrowserRouter(routes));
}

export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
