import type { Ad, Product, RankingItem } from '../../../shared/api/catalogue';

export function product(i: number, over: Partial<Product> = {}): Product {
  return {
    id: `p-${i}`,
    name: `갤럭시 테스트 ${i}`,
    brand: 'Samsung',
    img: `/images/phones/p-${i}.svg`,
    price: 1_000_000 + i * 10_000,
    monthly: 40_000 + i * 100,
    storage: 256,
    carrier: 'SKT',
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

export function rankingItem(rank: number, over: Partial<RankingItem> = {}): RankingItem {
  return { ...product(rank), name: `랭킹 상품 ${rank}`, rank, change: 'up', changeValue: rank, ...over };
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
