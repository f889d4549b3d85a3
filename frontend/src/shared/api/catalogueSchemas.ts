import * as z from 'zod/mini';
import { CARRIERS } from '@phonemarket/contracts/constants.ts';

/**
 * The answers of the catalogue's own routes (categories, ads, plans) that have no contract of
 * the server's. A module of their own: `catalogue.ts` loads it with a first request, so that
 * neither these schemas nor zod are part of the first screen's scripts (ADR 009).
 */
export const categorySchema = z.object({ id: z.string(), key: z.string(), label: z.string(), count: z.number(), img: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoriesSchema = z.array(categorySchema);

export const adSchema = z.object({
  id: z.string(), title: z.string(), description: z.string(), img: z.string(), badge: z.string(), badgeColor: z.string(),
  link: z.string(), type: z.string(), placement: z.string(), order: z.number(), isActive: z.boolean(),
  startDate: z.nullable(z.string()), endDate: z.nullable(z.string()),
});
export type Ad = z.infer<typeof adSchema>;
export const adsSchema = z.array(adSchema);

export const planSchema = z.object({
  id: z.string(), name: z.string(), carrier: z.enum(CARRIERS), monthlyFee: z.number(), setupFee: z.number(),
  data: z.string(), voice: z.string(), sms: z.string(), benefits: z.array(z.string()), discountRate: z.number(),
});
export type Plan = z.infer<typeof planSchema>;
export const plansSchema = z.array(planSchema);
