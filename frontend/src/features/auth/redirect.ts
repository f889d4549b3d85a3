const isLocalPath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

/**
 * Where to go after signing in or up: `?next=/path` (works before the page is hydrated too), or the
 * `from` path a page sent in the router state (same site only), else home.
 */
export function redirectTarget(state: unknown, search = ''): string {
  const next = new URLSearchParams(search).get('next');
  if (isLocalPath(next)) return next;
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (isLocalPath(from)) return from;
  }
  return '/';
}
