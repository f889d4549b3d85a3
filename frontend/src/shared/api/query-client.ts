import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { apiFetch, isApiError, type QueryParams } from './client';

export const STALE_TIME_MS = 5 * 60 * 1000;

function isQueryParams(value: unknown): value is QueryParams {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (v) => v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
  );
}

/** `queryKey[0]` is the API path, optional `queryKey[1]` a params object (querystring). */
export function keyToRequest(queryKey: QueryKey): { path: string; params: QueryParams | undefined } {
  const [path, params] = queryKey;
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(`Query key must start with an API path, got ${JSON.stringify(path)}`);
  }
  return { path, params: isQueryParams(params) ? params : undefined };
}

/**
 * The spec's default query function: GET the path in the key. A 401 throws unless
 * `on401: 'returnNull'` (used for "who am I").
 */
export function getQueryFn<T>(options: { on401: 'throw' | 'returnNull' } = { on401: 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const { path, params } = keyToRequest(queryKey);
    try {
      return await apiFetch<T>(path, { params, signal });
    } catch (error) {
      if (options.on401 === 'returnNull' && isApiError(error, 401)) return null;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn<unknown>(),
        staleTime: STALE_TIME_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
