import { z } from 'zod';
import { JOIN_TYPES, OFFER_CARRIERS, PRICE_ALERT_UNITS } from '@phonemarket/contracts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/**
 * Price alerts (issue 42 §2). A buyer's alerts live on their own stream `priceAlerts-<userId>` (the
 * daily cap is per buyer); each model's alerts are indexed on `priceAlertIndex-<modelId>`, so a price
 * move reads only its model's alerts. A series' market (`priceSeries-<model|storage|carrier|가입유형>`)
 * keeps what prices its new units on sale and says when its lowest 24개월 실부담 moves.
 */
const won = z.number().int().nonnegative();
const series = { storage: z.number().int().positive(), carrier: z.enum(OFFER_CARRIERS), joinType: z.enum(JOIN_TYPES).nullable() };
export const priceAlertFilterSchema = z.object({
  modelId: z.string().min(1), storage: z.number().int().positive().nullable(), carrier: z.enum(OFFER_CARRIERS).nullable(), joinType: z.enum(JOIN_TYPES).nullable(),
});
export type PriceAlertFilter = z.infer<typeof priceAlertFilterSchema>;
export const priceAlertRuleEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('target'), unit: z.enum(PRICE_ALERT_UNITS), target: won }),
  z.object({ kind: z.literal('drop'), percent: z.number().int().min(1).max(90) }),
]);
const alertId = z.string().min(1);

export const priceAlertStreams = {
  priceAlerts: (userId: string) => streamName('priceAlerts', userId),
  priceAlertsOwner: (stream: string) => streamId('priceAlerts', stream),
  priceAlertIndex: (modelId: string) => streamName('priceAlertIndex', modelId),
  priceSeries: (key: string) => streamName('priceSeries', key),
  /** 재입고 알림 (issue 42 §3): the buyers waiting for one offer (`offer:<id>`) or any unit of a model (`model:<id>`). */
  restockAlerts: (target: string) => streamName('restockAlerts', target),
  /** The one record that the offers listed before price alerts existed were priced into their series. */
  priceSeriesBackfill: () => streamName('priceSeriesBackfill', 'main'),
} as const;

/** The terms one offer is priced with in its series (the carrier terms in force) and its plans' fees. */
export const seriesOfferSchema = z.object({
  price: won, extraSubsidy: won, plans: z.array(z.object({ planId: z.string().min(1), subsidy: won })), fees: z.record(z.string(), won),
});

export const priceAlertEvents = {
  PriceAlertSet: defineEvent({
    stream: 'priceAlerts',
    schema: z.object({ alertId, filter: priceAlertFilterSchema, rule: priceAlertRuleEventSchema, cooldownHours: z.number().int().positive(), expiresAt: z.iso.datetime() }),
  }),
  PriceAlertChanged: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId, rule: priceAlertRuleEventSchema, cooldownHours: z.number().int().positive() }) }),
  PriceAlertPaused: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId }) }),
  PriceAlertResumed: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId }) }),
  PriceAlertRenewed: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId, expiresAt: z.iso.datetime() }) }),
  PriceAlertDeleted: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId, modelId: z.string().min(1) }) }),
  /** The price crossed into the alert; `delivered` false when the buyer's 3 messages of the day were sent already. */
  PriceAlertFired: defineEvent({
    stream: 'priceAlerts',
    schema: z.object({ alertId, modelId: z.string().min(1), ...series, offerId: z.string().min(1).nullable(), total: won, delivered: z.boolean() }),
  }),
  /** The price of the series that fired it left the target: the alert re-arms once its cooldown has passed. */
  PriceAlertLeftTarget: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId }) }),
  PriceAlertExpiryReminded: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId, modelId: z.string().min(1), expiresAt: z.iso.datetime() }) }),
  PriceAlertExpired: defineEvent({ stream: 'priceAlerts', schema: z.object({ alertId, modelId: z.string().min(1) }) }),

  /** An alert indexed under its model, with its rule (absent in events written before rules were indexed); indexed again when its rule changes. */
  PriceAlertIndexed: defineEvent({ stream: 'priceAlertIndex', schema: z.object({ alertId, userId: z.string().min(1), filter: priceAlertFilterSchema, rule: priceAlertRuleEventSchema.optional() }) }),
  PriceAlertUnindexed: defineEvent({ stream: 'priceAlertIndex', schema: z.object({ alertId }) }),

  RestockAlertRequested: defineEvent({ stream: 'restockAlerts', schema: z.object({ userId: z.string().min(1), modelId: z.string().min(1), offerId: z.string().min(1).nullable() }) }),
  /** Units came back: every waiting buyer, in the order they asked, is told once; the subscriptions end. */
  RestockAlertsSent: defineEvent({ stream: 'restockAlerts', schema: z.object({ userIds: z.array(z.string().min(1)).min(1), modelId: z.string().min(1), offerId: z.string().min(1).nullable() }) }),
  PriceSeriesBackfilled: defineEvent({ stream: 'priceSeriesBackfill', schema: z.object({ offers: z.number().int().nonnegative() }) }),
  PriceSeriesOfferPriced: defineEvent({ stream: 'priceSeries', schema: z.object({ offerId: z.string().min(1), offer: seriesOfferSchema.nullable() }) }),
  PriceSeriesSubsidyChanged: defineEvent({ stream: 'priceSeries', schema: z.object({ planId: z.string().min(1), subsidy: won }) }),
  PriceSeriesReleasePriceChanged: defineEvent({ stream: 'priceSeries', schema: z.object({ releasePrice: won }) }),
  /** A plan's monthly fee changed (`PlanDefined` again): the series' offers taking it are priced with the new fee. */
  PriceSeriesPlanFeeChanged: defineEvent({ stream: 'priceSeries', schema: z.object({ planId: z.string().min(1), monthlyFee: won }) }),
  /**
   * The series' lowest 24개월 실부담 on sale moved (null: nothing on sale), with the offer and the 30-day
   * average of its daily lows; `previous` the lowest before (absent in events written before it was
   * recorded): the alerts between the two are the ones the move crosses.
   */
  PriceSeriesLowestChanged: defineEvent({
    stream: 'priceSeries',
    schema: z.object({
      modelId: z.string().min(1), ...series, lowest: won.nullable(), offerId: z.string().min(1).nullable(), average30: won.nullable(), previous: won.nullable().optional(),
    }),
  }),
} as const;
