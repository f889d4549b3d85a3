import type { z } from 'zod';
import type { Carrier, CategoryKey, productListedSchema } from '@phonemarket/events/features/catalogue.ts';
import { LINES, type Line, type LineKey } from './phoneLines.ts';

/** Products on sale: model lines (specs, colours, aliases) × listings (storage, carrier, condition, price, seller). */
export type SeedProduct = z.input<typeof productListedSchema>;

type Badge = SeedProduct['badges'][number];
type Condition = SeedProduct['condition'];

const SELLERS = {
  gangnam: { id: 'seller-gangnam-phone', name: '강남폰스토어', rating: 4.9, deals: 2340 },
  yongsan: { id: 'seller-yongsan-mobile', name: '용산모바일', rating: 4.7, deals: 1580 },
  hongdae: { id: 'seller-hongdae-phonemart', name: '홍대폰마트', rating: 4.5, deals: 862 },
  busan: { id: 'seller-busan-seomyeon', name: '부산서면텔레콤', rating: 4.6, deals: 1125 },
  sindorim: { id: 'seller-sindorim-phoneplus', name: '신도림폰플러스', rating: 4.2, deals: 437 },
  daegu: { id: 'seller-daegu-dongseongro', name: '대구동성로모바일', rating: 4.0, deals: 276 },
  refurb: { id: 'seller-refurb-market', name: '리퍼폰마켓', rating: 4.8, deals: 3052 },
  used: { id: 'seller-junggo-nara', name: '중고폰나라', rating: 3.9, deals: 641 },
} as const satisfies Record<string, SeedProduct['seller']>;
type SellerKey = keyof typeof SELLERS;

interface Listing {
  readonly line: LineKey;
  readonly storage: 128 | 256 | 512 | 1024;
  readonly carrier: Carrier;
  readonly condition: Condition;
  /** Price in won (출고가 for new units, the asking price for refurbished/used ones). */
  readonly price: number;
  /** 공시지원금 taken off the instalment base (0 when none). */
  readonly subsidy?: number;
  readonly score: number;
  readonly badges: readonly Badge[];
  readonly hot?: boolean;
  readonly seller: SellerKey;
  readonly listedAt: string;
  /** Put in SpecialOffer even without a subsidy (clearance, limited deals). */
  readonly specialOffer?: boolean;
}

const CARRIER_SLUG: Record<Carrier, string> = { SKT: 'skt', KT: 'kt', 'LG U+': 'lgu' };
const CONDITION_SUFFIX: Record<Condition, string> = { new: '', refurbished: ' (리퍼)', used: ' (중고)' };
const CONDITION_NOTE: Record<Condition, string> = {
  new: '',
  refurbished: ' 정품 리퍼 제품으로 외관·배터리 검수를 마쳤고 6개월 무상 보증을 제공합니다.',
  used: ' 판매자 검수를 마친 중고 제품으로, 초기화 후 발송됩니다.',
};
/** 256 → '256GB', 1024 → '1TB'. */
export const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);

/** Instalment over 24 months after the subsidy, rounded to 10 won. */
const monthlyOf = (price: number, subsidy: number) => Math.round((price - subsidy) / 24 / 10) * 10;

function toProduct(l: Listing): SeedProduct {
  const line: Line = LINES[l.line];
  const subsidy = l.subsidy ?? 0;
  const categories: CategoryKey[] = [];
  if (subsidy > 0 || l.specialOffer) categories.push('SpecialOffer');
  if (l.price - subsidy <= 700_000) categories.push('Budget');
  if (line.premium && l.condition === 'new') categories.push('Premium');
  if (line.folding) categories.push('Folding');
  return {
    productId: `${l.line}-${l.storage >= 1024 ? '1tb' : l.storage}-${CARRIER_SLUG[l.carrier]}-${l.condition}`,
    name: `${line.nameKo} ${storageLabel(l.storage)}${CONDITION_SUFFIX[l.condition]}`,
    brand: line.brand,
    model: l.line,
    img: `/images/phones/${l.line}.svg`,
    price: l.price,
    monthly: monthlyOf(l.price, subsidy),
    storage: l.storage,
    carrier: l.carrier,
    score: l.score,
    badges: [...l.badges],
    isHot: l.hot ?? false,
    isNew: line.recent && l.condition === 'new',
    condition: l.condition,
    categories,
    seller: { ...SELLERS[l.seller] },
    description: line.description + CONDITION_NOTE[l.condition],
    specifications: { ...line.specifications },
    colors: line.colors.map((col) => ({ ...col })),
    aliases: [...line.aliases],
    listedAt: l.listedAt,
  };
}

