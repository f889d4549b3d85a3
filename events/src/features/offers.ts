import { z } from 'zod';
import { JOIN_TYPES, NO_CONDITIONS, OFFER_CARRIERS, PRODUCT_CONDITIONS, USED_GRADES, offerConditionsSchema } from '@phonemarket/contracts';
import { defineEvent, streamName } from '../defineEvent.ts';

/**
 * Phone models, sellers and sellers' offers (issue 10). Streams: `phoneModel-<id>`, `seller-<id>`,
 * `offer-<id>`. Seeded on first start as events; price changes are events too (90 days of them
 * in the seed), so every price history is replayable.
 */
const won = z.number().int().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const phoneModelDefinedSchema = z.object({
  modelId: z.string().regex(/^[a-z0-9-]+$/),
  brand: z.string().min(1),
  /** Korean display name, e.g. '갤럭시 S26 울트라'. */
  name: z.string().min(1),
  /** '갤럭시 S', '갤럭시 Z', '아이폰 Pro', … */
  series: z.string().min(1),
  releasedAt: day,
  description: z.string(),
  specifications: z.object({ display: z.string(), camera: z.string(), battery: z.string(), os: z.string(), chip: z.string(), weight: z.string() }),
  /** Colours with 품절 (available: false). */
  colors: z.array(z.object({ name: z.string().min(1), hex: z.string().regex(/^#[0-9a-fA-F]{6}$/), available: z.boolean() })).min(1),
  /** The storage variants it really has, each with its 출고가. */
  variants: z.array(z.object({ storage: z.number().int().positive(), releasePrice: won })).min(1),
  fiveG: z.boolean(),
  folding: z.boolean(),
  /** Korean and English search aliases beyond the name. */
  aliases: z.array(z.string()),
});
export type PhoneModelDefined = z.infer<typeof phoneModelDefinedSchema>;

/**
 * A seller's marketplace profile as shoppers see it (name, store, rating, deals, verified mark),
 * stream `marketSeller-<sellerId>`. Seller accounts, applications and suspension are issue 11's
 * (`seller-<id>` streams, `SellerStatusChanged`); the market sellers read model keeps a `status`
 * that hides a seller's offers everywhere when it is not 'approved'.
 */
export const sellerProfileDefinedSchema = z.object({
  sellerId: z.string().min(1),
  name: z.string().min(1),
  storeName: z.string().min(1),
  rating: z.number().min(0).max(5),
  deals: z.number().int().nonnegative(),
  verified: z.boolean(),
});

export const offerPlanTermSchema = z.object({
  planId: z.string().min(1),
  /** 공시지원금 for this plan (won). */
  subsidy: won,
});

export const offerListedSchema = z.object({
  offerId: z.string().min(1),
  modelId: z.string().min(1),
  sellerId: z.string().min(1),
  storage: z.number().int().positive(),
  condition: z.enum(PRODUCT_CONDITIONS),
  /** S/A/B for used units, null otherwise. */
  grade: z.enum(USED_GRADES).nullable(),
  carrier: z.enum(OFFER_CARRIERS),
  /** null for 자급제. */
  joinType: z.enum(JOIN_TYPES).nullable(),
  /** The plans the offer requires (one of them), each with its 공시지원금; empty for 자급제. */
  plans: z.array(offerPlanTermSchema),
  /** How long the plan must be kept (months; 0 without a plan). */
  requiredMonths: z.number().int().nonnegative(),
  /** 출고가 of the variant for new units; the asking price for refurbished/used ones. */
  price: won,
  /** The seller's 추가지원금 (uncapped since 2025-07-22). */
  extraSubsidy: won,
  stock: z.number().int().nonnegative(),
  score: z.number().int().min(1).max(100),
  badges: z.array(z.string()),
  listedAt: z.iso.datetime(),
  /** Issue 40: 요금제 유지, 부가서비스, card, 유심/eSIM, 차액정산/반환 as data (absent in older events: none). */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
});
export type OfferListed = z.infer<typeof offerListedSchema>;

/** A seller changed an offer's price or 추가지원금, effective at `effectiveAt` (the seed back-dates 90 days of them). */
export const offerPriceChangedSchema = z.object({
  offerId: z.string().min(1),
  price: won,
  extraSubsidy: won,
  effectiveAt: z.iso.datetime(),
});
export type OfferPriceChanged = z.infer<typeof offerPriceChangedSchema>;

/**
 * The seller took an offer off sale (비활성) or put it back (활성) from the seller dashboard. An
 * inactive offer is in no list and cannot be carted or ordered; its price and history stay.
 */
export const offerAvailabilitySchema = z.object({ offerId: z.string().min(1) });

/**
 * Units of an offer taken by a checkout (issue 23): appended on the offer stream before the cart's
 * checkout marker, at the revision read, so two checkouts of the last unit conflict and one re-reads
 * and finds none left. One reservation per order and offer; `OfferStockReleased` puts the units back
 * (a cancel before shipping, a checkout that never committed, a 반품 back and checked).
 */
export const offerStockReservedSchema = z.object({ offerId: z.string().min(1), orderId: z.string().min(1), quantity: z.number().int().positive() });
/** `order_returned` (issue 39): a 반품 came back and was checked (검수), so its units are on sale again. */
export const offerStockReleasedSchema = offerStockReservedSchema.extend({ reason: z.enum(['order_cancelled', 'checkout_abandoned', 'order_returned']) });
export type OfferStockReleaseReason = z.infer<typeof offerStockReleasedSchema>['reason'];

export const offerStreams = {
  phoneModel: (modelId: string) => streamName('phoneModel', modelId),
  marketSeller: (sellerId: string) => streamName('marketSeller', sellerId),
  offer: (offerId: string) => streamName('offer', offerId),
} as const;

export const offerEvents = {
  PhoneModelDefined: defineEvent({ stream: 'phoneModel', schema: phoneModelDefinedSchema }),
  SellerProfileDefined: defineEvent({ stream: 'marketSeller', schema: sellerProfileDefinedSchema }),
  OfferListed: defineEvent({ stream: 'offer', schema: offerListedSchema }),
  OfferPriceChanged: defineEvent({ stream: 'offer', schema: offerPriceChangedSchema }),
  OfferDeactivated: defineEvent({ stream: 'offer', schema: offerAvailabilitySchema }),
  OfferReactivated: defineEvent({ stream: 'offer', schema: offerAvailabilitySchema }),
  OfferStockReserved: defineEvent({ stream: 'offer', schema: offerStockReservedSchema }),
  OfferStockReleased: defineEvent({ stream: 'offer', schema: offerStockReleasedSchema }),
  /** Issue 40: the offer's conditions changed (a price policy's row requiring a plan and months, or its revert); priced from then on. */
  OfferConditionsChanged: defineEvent({ stream: 'offer', schema: z.object({ offerId: z.string().min(1), conditions: offerConditionsSchema }) }),
  /** The seller set the units on sale now (issue 27: a seller's own listing's 재고), beside those orders hold. */
  OfferRestocked: defineEvent({ stream: 'offer', schema: z.object({ offerId: z.string().min(1), stock: z.number().int().nonnegative() }) }),
} as const;
