import { z } from 'zod';
import { CARRIERS, DISCOUNT_TYPES, NO_CONDITIONS, offerConditionsSchema } from '@phonemarket/contracts';
import { QUOTE_BUDGETS, QUOTE_CARRIERS, QUOTE_DISCOUNTS, QUOTE_JOIN_TYPES, QUOTE_PLANS } from '@phonemarket/contracts/quotes.ts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';
import { orderPlacedSchema } from './orders.ts';

/*
 * Quote matching (역경매, issue 25). Streams:
 * - `quoteBuyer-<userId>`: the buyer's requests in progress (at most 3): `QuoteRequestFiled` carries the
 *   whole request and is the commit point of a new request; the quote process opens its stream.
 * - `quoteRequest-<requestId>`: the request and every offer on it (sealed: only the query side's
 *   rules hide them), so accepting one offer, declining the others and the order it becomes are one
 *   event, `QuoteRequestAccepted`, that no crash can split; the process places the order from it.
 * Events carry what their notifications and pushes tell (the buyer, the model's name, whether an
 * offer is the first or the new best), so read models need no lookups for them.
 */
const won = z.number().int().nonnegative();
const id = z.string().min(1);
const at = z.iso.datetime();

export const quoteRequestDataSchema = z.object({
  requestId: id,
  buyerId: id,
  modelId: id,
  modelName: z.string().min(1),
  brand: z.string(),
  storage: z.number().int().positive().nullable(),
  color: z.string().nullable(),
  carrier: z.enum(QUOTE_CARRIERS),
  joinType: z.enum(QUOTE_JOIN_TYPES),
  plan: z.enum(QUOTE_PLANS),
  budget: z.enum(QUOTE_BUDGETS),
  discount: z.enum(QUOTE_DISCOUNTS),
  /** Contact details: shown to the owner, admins, and the winning seller once accepted. */
  name: z.string().min(1),
  phone_number: z.string().min(1),
  email: z.string().nullable(),
  region: z.string().nullable(),
  openHours: z.union([z.literal(6), z.literal(24), z.literal(48)]),
  createdAt: at,
  closesAt: at,
  decideBy: at,
});
export type QuoteRequestData = z.infer<typeof quoteRequestDataSchema>;

export const quotePriceSchema = z.object({
  discount: z.enum(DISCOUNT_TYPES), months: z.number().int().positive(), devicePrice: won, subsidy: won, extraSubsidy: won, principal: won,
  monthlyDevice: won, planFee: won, planDiscount: won, monthlyPlan: won, monthlyTotal: won, totalCost: won,
});

/**
 * Offers sent before issue 40 carry their conditions as `planKeepMonths`, `addOns` and `cardRequired`
 * only: they read with the same conditions in the one shape (`conditions`), the plan kept being the offer's.
 */
const withConditions = (data: unknown) => {
  if (typeof data !== 'object' || data === null || 'conditions' in data) return data;
  const legacy = data as { planId?: string; planKeepMonths?: number; addOns?: unknown[] };
  const months = legacy.planKeepMonths ?? 0;
  return { ...data, conditions: { ...NO_CONDITIONS, planKeep: months > 0 ? { planId: legacy.planId ?? null, months } : null, addOns: legacy.addOns ?? [] } };
};

/** One offer's terms and the figures the server priced them at (pricing module), as sent or revised. */
export const quoteOfferTermsSchema = z.preprocess(withConditions, z.object({
  storage: z.number().int().positive(),
  carrier: z.enum(CARRIERS),
  joinType: z.enum(QUOTE_JOIN_TYPES),
  planId: id,
  planName: z.string(),
  discount: z.enum(DISCOUNT_TYPES),
  months: z.union([z.literal(24), z.literal(30), z.literal(36)]),
  extraSubsidy: won,
  planKeepMonths: z.number().int().nonnegative(),
  addOns: z.array(z.object({ name: z.string().min(1), monthlyFee: won, months: z.number().int().positive() })),
  cardRequired: z.boolean(),
  tradeInRequired: z.boolean(),
  note: z.string().nullable(),
  figures: quotePriceSchema,
  cost24: won,
  addOnCost: won,
  /** 24개월 실부담: what offers are compared on. */
  totalCost: won,
  /** A catalogue offer on the same terms (the market's terms came from it): the order line's product. */
  sourceOfferId: id,
  /** Issue 40: the offer's conditions in the one shape (`planKeepMonths` and `addOns` are its 요금제 유지 and 부가서비스). */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
  /**
   * The plan after 요금제 유지 the offer was priced with (the cheapest of the carrier's network type, as for
   * listings) and its fee then; null in offers priced before it (they counted the same plan).
   */
  laterPlanId: z.string().nullable().optional(),
  laterPlanName: z.string().nullable().optional(),
  laterPlanFee: won.nullable().optional(),
}));
export type QuoteOfferTerms = z.infer<typeof quoteOfferTermsSchema>;

