import * as z from 'zod/mini';
import { emailSchema } from './accounts.ts';
import { productSchema } from './catalogue.ts';
import { recentReviewSchema } from './reviews.ts';
import { SELLER_STATUSES, formatBusinessNumber, formatKoreanPhone, isBusinessNumber, isKoreanPhone } from './sellers.ts';
import { plainName, plainText } from './text.ts';
import { shopTrustSchema } from './shopTrust.ts';
import { preApprovalBadgeSchema } from './preApproval.ts';

/**
 * A seller's store (issue 29; spec seller-admin-support §3 `stores`: name, description, logoUrl,
 * bannerUrl, theme (default 'default'), settings). `/my-store` edits it with `PUT /api/seller/store`
 * (the session's own store, never one named in the body) and the form resolves with the same
 * schema; `/store/{id}` shows it with `GET /api/stores/{id}`, including the seller's business
 * information that 전자상거래법 제13조 asks a 통신판매중개자 to show (상호, 대표자, 주소, 연락처,
 * 사업자등록번호) and the 통신판매업 신고번호.
 */
export const SELLER_STORE_PATH = '/api/seller/store';
export const SELLER_STORE_IMAGES_PATH = '/api/seller/store/images';
export const storeApiPath = (storeId: string) => `/api/stores/${encodeURIComponent(storeId)}`;
/** The public store page. */
export const storePagePath = (storeId: string) => `/store/${encodeURIComponent(storeId)}`;
/** Where an uploaded store picture is served (query-api; ids never change what they name). */
export const storeImageUrl = (imageId: string) => `/images/stores/${imageId}.webp`;

export const STORE_THEMES = ['default', 'blue', 'green', 'purple', 'orange', 'pink'] as const;
export type StoreTheme = (typeof STORE_THEMES)[number];
/** Spec §9: a store's theme defaults to 'default'. */
export const DEFAULT_STORE_THEME: StoreTheme = 'default';
export const STORE_THEME_LABELS: Record<StoreTheme, string> = {
  default: '기본', blue: '블루', green: '그린', purple: '퍼플', orange: '오렌지', pink: '핑크',
};

export const STORE_IMAGE_KINDS = ['logo', 'banner'] as const;
export type StoreImageKind = (typeof STORE_IMAGE_KINDS)[number];
export const STORE_IMAGE_KIND_LABELS: Record<StoreImageKind, string> = { logo: '로고', banner: '배너' };
/**
 * Uploads: at most 5 MB as sent; the server decodes the picture and re-encodes it as WebP at these
 * sizes (cropped to fill: a square logo, a 4:1 banner), so what is stored and served is always a
 * small picture of a known shape and nothing else of the upload (metadata, scripts) survives.
 */
export const STORE_IMAGE_RULES = {
  maxBytes: 5 * 1024 * 1024,
  sizes: { logo: { width: 400, height: 400 }, banner: { width: 1600, height: 400 } },
  accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
} as const satisfies { sizes: Record<StoreImageKind, { width: number; height: number }>; maxBytes: number; accept: readonly string[] };

export const STORE_IMAGE_MESSAGES = {
  tooLarge: '이미지는 5MB 이하만 올릴 수 있습니다.',
  notImage: 'JPG, PNG, WebP, GIF 이미지 파일만 올릴 수 있습니다.',
  empty: '올릴 이미지 파일을 선택해주세요.',
  kind: '이미지 종류는 logo(로고) 또는 banner(배너)여야 합니다.',
  unknown: '올린 이미지를 찾을 수 없습니다. 이미지를 다시 올려주세요.',
} as const;

export const STORE_MESSAGES = {
  name: '스토어 이름을 입력해주세요.',
  tooLong: (max: number) => `${max}자 이하로 입력해주세요.`,
  theme: `테마는 ${STORE_THEMES.join(', ')} 중 하나여야 합니다.`,
  time: '시간은 00:00~23:59 형식으로 입력해주세요.',
  closeAfterOpen: '마감 시간은 시작 시간보다 늦어야 합니다.',
  businessNumber: '올바른 사업자등록번호가 아닙니다',
  mailOrderNumber: '통신판매업 신고번호 형식이 올바르지 않습니다 (예: 제2024-서울강남-01234호)',
  phone: '올바른 전화번호가 아닙니다',
  email: '유효한 이메일을 입력해주세요.',
  invalid: '스토어 정보를 확인해주세요.',
  notSeller: '셀러 정보를 찾을 수 없습니다. 셀러 신청이 승인되었는지 확인해주세요.',
  notFound: '스토어를 찾을 수 없습니다.',
} as const;

