import { z } from 'zod';
import { CARRIERS, JOIN_TYPES, offerConditionsSchema } from '@phonemarket/contracts';
import { defineEvent, streamName } from '../defineEvent.ts';

/*
 * Price policies (issue 27; spec `price_policies`, `policy_applications`): an admin writes a policy
 * from an image batch (`pricePolicy-<policyId>`): rows of 공시지원금 for carrier terms, a validity.
 * draft → approved (applied: each row's figure before it is recorded with the approval, so a revert
 * restores it exactly) → reverted by an admin or expired by the scheduler at the end of `validUntil`
 * (an expiry reverts what is still applied). Approved before its `validFrom`, a policy is scheduled
 * and applied (or, when its rows no longer fit the terms, failed) at the start of that day.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const policyRowSchema = z.object({
  modelId: z.string().min(1),
  storage: z.number().int().positive(),
  carrier: z.enum(CARRIERS),
  joinType: z.enum(JOIN_TYPES),
  planId: z.string().min(1),
  subsidy: z.number().int().nonnegative(),
});
const previousSchema = z.object({ subsidy: z.number().int().nonnegative(), validFrom: day.nullable(), validUntil: day.nullable() });
/** A shop policy's row: one shop's offer with its new 추가지원금. */
/** Issue 40: a shop row may require conditions (a plan kept for months, …) for its 추가지원금; null: the offer's stay as they are. */
const rowConditions = z.nullable(offerConditionsSchema).default(null);
export const shopPolicyRowSchema = z.object({ offerId: z.string().min(1), extraSubsidy: z.number().int().nonnegative(), conditions: rowConditions });
/** `conditions`: the offer's before a row with conditions (what a revert restores); null when the row had none. */
const shopPreviousSchema = z.object({ price: z.number().int().nonnegative(), extraSubsidy: z.number().int().nonnegative(), conditions: rowConditions });
/**
 * A final-price row: one shop's new-unit offer sold for this 할부원금 on this plan (null: a 자급제 unit,
 * no plan); applied as the 추가지원금 that gives it (출고가 − 공시지원금 − 추가지원금 = 할부원금).
 */
export const finalPricePolicyRowSchema = z.object({ offerId: z.string().min(1), planId: z.string().min(1).nullable(), finalPrice: z.number().int().nonnegative(), conditions: rowConditions });

export const sellingPolicyStreams = {
  pricePolicy: (policyId: string) => streamName('pricePolicy', policyId),
} as const;

export const sellingPolicyEvents = {
  PricePolicyDrafted: defineEvent({
    stream: 'pricePolicy',
    schema: z.object({
      policyId: z.string().min(1),
      sourceImageBatchId: z.string().min(1),
      policyName: z.string().min(1),
      description: z.string().nullable(),
      validFrom: day,
      validUntil: day,
      /** Carrier-term rows (공시지원금 in a table). */
      rows: z.array(policyRowSchema),
      /** Shop rows (a shop's offer's 추가지원금). */
      shopRows: z.array(shopPolicyRowSchema).default([]),
      /** Shop rows of a final price (a shop's offer's 할부원금 on a plan). */
      finalPriceRows: z.array(finalPricePolicyRowSchema).default([]),
    }),
  }),
  /** Approved before its first day: applied by the scheduler at the start of `validFrom` (Korean day). */
  PricePolicyScheduled: defineEvent({ stream: 'pricePolicy', schema: z.object({ policyId: z.string().min(1), validFrom: day }) }),
  /** A scheduled policy that could not be applied on its day (the terms had moved): nothing of it was applied. */
  PricePolicyApplicationFailed: defineEvent({ stream: 'pricePolicy', schema: z.object({ policyId: z.string().min(1), reasons: z.array(z.string().min(1)).min(1) }) }),
  /** Approved and applied: each row with the figure it replaces (the application's record). */
  PricePolicyApproved: defineEvent({
    stream: 'pricePolicy',
    schema: z.object({
      policyId: z.string().min(1),
      applicationId: z.string().min(1),
      rows: z.array(policyRowSchema.extend({ previous: previousSchema })),
      /** Shop rows with the 추가지원금 set; a final-price row's with its 할부원금 and plan. */
      shopRows: z.array(shopPolicyRowSchema.extend({
        previous: shopPreviousSchema,
        finalPrice: z.number().int().nonnegative().nullable().default(null),
        planId: z.string().min(1).nullable().default(null),
      })).default([]),
    }),
  }),
  /** Reverted by an admin; a scheduled policy reverted before its day had no application (null). */
  PricePolicyReverted: defineEvent({ stream: 'pricePolicy', schema: z.object({ policyId: z.string().min(1), applicationId: z.string().min(1).nullable(), reason: z.string().nullable() }) }),
  PricePolicyExpired: defineEvent({ stream: 'pricePolicy', schema: z.object({ policyId: z.string().min(1), applicationId: z.string().nullable() }) }),
} as const;
