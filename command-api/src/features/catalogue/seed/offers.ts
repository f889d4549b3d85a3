import type { z } from 'zod';
import type { JoinType, OfferCarrier, UsedGrade } from '@phonemarket/contracts';
import type { offerListedSchema, sellerProfileDefinedSchema } from '@phonemarket/events/features/offers.ts';
import { seedPhoneModels, type SeedPhoneModel } from './models.ts';
import { seedPlans } from './plans.ts';

/**
 * Sellers' offers (issue 10), generated from the compact tables here: no clock, no randomness —
 * every choice is a hash of the offer's own key, so every fresh store gets the same offers. The
 * dates are relative to `anchor` (the day the seed runs), so 90 days of price changes lead up to it.
 */
export type SeedSeller = z.input<typeof sellerProfileDefinedSchema>;
export type SeedOffer = z.input<typeof offerListedSchema>;
export interface SeedPriceChange { price: number; extraSubsidy: number; effectiveAt: string }
export interface SeedOfferWithHistory { offer: SeedOffer; changes: SeedPriceChange[] }

export const seedSellers: SeedSeller[] = [
  { sellerId: 'seller-gangnam-phone', name: '강남폰스토어', storeName: '강남폰스토어 강남역점', rating: 4.9, deals: 2340, verified: true },
  { sellerId: 'seller-yongsan-mobile', name: '용산모바일', storeName: '용산모바일 전자상가점', rating: 4.7, deals: 1580, verified: true },
  { sellerId: 'seller-hongdae-phonemart', name: '홍대폰마트', storeName: '홍대폰마트 본점', rating: 4.5, deals: 862, verified: true },
  { sellerId: 'seller-busan-seomyeon', name: '부산서면텔레콤', storeName: '서면텔레콤 부산본점', rating: 4.6, deals: 1125, verified: true },
  { sellerId: 'seller-sindorim-phoneplus', name: '신도림폰플러스', storeName: '폰플러스 신도림테크노마트점', rating: 4.2, deals: 437, verified: false },
  { sellerId: 'seller-daegu-dongseongro', name: '대구동성로모바일', storeName: '동성로모바일', rating: 4.0, deals: 276, verified: false },
  { sellerId: 'seller-refurb-market', name: '리퍼폰마켓', storeName: '리퍼폰마켓 공식몰', rating: 4.8, deals: 3052, verified: true },
  { sellerId: 'seller-junggo-nara', name: '중고폰나라', storeName: '중고폰나라 검수센터', rating: 3.9, deals: 641, verified: false },
];
const CARRIER_SELLERS = seedSellers.slice(0, 6).map((s) => s.sellerId);
const REFURB_SELLER = 'seller-refurb-market';
const USED_SELLER = 'seller-junggo-nara';

/** FNV-1a: a stable number from a string (the seed's only source of variety). */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
const pick = <T>(key: string, list: readonly T[]): T => list[hash(key) % list.length]!;
const steps = (key: string, max: number, step: number) => (hash(key) % (Math.floor(max / step) + 1)) * step;
const round1000 = (n: number) => Math.round(n / 1000) * 1000;
const round10000 = (n: number) => Math.round(n / 10_000) * 10_000;

type Carrier = Exclude<OfferCarrier, '자급제'>;
const CARRIER_PLANS: Record<Carrier, { high: string; low: string; factor: number; slug: string }> = {
  SKT: { high: 'skt-5gx-prime', low: 'skt-5g-basic-plus', factor: 1, slug: 'skt' },
  KT: { high: 'kt-5g-special', low: 'kt-5g-simple', factor: 1.05, slug: 'kt' },
  'LG U+': { high: 'lgu-5g-premier-essential', low: 'lgu-5g-standard', factor: 0.95, slug: 'lgu' },
};
for (const p of Object.values(CARRIER_PLANS)) {
  if (!seedPlans.some((s) => s.planId === p.high) || !seedPlans.some((s) => s.planId === p.low)) throw new Error('seed: unknown plan');
}
const JOIN_SLUG: Record<JoinType, string> = { 신규: 'new', 번호이동: 'mnp', 기기변경: 'chg' };
const storageSlug = (gb: number) => (gb >= 1024 ? `${gb / 1024}tb` : String(gb));
const sellerSlug = (sellerId: string) => sellerId.split('-')[1]!;
const releaseYear = (m: SeedPhoneModel) => Number(m.releasedAt.slice(0, 4));

