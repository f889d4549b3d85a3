import { describe, expect, it } from 'vitest';
import {
  adCreatedSchema,
  brandDefinedSchema,
  CATEGORY_KEYS,
  categoryDefinedSchema,
  planDefinedSchema,
} from '@phonemarket/events/features/catalogue.ts';
import { seedAds, seedBrands, seedCategories, seedOffers, seedPhoneModels, seedPlans, seedSellers } from './seedData.ts';
import { LINES } from './seed/phoneLines.ts';
import { offerListedSchema, phoneModelDefinedSchema, sellerProfileDefinedSchema } from '@phonemarket/events/features/offers.ts';

const countBy = <T>(items: readonly T[], key: (t: T) => string) => {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
};

describe('seed data matches the event schemas', () => {
  it('parses every entry', () => {
    for (const c of seedCategories) categoryDefinedSchema.parse(c);
    for (const b of seedBrands) brandDefinedSchema.parse(b);
    for (const a of seedAds) adCreatedSchema.parse(a);
    for (const p of seedPlans) planDefinedSchema.parse(p);
  });

  it('has unique ids everywhere', () => {
    const unique = (ids: string[]) => expect(new Set(ids).size).toBe(ids.length);
    unique(seedCategories.map((c) => c.categoryId));
    unique(seedBrands.map((b) => b.brandId));
    unique(seedAds.map((a) => a.adId));
    unique(seedPlans.map((p) => p.planId));
  });
});

describe('categories', () => {
  it('defines the six keys in order with Korean labels and images', () => {
    expect(seedCategories.map((c) => c.key)).toEqual([...CATEGORY_KEYS]);
    expect(seedCategories.map((c) => c.order)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const c of seedCategories) {
      expect(c.label).toMatch(/[가-힣]/);
      expect(c.img).toBe(`/images/categories/${c.key}.svg`);
    }
  });
});

describe('phone lines and sellers', () => {
  it('has Korean descriptions, full specs, colours (one sold out per original line) and aliases in both languages', () => {
    for (const [key, line] of Object.entries(LINES)) expect(line.colors.some((c) => !c.available), `${key} has a sold-out colour`).toBe(true);
    for (const m of seedPhoneModels) {
      expect(m.description, m.modelId).toMatch(/[가-힣]/);
      for (const v of Object.values(m.specifications)) expect(v.length, m.modelId).toBeGreaterThan(0);
      expect(m.colors.some((c) => c.available), m.modelId).toBe(true);
      for (const c of m.colors) expect(c.name).toMatch(/[가-힣]/);
      expect(m.aliases.some((a) => /[가-힣]/.test(a)), m.modelId).toBe(true);
      expect(m.aliases.some((a) => /^[a-z0-9 +]+$/.test(a)), m.modelId).toBe(true);
    }
    const aliases = (modelId: string) => seedPhoneModels.find((m) => m.modelId === modelId)!.aliases;
    expect(aliases('galaxy-s25-ultra')).toEqual(expect.arrayContaining(['갤럭시', 'galaxy', '갤럭시 S25 울트라', 's25 ultra']));
    expect(aliases('iphone-17')).toEqual(expect.arrayContaining(['아이폰', 'iphone']));
    expect(aliases('pixel-10')).toEqual(expect.arrayContaining(['픽셀', 'pixel']));
    expect(aliases('galaxy-z-flip7')).toEqual(expect.arrayContaining(['플립', 'flip']));
    expect(aliases('galaxy-z-fold7')).toEqual(expect.arrayContaining(['폴드', 'fold']));
  });

  it('has several Korean sellers with ratings 3.8–5.0 and some deals above 1000', () => {
    for (const s of seedSellers) {
      expect(s.name).toMatch(/[가-힣]/);
      expect(s.rating).toBeGreaterThanOrEqual(3.8);
      expect(s.rating).toBeLessThanOrEqual(5);
    }
    expect(seedSellers.filter((s) => s.deals > 1000).length).toBeGreaterThanOrEqual(2);
  });
});

describe('brands and the static brand catalogue', () => {
  it('defines the six brands with their logos', () => {
    expect(seedBrands.map((b) => [b.brandId, b.name, b.nameKo])).toEqual([
      ['samsung', 'Samsung', '삼성'],
      ['apple', 'Apple', '애플'],
      ['google', 'Google', '구글'],
      ['lg', 'LG', '엘지'],
      ['xiaomi', 'Xiaomi', '샤오미'],
      ['oneplus', 'OnePlus', '원플러스'],
    ]);
    for (const b of seedBrands) {
      expect(b.logo).toBe(`/images/brands/${b.brandId}.svg`);
    }
  });
});

describe('ads', () => {
  const now = '2026-11-15T12:00:00Z';
  const showing = (a: (typeof seedAds)[number]) =>
    a.isActive && (a.startDate === null || a.startDate! <= now) && (a.endDate === null || a.endDate! >= now);

  it('mixes running, inactive, ended and not-yet-started ads', () => {
    expect(seedAds.length).toBeGreaterThanOrEqual(6);
    const running = seedAds.filter(showing);
    expect(running.length).toBeGreaterThanOrEqual(3);
    for (const a of running) {
      expect([null, '2026-01-01T00:00:00Z']).toContain(a.startDate);
      expect(a.endDate === null || a.endDate.startsWith('2030-12-31')).toBe(true);
    }
    expect(seedAds.filter((a) => !a.isActive)).toHaveLength(1);
    expect(seedAds.filter((a) => a.isActive && a.endDate?.startsWith('2026-03-31'))).toHaveLength(1);
    expect(seedAds.filter((a) => a.isActive && a.startDate?.startsWith('2099-01-01'))).toHaveLength(1);
  });

  it('has Korean copy, its own banner image and an in-app link', () => {
    const ids = new Set(seedPhoneModels.map((p) => p.modelId));
    for (const a of seedAds) {
      expect(a.title).toMatch(/[가-힣]/);
      expect(a.description).toMatch(/[가-힣]/);
      expect(a.img).toBe(`/images/ads/${a.adId}.svg`);
      expect(a.link).toMatch(/^\/(product\/[a-z0-9-]+|brand\/[A-Za-z]+|price-calculator|deposit-simulator|category\/[A-Za-z-]+)$/);
      if (a.link.startsWith('/product/')) expect(ids.has(a.link.slice('/product/'.length)), a.link).toBe(true);
    }
  });
});

