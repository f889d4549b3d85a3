import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { emailSchema } from './accounts.ts';
import { CHATBOT_FIELD_LABELS, DEFAULT_CHATBOT_SETTINGS, type ChatbotSettings } from './chatbotAdmin.ts';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications.ts';
import { CARD_PAYMENT_LIMIT, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from './payment.ts';
import { formatBusinessNumber, formatKoreanPhone, isBusinessNumber, isKoreanPhone } from './sellers.ts';
import { SITE_BUSINESS_FIELDS, type SiteBusiness } from './site.ts';
import { groupThousands, plainText } from './text.ts';

/*
 * Site settings (issue 29, spec seller-admin-support §2 "Admin settings": site info, security, email,
 * notification and payment forms; sample values session timeout 30, mail server port 587). Each form
 * and its `PUT /api/admin/settings/{section}` validate with the same schema below; `GET
 * /api/admin/settings` answers every section (the SMTP password never: only whether one is set);
 * `GET /api/admin/settings/history` who changed what, from what to what. Its own entry point
 * (`@phonemarket/contracts/settings.ts`): only the servers and the lazily loaded settings page need it.
 */

export const ADMIN_SETTINGS_PATH = '/api/admin/settings';
export const ADMIN_SETTINGS_HISTORY_PATH = '/api/admin/settings/history';
export const ADMIN_SETTINGS_TEST_MAIL_PATH = '/api/admin/settings/email/test';

export const SETTINGS_SECTIONS = ['site', 'security', 'email', 'notifications', 'payment', 'chatbot'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export const SETTINGS_SECTION_LABELS: Record<SettingsSection, string> = {
  site: '사이트 정보',
  security: '보안 설정',
  email: '이메일 설정',
  notifications: '알림 설정',
  payment: '결제 설정',
  chatbot: '챗봇 설정',
};
export const isSettingsSection = (value: string): value is SettingsSection => (SETTINGS_SECTIONS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// 사이트 정보: what 전자상거래법 제10조 asks a 사이버몰 to show (the footer shows it on every page).

export const SITE_FIELD_LABELS: Record<keyof SiteBusiness, string> = {
  companyName: '상호',
  representative: '대표자',
  businessNumber: '사업자등록번호',
  mailOrderNumber: '통신판매업 신고번호',
  mailOrderAuthority: '신고기관',
  address: '사업장 주소',
  phone: '고객센터 전화',
  email: '고객센터 이메일',
  privacyOfficer: '개인정보보호책임자',
  hostingProvider: '호스팅 제공자',
};

export const SETTINGS_MESSAGES = {
  tooLong: (label: string, max: number) => `${josa(label, '은/는')} ${max}자 이하로 입력해주세요.`,
  businessNumber: '올바른 사업자등록번호가 아닙니다. 10자리 번호(000-00-00000)를 확인해주세요.',
  phone: '올바른 전화번호를 입력해주세요. (예: 1588-1234, 02-123-4567)',
  email: '올바른 이메일 주소를 입력해주세요.',
  sessionIdle: '세션 타임아웃은 5분에서 1,440분 사이로 입력해주세요.',
  sessionAbsolute: '세션 최대 유지 시간은 1시간에서 720시간 사이로 입력해주세요.',
  sessionAbsoluteShorter: '세션 최대 유지 시간은 세션 타임아웃보다 길어야 합니다.',
  signInFailures: '로그인 실패 허용 횟수는 3회에서 20회 사이로 입력해주세요.',
  signInFailuresPerAddress: '주소당 로그인 실패 허용 횟수는 5회에서 200회 사이로 입력해주세요.',
  signInFailuresPerAddressFewer: '주소당 허용 횟수는 계정당 허용 횟수보다 적을 수 없습니다.',
  signInLock: '로그인 제한 시간은 1분에서 1,440분 사이로 입력해주세요.',
  host: 'SMTP 서버 주소를 확인해주세요. (예: smtp.example.com)',
  hostRequired: '이메일을 발송하려면 SMTP 서버 주소를 입력해주세요.',
  port: '포트는 1에서 65535 사이의 숫자로 입력해주세요.',
  security: '보안 연결 방식을 선택해주세요.',
  fromAddressRequired: '이메일을 발송하려면 보내는 이메일 주소를 입력해주세요.',
  password: 'SMTP 비밀번호는 32자 이상의 무작위 값이어야 하며, 공개된 값이나 예시 값은 사용할 수 없습니다.',
  paymentMethods: '결제 수단을 하나 이상 사용하도록 선택해주세요.',
  cardLimit: `카드 결제 한도는 10,000원에서 ${groupThousands(CARD_PAYMENT_LIMIT)}원 사이로 입력해주세요.`,
  boolean: '사용 여부를 선택해주세요.',
} as const;

/** A text field that may be left empty ('' = not shown), trimmed; `valid`/`normalize` for the non-empty value. */
function optionalField(label: string, max: number, opts: { valid?: (s: string) => boolean; message?: string; normalize?: (s: string) => string } = {}) {
  return z._default(z.pipe(
    z.string({ error: `${josa(label, '을/를')} 문자로 입력해주세요.` }).check(
      z.trim(),
      z.maxLength(max, { error: opts.message ?? SETTINGS_MESSAGES.tooLong(label, max) }),
      plainText(),
      z.refine((s) => s === '' || !opts.valid || opts.valid(s), { error: opts.message ?? '' }),
    ),
    z.transform((s: string) => (s !== '' && opts.normalize ? opts.normalize(s) : s)),
  ), '');
}

const isEmail = (s: string) => emailSchema.safeParse(s).success;

/** `PUT /api/admin/settings/site` and the 사이트 정보 form. Every field may be empty (then it is not shown). */
export const siteSettingsSchema = z.object({
  companyName: optionalField(SITE_FIELD_LABELS.companyName, 50),
  representative: optionalField(SITE_FIELD_LABELS.representative, 50),
  businessNumber: optionalField(SITE_FIELD_LABELS.businessNumber, 20, { valid: isBusinessNumber, message: SETTINGS_MESSAGES.businessNumber, normalize: formatBusinessNumber }),
  mailOrderNumber: optionalField(SITE_FIELD_LABELS.mailOrderNumber, 50),
  mailOrderAuthority: optionalField(SITE_FIELD_LABELS.mailOrderAuthority, 50),
  address: optionalField(SITE_FIELD_LABELS.address, 200),
  phone: optionalField(SITE_FIELD_LABELS.phone, 20, { valid: isKoreanPhone, message: SETTINGS_MESSAGES.phone, normalize: formatKoreanPhone }),
  email: optionalField(SITE_FIELD_LABELS.email, 254, { valid: isEmail, message: SETTINGS_MESSAGES.email }),
  privacyOfficer: optionalField(SITE_FIELD_LABELS.privacyOfficer, 100),
  hostingProvider: optionalField(SITE_FIELD_LABELS.hostingProvider, 100),
});
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type SiteSettings = z.output<typeof siteSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// 보안 설정

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.minimum(min, { error: message }), z.maximum(max, { error: message }));

/** `PUT /api/admin/settings/security`: session idle timeout and lifetime (new and open sessions), sign-in failure limits. */
export const securitySettingsSchema = z.object({
  sessionIdleMinutes: wholeNumber(5, 1440, SETTINGS_MESSAGES.sessionIdle),
  sessionAbsoluteHours: wholeNumber(1, 720, SETTINGS_MESSAGES.sessionAbsolute),
  /** Failed sign-ins to one account from one address before that address waits `signInLockMinutes`. */
  maxSignInFailures: wholeNumber(3, 20, SETTINGS_MESSAGES.signInFailures),
  /** Failed sign-ins from one address (any accounts) before it waits. */
  maxSignInFailuresPerAddress: wholeNumber(5, 200, SETTINGS_MESSAGES.signInFailuresPerAddress),
  signInLockMinutes: wholeNumber(1, 1440, SETTINGS_MESSAGES.signInLock),
}).check(
  z.superRefine((v, ctx) => {
    if (v.sessionAbsoluteHours * 60 < v.sessionIdleMinutes) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.sessionAbsoluteShorter, path: ['sessionAbsoluteHours'], input: v.sessionAbsoluteHours });
    }
    if (v.maxSignInFailuresPerAddress < v.maxSignInFailures) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.signInFailuresPerAddressFewer, path: ['maxSignInFailuresPerAddress'], input: v.maxSignInFailuresPerAddress });
    }
  }),
);
export type SecuritySettings = z.output<typeof securitySettingsSchema>;
export const SECURITY_FIELD_LABELS: Record<keyof SecuritySettings, string> = {
  sessionIdleMinutes: '세션 타임아웃 (분)',
  sessionAbsoluteHours: '세션 최대 유지 시간 (시간)',
  maxSignInFailures: '로그인 실패 허용 횟수 (계정·주소별)',
  maxSignInFailuresPerAddress: '로그인 실패 허용 횟수 (주소별)',
  signInLockMinutes: '로그인 제한 시간 (분)',
};

