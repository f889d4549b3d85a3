const SELF = 'https://self.invalid';

/** The value with percent-escapes undone until it stops changing (a router or server may decode `%252f` twice). */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try { next = decodeURIComponent(current); } catch { return null; }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * A path on this site only. Browsers read `\` as `/` and drop tabs and newlines, and a later decode can turn
 * `/%2F` or `/%5c` into `//`, so each of those is refused outright; what is left must resolve to this origin.
 */
function isLocalPath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  // Only the path can reach another host; the query and hash may hold any escaped text (`?q=100%25`).
  const [path = ''] = value.split(/[?#]/, 1);
  const decodedPath = fullyDecoded(path);
  if (decodedPath === null) return false;
  if (/[\\\p{Cc}]/u.test(value) || /[\\\p{Cc}]/u.test(decodedPath) || value.startsWith('//') || decodedPath.startsWith('//')) return false;
  return new URL(value, SELF).origin === SELF && new URL(decodedPath, SELF).origin === SELF;
}

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