/** 통신판매업 신고번호: 제2024-서울강남-01234호 (제/호 and spaces optional). */
const MAIL_ORDER_NUMBER = /^(?:제\s*)?\d{4}-[가-힣A-Za-z0-9]{2,20}-\d{3,6}(?:\s*호)?$/;
export const isMailOrderNumber = (text: string) => MAIL_ORDER_NUMBER.test(text.trim());
/** Shown as 제2024-서울강남-01234호. */
export function formatMailOrderNumber(text: string): string {
  const core = text.trim().replace(/^제\s*/, '').replace(/\s*호$/, '');
  return `제${core}호`;
}

/**
 * Store names are unique compared without spaces and case (issue 39): '이서연의 폰가게', '이서연의폰가게'
 * and 'PHONE Store' / 'phonestore' are the same name (NFKC first, so full-width letters match too).
 */
export const storeNameKey = (name: string) => name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
export const STORE_NAME_TAKEN = '이미 사용 중인 스토어 이름입니다. 띄어쓰기나 대소문자만 다른 이름도 같은 이름으로 봅니다. 다른 이름을 입력해주세요.';

/** A required store name: trimmed, 1–50 characters, nothing invisible. */
const storeName = z.string({ error: STORE_MESSAGES.name }).check(
  z.trim(),
  z.minLength(1, { error: STORE_MESSAGES.name }),
  z.maxLength(50, { error: STORE_MESSAGES.tooLong(50) }),
  plainName(),
);

/** An optional field of the form: empty (or absent) is `null`; a value must pass `valid` and is stored as `normalize` says. */
const optionalField = (max: number, opts: { multiline?: boolean; name?: boolean; valid?: (s: string) => boolean; message?: string; normalize?: (s: string) => string } = {}) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: opts.message ?? '문자로 입력해주세요.' }).check(
      z.trim(),
      z.maxLength(max, { error: opts.message ?? STORE_MESSAGES.tooLong(max) }),
      opts.name ? plainName() : plainText({ multiline: opts.multiline ?? false }),
      z.refine((s) => s === '' || !opts.valid || opts.valid(s), { error: opts.message ?? '' }),
    ))),
    z.transform((s: string | null | undefined): string | null => (s === undefined || s === null || s === '' ? null : opts.normalize ? opts.normalize(s) : s)),
  );

/** The id of a picture the seller uploaded (`POST /api/seller/store/images`); empty or absent: none. */
const imageId = z.pipe(
  z.optional(z.nullable(z.string({ error: STORE_IMAGE_MESSAGES.unknown }).check(z.regex(/^(?:[A-Za-z0-9-]{1,64})?$/, { error: STORE_IMAGE_MESSAGES.unknown })))),
  z.transform((s: string | null | undefined): string | null => (s ? s : null)),
);

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/**
 * One day's hours as the form holds them: closed (휴무), or open from `open` to `close` (HH:MM, the
 * same day). What the schema makes of it (`{ open, close }`, or null for 휴무) is accepted again as it
 * is: the form sends the schema's output and the route parses it with the same schema.
 */
const dayHoursInput = z.object({
  closed: z._default(z.boolean({ error: '휴무 여부를 선택해주세요.' }), false),
  open: z.string({ error: STORE_MESSAGES.time }),
  close: z.string({ error: STORE_MESSAGES.time }),
}).check(z.superRefine((day, ctx) => {
  if (day.closed) return;
  const openOk = TIME.test(day.open);
  const closeOk = TIME.test(day.close);
  if (!openOk) ctx.addIssue({ code: 'custom', message: STORE_MESSAGES.time, path: ['open'], input: day.open });
  if (!closeOk) ctx.addIssue({ code: 'custom', message: STORE_MESSAGES.time, path: ['close'], input: day.close });
  if (openOk && closeOk && day.close <= day.open) ctx.addIssue({ code: 'custom', message: STORE_MESSAGES.closeAfterOpen, path: ['close'], input: day.close });
}));
const dayHours = z.pipe(
  z.union([z.null(), dayHoursInput], { error: STORE_MESSAGES.time }),
  z.transform((d): DayHours => (d === null || d.closed ? null : { open: d.open, close: d.close })),
);

