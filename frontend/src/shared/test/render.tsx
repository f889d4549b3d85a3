import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { appSystem, registerLaterRecipes } from '../theme/system';

// Components render as in the app once their page has loaded: with every recipe (shared/theme/system.ts).
await registerLaterRecipes();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

/** Shows the router location, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithProviders(
  ui: ReactNode,
  { route = '/', queryClient = createQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={appSystem()}>
          <MemoryRouter initialEntries={[route]}>
            {ui}
            <LocationProbe />
          </MemoryRouter>
        </ChakraProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { ...result, queryClient };
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

/** Replaces global fetch with a handler and records every request. */
export function stubFetch(handler: Handler): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    // JSON as its value; anything else (an uploaded Blob) as sent.
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
    const request: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fake);
  return { requests };
}
