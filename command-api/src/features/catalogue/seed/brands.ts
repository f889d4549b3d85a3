import type { z } from 'zod';
import type { brandDefinedSchema } from '@phonemarket/events/features/catalogue.ts';

/**
 * Brands. Their pages list the brand's models on sale from the live catalogue (issue 30): no fixed
 * catalogue is seeded any more (the `BrandModelListed` events of older stores are not read).
 */
export type SeedBrand = z.input<typeof brandDefinedSchema>;

export const seedBrands: SeedBrand[] = [
  { brandId: 'samsung', name: 'Samsung', nameKo: '삼성', logo: '/images/brands/samsung.svg', description: '갤럭시 S·Z·A 시리즈로 국내 점유율 1위를 지키는 스마트폰 브랜드', order: 0 },
  { brandId: 'apple', name: 'Apple', nameKo: '애플', logo: '/images/brands/apple.svg', description: 'iOS와 자체 칩으로 완성도 높은 아이폰을 만드는 브랜드', order: 1 },
  { brandId: 'google', name: 'Google', nameKo: '구글', logo: '/images/brands/google.svg', description: '순정 안드로이드와 AI 카메라의 픽셀 스마트폰 (병행수입)', order: 2 },
  { brandId: 'lg', name: 'LG', nameKo: '엘지', logo: '/images/brands/lg.svg', description: '2021년 휴대폰 사업을 종료한 브랜드로, 현재 판매 중인 모델이 없습니다', order: 3 },
  { brandId: 'xiaomi', name: 'Xiaomi', nameKo: '샤오미', logo: '/images/brands/xiaomi.svg', description: '가성비 높은 레드미·샤오미 시리즈의 글로벌 브랜드 (입고 예정)', order: 4 },
  { brandId: 'oneplus', name: 'OnePlus', nameKo: '원플러스', logo: '/images/brands/oneplus.svg', description: '빠른 충전과 매끄러운 성능으로 알려진 브랜드 (입고 예정)', order: 5 },
];
