/**
 * recommend_ms_*: the price calculator's top-3 recomputation over 50 phones × 6 plans, as the page
 * does on every slider move. The phones are 50 of the seeded offers, spread over the models (the
 * page lists every offer of GET /api/products). cost.ts is plain TypeScript without imports, so Node's type stripping
 * loads it directly from frontend/src (no bundler, no copy).
 */
import { seedOffers, seedPhoneModels, seedPlans } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import {
  CONTRACT_MONTHS_OPTIONS, MONTHLY_BUDGET_RANGE, TOTAL_BUDGET_RANGE, recommendCombinations,
  type Discounts, type Phone, type Plan,
} from '../../frontend/src/features/price-calculator/cost.ts';
import { prng, summarize, type Summary } from './stats.ts';

export function recommendFixture(): { phones: Phone[]; plans: Plan[] } {
  const models = new Map(seedPhoneModels.map((m) => [m.modelId, m]));
  const offers = seedOffers(new Date('2026-11-23T05:00:00Z'));
  const stride = Math.floor(offers.length / 50);
  const phones = offers.filter((_, i) => i % stride === 0).slice(0, 50).map(({ offer }) => {
    const model = models.get(offer.modelId)!;
    return { id: offer.offerId, name: model.name, brand: model.brand, price: offer.price };
  });
  const plans = seedPlans.slice(0, 6).map((p) => ({
    id: p.planId, name: p.name, carrier: p.carrier, monthlyFee: p.monthlyFee, setupFee: p.setupFee, data: p.data, benefits: [...p.benefits], discountRate: p.discountRate,
  }));
  if (phones.length !== 50 || plans.length !== 6) throw new Error(`recommend fixture: ${phones.length} phones × ${plans.length} plans`);
  return { phones, plans };
}

export function recommendTimings(iterations = 2000, warmup = 200): { firstMs: number; summary: Summary; found: number } {
  const { phones, plans } = recommendFixture();
  const rand = prng(7);
  const step = (r: { min: number; max: number; step: number }) => r.min + Math.floor(rand() * ((r.max - r.min) / r.step + 1)) * r.step;
  const input = () => {
    const discounts: Discounts = {
      existingCustomer: rand() < 0.5, tradeIn: rand() < 0.3, tradeInValue: Math.round(rand() * 300) * 1000,
      paymentMethod: rand() < 0.5 ? 'card' : 'autoTransfer', age: 18 + Math.floor(rand() * 60), familyMembers: 1 + Math.floor(rand() * 5),
    };
    return {
      phones, plans, discounts,
      maxMonthly: step(MONTHLY_BUDGET_RANGE), maxTotal: step(TOTAL_BUDGET_RANGE),
      contractMonths: CONTRACT_MONTHS_OPTIONS[Math.floor(rand() * CONTRACT_MONTHS_OPTIONS.length)]!,
    };
  };
  let t = performance.now();
  let found = recommendCombinations(input()).length;
  const firstMs = performance.now() - t;
  for (let i = 0; i < warmup; i++) found += recommendCombinations(input()).length;
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const args = input();
    t = performance.now();
    found += recommendCombinations(args).length;
    samples.push(performance.now() - t);
  }
  return { firstMs, summary: summarize(samples), found };
}
