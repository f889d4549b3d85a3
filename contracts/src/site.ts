import * as z from 'zod/mini';
import { CARD_PAYMENT_LIMIT, PAYMENT_METHODS } from './payment.ts';
import { EMPTY_SITE_BUSINESS } from './constants.ts';

export { BROKER_NOTICE, EMPTY_SITE_BUSINESS, ftcBusinessInfoUrl, SITE_INFO_PATH } from './constants.ts';

/**
 * The business information 전자상거래법 제10조 asks a 사이버몰 to show (issue 29), as the admin saved it
 * in 사이트 설정 (`@phonemarket/contracts/settings.ts`); '' = not given, and not shown.
 */
export const SITE_BUSINESS_FIELDS = [
  'companyName', 'representative', 'businessNumber', 'mailOrderNumber', 'mailOrderAuthority',
  'address', 'phone', 'email', 'privacyOfficer', 'hostingProvider',
] as const;
export const siteBusinessSchema = z.object({
  companyName: z.string(),
  representative: z.string(),
  businessNumber: z.string(),
  mailOrderNumber: z.string(),
  mailOrderAuthority: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  privacyOfficer: z.string(),
  hostingProvider: z.string(),
});
export type SiteBusiness = z.infer<typeof siteBusinessSchema>;

/**
 * `GET /api/site`: what this client may do here and what every page shows. `demo`: the demo sign-in
 * answers this client (the UI shows '데모 모드'); `business`: the footer's business information;
 * `payment`: the payment methods checkout offers and the card limit per order.
 */
export const siteInfoSchema = z.object({
  demo: z.boolean(),
  // An older server answers `{ demo }` alone: no business information, every payment method.
  business: z._default(siteBusinessSchema, EMPTY_SITE_BUSINESS),
  payment: z._default(z.object({ methods: z.array(z.enum(PAYMENT_METHODS)), cardLimit: z.number() }), { methods: [...PAYMENT_METHODS], cardLimit: CARD_PAYMENT_LIMIT }),
});
export type SiteInfo = z.output<typeof siteInfoSchema>;
export type SitePayment = SiteInfo['payment'];
