/**
 * "Carrier products" tab: other listings of the same model line (e.g. every 갤럭시 S26 울트라
 * across storage sizes, carriers and conditions). The list comes from GET /api/products?q={model};
 * the search is fuzzy (q=galaxy-s26 also finds S26+ and S26 울트라), so results are narrowed here.
 */

/** '갤럭시 S26 울트라 256GB (중고)' → '갤럭시 S26 울트라' */
export function baseModelName(name: string): string {
  return name
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+\d+\s*(GB|TB)$/i, '')
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Same line when the listing id is `{model}-{storage}-…` (how the catalogue names listings) or,
 * for listings named otherwise, when the names without storage and condition are equal.
 * The product itself is not "another" product.
 */
export function isSameLine(current: { id: string; name: string; model: string }, other: { id: string; name: string }): boolean {
  if (other.id === current.id) return false;
  if (current.model && new RegExp(`^${escapeRegExp(current.model)}-\\d+(tb|gb)?-`, 'i').test(other.id)) return true;
  return baseModelName(other.name) === baseModelName(current.name);
}