const offerNotice = {
  /** For the notifications: who asked and for which model; the first offer on the request; the new lowest totalCost. */
  buyerId: id,
  modelName: z.string(),
  first: z.boolean(),
  best: z.boolean(),
  offerCount: z.number().int().positive(),
  bestTotalCost: won,
};

export const quoteOfferSubmittedSchema = z.object({
  requestId: id,
  offerId: id,
  seller: z.object({ id, storeName: z.string(), rating: z.number(), deals: z.number().int().nonnegative() }),
  terms: quoteOfferTermsSchema,
  validUntil: at,
  ...offerNotice,
});
export const quoteOfferRevisedSchema = z.object({
  requestId: id,
  offerId: id,
  sellerId: id,
  terms: quoteOfferTermsSchema,
  validUntil: at,
  /** 1 or 2. */
  revision: z.number().int().positive(),
  ...offerNotice,
});

export const quoteRequestAcceptedSchema = z.object({
  requestId: id,
  buyerId: id,
  modelName: z.string(),
  offerId: id,
  winner: z.object({ sellerId: id, totalCost: won }),
  /** Every other offer, declined in the same event (each seller told it lost, with the winning figure). */
  declined: z.array(z.object({ offerId: id, sellerId: id, rank: z.number().int().positive() })),
  orderId: id,
  /** The order the process places through the order path (paid by 할부: 0원 today). */
  order: orderPlacedSchema,
});

const requestEnd = z.object({ requestId: id, buyerId: id, modelName: z.string(), offerCount: z.number().int().nonnegative() });

export const quoteStreams = {
  quoteBuyer: (userId: string) => streamName('quoteBuyer', userId),
  quoteBuyerId: (stream: string) => streamId('quoteBuyer', stream),
  quoteRequest: (requestId: string) => streamName('quoteRequest', requestId),
  quoteRequestId: (stream: string) => streamId('quoteRequest', stream),
} as const;

export const quoteEvents = {
  QuoteRequestFiled: defineEvent({ stream: 'quoteBuyer', schema: z.object({ request: quoteRequestDataSchema }) }),
  /** A request of the buyer's ended (accepted, expired, no offers, cancelled): a place for another. */
  QuoteRequestSlotFreed: defineEvent({ stream: 'quoteBuyer', schema: z.object({ requestId: id }) }),
  QuoteRequestOpened: defineEvent({ stream: 'quoteRequest', schema: quoteRequestDataSchema }),
  QuoteOfferSubmitted: defineEvent({ stream: 'quoteRequest', schema: quoteOfferSubmittedSchema }),
  QuoteOfferRevised: defineEvent({ stream: 'quoteRequest', schema: quoteOfferRevisedSchema }),
  /** At `closesAt - 6h` while still open: the buyer is told. */
  QuoteRequestClosingSoon: defineEvent({ stream: 'quoteRequest', schema: requestEnd }),
  /** At `closesAt`: no more offers; with none the request is `closed_no_offers`. */
  QuoteRequestClosed: defineEvent({ stream: 'quoteRequest', schema: requestEnd }),
  /** At `decideBy`, not accepted: every offer lapses with it. */
  QuoteRequestExpired: defineEvent({ stream: 'quoteRequest', schema: requestEnd }),
  QuoteRequestCancelled: defineEvent({ stream: 'quoteRequest', schema: requestEnd }),
  /** An offer's `validUntil` passed before it was accepted. */
  QuoteOfferExpired: defineEvent({ stream: 'quoteRequest', schema: z.object({ requestId: id, offerId: id }) }),
  QuoteRequestAccepted: defineEvent({ stream: 'quoteRequest', schema: quoteRequestAcceptedSchema }),
} as const;