// ---------------------------------------------------------------------------------------------
// 이메일 설정

export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = { starttls: 'STARTTLS (587)', tls: 'SSL/TLS (465)', none: '사용 안 함' };
/** The spec's sample mail server port. */
export const DEFAULT_SMTP_PORT = 587;

/** A host name or an IPv4 address (no scheme, no port). */
const HOST = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const emailFields = {
  /** E-mail is sent (the test mail, notifications) only when on. */
  enabled: z.boolean({ error: SETTINGS_MESSAGES.boolean }),
  host: optionalField('SMTP 서버', 253, { valid: (s) => HOST.test(s), message: SETTINGS_MESSAGES.host, normalize: (s) => s.toLowerCase() }),
  port: wholeNumber(1, 65535, SETTINGS_MESSAGES.port),
  security: z.enum(SMTP_SECURITY, { error: SETTINGS_MESSAGES.security }),
  username: optionalField('SMTP 사용자', 254),
  fromName: optionalField('보내는 사람 이름', 50),
  fromAddress: optionalField('보내는 이메일 주소', 254, { valid: isEmail, message: SETTINGS_MESSAGES.email }),
};
const whenEnabled = z.superRefine((v: { enabled: boolean; host: string; fromAddress: string }, ctx) => {
  if (!v.enabled) return;
  if (v.host === '') ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.hostRequired, path: ['host'], input: v.host });
  if (v.fromAddress === '') ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.fromAddressRequired, path: ['fromAddress'], input: v.fromAddress });
});

