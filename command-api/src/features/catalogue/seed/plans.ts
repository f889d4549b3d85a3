import type { z } from 'zod';
import type { planDefinedSchema } from '@phonemarket/events/features/catalogue.ts';

/** Carrier plans for the price calculator. */
export type SeedPlan = z.input<typeof planDefinedSchema>;

export const seedPlans: SeedPlan[] = [
  {
    planId: 'skt-5gx-prime',
    name: '5GX 프라임',
    carrier: 'SKT',
    monthlyFee: 89_000,
    setupFee: 0,
    data: '무제한',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['T우주 구독 1종 무료', '스마트기기 1회선 무료'],
    discountRate: 0.25,
  },
  {
    planId: 'skt-5g-basic-plus',
    name: '베이직플러스',
    carrier: 'SKT',
    monthlyFee: 59_000,
    setupFee: 11_000,
    data: '12GB',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: [],
    discountRate: 0.1,
  },
  {
    planId: 'kt-5g-special',
    name: '5G 스페셜',
    carrier: 'KT',
    monthlyFee: 99_000,
    setupFee: 0,
    data: '무제한',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['지니뮤직 무료', '티빙 베이직 무료', '로밍 데이터 기본 제공'],
    discountRate: 0.2,
  },
  {
    planId: 'kt-5g-simple',
    name: '5G 심플 100GB',
    carrier: 'KT',
    monthlyFee: 69_000,
    setupFee: 5_500,
    data: '100GB',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['밀리의 서재 3개월 무료'],
    discountRate: 0.15,
  },
  {
    planId: 'lgu-5g-premier-essential',
    name: '5G 프리미어 에센셜',
    carrier: 'LG U+',
    monthlyFee: 85_000,
    setupFee: 0,
    data: '무제한',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['유플러스 멤버십 VIP', '디즈니+ 할인'],
    discountRate: 0.25,
  },
  {
    planId: 'lgu-5g-standard',
    name: '5G 스탠다드',
    carrier: 'LG U+',
    monthlyFee: 75_000,
    setupFee: 5_500,
    data: '200GB',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['U+모바일tv 기본 무료'],
    discountRate: 0,
  },
];

export const CATALOGUE_PLAN_IDS: readonly string[] = seedPlans.map((p) => p.planId);