/** 공시지원금 on the high plan: larger for dearer phones, larger for older ones (clearance), by carrier. */
function highPlanSubsidy(m: SeedPhoneModel, releasePrice: number, carrier: Carrier): number {
  const age = ({ 2023: 1.4, 2024: 1.3, 2025: 1.1 } as Record<number, number>)[releaseYear(m)] ?? 1;
  return round1000(Math.min(releasePrice * 0.33, 650_000) * age * CARRIER_PLANS[carrier].factor);
}

function badgesOf(m: SeedPhoneModel, storage: number, subsidy: number, price: number, key: string): string[] {
  const badges: string[] = [];
  if (subsidy >= 300_000) badges.push('공시혜택');
  if (m.folding) badges.push('폴더블');
  if (storage >= 512) badges.push('대용량');
  if (price <= 700_000) badges.push('가성비');
  for (const [badge, salt] of [['카드할인', 'card'], ['사은품', 'gift'], ['빠른개통', 'fast']] as const) if (hash(key + salt) % 3 === 0) badges.push(badge);
  if (releaseYear(m) <= 2024 && price <= 900_000) badges.push('초보추천');
  return badges;
}

const DAY = 86_400_000;
const isoDay = (ms: number, hour: number) => new Date(Math.floor(ms / DAY) * DAY + hour * 3_600_000).toISOString();

