import type { Product, ProductDetail } from '@phonemarket/contracts';
import type { ProductDoc } from '@phonemarket/projector';

/** Product as the list answers it (the spec's fields plus condition): the shared `productSchema`. */
export function listItem(p: ProductDoc): Product {
  return {
    id: p.id, name: p.name, brand: p.brand, img: p.img, price: p.price, monthly: p.monthly, storage: p.storage,
    carrier: p.carrier, score: p.score, badges: p.badges, isHot: p.isHot, isNew: p.isNew, viewCount: p.viewCount,
    seller: { name: p.seller.name, rating: p.seller.rating, deals: p.seller.deals }, condition: p.condition, createdAt: p.createdAt,
  };
}

/** Product as the detail page needs it: the shared `productDetailSchema`. */
export function detail(p: ProductDoc): ProductDetail {
  return {
    ...listItem(p), model: p.model, categories: p.categories, description: p.description,
    specifications: p.specifications, colors: p.colors, seller: p.seller,
  };
}
