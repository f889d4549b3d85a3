import type { Doc, DocStore } from '../../docstore/types.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';

export const CATEGORIES = 'categories';
export const BRANDS = 'brands';
export const BRAND_MODELS = 'brandModels';
export const ADS = 'ads';
export const PLANS = 'plans';

/** Counts are not stored: query-api counts the products of each category, so they can never drift. */
export interface CategoryDoc extends Doc { id: string; key: string; label: string; img: string; order: number; _pos: number }

/** Categories, brands with their static catalogue, ads and plans: each a defining event per document. */
export const catalogueReadModel: ReadModel = {
  name: 'catalogue',
  collections: [CATEGORIES, BRANDS, BRAND_MODELS, ADS, PLANS],
  async apply(event, { docs, position }) {
    switch (event.type) {
      case 'CategoryDefined': {
        const { categoryId, ...rest } = event.data;
        return putOnce(docs, CATEGORIES, categoryId, { id: categoryId, ...rest }, position);
      }
      case 'BrandDefined': {
        const { brandId, ...rest } = event.data;
        return putOnce(docs, BRANDS, brandId, { id: brandId, ...rest }, position);
      }
      case 'BrandModelListed': {
        const { modelId, ...rest } = event.data;
        return putOnce(docs, BRAND_MODELS, modelId, { id: modelId, ...rest }, position);
      }
      case 'AdCreated': {
        const { adId, ...rest } = event.data;
        return putOnce(docs, ADS, adId, { id: adId, ...rest }, position);
      }
      case 'PlanDefined': {
        const { planId, ...rest } = event.data;
        return putOnce(docs, PLANS, planId, { id: planId, ...rest }, position);
      }
    }
  },
};

async function putOnce(docs: DocStore, collection: string, id: string, fields: Record<string, unknown>, position: number) {
  const col = docs.collection(collection);
  if (alreadyApplied(await col.get(id), position)) return;
  await col.put({ _id: id, ...fields, _pos: position });
}
