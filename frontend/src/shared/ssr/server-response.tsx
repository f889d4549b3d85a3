import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * What a server render answers besides the markup. The routes match every path (the catch-all
 * page included) and a page learns that its subject is missing only from its data, so the page
 * itself says so: a page that is not found answers 404 and a moved address redirects, for
 * crawlers, link checkers and browsers without JavaScript alike (app/entry-server.tsx reads it).
 */
export class ServerResponse {
  status?: number;
  location?: string;

  /** Called by the page while the server renders it (see `useServerStatus`, `Redirect`). */
  answer(status: number, location?: string): void {
    this.status = status;
    if (location !== undefined) this.location = location;
  }
}

const ServerResponseContext = createContext<ServerResponse | null>(null);

/** Given by the server render only; in the browser there is none and the hooks do nothing. */
export const ServerResponseProvider = ServerResponseContext.Provider;

/**
 * During a server render, the page answers with `status` (e.g. 404). Told while rendering, as
 * React Router's static context was: the server render is one synchronous pass whose result is
 * read after it, and nothing in the render depends on it.
 */
export function useServerStatus(status: number): void {
  useContext(ServerResponseContext)?.answer(status);
}

/**
 * Sends the visitor to `to`: the server answers with a redirect (301 when the address moved for
 * good, else 302), the browser replaces the history entry.
 */
export function Redirect({ to, permanent = false }: { to: string; permanent?: boolean }) {
  useContext(ServerResponseContext)?.answer(permanent ? 301 : 302, to);
  return <Navigate to={to} replace />;
}