/** One day's hours as stored and answered: null is 휴무. */
export type DayHours = { open: string; close: string } | null;
export const dayHoursSchema = z.nullable(z.object({ open: z.string(), close: z.string() }));
export const BUSINESS_DAYS = ['weekdays', 'saturday', 'sunday'] as const;
export type BusinessDay = (typeof BUSINESS_DAYS)[number];
export const BUSINESS_DAY_LABELS: Record<BusinessDay, string> = { weekdays: '평일 (월~금)', saturday: '토요일', sunday: '일요일·공휴일' };
/** A store's business hours as answered (null as a whole: not entered yet). */
export const businessHoursSchema = z.object({
  weekdays: dayHoursSchema,
  saturday: dayHoursSchema,
  sunday: dayHoursSchema,
  note: z.nullable(z.string()),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;
/** What the form starts from when the store has no hours yet. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  weekdays: { open: '10:00', close: '19:00' }, saturday: { open: '10:00', close: '15:00' }, sunday: null, note: null,
};

/** '10:00~19:00' or '휴무'. */
export const formatDayHours = (day: DayHours) => (day ? `${day.open}~${day.close}` : '휴무');
/** '평일 (월~금) 10:00~19:00 · 토요일 10:00~15:00 · 일요일·공휴일 휴무 (점심시간 12:00~13:00)'. */
export function formatBusinessHours(hours: BusinessHours | null): string {
  if (!hours) return '미등록';
  const days = BUSINESS_DAYS.map((d) => `${BUSINESS_DAY_LABELS[d]} ${formatDayHours(hours[d])}`).join(' · ');
  return hours.note ? `${days} (${hours.note})` : days;
}

/** The seller's business information (전자상거래법 제13조): the application's at first, then the seller's own. */
export const BUSINESS_FIELDS = ['companyName', 'representative', 'businessNumber', 'mailOrderNumber', 'address', 'phone', 'email'] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];
export const BUSINESS_FIELD_LABELS: Record<BusinessField, string> = {
  companyName: '상호', representative: '대표자', businessNumber: '사업자등록번호', mailOrderNumber: '통신판매업 신고번호',
  address: '사업장 주소', phone: '연락처', email: '이메일',
};
export const businessInfoSchema = z.object({
  companyName: z.nullable(z.string()),
  representative: z.nullable(z.string()),
  businessNumber: z.nullable(z.string()),
  mailOrderNumber: z.nullable(z.string()),
  address: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type BusinessInfo = z.infer<typeof businessInfoSchema>;

export const STORE_PROFILE_FIELDS = ['name', 'description', 'logoImageId', 'bannerImageId', 'theme', 'businessHours'] as const;
export type StoreProfileField = (typeof STORE_PROFILE_FIELDS)[number];
export const STORE_PROFILE_FIELD_LABELS: Record<StoreProfileField, string> = {
  name: '스토어 이름', description: '스토어 소개', logoImageId: '로고', bannerImageId: '배너', theme: '테마', businessHours: '영업시간',
};

/** `PUT /api/seller/store` and the /my-store form: the whole store as it should be (fields left empty are cleared). */
export const storeRequestSchema = z.object({
  name: storeName,
  description: optionalField(1000, { multiline: true }),
  logoImageId: imageId,
  bannerImageId: imageId,
  theme: z._default(z.enum(STORE_THEMES, { error: STORE_MESSAGES.theme }), DEFAULT_STORE_THEME),
  businessHours: z.object({
    weekdays: dayHours,
    saturday: dayHours,
    sunday: dayHours,
    note: optionalField(100),
  }),
  companyName: optionalField(50, { name: true }),
  representative: optionalField(50, { name: true }),
  businessNumber: optionalField(20, { valid: isBusinessNumber, message: STORE_MESSAGES.businessNumber, normalize: formatBusinessNumber }),
  mailOrderNumber: optionalField(40, { valid: isMailOrderNumber, message: STORE_MESSAGES.mailOrderNumber, normalize: formatMailOrderNumber }),
  address: optionalField(200),
  phone: optionalField(20, { valid: isKoreanPhone, message: STORE_MESSAGES.phone, normalize: formatKoreanPhone }),
  email: optionalField(254, { valid: (s) => emailSchema.safeParse(s).success, message: STORE_MESSAGES.email }),
});
export type StoreFormInput = z.input<typeof storeRequestSchema>;
export type StoreRequest = z.output<typeof storeRequestSchema>;

/** `POST /api/seller/store/images?kind=logo|banner` answers the picture's id and address (plus the command's position). */
export const storeImageAnswerSchema = z.object({ id: z.string(), position: z.string(), url: z.string(), kind: z.enum(STORE_IMAGE_KINDS) });
export type StoreImageAnswer = z.infer<typeof storeImageAnswerSchema>;

/**
 * A store's figures: offers listed (and on sale), its reviews (of order lines it sold) and how fast it answers
 * shoppers (product questions and reviews it answered: the average time from the question or review to the answer,
 * null before the first). Its deals ('거래 N건') are the store's `trust.deals`, the number every card shows.
 */
export const storeFiguresSchema = z.object({
  offers: z.number(),
  offersOnSale: z.number(),
  rating: z.number(),
  reviewCount: z.number(),
  answered: z.number(),
  responseMinutes: z.nullable(z.number()),
});
export type StoreFigures = z.infer<typeof storeFiguresSchema>;

/** '3분', '2시간 5분', '1일 3시간'; '기록 없음' before the first answer. */
export function formatResponseTime(minutes: number | null): string {
  if (minutes === null) return '기록 없음';
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m}분`;
  if (m < 24 * 60) return m % 60 ? `${Math.floor(m / 60)}시간 ${m % 60}분` : `${m / 60}시간`;
  const days = Math.floor(m / (24 * 60));
  const hours = Math.floor((m % (24 * 60)) / 60);
  return hours ? `${days}일 ${hours}시간` : `${days}일`;
}

/** One save of a store or its business information (the /my-store history): who, when, each field from → to as text (null: empty). */
export const storeChangeSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** '판매자' or '관리자'. */
  by: z.string(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), from: z.nullable(z.string()), to: z.nullable(z.string()) })),
});
/** Changes /my-store lists (newest first). */
export const STORE_HISTORY_SHOWN = 20;
export type StoreChange = z.infer<typeof storeChangeSchema>;

const storeProfileSchema = z.object({
  name: z.string(),
  description: z.nullable(z.string()),
  logoImageId: z.nullable(z.string()),
  logoUrl: z.nullable(z.string()),
  bannerImageId: z.nullable(z.string()),
  bannerUrl: z.nullable(z.string()),
  theme: z.enum(STORE_THEMES),
  businessHours: z.nullable(businessHoursSchema),
});

/** `GET /api/seller/store`: the signed-in seller's store as /my-store edits it, its figures and its latest changes (newest first). */
export const sellerStoreSchema = z.object({
  storeId: z.string(),
  sellerId: z.string(),
  status: z.enum(SELLER_STATUSES),
  profile: storeProfileSchema,
  business: businessInfoSchema,
  figures: storeFiguresSchema,
  /** The shop's figures from its shop reviews (issue 41). */
  trust: shopTrustSchema,
  history: z.array(storeChangeSchema),
});
export type SellerStore = z.infer<typeof sellerStoreSchema>;

/** Offers a store page lists at a time. */
export const STORE_OFFERS_PAGE_SIZE = 12;
/** Reviews a store page shows (newest first). */
export const STORE_REVIEWS_SHOWN = 10;
export const STORE_CLOSED_MESSAGES = {
  suspended: '판매가 정지된 스토어입니다. 이 스토어의 상품은 지금 구매할 수 없습니다.',
  pending: '아직 운영을 시작하지 않은 스토어입니다.',
} as const;

/**
 * `GET /api/stores/{id}?page=`: a store as shoppers see it. A store whose seller is not approved
 * (suspended) is `open: false` and lists nothing: no offers, no reviews, no figures.
 */
export const publicStoreSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  status: z.enum(SELLER_STATUSES),
  open: z.boolean(),
  name: z.string(),
  description: z.nullable(z.string()),
  logoUrl: z.nullable(z.string()),
  bannerUrl: z.nullable(z.string()),
  theme: z.enum(STORE_THEMES),
  businessHours: z.nullable(businessHoursSchema),
  business: businessInfoSchema,
  openedAt: z.string(),
  figures: z.nullable(storeFiguresSchema),
  /** The shop's figures from its shop reviews (issue 41): rating, count, 조건 준수율 ('리뷰 적음' under 5). */
  trust: shopTrustSchema,
  /** Its verified 사전승낙서 (issue 41): the badge; null without one. */
  preApproval: z._default(z.nullable(preApprovalBadgeSchema), null),
  /** The store's offers on sale, newest first, priced by the pricing module (as `GET /api/products` lists them). */
  offers: z.object({ items: z.array(productSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
  reviews: z.object({ items: z.array(recentReviewSchema), total: z.number(), average: z.number() }),
});
export type PublicStore = z.infer<typeof publicStoreSchema>;
