import * as z from 'zod/mini';
import { CARD_PAYMENT_LIMIT, PAYMENT_METHODS } from './payment.ts';

export const SITE_INFO_PATH = '/api/site';

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
export const EMPTY_SITE_BUSINESS: SiteBusiness = {
  companyName: '', representative: '', businessNumber: '', mailOrderNumber: '', mailOrderAuthority: '',
  address: '', phone: '', email: '', privacyOfficer: '', hostingProvider: '',
};

/** The 공정위 사업자정보 공개 page of a 사업자등록번호 (digits only in the address). */
export const ftcBusinessInfoUrl = (businessNumber: string) => `https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${businessNumber.replace(/\D/g, '')}`;

/** The footer's and the terms page's notice: 폰마켓 brokers the sale and is not a party to it (전자상거래법 제20조). */
export const BROKER_NOTICE = '폰마켓은 통신판매중개자이며 통신판매의 당사자가 아닙니다. 판매자가 등록한 상품, 상품 정보와 거래에 관한 의무와 책임은 각 판매자에게 있습니다.';

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
