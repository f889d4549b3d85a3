import { z } from 'zod';
import { CARRIERS, JOIN_TYPES } from '@phonemarket/contracts';
import { defineEvent, streamName } from '../defineEvent.ts';

/*
 * Price policies (issue 27; spec `price_policies`, `policy_applications`): an admin writes a policy
 * from an image batch (`pricePolicy-<policyId>`): rows of 공시지원금 for carrier terms, a validity.
 * draft → approved (applied: each row's figure before it is recorded with the approval, so a revert
 * restores it exactly) → reverted by an admin or expired by the scheduler at the end of `validUntil`
 * (an expiry reverts what is still applied).
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
export const shopPolicyRowSchema = z.object({ offerId: z.string().min(1), extraSubsidy: z.number().int().nonnegative() });
const shopPreviousSchema = z.object({ price: z.number().int().nonnegative(), extraSubsidy: z.number().int().nonnegative() });

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
    }),
  }),
  /** Approved and applied: each row with the figure it replaces (the application's record). */
  PricePolicyApproved: defineEvent({
    stream: 'pricePolicy',
    schema: z.object({
      policyId: z.string().min(1),
      applicationId: z.string().min(1),
      rows: z.array(policyRowSchema.extend({ previous: previousSchema })),
      shopRows: z.array(shopPolicyRowSchema.extend({ previous: shopPreviousSchema })).default([]),
    }),
  }),
  PricePolicyReverted: defineEvent({ stream: 'pricePolicy', schema: z.object({ policyId: z.string().min(1), applicationId: z.string().min(1), reason: z.string().nullable() }) }),
  PricePolicyExpired: defineEvent({ stream: 'pricePolicy', schema: z.object({ policyId: z.string().min(1), applicationId: z.string().nullable() }) }),
} as const;
