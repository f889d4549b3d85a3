import type { ProductDoc } from '@phonemarket/projector';

/** Product as the list answers it (the spec's fields plus condition). */
export function listItem(p: ProductDoc) {
  return {
    id: p.id, name: p.name, brand: p.brand, img: p.img, price: p.price, monthly: p.monthly, storage: p.storage,
    carrier: p.carrier, score: p.score, badges: p.badges, isHot: p.isHot, isNew: p.isNew, viewCount: p.viewCount,
    seller: { name: p.seller.name, rating: p.seller.rating, deals: p.seller.deals }, condition: p.condition, createdAt: p.createdAt,
  };
}
export type ProductListItem = ReturnType<typeof listItem>;

/** Product as the detail page needs it. */
export function detail(p: ProductDoc) {
  return {
    ...listItem(p), model: p.model, categories: p.categories, description: p.description,
    specifications: p.specifications, colors: p.colors, seller: p.seller,
  };
}
