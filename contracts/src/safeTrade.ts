import * as z from 'zod/mini';
import { calendarDay } from './dates.ts';
import { CERTIFICATE_PDF_MAX_PAGES } from './preApproval.ts';

/*
 * 중고폰 안심거래 (issue 41 §3): since 2025-05-28 KAIT certifies used-phone buyers (매입 사업자) that publish
 * their grade definitions and buy prices, wipe a phone's data by a set procedure and issue a 개인정보 삭제
 * 확인서, and (as sellers) issue a 성능확인서 and keep a return process. A shop buying used phones attaches its
 * certificate (number, issued day, valid-until day, a picture); an admin verifies it as a 사전승낙서 is verified
 * (the same decision form). A verified shop's buyback quotes show a 안심거래 badge until the certificate runs out.
 */

export const SAFE_TRADE_PATH = '/api/seller/safe-trade';
export const SAFE_TRADE_DOCUMENT_PATH = '/api/seller/safe-trade/document';

export const SAFE_TRADE_MESSAGES = {
  invalid: '안심거래 인증서 정보를 확인해주세요.',
  number: '인증 번호를 영문, 숫자, 하이픈으로 4~40자 입력해주세요.',
  issuedOn: '발급일을 2025-06-02처럼 실제 있는 날짜로 입력해주세요.',
  validUntil: '유효기간을 2027-05-31처럼 실제 있는 날짜로 입력해주세요.',
  order: '유효기간은 발급일보다 뒤여야 합니다.',
  future: '발급일이 오늘보다 뒤일 수 없습니다.',
  expired: '유효기간이 지난 안심거래 인증서는 올릴 수 없습니다.',
  document: '안심거래 인증서 사진을 올려주세요.',
  documentUnknown: '올린 인증서 사진을 찾을 수 없습니다. 다시 올려주세요.',
  tooLarge: '인증서 파일은 5MB 이하만 올릴 수 있습니다.',
  notImage: '인증서는 JPG, PNG, WebP 이미지나 PDF로 올려주세요.',
  empty: '올릴 인증서 파일을 선택해주세요.',
  pdfBroken: '인증서 PDF를 읽을 수 없습니다. 손상되지 않은 PDF나 사진으로 올려주세요.',
  pdfEncrypted: '암호가 걸린 PDF는 올릴 수 없습니다. 암호를 풀거나 사진으로 올려주세요.',
  pdfPages: `인증서 PDF는 ${CERTIFICATE_PDF_MAX_PAGES}쪽 이하만 올릴 수 있습니다. 인증서가 있는 쪽만 올려주세요.`,
  notSeller: '승인된 판매자만 안심거래 인증서를 등록할 수 있습니다.',
  nothingToDecide: '검토할 안심거래 인증서가 없습니다.',
} as const;

export const safeTradeInputSchema = z.object({
  number: z.string({ error: SAFE_TRADE_MESSAGES.number }).check(z.trim(), z.regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/, { error: SAFE_TRADE_MESSAGES.number })),
  issuedOn: calendarDay('발급일', SAFE_TRADE_MESSAGES.issuedOn),
  validUntil: calendarDay('유효기간', SAFE_TRADE_MESSAGES.validUntil),
  documentId: z.string({ error: SAFE_TRADE_MESSAGES.document }).check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, { error: SAFE_TRADE_MESSAGES.document })),
}).check(z.superRefine((v, ctx) => {
  if (v.validUntil <= v.issuedOn) ctx.addIssue({ code: 'custom', message: SAFE_TRADE_MESSAGES.order, path: ['validUntil'], input: v.validUntil });
}));
export type SafeTradeInput = z.input<typeof safeTradeInputSchema>;

/** The badge a verified buyback shop shows on its quotes: '안심거래 인증 KAIT-2025-0007'. */
export const safeTradeBadgeSchema = z.object({ number: z.string(), validUntil: z.string() });
export type SafeTradeBadge = z.infer<typeof safeTradeBadgeSchema>;
export const SAFE_TRADE_BADGE = '안심거래 인증';

/** What the badge means, in the buyback page's words (KAIT's requirements, research §2.4). */
export const SAFE_TRADE_EXPLAINED = [
  '등급 기준과 매입 가격을 미리 공개합니다.',
  '정해진 절차로 개인정보를 지우고 개인정보 삭제 확인서를 발급합니다.',
  '되파는 폰에는 성능확인서(초기화·분실도난 여부)를 줍니다.',
  '반품·환불 절차를 갖추고 거래 기록을 1년 이상 보관합니다.',
] as const;

const submissionSchema = z.object({ number: z.string(), issuedOn: z.string(), validUntil: z.string(), documentUrl: z.string(), submittedAt: z.string() });
/** `GET /api/seller/safe-trade` (the seller) and each row of `GET /api/admin/safe-trades` (admins). */
export const safeTradeStateSchema = z.object({
  sellerId: z.string(),
  storeName: z.string(),
  pending: z.nullable(submissionSchema),
  badge: z.nullable(z.extend(safeTradeBadgeSchema, { issuedOn: z.string(), verifiedAt: z.string() })),
  last: z.nullable(z.object({ outcome: z.enum(['rejected', 'expired']), reason: z.nullable(z.string()), at: z.string() })),
});
export type SafeTradeState = z.infer<typeof safeTradeStateSchema>;
export const safeTradesSchema = z.object({ items: z.array(safeTradeStateSchema) });
export type SafeTrades = z.infer<typeof safeTradesSchema>;
