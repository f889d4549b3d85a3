import type { z } from 'zod';
import type { brandDefinedSchema, brandModelListedSchema } from '@phonemarket/events/features/catalogue.ts';
import { LINES, type LineKey } from './phoneLines.ts';
import { seedSellers } from './offers.ts';

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

/** 256 → '256GB', 1024 → '1TB'. */
export const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);
const CONDITION_SUFFIX: Record<SeedBrandModel['condition'], string> = { new: '', refurbished: ' (리퍼)', used: ' (중고)' };

/** The unit a brand page shows: a variant of a phone line in one condition, at a price, from a seller. */
interface Showcase {
  readonly line: LineKey;
  readonly storage: number;
  readonly condition: SeedBrandModel['condition'];
  /** 출고가 for a new unit, the asking price for a refurbished or used one. */
  readonly price: number;
  readonly sellerId: string;
}

function brandModel(
  brandId: string,
  unit: Showcase,
  extra: Pick<SeedBrandModel, 'rating' | 'reviewCount' | 'features' | 'availability'> & { verified?: boolean },
): SeedBrandModel {
  const line = LINES[unit.line];
  const seller = seedSellers.find((s) => s.sellerId === unit.sellerId);
  if (!seller) throw new Error(`seedData: unknown seller ${unit.sellerId}`);
  const color = line.colors.find((col) => col.available) ?? line.colors[0]!;
  return {
    brandId,
    modelId: `${brandId}-${unit.line}-${unit.condition}`,
    name: `${line.nameKo} ${storageLabel(unit.storage)}${CONDITION_SUFFIX[unit.condition]}`,
    image: `/images/phones/${unit.line}.svg`,
    price: unit.price,
    storage: storageLabel(unit.storage),
    color: color.name,
    condition: unit.condition,
    rating: extra.rating,
    reviewCount: extra.reviewCount,
    specifications: { display: line.specifications.display, camera: line.specifications.camera, battery: line.specifications.battery, os: line.specifications.os },
    features: [...extra.features],
    availability: extra.availability,
    seller: { name: seller.name, rating: seller.rating, verified: extra.verified ?? true },
    productId: unit.line,
  };
}

export const seedBrandModels: SeedBrandModel[] = [
  // Samsung (8)
  brandModel('samsung', { line: 'galaxy-s26-ultra', storage: 256, condition: 'new', price: 1_797_400, sellerId: 'seller-gangnam-phone' }, { rating: 4.9, reviewCount: 1284, availability: 'in-stock', features: ['2억 화소 카메라', '내장 S펜', '갤럭시 AI', '60W 초고속 충전'] }),
  brandModel('samsung', { line: 'galaxy-s26', storage: 256, condition: 'new', price: 1_254_000, sellerId: 'seller-gangnam-phone' }, { rating: 4.7, reviewCount: 842, availability: 'in-stock', features: ['컴팩트 디자인', '갤럭시 AI', '7년 OS 업데이트'] }),
  brandModel('samsung', { line: 'galaxy-s25-ultra', storage: 256, condition: 'refurbished', price: 1_190_000, sellerId: 'seller-refurb-market' }, { rating: 4.6, reviewCount: 517, availability: 'limited', features: ['정품 리퍼', '배터리 성능 95% 이상', '6개월 보증'] }),
  brandModel('samsung', { line: 'galaxy-s25', storage: 256, condition: 'used', price: 640_000, sellerId: 'seller-junggo-nara' }, { rating: 4.3, reviewCount: 203, availability: 'in-stock', features: ['S급 중고', '액정 무결점', '초기화 완료'], verified: false }),
  brandModel('samsung', { line: 'galaxy-z-fold7', storage: 256, condition: 'new', price: 2_379_300, sellerId: 'seller-gangnam-phone' }, { rating: 4.8, reviewCount: 736, availability: 'limited', features: ['8형 대화면', '역대 가장 얇은 폴드', '2억 화소 카메라'] }),
  brandModel('samsung', { line: 'galaxy-z-flip7', storage: 256, condition: 'new', price: 1_485_000, sellerId: 'seller-gangnam-phone' }, { rating: 4.7, reviewCount: 958, availability: 'in-stock', features: ['4.1형 플렉스윈도우', '초슬림 폴더블', '셀피 특화'] }),
  brandModel('samsung', { line: 'galaxy-s25-fe', storage: 256, condition: 'new', price: 946_000, sellerId: 'seller-sindorim-phoneplus' }, { rating: 4.5, reviewCount: 611, availability: 'in-stock', features: ['합리적인 플래그십', '3배 망원', '갤럭시 AI'] }),
  brandModel('samsung', { line: 'galaxy-a56', storage: 128, condition: 'new', price: 599_500, sellerId: 'seller-daegu-dongseongro' }, { rating: 4.4, reviewCount: 1490, availability: 'in-stock', features: ['5,000mAh 배터리', '6년 OS 업데이트', '가성비 추천'] }),
  // Apple (4)
  brandModel('apple', { line: 'iphone-17-pro', storage: 256, condition: 'new', price: 1_790_000, sellerId: 'seller-yongsan-mobile' }, { rating: 4.9, reviewCount: 1672, availability: 'limited', features: ['A19 Pro 칩', '48MP 트리플 카메라', '베이퍼 챔버 냉각'] }),
  brandModel('apple', { line: 'iphone-17', storage: 256, condition: 'new', price: 1_290_000, sellerId: 'seller-yongsan-mobile' }, { rating: 4.8, reviewCount: 1215, availability: 'in-stock', features: ['120Hz 프로모션', '256GB 기본 용량', '센터 스테이지 전면 카메라'] }),
  brandModel('apple', { line: 'iphone-16-pro', storage: 128, condition: 'refurbished', price: 1_050_000, sellerId: 'seller-refurb-market' }, { rating: 4.6, reviewCount: 388, availability: 'limited', features: ['정품 리퍼', '티타늄 디자인', '5배 망원'] }),
  brandModel('apple', { line: 'iphone-15', storage: 128, condition: 'used', price: 520_000, sellerId: 'seller-junggo-nara' }, { rating: 4.2, reviewCount: 274, availability: 'in-stock', features: ['USB-C', '다이내믹 아일랜드', '검수 완료 중고'], verified: false }),
  // Google (3)
  brandModel('google', { line: 'pixel-10-pro', storage: 256, condition: 'new', price: 1_550_000, sellerId: 'seller-yongsan-mobile' }, { rating: 4.6, reviewCount: 189, availability: 'limited', features: ['텐서 G5', '100배 프로 레스 줌', '7년 OS 업데이트'] }),
  brandModel('google', { line: 'pixel-10', storage: 128, condition: 'new', price: 1_090_000, sellerId: 'seller-yongsan-mobile' }, { rating: 4.5, reviewCount: 142, availability: 'in-stock', features: ['제미나이 AI', '5배 망원', '순정 안드로이드'] }),
  brandModel('google', { line: 'pixel-9a', storage: 128, condition: 'used', price: 380_000, sellerId: 'seller-junggo-nara' }, { rating: 4.1, reviewCount: 67, availability: 'in-stock', features: ['카메라 돌출 없는 디자인', '5,100mAh 배터리', '저렴한 픽셀'], verified: false }),
];
