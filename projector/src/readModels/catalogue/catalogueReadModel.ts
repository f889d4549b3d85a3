import type { Doc } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';

export const CATEGORIES = 'categories';
export const BRANDS = 'brands';
export const ADS = 'ads';
export const PLANS = 'plans';

/** Counts are not stored: query-api counts the products of each category, so they can never drift. */
export interface CategoryDoc extends Doc { id: string; key: string; label: string; img: string; order: number; _pos: number }

/** Categories, brands with their static catalogue, ads and plans: each a defining event per document. */
export const catalogueReadModel = readModelGroup('catalogue', [
  docProjection<CategoryDoc, 'CategoryDefined'>({
    collection: CATEGORIES,
    canHandle: ['CategoryDefined'],
    id: (e) => e.data.categoryId,
    evolve: (_doc, { data: { categoryId, ...rest } }) => ({ id: categoryId, ...rest }),
  }),
  docProjection<Doc, 'BrandDefined'>({
    collection: BRANDS,
    canHandle: ['BrandDefined'],
    id: (e) => e.data.brandId,
    evolve: (_doc, { data: { brandId, ...rest } }) => ({ id: brandId, ...rest }),
  }),
  docProjection<Doc, 'AdCreated'>({
    collection: ADS,
    canHandle: ['AdCreated'],
    id: (e) => e.data.adId,
    evolve: (_doc, { data: { adId, ...rest } }) => ({ id: adId, ...rest }),
  }),
  docProjection<Doc, 'PlanDefined'>({
    collection: PLANS,
    canHandle: ['PlanDefined'],
    id: (e) => e.data.planId,
    evolve: (_doc, { data: { planId, ...rest } }, ctx) => {
      // query-api's catalogue index holds the plans (names on the product page): a plan defined again
      // (renamed, say, with its fee kept, so no offer is re-priced) refreshes it.
      ctx.changed('catalogue');
      return { id: planId, ...rest };
    },
  }),
], { version: 4 });
