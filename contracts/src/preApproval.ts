import * as z from 'zod/mini';
import { CARRIERS } from './catalogue.ts';
import { calendarDay } from './dates.ts';
import { plainText } from './text.ts';

/*
 * 사전승낙서 (issue 41 §2): the carrier's pre-approval of an online phone shop (issued through KAIT). A seller
 * attaches its number, issuing carrier, parent dealer (상위 대리점), valid-until date and a picture of it; an
 * admin verifies it. A verified shop shows a 사전승낙 badge (number and carrier) on its offers and store, and
 * buyers may filter by it. 30 days before it runs out the seller is told; when it runs out the badge goes
 * until a new one is verified. A trust signal, not a gate: whether the 2025 law still requires it online is
 * unsettled.
 */

export const PRE_APPROVAL_EXPIRY_NOTICE_DAYS = 30;
/** A certificate sent as PDF (사전승낙서, 안심거래) may have at most this many pages; only the first is kept, as a picture. */
export const CERTIFICATE_PDF_MAX_PAGES = 3;
export const PRE_APPROVAL_PATH = '/api/seller/pre-approval';
export const PRE_APPROVAL_DOCUMENT_PATH = '/api/seller/pre-approval/document';

export const PRE_APPROVAL_MESSAGES = {
  invalid: '사전승낙서 정보를 확인해주세요.',
  number: '사전승낙서 번호를 영문, 숫자, 하이픈으로 4~40자 입력해주세요.',
  carrier: '사전승낙서를 발급한 통신사를 선택해주세요.',
  parentDealer: '상위 대리점 이름을 2~50자로 입력해주세요.',
  validUntil: '유효기간을 2027-05-31처럼 실제 있는 날짜로 입력해주세요.',
  expired: '유효기간이 지난 사전승낙서는 올릴 수 없습니다.',
  document: '사전승낙서 사진을 올려주세요.',
  documentUnknown: '올린 사전승낙서 사진을 찾을 수 없습니다. 다시 올려주세요.',
  tooLarge: '사전승낙서 파일은 5MB 이하만 올릴 수 있습니다.',
  notImage: '사전승낙서는 JPG, PNG, WebP 이미지나 PDF로 올려주세요.',
  empty: '올릴 사전승낙서 파일을 선택해주세요.',
  pdfBroken: '사전승낙서 PDF를 읽을 수 없습니다. 손상되지 않은 PDF나 사진으로 올려주세요.',
  pdfEncrypted: '암호가 걸린 PDF는 올릴 수 없습니다. 암호를 풀거나 사진으로 올려주세요.',
  pdfPages: `사전승낙서 PDF는 ${CERTIFICATE_PDF_MAX_PAGES}쪽 이하만 올릴 수 있습니다. 사전승낙서가 있는 쪽만 올려주세요.`,
  notSeller: '승인된 판매자만 사전승낙서를 등록할 수 있습니다.',
  nothingToDecide: '검토할 사전승낙서가 없습니다.',
  decision: '승인 또는 반려를 선택해주세요.',
  reason: '반려 사유를 2자 이상 입력해주세요.',
} as const;

export const preApprovalInputSchema = z.object({
  number: z.string({ error: PRE_APPROVAL_MESSAGES.number }).check(z.trim(), z.regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/, { error: PRE_APPROVAL_MESSAGES.number })),
  carrier: z.enum(CARRIERS, { error: PRE_APPROVAL_MESSAGES.carrier }),
  parentDealer: z.string({ error: PRE_APPROVAL_MESSAGES.parentDealer }).check(
    z.trim(), z.minLength(2, { error: PRE_APPROVAL_MESSAGES.parentDealer }), z.maxLength(50, { error: PRE_APPROVAL_MESSAGES.parentDealer }), plainText(),
  ),
  validUntil: calendarDay('유효기간', PRE_APPROVAL_MESSAGES.validUntil),
  documentId: z.string({ error: PRE_APPROVAL_MESSAGES.document }).check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, { error: PRE_APPROVAL_MESSAGES.document })),
});
export type PreApprovalInput = z.input<typeof preApprovalInputSchema>;
/** A 사전승낙서 as sent (its fields and picture), e.g. attached to a seller application. */
export const preApprovalSubmissionSchema = z.object({ number: z.string(), carrier: z.enum(CARRIERS), parentDealer: z.string(), validUntil: z.string(), documentId: z.string() });
/** `POST /api/seller-applications/pre-approval/document`: an applicant's picture, before it is a seller. */
export const APPLICATION_PRE_APPROVAL_DOCUMENT_PATH = '/api/seller-applications/pre-approval/document';

/** `POST /api/admin/pre-approvals/{sellerId}/decide` (admins): approve, or reject with a reason the seller hears. */
export const preApprovalDecisionSchema = z.object({
  decision: z.enum(['approved', 'rejected'], { error: PRE_APPROVAL_MESSAGES.decision }),
  reason: z.optional(z.string({ error: PRE_APPROVAL_MESSAGES.reason }).check(z.trim(), z.maxLength(300, { error: '반려 사유는 300자 이하로 입력해주세요.' }), plainText({ multiline: true }))),
}).check(z.superRefine((v, ctx) => {
  if (v.decision === 'rejected' && (v.reason ?? '').length < 2) ctx.addIssue({ code: 'custom', message: PRE_APPROVAL_MESSAGES.reason, path: ['reason'], input: v.reason });
}));
export type PreApprovalDecision = z.input<typeof preApprovalDecisionSchema>;

/** The badge a verified shop shows on its offers and store: '사전승낙 SKT 제2025-0012호'. */
export const preApprovalBadgeSchema = z.object({ number: z.string(), carrier: z.enum(CARRIERS), validUntil: z.string() });
export type PreApprovalBadge = z.infer<typeof preApprovalBadgeSchema>;
export const preApprovalBadgeLabel = (b: Pick<PreApprovalBadge, 'number' | 'carrier'>) => `사전승낙 ${b.carrier} ${b.number}`;

const submissionSchema = z.object({
  number: z.string(), carrier: z.enum(CARRIERS), parentDealer: z.string(), validUntil: z.string(), documentUrl: z.string(), submittedAt: z.string(),
});
/** `GET /api/seller/pre-approval` (the seller) and each row of `GET /api/admin/pre-approvals` (admins). */
export const preApprovalStateSchema = z.object({
  sellerId: z.string(),
  storeName: z.string(),
  /** none: never sent; pending: waiting for an admin; the badge: verified and not run out. */
  pending: z.nullable(submissionSchema),
  badge: z.nullable(z.extend(preApprovalBadgeSchema, { parentDealer: z.string(), verifiedAt: z.string() })),
  /** The last word on it: rejected (with the reason) or expired. */
  last: z.nullable(z.object({ outcome: z.enum(['rejected', 'expired']), reason: z.nullable(z.string()), at: z.string() })),
});
export type PreApprovalState = z.infer<typeof preApprovalStateSchema>;
export const preApprovalsSchema = z.object({ items: z.array(preApprovalStateSchema) });
export type PreApprovals = z.infer<typeof preApprovalsSchema>;