const LISTINGS: readonly Listing[] = [
  // Galaxy S25
  { line: 'galaxy-s25', storage: 256, carrier: 'SKT', condition: 'new', price: 1_155_000, subsidy: 300_000, score: 86, badges: ['공시혜택', '카드할인', '사은품'], hot: true, seller: 'gangnam', listedAt: '2026-01-12T10:00:00Z' },
  { line: 'galaxy-s25', storage: 512, carrier: 'KT', condition: 'new', price: 1_309_000, score: 80, badges: ['카드할인', '대용량'], seller: 'yongsan', listedAt: '2026-02-03T11:30:00Z' },
  { line: 'galaxy-s25', storage: 256, carrier: 'LG U+', condition: 'used', price: 640_000, score: 72, badges: ['가성비', '빠른개통'], seller: 'used', listedAt: '2026-06-18T14:20:00Z' },
  // Galaxy S25+
  { line: 'galaxy-s25-plus', storage: 256, carrier: 'KT', condition: 'new', price: 1_353_000, subsidy: 250_000, score: 82, badges: ['공시혜택', '사은품'], seller: 'busan', listedAt: '2026-01-20T09:00:00Z' },
  { line: 'galaxy-s25-plus', storage: 512, carrier: 'SKT', condition: 'refurbished', price: 990_000, score: 75, badges: ['가성비'], seller: 'refurb', listedAt: '2026-05-09T13:00:00Z' },
  // Galaxy S25 Ultra
  { line: 'galaxy-s25-ultra', storage: 256, carrier: 'SKT', condition: 'new', price: 1_698_400, subsidy: 500_000, score: 95, badges: ['공시혜택', '카드할인', '사은품', '빠른개통'], hot: true, seller: 'gangnam', listedAt: '2026-01-05T09:00:00Z' },
  { line: 'galaxy-s25-ultra', storage: 512, carrier: 'KT', condition: 'new', price: 1_852_400, score: 90, badges: ['카드할인', '대용량'], seller: 'yongsan', listedAt: '2026-01-08T10:00:00Z' },
  { line: 'galaxy-s25-ultra', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_160_400, score: 84, badges: ['대용량', '사은품'], seller: 'hongdae', listedAt: '2026-02-14T12:00:00Z' },
  { line: 'galaxy-s25-ultra', storage: 256, carrier: 'KT', condition: 'refurbished', price: 1_190_000, score: 88, badges: ['가성비', '빠른개통'], seller: 'refurb', listedAt: '2026-07-22T10:40:00Z', specialOffer: true },
  { line: 'galaxy-s25-ultra', storage: 256, carrier: 'LG U+', condition: 'used', price: 980_000, score: 79, badges: ['가성비'], seller: 'used', listedAt: '2026-09-03T16:00:00Z' },
  // Galaxy S25 FE
  { line: 'galaxy-s25-fe', storage: 256, carrier: 'SKT', condition: 'new', price: 946_000, subsidy: 350_000, score: 83, badges: ['공시혜택', '가성비', '초보추천'], hot: true, seller: 'sindorim', listedAt: '2026-01-15T10:00:00Z' },
  { line: 'galaxy-s25-fe', storage: 512, carrier: 'KT', condition: 'new', price: 1_100_000, score: 70, badges: ['대용량'], seller: 'daegu', listedAt: '2026-03-11T15:00:00Z' },
  // Galaxy S26
  { line: 'galaxy-s26', storage: 256, carrier: 'SKT', condition: 'new', price: 1_254_000, subsidy: 400_000, score: 92, badges: ['공시혜택', '사은품', '카드할인'], hot: true, seller: 'gangnam', listedAt: '2026-03-06T09:00:00Z' },
  { line: 'galaxy-s26', storage: 512, carrier: 'LG U+', condition: 'new', price: 1_408_000, score: 85, badges: ['대용량', '빠른개통'], seller: 'hongdae', listedAt: '2026-03-10T11:00:00Z' },
  // Galaxy S26+
  { line: 'galaxy-s26-plus', storage: 256, carrier: 'KT', condition: 'new', price: 1_452_000, subsidy: 300_000, score: 87, badges: ['공시혜택', '사은품'], seller: 'busan', listedAt: '2026-03-06T10:00:00Z' },
  // Galaxy S26 Ultra
  { line: 'galaxy-s26-ultra', storage: 256, carrier: 'SKT', condition: 'new', price: 1_797_400, subsidy: 600_000, score: 98, badges: ['공시혜택', '카드할인', '사은품', '빠른개통', '대용량'], hot: true, seller: 'gangnam', listedAt: '2026-03-05T09:00:00Z' },
  { line: 'galaxy-s26-ultra', storage: 512, carrier: 'KT', condition: 'new', price: 1_951_400, score: 93, badges: ['카드할인', '대용량', '사은품'], seller: 'yongsan', listedAt: '2026-03-12T10:00:00Z' },
  { line: 'galaxy-s26-ultra', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_259_400, score: 86, badges: ['대용량'], seller: 'daegu', listedAt: '2026-04-01T09:30:00Z' },
  { line: 'galaxy-s26-ultra', storage: 256, carrier: 'KT', condition: 'used', price: 1_320_000, score: 80, badges: ['빠른개통'], seller: 'used', listedAt: '2026-10-27T17:00:00Z' },
  // Galaxy Z Flip7
  { line: 'galaxy-z-flip7', storage: 256, carrier: 'SKT', condition: 'new', price: 1_485_000, subsidy: 500_000, score: 91, badges: ['폴더블', '공시혜택', '사은품', '카드할인'], hot: true, seller: 'gangnam', listedAt: '2026-01-22T10:00:00Z' },
  { line: 'galaxy-z-flip7', storage: 512, carrier: 'KT', condition: 'new', price: 1_639_000, score: 84, badges: ['폴더블', '대용량'], seller: 'yongsan', listedAt: '2026-02-20T10:00:00Z' },
  { line: 'galaxy-z-flip7', storage: 256, carrier: 'LG U+', condition: 'refurbished', price: 1_020_000, score: 82, badges: ['폴더블', '가성비'], seller: 'refurb', listedAt: '2026-08-14T11:00:00Z' },
  // Galaxy Z Fold7
  { line: 'galaxy-z-fold7', storage: 256, carrier: 'SKT', condition: 'new', price: 2_379_300, subsidy: 600_000, score: 94, badges: ['폴더블', '공시혜택', '카드할인', '사은품'], hot: true, seller: 'gangnam', listedAt: '2026-01-09T09:00:00Z' },
  { line: 'galaxy-z-fold7', storage: 512, carrier: 'KT', condition: 'new', price: 2_537_700, score: 89, badges: ['폴더블', '대용량', '카드할인'], seller: 'busan', listedAt: '2026-02-11T10:00:00Z' },
  { line: 'galaxy-z-fold7', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_933_700, score: 81, badges: ['폴더블', '대용량'], seller: 'hongdae', listedAt: '2026-04-18T13:00:00Z' },
  { line: 'galaxy-z-fold7', storage: 256, carrier: 'KT', condition: 'used', price: 1_590_000, score: 77, badges: ['폴더블', '빠른개통'], seller: 'used', listedAt: '2026-10-02T15:00:00Z' },
  // Galaxy Z Flip6 / Fold6
  { line: 'galaxy-z-flip6', storage: 256, carrier: 'KT', condition: 'refurbished', price: 820_000, score: 78, badges: ['폴더블', '가성비', '초보추천'], seller: 'refurb', listedAt: '2026-04-07T10:00:00Z', specialOffer: true },
  { line: 'galaxy-z-flip6', storage: 512, carrier: 'SKT', condition: 'used', price: 690_000, score: 71, badges: ['폴더블', '가성비'], seller: 'used', listedAt: '2026-08-30T18:00:00Z' },
  { line: 'galaxy-z-fold6', storage: 256, carrier: 'LG U+', condition: 'refurbished', price: 1_290_000, score: 80, badges: ['폴더블', '가성비'], seller: 'refurb', listedAt: '2026-05-19T10:00:00Z' },
  { line: 'galaxy-z-fold6', storage: 512, carrier: 'SKT', condition: 'used', price: 1_150_000, score: 73, badges: ['폴더블'], seller: 'sindorim', listedAt: '2026-09-21T14:00:00Z' },
  // Galaxy A / Quantum
  { line: 'galaxy-a56', storage: 128, carrier: 'KT', condition: 'new', price: 599_500, subsidy: 200_000, score: 81, badges: ['공시혜택', '가성비', '초보추천'], hot: true, seller: 'daegu', listedAt: '2026-02-05T10:00:00Z' },
  { line: 'galaxy-a56', storage: 256, carrier: 'SKT', condition: 'new', price: 649_000, score: 74, badges: ['가성비', '빠른개통'], seller: 'sindorim', listedAt: '2026-03-25T11:00:00Z' },
  { line: 'galaxy-a36', storage: 128, carrier: 'LG U+', condition: 'new', price: 499_400, subsidy: 150_000, score: 79, badges: ['공시혜택', '가성비', '초보추천', '사은품'], seller: 'hongdae', listedAt: '2026-02-17T10:00:00Z' },
  { line: 'galaxy-a36', storage: 128, carrier: 'SKT', condition: 'used', price: 260_000, score: 65, badges: ['가성비'], seller: 'used', listedAt: '2026-07-08T12:00:00Z' },
  { line: 'galaxy-a16', storage: 128, carrier: 'KT', condition: 'new', price: 319_000, subsidy: 150_000, score: 76, badges: ['공시혜택', '가성비', '초보추천'], seller: 'daegu', listedAt: '2026-01-28T10:00:00Z' },
  { line: 'galaxy-a16', storage: 128, carrier: 'LG U+', condition: 'refurbished', price: 210_000, score: 62, badges: ['가성비', '초보추천'], seller: 'refurb', listedAt: '2026-06-02T10:00:00Z' },
  { line: 'galaxy-quantum5', storage: 128, carrier: 'SKT', condition: 'new', price: 618_200, subsidy: 250_000, score: 74, badges: ['공시혜택', '초보추천', '가성비'], seller: 'gangnam', listedAt: '2026-02-24T10:00:00Z' },
  // iPhone 17
  { line: 'iphone-17', storage: 256, carrier: 'KT', condition: 'new', price: 1_290_000, subsidy: 300_000, score: 93, badges: ['공시혜택', '카드할인', '사은품'], hot: true, seller: 'yongsan', listedAt: '2026-01-06T09:00:00Z' },
  { line: 'iphone-17', storage: 512, carrier: 'SKT', condition: 'new', price: 1_590_000, score: 86, badges: ['대용량', '카드할인'], seller: 'gangnam', listedAt: '2026-02-09T10:00:00Z' },
  { line: 'iphone-17', storage: 256, carrier: 'LG U+', condition: 'used', price: 960_000, score: 76, badges: ['빠른개통'], seller: 'used', listedAt: '2026-11-05T13:00:00Z' },
  // iPhone 17 Pro
  { line: 'iphone-17-pro', storage: 256, carrier: 'KT', condition: 'new', price: 1_790_000, subsidy: 450_000, score: 97, badges: ['공시혜택', '카드할인', '사은품', '빠른개통'], hot: true, seller: 'yongsan', listedAt: '2026-01-07T09:00:00Z' },
  { line: 'iphone-17-pro', storage: 512, carrier: 'SKT', condition: 'new', price: 2_090_000, score: 91, badges: ['대용량', '카드할인'], seller: 'gangnam', listedAt: '2026-01-19T10:00:00Z' },
  { line: 'iphone-17-pro', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_390_000, score: 83, badges: ['대용량'], seller: 'hongdae', listedAt: '2026-03-02T10:00:00Z' },
  { line: 'iphone-17-pro', storage: 256, carrier: 'SKT', condition: 'refurbished', price: 1_450_000, score: 85, badges: ['가성비', '빠른개통'], seller: 'refurb', listedAt: '2026-09-12T10:00:00Z' },
  // iPhone 17 Pro Max
  { line: 'iphone-17-pro-max', storage: 256, carrier: 'KT', condition: 'new', price: 1_990_000, subsidy: 400_000, score: 96, badges: ['공시혜택', '카드할인', '사은품'], hot: true, seller: 'busan', listedAt: '2026-01-10T09:00:00Z' },
  { line: 'iphone-17-pro-max', storage: 1024, carrier: 'SKT', condition: 'new', price: 2_590_000, score: 88, badges: ['대용량', '카드할인', '빠른개통'], seller: 'gangnam', listedAt: '2026-02-26T10:00:00Z' },
  { line: 'iphone-17-pro-max', storage: 512, carrier: 'LG U+', condition: 'used', price: 1_690_000, score: 78, badges: ['대용량'], seller: 'used', listedAt: '2026-10-15T16:00:00Z' },
  // iPhone Air
  { line: 'iphone-air', storage: 256, carrier: 'SKT', condition: 'new', price: 1_590_000, subsidy: 350_000, score: 84, badges: ['공시혜택', '사은품'], seller: 'hongdae', listedAt: '2026-01-13T10:00:00Z' },
  { line: 'iphone-air', storage: 512, carrier: 'KT', condition: 'refurbished', price: 1_290_000, score: 77, badges: ['대용량', '가성비'], seller: 'refurb', listedAt: '2026-08-05T10:00:00Z', specialOffer: true },
  // iPhone 16 / 16e / 16 Pro / 15
  { line: 'iphone-16', storage: 128, carrier: 'LG U+', condition: 'new', price: 1_150_000, subsidy: 400_000, score: 82, badges: ['공시혜택', '카드할인', '초보추천'], seller: 'busan', listedAt: '2026-01-26T10:00:00Z' },
  { line: 'iphone-16', storage: 256, carrier: 'KT', condition: 'used', price: 720_000, score: 70, badges: ['가성비', '빠른개통'], seller: 'used', listedAt: '2026-06-29T12:00:00Z' },
  { line: 'iphone-16e', storage: 128, carrier: 'SKT', condition: 'new', price: 990_000, subsidy: 350_000, score: 80, badges: ['공시혜택', '가성비', '초보추천'], hot: true, seller: 'sindorim', listedAt: '2026-02-12T10:00:00Z' },
  { line: 'iphone-16e', storage: 256, carrier: 'LG U+', condition: 'refurbished', price: 690_000, score: 72, badges: ['가성비', '초보추천'], seller: 'refurb', listedAt: '2026-07-17T10:00:00Z' },
  { line: 'iphone-16-pro', storage: 128, carrier: 'KT', condition: 'refurbished', price: 1_050_000, score: 83, badges: ['가성비', '빠른개통'], seller: 'refurb', listedAt: '2026-05-27T10:00:00Z', specialOffer: true },
  { line: 'iphone-16-pro', storage: 256, carrier: 'SKT', condition: 'used', price: 930_000, score: 75, badges: ['가성비'], seller: 'used', listedAt: '2026-09-09T15:00:00Z' },
  { line: 'iphone-15', storage: 128, carrier: 'LG U+', condition: 'used', price: 520_000, score: 68, badges: ['가성비', '초보추천'], seller: 'used', listedAt: '2026-04-22T12:00:00Z' },
  { line: 'iphone-15', storage: 256, carrier: 'KT', condition: 'refurbished', price: 690_000, score: 66, badges: ['가성비'], seller: 'refurb', listedAt: '2026-08-21T10:00:00Z' },
  // Pixel (grey import)
  { line: 'pixel-10', storage: 128, carrier: 'SKT', condition: 'new', price: 1_090_000, score: 78, badges: ['빠른개통'], seller: 'yongsan', listedAt: '2026-01-30T10:00:00Z' },
  { line: 'pixel-10', storage: 256, carrier: 'LG U+', condition: 'used', price: 690_000, score: 69, badges: ['가성비'], seller: 'hongdae', listedAt: '2026-10-11T14:00:00Z' },
  { line: 'pixel-10-pro', storage: 256, carrier: 'KT', condition: 'new', price: 1_550_000, score: 82, badges: ['카드할인', '사은품'], seller: 'yongsan', listedAt: '2026-02-02T10:00:00Z' },
  { line: 'pixel-10-pro', storage: 128, carrier: 'SKT', condition: 'refurbished', price: 990_000, score: 74, badges: ['가성비'], seller: 'refurb', listedAt: '2026-07-30T10:00:00Z' },
  { line: 'pixel-10-pro-xl', storage: 512, carrier: 'LG U+', condition: 'new', price: 1_890_000, score: 80, badges: ['대용량', '카드할인'], seller: 'yongsan', listedAt: '2026-03-18T10:00:00Z' },
  { line: 'pixel-9a', storage: 128, carrier: 'KT', condition: 'new', price: 690_000, score: 73, badges: ['가성비', '초보추천', '빠른개통'], seller: 'sindorim', listedAt: '2026-02-19T10:00:00Z' },
  { line: 'pixel-9a', storage: 128, carrier: 'SKT', condition: 'used', price: 380_000, score: 61, badges: ['가성비'], seller: 'used', listedAt: '2026-11-12T11:00:00Z' },
];

export const seedProducts: SeedProduct[] = LISTINGS.map(toProduct);
