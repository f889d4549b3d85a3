import type { CategoryKey, ProductListed } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';

export const PRODUCTS = 'products';

/** The product feed / detail document (spec Product plus what the detail page needs). */
export interface ProductDoc extends Doc, Omit<ProductListed, 'productId' | 'listedAt'> {
  id: string;
  /** Lowercased brand, for case-insensitive brand filters. */
  brandKey: string;
  viewCount: number;
  createdAt: string;
  _pos: number;
}

/** Brand category keys derived from the brand (the other categories are listed on the product). */
const BRAND_CATEGORY: Record<string, 'Samsung' | 'Apple'> = { samsung: 'Samsung', apple: 'Apple' };

export function productCategories(p: Pick<ProductListed, 'brand' | 'categories'>): CategoryKey[] {
  const brandCategory = BRAND_CATEGORY[p.brand.toLowerCase()];
  return [...new Set([...(brandCategory ? [brandCategory] : []), ...p.categories])];
}

export const productsReadModel: ReadModel = {
  name: 'products',
  collections: [PRODUCTS],
  async setup(docs) {
    const col = docs.collection(PRODUCTS);
    await col.createIndex({ score: -1 });
    await col.createIndex({ brandKey: 1 });
  },
  async apply(event, { docs, position, changed }) {
    const col = docs.collection<ProductDoc>(PRODUCTS);
    switch (event.type) {
      case 'ProductListed': {
        const { productId, listedAt, ...rest } = event.data;
        if (alreadyApplied(await col.get(productId), position)) return;
        await col.put({
          _id: productId, id: productId, ...rest, categories: productCategories(event.data),
          brandKey: rest.brand.toLowerCase(), viewCount: 0, createdAt: listedAt, _pos: position,
        });
        changed('catalogue');
        return;
      }
      case 'ProductViewed':
        // One conditional update (no read): a replayed view finds _pos already at its position.
        await col.update(event.data.productId, { $inc: { viewCount: 1 }, $set: { _pos: position } }, { where: { _pos: { $lt: position } } });
        return;
    }
  },
};
