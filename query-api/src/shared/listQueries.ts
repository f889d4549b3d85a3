import { PHONE_MODELS, type PhoneModelDoc } from '@phonemarket/projector';
import { badRequest } from '@phonemarket/platform/http/errors.ts';
import { knownBrand } from './brands.ts';
import type { QueryDeps } from './deps.ts';
import { parseListQuery, type ProductListQuery } from './productQueries.ts';
import type { ProductSearch } from './searchIndex.ts';

/* What both lists (`GET /api/products` and `GET /api/models`) do before they filter and sort. */

/** Model ids the Korean search matched, or null without `q`. */
export async function searchedModels(search: ProductSearch, q: string | undefined): Promise<Set<string> | null> {
  return q && q.length > 0 ? new Set((await search.get()).search(q, Number.MAX_SAFE_INTEGER).map((r) => r.id)) : null;
}

/** A list query after the checks every list makes (a known brand or category). */
export async function checkedListQuery(deps: QueryDeps, query: Record<string, unknown>, message: string): Promise<ProductListQuery> {
  const parsed = parseListQuery(query, message);
  if (parsed.brand && !(await knownBrand(deps.docs, parsed.brand))) throw badRequest(message, { brand: '알 수 없는 브랜드 또는 카테고리입니다.' });
  return parsed;
}

/** View counts now (views change without the catalogue, so they are read fresh): of the given models, or of all. */
export async function modelViews(deps: QueryDeps, ids?: readonly string[]): Promise<Map<string, number>> {
  const col = deps.docs.collection<PhoneModelDoc>(PHONE_MODELS);
  // A page's few models by id (a key lookup each), not a filtered scan of every model.
  const models = ids ? (await Promise.all([...new Set(ids)].map((id) => col.get(id)))).filter((m) => m !== null) : await col.find({});
  return new Map(models.map((m) => [m._id, m.viewCount]));
}
