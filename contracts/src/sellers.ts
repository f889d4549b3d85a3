import * as z from 'zod/mini';
import { emailSchema } from './accounts.ts';
import { plainName, plainText } from './text.ts';
import { preApprovalInputSchema, preApprovalSubmissionSchema } from './preApproval.ts';

/**
 * Seller onboarding and sellers (spec seller-admin-support §2–§5, issue 11): the application form
 * and `POST /api/seller-applications` validate with the same schema; the admin's lists parse with
 * the answer schemas below.
 */
export const SELLER_APPLICATIONS_PATH = '/api/seller-applications';
export const SELLERS_PATH = '/api/sellers';

export const BUSINESS_TYPES = ['individual', 'corporation', 'sole_proprietorship'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  individual: '개인사업자',
  corporation: '법인사업자',
  sole_proprietorship: '개인',
};

/** Step 3 of the form: documents required after approval. */
export const REQUIRED_DOCUMENTS = ['사업자등록증 사본', '신분증 사본', '통장 사본'] as const;

export const SELLER_APPLICATION_STATUSES = ['pending', 'reviewing', 'approved', 'rejected'] as const;
export type SellerApplicationStatus = (typeof SELLER_APPLICATION_STATUSES)[number];
export const SELLER_APPLICATION_STATUS_LABELS: Record<SellerApplicationStatus, string> = {
  pending: '대기중',
  reviewing: '검토중',
  approved: '승인',
  rejected: '거절',
};

export const SELLER_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];
export const SELLER_STATUS_LABELS: Record<SellerStatus, string> = { pending: '대기', approved: '활성', suspended: '정지' };
/** A suspended seller's answer on 판매 관리 / 배송 관리 and order moves: the buyers' names, phones and addresses stay out of reach. */
export const SELLER_SUSPENDED_MESSAGE = '정지된 판매자입니다. 고객센터에 문의해주세요.';

export const SELLER_APPLICATION_MESSAGES = {
  applicantName: '신청자 이름을 입력해주세요.',
  storeName: '스토어 이름을 입력해주세요.',
  email: '유효한 이메일을 입력해주세요.',
  emailMismatch: '이메일이 일치하지 않습니다',
  businessType: '사업자 유형을 선택해주세요.',
  businessNumber: '올바른 사업자등록번호가 아닙니다',
  phone: '올바른 전화번호가 아닙니다',
  tooLong: (max: number) => `${max}자 이하로 입력해주세요.`,
} as const;

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/**
 * 사업자등록번호: 10 digits (dashes optional) whose last digit is the check digit of the first nine,
 * weights 1 3 7 1 3 7 1 3 5, plus the tens of the ninth digit × 5.
 */
export function isBusinessNumber(text: string): boolean {
  const digits = digitsOf(text);
  if (!/^\d{3}-?\d{2}-?\d{5}$/.test(text.replace(/\s/g, '')) || digits.length !== 10) return false;
  const d = [...digits].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((s, w, i) => s + w * d[i]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}
/** Shown as 000-00-00000. */
export const formatBusinessNumber = (text: string) => {
  const d = digitsOf(text);
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
};

/** Korean mobile (010, 011, 016–019), Seoul 02, area codes 031–064, 070, and 15xx/16xx/18xx 대표번호. */
const PHONE = /^(?:01[016-9]\d{7,8}|02\d{7,8}|0[3-6][1-5]\d{7,8}|070\d{8}|1[568]\d{6})$/;
export function isKoreanPhone(text: string): boolean {
  const compact = text.replace(/[\s-]/g, '');
  return /^[\d\s-]+$/.test(text) && PHONE.test(compact);
}
/** 010-1234-5678, 02-123-4567, 1588-1234. */
export function formatKoreanPhone(text: string): string {
  const d = text.replace(/[\s-]/g, '');
  if (/^1[568]/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  const area = d.startsWith('02') ? 2 : 3;
  const rest = d.slice(area);
  const mid = rest.length - 4;
  return `${d.slice(0, area)}-${rest.slice(0, mid)}-${rest.slice(mid)}`;
}

/** A required name (applicant, store): trimmed, 1–`max` characters, nothing invisible. */
const requiredName = (max: number, message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, { error: message }),
    z.maxLength(max, { error: SELLER_APPLICATION_MESSAGES.tooLong(max) }),
    plainName(),
  );

/** An optional field: empty means absent; when given it must pass `valid`, and is stored as `normalize` says. */
const optionalText = (max: number, opts: { multiline?: boolean; valid?: (s: string) => boolean; message?: string; normalize?: (s: string) => string } = {}) =>
  z.optional(z.pipe(
    z.string({ error: opts.message ?? '문자로 입력해주세요.' }).check(
      z.trim(),
      z.maxLength(max, { error: opts.message ?? SELLER_APPLICATION_MESSAGES.tooLong(max) }),
      plainText({ multiline: opts.multiline ?? false }),
      z.refine((s) => s === '' || !opts.valid || opts.valid(s), { error: opts.message ?? '' }),
    ),
    z.transform((s: string) => (s === '' ? undefined : opts.normalize ? opts.normalize(s) : s)),
  ));

const applicationFields = {
  applicantName: requiredName(50, SELLER_APPLICATION_MESSAGES.applicantName),
  email: z.string({ error: SELLER_APPLICATION_MESSAGES.email }).check(z.trim(), z.minLength(1, { error: SELLER_APPLICATION_MESSAGES.email })).check(z.refine((s) => emailSchema.safeParse(s).success, { error: SELLER_APPLICATION_MESSAGES.email })),
  phone: optionalText(20, { valid: isKoreanPhone, message: SELLER_APPLICATION_MESSAGES.phone, normalize: formatKoreanPhone }),
  businessNumber: optionalText(20, { valid: isBusinessNumber, message: SELLER_APPLICATION_MESSAGES.businessNumber, normalize: formatBusinessNumber }),
  businessType: z._default(z.enum(BUSINESS_TYPES, { error: SELLER_APPLICATION_MESSAGES.businessType }), 'individual'),
  storeName: requiredName(50, SELLER_APPLICATION_MESSAGES.storeName),
  storeDescription: optionalText(1000, { multiline: true }),
  experience: optionalText(2000, { multiline: true }),
  documents: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100), plainText())).check(z.maxLength(10, { error: '서류는 10개까지 입력할 수 있습니다.' })), []),
  /** Issue 41: the shop's 사전승낙서, optional (its picture uploaded first); on approval it waits for an admin's check as one sent from /my-store. */
  preApproval: z.optional(z.nullable(preApprovalInputSchema)),
};

