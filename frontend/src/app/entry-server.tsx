/// <reference types="node" />
/**
 * The server render of the first screen (ADR 009), built by `vite build --ssr` into dist/.ssr and
 * called by server/src/ssr.ts for every page request. It renders whatever the routes render:
 * pass 1 renders the page and collects the queries its components start (TanStack Query builds
 * them in the cache on render), those are fetched from this same server with the visitor's
 * cookie, and the next pass renders with their data; a few passes cover queries that depend on
 * others. The final markup comes from a synchronous render of the settled tree. The data goes to the browser as JSON (`SSR_STATE_ID`) so hydration renders the same.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { createQueryClient } from '../shared/api/query-client';
import { setApiTransport } from '../shared/api/client';
import { ServerResponse, ServerResponseProvider } from '../shared/ssr/server-response';
import { createStyleCache, SERVER_STYLES_ATTRIBUTE } from '../shared/theme/server-styles';
import { AppProviders } from './provider';
import { AppRoutes } from './router';
import { routes } from './routes';

export { SSR_STATE_ID } from './ssr-state';

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** Where this server answers its own API (e.g. http://127.0.0.1:3000). */
  apiOrigin: string;
  /** The visitor's cookie, so signed-in pages render as theirs. */
  cookie?: string;
  /** Gives up (the page is then rendered by the browser alone). */
  signal?: AbortSignal;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; state: string; route?: string; head?: string };

const MAX_PASSES = 6;
/** renderToString's mark for a Suspense boundary it could not finish (left to the browser). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

const request = new AsyncLocalStorage<RenderRequest>();
setApiTransport((url, init) => {
  const ctx = request.getStore();
  if (!ctx) throw new Error('API call outside a server render');
  const headers = new Headers(init.headers);
  if (ctx.cookie) headers.set('cookie', ctx.cookie);
  return fetch(new URL(url, ctx.apiOrigin), { ...init, headers, signal: init.signal ?? ctx.signal ?? null });
});

/** Renders until every lazy component and suspended part has resolved (the output is dropped). */
async function waitForAll(node: ReactNode, signal?: AbortSignal): Promise<void> {
  const { prelude } = await prerenderToNodeStream(node, { signal });
  prelude.resume();
  await new Promise<void>((resolve, reject) => prelude.once('end', resolve).once('error', reject));
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return (enabled as (q: Query) => boolean)(query) !== false;
  return enabled !== false;
}

/** Fetches the queries the last pass started; the failed ones are dropped, so the next pass renders them loading, as the browser will. */
async function fetchStarted(client: QueryClient, tried: Set<string>): Promise<number> {
  const queries = client.getQueryCache().getAll()
    .filter((q) => q.state.status === 'pending' && !tried.has(q.queryHash) && isEnabled(q));
  for (const q of queries) tried.add(q.queryHash);
  await Promise.all(queries.map((q) => q.fetch().catch(() => client.getQueryCache().remove(q))));
  return queries.length;
}

/**
 * One emotion cache per render, in emotion's "compat" mode: the styles are collected instead of
 * being written as `<style>` tags before their elements, and go to `<head>` in one piece
 * (`styleTags`). A page then has one style sheet when it is parsed, instead of ~170 that each
 * made the browser recompute the styles and layout of everything parsed so far.
 */
function styleCache(): EmotionCache {
  const cache = createStyleCache();
  cache.compat = true;
  return cache;
}

/**
 * The render's styles, in the order the render inserted them (emotion's specificity is its
 * insertion order): each global style (Chakra's `@layer` order, reset, tokens, keyframes) in its
 * own `<style data-emotion="css-global NAME" data-s>` as emotion's server package writes them
 * (`data-s`: emotion's browser cache leaves them where they are), then every class style in one
 * `<style data-pm-styles="css ID ID …">` whose class names the browser's cache adopts without
 * moving the tag (shared/theme/server-styles.ts). The hydrating browser renders no `<Global>`
 * (app/provider.tsx), so no tag is moved or written again (ADR 009).
 */
function styleTags(cache: EmotionCache): string {
  const globals: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      globals.push(`<style data-emotion="${cache.key}-global ${id}" data-s="">${rules}</style>`);
    } else {
      ids.push(id);
      css += rules;
    }
  }
  return `${globals.join('')}<style ${SERVER_STYLES_ATTRIBUTE}="${cache.key} ${ids.join(' ')}">${css}</style>`;
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  return request.run(req, async () => {
    const client = createQueryClient();
    const tried = new Set<string>();
    const tree = (cache = styleCache(), response = new ServerResponse()) => {
      return (
        <StrictMode>
          <ServerResponseProvider value={response}>
            <CacheProvider value={cache}>
              <AppProviders queryClient={client}>
                <StaticRouter location={req.url}>
                  <AppRoutes />
                </StaticRouter>
              </AppProviders>
            </CacheProvider>
          </ServerResponseProvider>
        </StrictMode>
      );
    };
    // Synchronous renders give plain markup (a streamed render reveals late boundaries with
    // inline scripts the CSP would block). A pass that suspended (a lazy page not loaded yet)
    // is followed by a render that waits for it; a pass that started queries, by their fetch.
    let cache = styleCache();
    // What the page says of itself (not found, moved): only the settled render's counts.
    let response = new ServerResponse();
    let html = renderToString(tree(cache, response));
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const suspended = html.includes(CLIENT_RENDERED_BOUNDARY);
      const started = await fetchStarted(client, tried);
      if (!suspended && started === 0) break;
      if (suspended) await waitForAll(tree(), req.signal);
      cache = styleCache();
      response = new ServerResponse();
      html = renderToString(tree(cache, response));
    }
    if (response.location) {
      client.clear();
      return { kind: 'redirect', status: response.status ?? 302, location: response.location };
    }
    const state = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
    client.clear();
    // The matched route's pattern (e.g. '/product/:id'): the server preloads its page's chunk.
    const route = matchRoutes(routes, new URL(req.url, req.apiOrigin).pathname)?.at(-1)?.route.path;
    return { kind: 'page', status: response.status ?? 200, html, state, head: styleTags(cache), ...(route ? { route } : {}) };
  });
}
