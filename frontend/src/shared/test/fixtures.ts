import type { ModelSummary } from '@phonemarket/contracts';
import type { Ad, Product, RankingItem } from '../api/catalogue';

/** Catalogue test data (products, ranking items, ads) in the API's shapes. */

/** The i-th test product; `over` replaces any field. */
export function product(i: number, over: Partial<Product> = {}): Product {
  return {
    id: `p-${i}`,
    modelId: `m-${i}`,
    name: `갤럭시 테스트 ${i}`,
    brand: 'Samsung',
    img: `/images/phones/p-${i}.svg`,
    price: 1_000_000 + i * 10_000,
    monthly: 40_000 + i * 100,
    originalPrice: 1_200_000 + i * 10_000,
    storage: 256,
    carrier: 'SKT',
    joinType: '번호이동',
    score: 90,
    badges: ['공시혜택'],
    isHot: false,
    isNew: false,
    viewCount: i,
    seller: { name: `판매자 ${i}`, rating: 4.5, deals: 100 },
    condition: 'new',
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** A named phone of the seeded catalogue; the monthly price is the price over 24 months. */
export function catalogueProduct(id: string, name: string, brand: string, price: number, over: Partial<Product> = {}): Product {
  return product(0, { id, name, brand, img: `/images/phones/${id}.svg`, price, monthly: Math.floor(price / 24), ...over });
}

/** The i-th test model as `GET /api/models` lists it. */
export function model(i: number, over: Partial<ModelSummary> = {}): ModelSummary {
  return {
    id: `m-${i}`, name: `갤럭시 테스트 ${i}`, brand: 'Samsung', series: '갤럭시 S', img: `/images/phones/m-${i}.svg`, releasedAt: '2026-03-06',
    isNew: false, storages: [256, 512], lowestPrice: 1_000_000 + i * 10_000, lowestMonthly: 90_000 + i * 100, offerCount: 3, sellerCount: 2,
    cheapestOfferId: `p-${i}`, score: 90, viewCount: i, badges: ['공시혜택'], ...over,
  };
}

export function rankingItem(rank: number, over: Partial<RankingItem> = {}): RankingItem {
  return { ...model(rank), name: `랭킹 상품 ${rank}`, rank, change: 'up', changeValue: rank, ...over };
}

export function ad(i: number, over: Partial<Ad> = {}): Ad {
  return {
    id: `ad-${i}`,
    title: `광고 ${i}`,
    description: `광고 설명 ${i}`,
    img: `/images/ads/ad-${i}.svg`,
    badge: 'HOT',
    badgeColor: 'red',
    link: `/product/p-${i}`,
    type: 'display',
    placement: 'header',
    order: i,
    isActive: true,
    startDate: null,
    endDate: null,
    ...over,
  };
}


/**
 * The page of `products` that GET /api/products answers for the request URL's `page`
 * (default 1) and `limit` (default 8, at most `maxLimit`).
 */
export function productPage<T>(url: URL, products: readonly T[], maxLimit = Infinity): { products: T[]; total: number } {
  const page = Number(url.searchParams.get('page') ?? '1');
  const limit = Math.min(maxLimit, Number(url.searchParams.get('limit') ?? '8'));
  return { products: products.slice((page - 1) * limit, page * limit), total: products.length };
}