/**
 * `PUT /api/admin/settings/email` and its form. `password`: a new SMTP password (empty or absent: the
 * saved one stays); the server holds it to the repository's secret rule (platform/src/secrets.ts) and
 * never answers it. `clearPassword`: forget the saved one.
 */
export const emailSettingsRequestSchema = z.object({
  ...emailFields,
  password: z.optional(z.string({ error: SETTINGS_MESSAGES.password }).check(z.maxLength(512, { error: SETTINGS_MESSAGES.password }), plainText({ message: SETTINGS_MESSAGES.password }))),
  clearPassword: z.optional(z.boolean({ error: SETTINGS_MESSAGES.boolean })),
}).check(whenEnabled);
export type EmailSettingsInput = z.input<typeof emailSettingsRequestSchema>;
export type EmailSettingsRequest = z.output<typeof emailSettingsRequestSchema>;

/** The e-mail section as answered: no password, only whether one is saved. */
export const emailSettingsSchema = z.object({
  enabled: z.boolean(),
  host: z.string(),
  port: z.number(),
  security: z.enum(SMTP_SECURITY),
  username: z.string(),
  fromName: z.string(),
  fromAddress: z.string(),
  passwordSet: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
export const EMAIL_FIELD_LABELS: Record<keyof Omit<EmailSettings, 'passwordSet'> | 'password', string> = {
  enabled: '이메일 발송',
  host: 'SMTP 서버',
  port: '포트',
  security: '보안 연결',
  username: 'SMTP 사용자',
  password: 'SMTP 비밀번호',
  fromName: '보내는 사람 이름',
  fromAddress: '보내는 이메일 주소',
};

/** `POST /api/admin/settings/email/test`: sends a test mail through the saved SMTP settings. */
export const testMailRequestSchema = z.object({
  to: z.string({ error: SETTINGS_MESSAGES.email }).check(z.trim(), z.refine(isEmail, { error: SETTINGS_MESSAGES.email })),
});
export type TestMailRequest = z.output<typeof testMailRequestSchema>;
export const testMailAnswerSchema = z.object({ message: z.string(), messageId: z.nullable(z.string()) });
export type TestMailAnswer = z.infer<typeof testMailAnswerSchema>;
export const TEST_MAIL_SUBJECT = '[폰마켓] 테스트 메일';

// ---------------------------------------------------------------------------------------------
// 알림 설정

/** Notifications also sent by e-mail (when e-mail is on): 주문 (결제·발송·배송·취소), 답변 (고객 문의·상품 문의·리뷰) and 가격 알림 (issue 42). */
export const EMAIL_NOTIFICATIONS = ['order', 'answer', 'priceAlert'] as const;
export type EmailNotification = (typeof EMAIL_NOTIFICATIONS)[number];
export const EMAIL_NOTIFICATION_LABELS: Record<EmailNotification, string> = { order: '주문 알림 메일', answer: '답변 알림 메일', priceAlert: '가격 알림 메일' };
export const EMAIL_NOTIFICATION_DESCRIPTIONS: Record<EmailNotification, string> = {
  order: '결제 완료·실패, 발송, 배송 완료, 주문 취소를 구매자에게 메일로도 알립니다.',
  answer: '고객 문의·상품 문의·리뷰에 답변이 등록되면 작성자에게 메일로도 알립니다.',
  priceAlert: '구매자가 설정한 목표가에 도달하거나 가격 알림이 곧 만료되면 메일로도 알립니다.',
};
export const IN_APP_NOTIFICATION_DESCRIPTIONS: Record<NotificationType, string> = {
  order: '결제, 발송, 배송 완료, 주문 취소',
  promotion: '가입 혜택, 포인트 적립, 찜한 상품 가격 인하',
  review: '상품 문의·리뷰 답변',
  system: '판매자 신청 결과, 고객 문의 답변',
  quote: '견적 도착·마감 임박·만료, 판매자의 견적 수락·미선택',
};

const flag = z.boolean({ error: SETTINGS_MESSAGES.boolean });
/** `PUT /api/admin/settings/notifications`: which notification types are sent in the site (알림함) and which by e-mail. */
export const notificationSettingsSchema = z.object({
  inApp: z.object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, flag])) as Record<NotificationType, typeof flag>),
  // 가격 알림 came later (issue 42): a request without it keeps it on.
  email: z.object({ ...(Object.fromEntries(EMAIL_NOTIFICATIONS.map((t) => [t, flag])) as Record<EmailNotification, typeof flag>), priceAlert: z._default(flag, true) }),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
