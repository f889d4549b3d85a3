import { NO_CONDITIONS } from '@phonemarket/contracts';
import { streams, type EventDataOf, type Role } from '@phonemarket/events';
import type { SpecEvent } from './projectionSpecification.ts';

/** Events the read models' specs share, with the streams production appends them to; override any field. */

export const actor = (userId: string, role: Role = 'user') => ({ userId, role });

export const userRegistered = (userId: string, firstName: string, lastName = '김', role: 'user' | 'seller' | 'admin' = 'user'): SpecEvent => ({
  type: 'UserRegistered', stream: streams.user(userId),
  data: { userId, email: `${userId}@example.kr`, firstName, lastName, role, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', demo: false },
});

export const planDefined = (planId: string, monthlyFee: number, data = '무제한'): SpecEvent => ({
  type: 'PlanDefined', stream: streams.plan(planId),
  data: { planId, name: planId, carrier: 'SKT', monthlyFee, setupFee: 0, data, voice: '무제한', sms: '무제한', benefits: [], discountRate: 0.25 },
});

export const phoneModelDefined = (modelId: string, name: string, brand = 'Samsung'): SpecEvent => ({
  type: 'PhoneModelDefined', stream: streams.phoneModel(modelId),
  data: {
    modelId, brand, name, series: '갤럭시 S', releasedAt: '2026-02-01', description: '',
    specifications: { display: '6.2', camera: '50MP', battery: '4000', os: 'Android', chip: 'Snapdragon', weight: '162g' },
    colors: [{ name: '블랙', hex: '#000000', available: true }], variants: [{ storage: 256, releasePrice: 1_200_000 }], fiveG: true, folding: false, aliases: [],
  },
});

export const offerListed = (offerId: string, over: Partial<EventDataOf<'OfferListed'>> = {}): SpecEvent => ({
  type: 'OfferListed', stream: streams.offer(offerId),
  data: {
    offerId, modelId: 'galaxy-s25', sellerId: 's-1', storage: 256, condition: 'new', grade: null, carrier: 'SKT', joinType: '번호이동',
    plans: [{ planId: 'skt-5g', subsidy: 500_000 }], requiredMonths: 6, price: 1_200_000, extraSubsidy: 0, stock: 5, score: 80, badges: [],
    listedAt: '2026-11-20T09:00:00.000Z', conditions: NO_CONDITIONS, ...over,
  },
});

export const offerPriceChanged = (offerId: string, price: number, extraSubsidy = 0): SpecEvent => ({
  type: 'OfferPriceChanged', stream: streams.offer(offerId), data: { offerId, price, extraSubsidy, effectiveAt: '2026-11-21T09:00:00.000Z' },
});

export const sellerProfileDefined = (sellerId: string, name: string): SpecEvent => ({
  type: 'SellerProfileDefined', stream: streams.marketSeller(sellerId), data: { sellerId, name, storeName: `${name} 본점`, rating: 4.8, deals: 10, verified: true },
});

export const sellerOnboarded = (sellerId: string, name: string, storeName: string, status: 'pending' | 'approved' | 'suspended' = 'approved'): SpecEvent => ({
  type: 'SellerOnboarded', stream: streams.seller(sellerId),
  data: { sellerId, userId: sellerId, applicationId: null, name, email: `${sellerId}@example.kr`, phone: null, businessNumber: null, storeName, storeDescription: null, status },
});

export const sellerApplicationSubmitted = (applicationId: string, applicantId: string): SpecEvent => ({
  type: 'SellerApplicationSubmitted', stream: streams.sellerApplication(applicationId),
  data: {
    applicationId, applicantId, applicantName: '김판매', email: `${applicantId}@example.kr`, phone: null, businessNumber: null, businessType: 'individual',
    storeName: '판매네 가게', storeDescription: null, experience: null, documents: [],
  },
});

type OrderPlacedData = EventDataOf<'OrderPlaced'>;
type OrderLine = OrderPlacedData['items'][number];
/** The line of a paid-in-full order; `as` because the order's schema grows fields (a line's 가입유형 and monthly parts) that specs here do not read. */
export const orderLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  itemId: 'i-1', productId: 'o-1', modelId: 'galaxy-s25', name: '갤럭시 S25', brand: 'Samsung', quantity: 1, unitPrice: 700_000, originalPrice: 1_200_000,
  color: '블랙', storage: 256, carrier: 'SKT', planId: 'skt-5g', planName: '5G 스페셜', discount: 'subsidy', months: 24, monthlyTotal: 118_000,
  sellerId: 's-1', sellerName: '폰마켓', joinType: null, payment: 'lump', monthlyDevice: 0, monthlyPlan: 0, ...over,
}) as OrderLine;

export const orderPlaced = (orderId: string, buyerId: string, items: OrderLine[] = [orderLine()], over: Partial<OrderPlacedData> = {}): SpecEvent => ({
  type: 'OrderPlaced', stream: streams.order(orderId), actor: actor(buyerId),
  data: {
    orderId, buyerId, items,
    amounts: { items: 700_000, discount: 0, points: 0, coupon: 0, total: 700_000, payNow: 700_000, monthlyCarrier: 0 },
    shipping: { recipient: '김민준', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구', addressDetail: '101호', memo: null },
    paymentMethod: 'card', couponId: null, activation: null, ...over,
  } as OrderPlacedData,
});