describe('plans', () => {
  it('has six plans, two per carrier, within the fee bounds', () => {
    expect(seedPlans).toHaveLength(6);
    expect(countBy(seedPlans, (p) => p.carrier)).toEqual({ SKT: 2, KT: 2, 'LG U+': 2 });
    const fees = seedPlans.map((p) => p.monthlyFee);
    expect(Math.min(...fees)).toBe(59_000);
    expect(Math.max(...fees)).toBe(99_000);
    for (const p of seedPlans) {
      expect([0, 5_500, 11_000]).toContain(p.setupFee);
      expect(p.discountRate).toBeGreaterThanOrEqual(0);
      expect(p.discountRate).toBeLessThanOrEqual(0.25);
      expect(p.benefits.length).toBeLessThanOrEqual(3);
      expect(p.name).toMatch(/[가-힣]/);
      expect(p.voice).toBe('집/이동전화 무제한');
      expect(p.sms).toBe('기본제공');
    }
    const data = seedPlans.map((p) => p.data);
    for (const d of ['무제한', '200GB', '100GB']) expect(data).toContain(d);
  });
});

describe('phone models, sellers and offers (issue 10)', () => {
  const anchor = new Date('2026-11-23T05:00:00Z');
  const offers = seedOffers(anchor);
  const models = new Map(seedPhoneModels.map((m) => [m.modelId, m]));
  const plans = new Map(seedPlans.map((p) => [p.planId, p]));

  it('has at least 40 models, 8 sellers and 300 offers, every one valid against its event schema', () => {
    expect(seedPhoneModels.length).toBeGreaterThanOrEqual(40);
    expect(seedSellers).toHaveLength(8);
    expect(offers.length).toBeGreaterThanOrEqual(300);
    for (const m of seedPhoneModels) phoneModelDefinedSchema.parse(m);
    for (const s of seedSellers) sellerProfileDefinedSchema.parse(s);
    for (const { offer } of offers) offerListedSchema.parse(offer);
    const offerIds = offers.map((o) => o.offer.offerId);
    expect(new Set(offerIds).size).toBe(offerIds.length);
  });

  it('is deterministic: the same anchor gives the same offers and changes', () => {
    expect(seedOffers(new Date(anchor))).toEqual(offers);
  });

  it('offers only storages a model really has, at its 출고가 when new, by a known seller', () => {
    const sellers = new Set(seedSellers.map((s) => s.sellerId));
    for (const { offer } of offers) {
      const model = models.get(offer.modelId)!;
      const variant = model.variants.find((v) => v.storage === offer.storage);
      expect(variant, offer.offerId).toBeDefined();
      if (offer.condition === 'new') expect(offer.price).toBe(variant!.releasePrice);
      else expect(offer.price).toBeLessThan(variant!.releasePrice);
      expect(sellers.has(offer.sellerId)).toBe(true);
    }
    // 갤럭시 A16 has only 128GB: no 256GB offer anywhere.
    expect(offers.filter((o) => o.offer.modelId === 'galaxy-a16').every((o) => o.offer.storage === 128)).toBe(true);
  });

  it('gives 공시지원금 only on carrier plans of new units; 자급제 and used offers have no plan and no 가입유형', () => {
    for (const { offer } of offers) {
      if (offer.carrier === '자급제') {
        expect(offer.plans).toEqual([]);
        expect(offer.joinType).toBeNull();
      } else {
        expect(offer.condition).toBe('new');
        expect(offer.plans.length).toBeGreaterThan(0);
        for (const p of offer.plans) expect(plans.get(p.planId)?.carrier).toBe(offer.carrier);
      }
      if (offer.condition === 'used') expect(['S', 'A', 'B']).toContain(offer.grade);
      else expect(offer.grade).toBeNull();
    }
    for (const carrier of ['SKT', 'KT', 'LG U+', '자급제']) expect(offers.some((o) => o.offer.carrier === carrier)).toBe(true);
    for (const join of ['신규', '번호이동', '기기변경']) expect(offers.some((o) => o.offer.joinType === join)).toBe(true);
  });

  it('has 90 days of price changes, in order, after each listing and before the anchor', () => {
    const changes = offers.flatMap((o) => o.changes.map((c) => ({ ...c, listedAt: o.offer.listedAt })));
    expect(changes.length).toBeGreaterThanOrEqual(200);
    const start = anchor.getTime() - 90 * 86_400_000;
    for (const o of offers) {
      expect(Date.parse(o.offer.listedAt)).toBeGreaterThanOrEqual(start - 86_400_000);
      let last = o.offer.listedAt;
      for (const c of o.changes) {
        expect(c.effectiveAt > last).toBe(true);
        expect(Date.parse(c.effectiveAt)).toBeLessThan(anchor.getTime());
        last = c.effectiveAt;
      }
    }
  });

  it('S26 Ultra 512GB is sold on KT with 번호이동 (the product page journey)', () => {
    expect(offers.some(({ offer: o }) => o.modelId === 'galaxy-s26-ultra' && o.storage === 512 && o.carrier === 'KT' && o.joinType === '번호이동')).toBe(true);
  });
});