/** What the form holds before the schema's defaults (가격 알림 may be missing in a section saved before it). */
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// 결제 설정

/** `PUT /api/admin/settings/payment`: the payment methods checkout offers, the card limit per order. */
export const paymentSettingsSchema = z.object({
  methods: z.object(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, flag])) as Record<PaymentMethod, typeof flag>).check(
    z.refine((m) => Object.values(m).some(Boolean), { error: SETTINGS_MESSAGES.paymentMethods }),
  ),
  cardLimit: wholeNumber(10_000, CARD_PAYMENT_LIMIT, SETTINGS_MESSAGES.cardLimit),
});
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;
export const PAYMENT_SETTINGS_LABELS = { methods: '결제 수단', cardLimit: '카드 결제 한도 (원)' } as const;
export const PAYMENT_METHOD_DISABLED_MESSAGE = '현재 사용할 수 없는 결제 수단입니다. 다른 결제 수단을 선택해주세요.';
export const cardLimitExceededMessage = (limit: number) => `카드 결제 한도(${groupThousands(limit)}원)를 초과했습니다. 다른 결제 수단을 선택해주세요.`;

// ---------------------------------------------------------------------------------------------
// The whole settings, their defaults and their history

export interface SettingsValues {
  site: SiteSettings;
  security: SecuritySettings;
  email: EmailSettings;
  notifications: NotificationSettings;
  payment: PaymentSettings;
  /** Saved from /admin/chatbot (`chatbotSettingsSchema`, contracts/chatbotAdmin.ts). */
  chatbot: ChatbotSettings;
}

