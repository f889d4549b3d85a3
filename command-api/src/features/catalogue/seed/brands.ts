import type { z } from 'zod';
import type { brandDefinedSchema, brandModelListedSchema } from '@phonemarket/events/features/catalogue.ts';
import { seedProducts, storageLabel } from './products.ts';

/** Brands and their static catalogue pages (each model links into the feed). */
export type SeedBrand = z.input<typeof brandDefinedSchema>;
export type SeedBrandModel = z.input<typeof brandModelListedSchema>;

export const seedBrands: SeedBrand[] = [
  { brandId: 'samsung', name: 'Samsung', nameKo: '삼성', logo: '/images/brands/samsung.svg', description: '갤럭시 S·Z·A 시리즈로 국내 점유율 1위를 지키는 스마트폰 브랜드', order: 0 },
  { brandId: 'apple', name: 'Apple', nameKo: '애플', logo: '/images/brands/apple.svg', description: 'iOS와 자체 칩으로 완성도 높은 아이폰을 만드는 브랜드', order: 1 },
  { brandId: 'google', name: 'Google', nameKo: '구글', logo: '/images/brands/google.svg', description: '순정 안드로이드와 AI 카메라의 픽셀 스마트폰 (병행수입)', order: 2 },
  { brandId: 'lg', name: 'LG', nameKo: '엘지', logo: '/images/brands/lg.svg', description: '2021년 휴대폰 사업을 종료한 브랜드로, 현재 판매 중인 모델이 없습니다', order: 3 },
  { brandId: 'xiaomi', name: 'Xiaomi', nameKo: '샤오미', logo: '/images/brands/xiaomi.svg', description: '가성비 높은 레드미·샤오미 시리즈의 글로벌 브랜드 (입고 예정)', order: 4 },
  { brandId: 'oneplus', name: 'OnePlus', nameKo: '원플러스', logo: '/images/brands/oneplus.svg', description: '빠른 충전과 매끄러운 성능으로 알려진 브랜드 (입고 예정)', order: 5 },
];

const productById = new Map(seedProducts.map((p) => [p.productId, p]));

function brandModel(
  brandId: string,
  productId: string,
  extra: Pick<SeedBrandModel, 'rating' | 'reviewCount' | 'features' | 'availability'> & { verified?: boolean },
): SeedBrandModel {
  const p = productById.get(productId);
  if (!p) throw new Error(`seedData: unknown product ${productId}`);
  const color = p.colors.find((col) => col.available) ?? p.colors[0]!;
  return {
    brandId,
    modelId: `${brandId}-${p.model}-${p.condition}`,
    name: p.name,
    image: p.img,
    price: p.price,
    storage: storageLabel(p.storage),
    color: color.name,
    condition: p.condition,
    rating: extra.rating,
    reviewCount: extra.reviewCount,
    specifications: { display: p.specifications.display, camera: p.specifications.camera, battery: p.specifications.battery, os: p.specifications.os },
    features: [...extra.features],
    availability: extra.availability,
    seller: { name: p.seller.name, rating: p.seller.rating, verified: extra.verified ?? true },
    productId: p.model,
  };
}

export const seedBrandModels: SeedBrandModel[] = [
  // Samsung (8)
  brandModel('samsung', 'galaxy-s26-ultra-256-skt-new', { rating: 4.9, reviewCount: 1284, availability: 'in-stock', features: ['2억 화소 카메라', '내장 S펜', '갤럭시 AI', '60W 초고속 충전'] }),
  brandModel('samsung', 'galaxy-s26-256-skt-new', { rating: 4.7, reviewCount: 842, availability: 'in-stock', features: ['컴팩트 디자인', '갤럭시 AI', '7년 OS 업데이트'] }),
  brandModel('samsung', 'galaxy-s25-ultra-256-kt-refurbished', { rating: 4.6, reviewCount: 517, availability: 'limited', features: ['정품 리퍼', '배터리 성능 95% 이상', '6개월 보증'] }),
  brandModel('samsung', 'galaxy-s25-256-lgu-used', { rating: 4.3, reviewCount: 203, availability: 'in-stock', features: ['S급 중고', '액정 무결점', '초기화 완료'], verified: false }),
  brandModel('samsung', 'galaxy-z-fold7-256-skt-new', { rating: 4.8, reviewCount: 736, availability: 'limited', features: ['8형 대화면', '역대 가장 얇은 폴드', '2억 화소 카메라'] }),
  brandModel('samsung', 'galaxy-z-flip7-256-skt-new', { rating: 4.7, reviewCount: 958, availability: 'in-stock', features: ['4.1형 플렉스윈도우', '초슬림 폴더블', '셀피 특화'] }),
  brandModel('samsung', 'galaxy-s25-fe-256-skt-new', { rating: 4.5, reviewCount: 611, availability: 'in-stock', features: ['합리적인 플래그십', '3배 망원', '갤럭시 AI'] }),
  brandModel('samsung', 'galaxy-a56-128-kt-new', { rating: 4.4, reviewCount: 1490, availability: 'in-stock', features: ['5,000mAh 배터리', '6년 OS 업데이트', '가성비 추천'] }),
  // Apple (4)
  brandModel('apple', 'iphone-17-pro-256-kt-new', { rating: 4.9, reviewCount: 1672, availability: 'limited', features: ['A19 Pro 칩', '48MP 트리플 카메라', '베이퍼 챔버 냉각'] }),
  brandModel('apple', 'iphone-17-256-kt-new', { rating: 4.8, reviewCount: 1215, availability: 'in-stock', features: ['120Hz 프로모션', '256GB 기본 용량', '센터 스테이지 전면 카메라'] }),
  brandModel('apple', 'iphone-16-pro-128-kt-refurbished', { rating: 4.6, reviewCount: 388, availability: 'limited', features: ['정품 리퍼', '티타늄 디자인', '5배 망원'] }),
  brandModel('apple', 'iphone-15-128-lgu-used', { rating: 4.2, reviewCount: 274, availability: 'in-stock', features: ['USB-C', '다이내믹 아일랜드', '검수 완료 중고'], verified: false }),
  // Google (3)
  brandModel('google', 'pixel-10-pro-256-kt-new', { rating: 4.6, reviewCount: 189, availability: 'limited', features: ['텐서 G5', '100배 프로 레스 줌', '7년 OS 업데이트'] }),
  brandModel('google', 'pixel-10-128-skt-new', { rating: 4.5, reviewCount: 142, availability: 'in-stock', features: ['제미나이 AI', '5배 망원', '순정 안드로이드'] }),
  brandModel('google', 'pixel-9a-128-skt-used', { rating: 4.1, reviewCount: 67, availability: 'in-stock', features: ['카메라 돌출 없는 디자인', '5,100mAh 배터리', '저렴한 픽셀'], verified: false }),
];
