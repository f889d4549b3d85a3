import { z } from 'zod';
import { CARRIERS, JOIN_TYPES, offerConditionsSchema } from '@phonemarket/contracts';
import { defineEvent, streamName } from '../defineEvent.ts';

/*
 * Carrier terms as data (issue 27). 공시지원금: one stream per model × storage × carrier × 가입유형
 * (`subsidyTable-<model>~<storage>~<carrier>~<join>`), seeded from today's catalogue
 * (`SubsidyTableSeeded`), each change a `SubsidySet` with the figure before it. 출고가: one stream
 * per variant (`releasePrice-<model>~<storage>`), a `ReleasePriceSet` per change (the model's own
 * `PhoneModelDefined` variants are the figure before the first). Plans are `PlanDefined` (catalogue).
 * A figure whose `validFrom` is a later day is `SubsidyScheduled` first and set on that day.
 */
const won = z.number().int().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const CARRIER_SLUG: Record<(typeof CARRIERS)[number], string> = { SKT: 'skt', KT: 'kt', 'LG U+': 'lgu' };
const JOIN_SLUG: Record<(typeof JOIN_TYPES)[number], string> = { 신규: 'new', 번호이동: 'mnp', 기기변경: 'chg' };

const table = {
  modelId: z.string().min(1),
  storage: z.number().int().positive(),
  carrier: z.enum(CARRIERS),
  joinType: z.enum(JOIN_TYPES),
};
/** Where a change came from: today's catalogue, an admin's edit, a CSV import, a price policy (its id). */
/** 'expiry': the figure before came back when a figure's `validUntil` ended. */
export const termsSourceSchema = z.object({ kind: z.enum(['seed', 'admin', 'csv', 'policy', 'expiry']), ref: z.string().nullable() });

export const carrierTermsStreams = {
  subsidyTable: (t: { modelId: string; storage: number; carrier: (typeof CARRIERS)[number]; joinType: (typeof JOIN_TYPES)[number] }) =>
    streamName('subsidyTable', `${t.modelId}~${t.storage}~${CARRIER_SLUG[t.carrier]}~${JOIN_SLUG[t.joinType]}`),
  releasePrice: (t: { modelId: string; storage: number }) => streamName('releasePrice', `${t.modelId}~${t.storage}`),
} as const;

export const carrierTermsEvents = {
  SubsidyTableSeeded: defineEvent({
    stream: 'subsidyTable',
    schema: z.object({ ...table, plans: z.array(z.object({ planId: z.string().min(1), subsidy: won })).min(1) }),
  }),
  SubsidySet: defineEvent({
    stream: 'subsidyTable',
    schema: z.object({
      ...table,
      planId: z.string().min(1),
      subsidy: won,
      /** The figure it replaced (null: the plan had none in this table). */
      previous: won.nullable(),
      validFrom: day.nullable(),
      validUntil: day.nullable(),
      source: termsSourceSchema,
      /**
       * Issue 40: what the 공시지원금 requires (a 요금제 유지 of the plan, ADR 026) from now on, and what it required before
       * (what an expiry restores). Absent in older events: none.
       */
      conditions: z.optional(offerConditionsSchema),
      previousConditions: z.optional(offerConditionsSchema),
    }),
  }),
  /**
   * A 공시지원금 that starts on a later Korean day (`validFrom`): nothing is priced with it yet; at the
   * start of that day the scheduler sets it (a `SubsidySet` with the same `validFrom`), unless it was cancelled.
   */
  SubsidyScheduled: defineEvent({
    stream: 'subsidyTable',
    schema: z.object({
      ...table, planId: z.string().min(1), subsidy: won, validFrom: day, validUntil: day.nullable(), source: termsSourceSchema,
      /** Issue 40: the conditions it will come with (absent in older events: none). */
      conditions: z.optional(offerConditionsSchema),
    }),
  }),
  SubsidyScheduleCancelled: defineEvent({
    stream: 'subsidyTable',
    schema: z.object({ ...table, planId: z.string().min(1), subsidy: won, validFrom: day }),
  }),
  ReleasePriceSet: defineEvent({
    stream: 'releasePrice',
    schema: z.object({ modelId: z.string().min(1), storage: z.number().int().positive(), releasePrice: won, previous: won, source: termsSourceSchema }),
  }),
} as const;