/** `POST /api/seller-applications`. */
export const sellerApplicationRequestSchema = z.object(applicationFields);
export type SellerApplicationRequest = z.output<typeof sellerApplicationRequestSchema>;

/** The form (/seller-application): the request plus `confirmEmail`, which is removed before sending. */
export const sellerApplicationFormSchema = z.object({
  ...applicationFields,
  confirmEmail: z.string({ error: SELLER_APPLICATION_MESSAGES.email }).check(z.trim(), z.refine((s) => emailSchema.safeParse(s).success, { error: SELLER_APPLICATION_MESSAGES.email })),
}).check(
  z.superRefine((value, ctx) => {
    if (value.confirmEmail !== '' && emailSchema.safeParse(value.confirmEmail).success && value.email !== value.confirmEmail) {
      ctx.addIssue({ code: 'custom', message: SELLER_APPLICATION_MESSAGES.emailMismatch, path: ['confirmEmail'], input: value.confirmEmail });
    }
  }),
);
export type SellerApplicationFormInput = z.input<typeof sellerApplicationFormSchema>;
export type SellerApplicationFormValues = z.output<typeof sellerApplicationFormSchema>;

/** A rejection tells the applicant why (their page and the notification show the notes), as every other refusal does. */
export const SELLER_APPLICATION_REJECT_NOTES = '거절 사유를 검토 메모에 입력해주세요. 신청자에게 그대로 전달됩니다.';

/** `PUT /api/seller-applications/{id}`: start the review, or decide with notes (required to reject). */
export const sellerApplicationReviewSchema = z.object({
  status: z.enum(['reviewing', 'approved', 'rejected'], { error: '상태는 reviewing, approved, rejected 중 하나여야 합니다.' }),
  reviewNotes: optionalText(1000, { multiline: true }),
}).check(
  z.superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.reviewNotes) ctx.addIssue({ code: 'custom', message: SELLER_APPLICATION_REJECT_NOTES, path: ['reviewNotes'], input: value.reviewNotes });
  }),
);
export type SellerApplicationReview = z.output<typeof sellerApplicationReviewSchema>;

/** One application as the admin lists it (`GET /api/seller-applications`). */
export const sellerApplicationSchema = z.object({
  id: z.string(),
  applicantId: z.string(),
  applicantName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  businessNumber: z.nullable(z.string()),
  businessType: z.enum(BUSINESS_TYPES),
  storeName: z.string(),
  storeDescription: z.nullable(z.string()),
  experience: z.nullable(z.string()),
  documents: z.array(z.string()),
  /** Issue 41: the 사전승낙서 attached to the application, if any (absent: an answer from before). */
  preApproval: z._default(z.nullable(preApprovalSubmissionSchema), null),
  status: z.enum(SELLER_APPLICATION_STATUSES),
  statusLabel: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
  reviewerName: z.nullable(z.string()),
  reviewNotes: z.nullable(z.string()),
  sellerId: z.nullable(z.string()),
});
export type SellerApplication = z.infer<typeof sellerApplicationSchema>;
export const sellerApplicationsSchema = z.array(sellerApplicationSchema);

/** `PUT /api/sellers/{id}`. */
export const sellerStatusRequestSchema = z.object({
  status: z.enum(SELLER_STATUSES, { error: '상태는 pending, approved, suspended 중 하나여야 합니다.' }),
  reason: optionalText(500, { multiline: true }),
});
export type SellerStatusRequest = z.output<typeof sellerStatusRequestSchema>;

/** One seller as the admin lists it (`GET /api/sellers`). */
export const adminSellerSchema = z.object({
  id: z.string(),
  userId: z.nullable(z.string()),
  name: z.string(),
  storeName: z.string(),
  storeId: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  businessNumber: z.nullable(z.string()),
  createdAt: z.string(),
  status: z.enum(SELLER_STATUSES),
  statusLabel: z.string(),
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;
export const adminSellersSchema = z.array(adminSellerSchema);

/** Sent to the applicant's room when an application is decided (notifications, issue 12, hook in here). */
export const sellerApplicationDecisionSchema = z.object({
  applicationId: z.string(),
  status: z.enum(['approved', 'rejected']),
  reviewNotes: z.nullable(z.string()),
});
export type SellerApplicationDecision = z.infer<typeof sellerApplicationDecisionSchema>;

/** What every command answers: `{ id, position }` (position: a decimal string, for `X-Min-Position`). */
export const commandAnswerSchema = z.object({ id: z.string(), position: z.string() });
export type CommandAnswer = z.infer<typeof commandAnswerSchema>;