/** Every seeded offer with its price changes over the 90 days before `anchor`. */
export function seedOffers(anchor: Date): SeedOfferWithHistory[] {
  const start = Math.floor(anchor.getTime() / DAY) * DAY - 90 * DAY;
  const out: SeedOfferWithHistory[] = [];

  const add = (m: SeedPhoneModel, offer: Omit<SeedOffer, 'listedAt' | 'score' | 'badges' | 'stock' | 'modelId'>, subsidy: number) => {
    const key = offer.offerId;
    const released = Date.parse(`${m.releasedAt}T00:00:00Z`);
    const listedMs = Math.max(start + (hash(key + 'day') % 5) * DAY, released);
    const listedAt = isoDay(listedMs, 1 + (hash(key + 'h') % 9));
    const tier = Math.min(30, Math.round(m.variants.at(-1)!.releasePrice / 100_000));
    const score = Math.max(40, Math.min(99, 55 + tier + (hash(key + 'score') % 15) - (offer.condition === 'new' ? 0 : 8)));
    const full: SeedOffer = {
      ...offer, modelId: m.modelId, listedAt, score, stock: 1 + (hash(key + 'stock') % 30),
      badges: badgesOf(m, offer.storage, subsidy, offer.price - offer.extraSubsidy - subsidy, key),
    };
    // 0–3 price changes on distinct days after the listing, each moving the price or 추가지원금.
    const changes: SeedPriceChange[] = [];
    let { price, extraSubsidy } = full;
    const count = hash(key + 'changes') % 4;
    const days = [...new Set(Array.from({ length: count }, (_, i) => 1 + (hash(`${key}c${i}`) % 88)))].sort((a, b) => a - b);
    for (const [i, d] of days.entries()) {
      const at = start + d * DAY;
      if (at <= listedMs || at >= anchor.getTime()) continue;
      if (offer.condition === 'new') {
        const delta = (hash(`${key}d${i}`) % 7 - 2) * 10_000; // −20,000 … +40,000: deals mostly grow
        extraSubsidy = Math.max(0, Math.min(Math.round(price * 0.3), extraSubsidy + delta));
      } else {
        price = Math.max(50_000, price - (1 + (hash(`${key}p${i}`) % 4)) * 10_000);
      }
      changes.push({ price, extraSubsidy, effectiveAt: isoDay(at, 10 + (hash(`${key}t${i}`) % 8)) });
    }
    out.push({ offer: full, changes });
  };

  for (const m of seedPhoneModels) {
    const google = m.brand === 'Google';
    const base = m.variants[0]!;
    for (const [vi, v] of m.variants.entries()) {
      // New units on the three carriers: a 번호이동 offer for every variant, a 기기변경 or 신규 one for the base variant.
      if (!google) {
        for (const [ci, carrier] of (['SKT', 'KT', 'LG U+'] as const).entries()) {
          // 번호이동 from two sellers (what shoppers compare), plus one 기기변경 or 신규 offer on the base variant.
          const joins: [JoinType, number][] = [['번호이동', 0], ['번호이동', 3]];
          if (v === base) joins.push([hash(m.modelId + carrier) % 3 === 0 ? '신규' : '기기변경', 2]);
          for (const [joinType, shift] of joins) {
            const seller = CARRIER_SELLERS[(hash(m.modelId) + vi * 3 + ci + shift) % CARRIER_SELLERS.length]!;
            const plans = CARRIER_PLANS[carrier];
            const offerId = `${m.modelId}-${storageSlug(v.storage)}-${plans.slug}-${JOIN_SLUG[joinType]}-${sellerSlug(seller)}`;
            const high = highPlanSubsidy(m, v.releasePrice, carrier);
            const extraSubsidy = joinType === '번호이동' ? 50_000 + steps(offerId, 200_000, 10_000) : steps(offerId, 80_000, 10_000);
            const highOnly = extraSubsidy >= 150_000;
            add(m, {
              offerId, sellerId: seller, storage: v.storage, condition: 'new', grade: null, carrier, joinType,
              plans: highOnly ? [{ planId: plans.high, subsidy: high }] : [{ planId: plans.high, subsidy: high }, { planId: plans.low, subsidy: round1000(high * 0.55) }],
              requiredMonths: 6, price: v.releasePrice, extraSubsidy,
            }, high);
          }
        }
      }
      // 자급제 new units: every variant of a Pixel (grey import), the base variant of the others.
      if (google || v === base) {
        const seller = google ? pick(m.modelId + v.storage, ['seller-yongsan-mobile', 'seller-gangnam-phone']) : pick(m.modelId + 'unlocked', CARRIER_SELLERS);
        const offerId = `${m.modelId}-${storageSlug(v.storage)}-unlocked-${sellerSlug(seller)}`;
        add(m, {
          offerId, sellerId: seller, storage: v.storage, condition: 'new', grade: null, carrier: '자급제', joinType: null,
          plans: [], requiredMonths: 0, price: v.releasePrice, extraSubsidy: steps(offerId, 60_000, 10_000),
        }, 0);
      }
    }
    // Refurbished and used units of models out for more than a few months (base variant).
    if (m.releasedAt < '2026-01-01') {
      const year = releaseYear(m);
      const age = year <= 2023 ? 0.7 : year === 2024 ? 0.85 : 1;
      if (hash(m.modelId + 'refurb') % 2 === 0 || m.folding) {
        const offerId = `${m.modelId}-${storageSlug(base.storage)}-refurb`;
        add(m, {
          offerId, sellerId: REFURB_SELLER, storage: base.storage, condition: 'refurbished', grade: null, carrier: '자급제', joinType: null,
          plans: [], requiredMonths: 0, price: round10000(base.releasePrice * 0.72 * age), extraSubsidy: 0,
        }, 0);
      }
      const grade: UsedGrade = pick(m.modelId + 'grade', ['S', 'A', 'B'] as const);
      const gradeFactor = { S: 0.62, A: 0.55, B: 0.47 }[grade];
      const storage = pick(m.modelId + 'usedStorage', m.variants).storage;
      const offerId = `${m.modelId}-${storageSlug(storage)}-used-${grade.toLowerCase()}`;
      const releasePrice = m.variants.find((x) => x.storage === storage)!.releasePrice;
      add(m, {
        offerId, sellerId: hash(offerId) % 4 === 0 ? 'seller-hongdae-phonemart' : USED_SELLER, storage, condition: 'used', grade, carrier: '자급제', joinType: null,
        plans: [], requiredMonths: 0, price: round10000(releasePrice * gradeFactor * age), extraSubsidy: 0,
      }, 0);
    }
  }
  return out;
}