/** `GET /api/admin/settings`. */
export const adminSettingsSchema = z.object({
  site: z.object(Object.fromEntries(SITE_BUSINESS_FIELDS.map((f) => [f, z.string()])) as Record<keyof SiteBusiness, z.ZodMiniString>),
  security: z.object({
    sessionIdleMinutes: z.number(), sessionAbsoluteHours: z.number(), maxSignInFailures: z.number(), maxSignInFailuresPerAddress: z.number(), signInLockMinutes: z.number(),
  }),
  email: emailSettingsSchema,
  notifications: z.object({
    inApp: z.object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<NotificationType, z.ZodMiniBoolean>),
    email: z.object(Object.fromEntries(EMAIL_NOTIFICATIONS.map((t) => [t, z.boolean()])) as Record<EmailNotification, z.ZodMiniBoolean>),
  }),
  payment: z.object({
    methods: z.object(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, z.boolean()])) as Record<PaymentMethod, z.ZodMiniBoolean>),
    cardLimit: z.number(),
  }),
  chatbot: z.object({ matchThreshold: z.number(), replyDelayMinMs: z.number(), replyDelayMaxMs: z.number(), handoffWaitSeconds: z.number() }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * What the site uses before an admin saves a section. Security's session values are the server's
 * `SESSION_IDLE_MINUTES`/`SESSION_ABSOLUTE_HOURS` (defaults 30 and 12) and are filled in by the server.
 */
export const DEFAULT_SETTINGS: Omit<SettingsValues, 'security'> & { security: Omit<SecuritySettings, 'sessionIdleMinutes' | 'sessionAbsoluteHours'> } = {
  site: {
    companyName: '', representative: '', businessNumber: '', mailOrderNumber: '', mailOrderAuthority: '',
    address: '', phone: '', email: '', privacyOfficer: '', hostingProvider: '',
  },
  security: { maxSignInFailures: 5, maxSignInFailuresPerAddress: 20, signInLockMinutes: 15 },
  email: { enabled: false, host: '', port: DEFAULT_SMTP_PORT, security: 'starttls', username: '', fromName: '폰마켓', fromAddress: '', passwordSet: false },
  notifications: {
    inApp: { order: true, promotion: true, review: true, system: true, quote: true },
    email: { order: true, answer: true, priceAlert: true },
  },
  payment: { methods: { card: true, transfer: true, deposit: true }, cardLimit: CARD_PAYMENT_LIMIT },
  chatbot: DEFAULT_CHATBOT_SETTINGS,
};

const historyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** One changed field: `field` is the section's key (`inApp.order`, `methods.card` for nested ones); a secret's values are never shown (`secret`). */
export const settingsChangeSchema = z.object({ field: z.string(), from: historyValue, to: historyValue, secret: z.optional(z.boolean()) });
export type SettingsChange = z.infer<typeof settingsChangeSchema>;
/** `GET /api/admin/settings/history`: newest first. */
export const settingsHistoryEntrySchema = z.object({
  at: z.string(),
  section: z.enum(SETTINGS_SECTIONS),
  actor: z.object({ userId: z.nullable(z.string()), name: z.nullable(z.string()) }),
  changes: z.array(settingsChangeSchema),
});
export type SettingsHistoryEntry = z.infer<typeof settingsHistoryEntrySchema>;
export const settingsHistorySchema = z.array(settingsHistoryEntrySchema);

/** The label of a changed field, for the history list. */
export function settingsFieldLabel(section: SettingsSection, field: string): string {
  const [head = '', tail] = field.split('.');
  switch (section) {
    case 'site': return Object.hasOwn(SITE_FIELD_LABELS, field) ? SITE_FIELD_LABELS[field as keyof SiteBusiness] : field;
    case 'security': return Object.hasOwn(SECURITY_FIELD_LABELS, field) ? SECURITY_FIELD_LABELS[field as keyof SecuritySettings] : field;
    case 'email': return Object.hasOwn(EMAIL_FIELD_LABELS, field) ? EMAIL_FIELD_LABELS[field as keyof typeof EMAIL_FIELD_LABELS] : field;
    case 'notifications':
      if (head === 'inApp' && tail && (NOTIFICATION_TYPES as readonly string[]).includes(tail)) return `알림함 · ${NOTIFICATION_TYPE_NAMES[tail as NotificationType]}`;
      if (head === 'email' && tail && (EMAIL_NOTIFICATIONS as readonly string[]).includes(tail)) return EMAIL_NOTIFICATION_LABELS[tail as EmailNotification];
      return field;
    case 'payment':
      if (head === 'methods' && tail && (PAYMENT_METHODS as readonly string[]).includes(tail)) return `결제 수단 · ${PAYMENT_METHOD_LABELS[tail as PaymentMethod]}`;
      return field === 'cardLimit' ? PAYMENT_SETTINGS_LABELS.cardLimit : field;
    case 'chatbot': return Object.hasOwn(CHATBOT_FIELD_LABELS, field) ? CHATBOT_FIELD_LABELS[field as keyof ChatbotSettings] : field;
    default: return field;
  }
}

/** The notification types as the settings page names them. */
export const NOTIFICATION_TYPE_NAMES: Record<NotificationType, string> = { order: '주문 알림', promotion: '혜택 알림', review: '리뷰·문의 답변 알림', system: '시스템 알림', quote: '견적 알림' };
