import type { QueryClient } from '@tanstack/react-query';

/** Refetches every query whose path starts with one of `paths` (a list, its filters and its items' histories). */
export function invalidatePaths(client: QueryClient, ...paths: string[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && paths.some((path) => (q.queryKey[0] as string).startsWith(path)),
  });
}
