import * as z from 'zod/mini';
import { SELLER_APPLICATION_STATUSES } from './sellers.ts';

/**
 * `GET /api/me/seller-application` (issue 39): the signed-in account's latest seller application, so
 * /seller-application shows 심사 중 after 신청하기 and on every visit after, instead of a blank form.
 */
export const MY_SELLER_APPLICATION_PATH = '/api/me/seller-application';
export const mySellerApplicationSchema = z.object({
  application: z.nullable(z.object({
    id: z.string(),
    status: z.enum(SELLER_APPLICATION_STATUSES),
    statusLabel: z.string(),
    storeName: z.string(),
    submittedAt: z.string(),
    reviewedAt: z.nullable(z.string()),
    reviewNotes: z.nullable(z.string()),
  })),
});
export type MySellerApplication = z.infer<typeof mySellerApplicationSchema>;
