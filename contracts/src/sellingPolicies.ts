import * as z from 'zod/mini';
import { CARRIERS } from './catalogue.ts';
import { calendarDay } from './dates.ts';
import { JOIN_TYPES } from './models.ts';
import { offerConditionsSchema } from './conditions.ts';
import { plainText } from './text.ts';

/**
 * Price policies (issue 27; spec `price_policies`, `policy_applications`): written from an image
 * batch, draft → approved (applied to the carrier terms) → reverted or expired. Its own entry point.
 */
export const ADMIN_PRICE_POLICIES_PATH = '/api/admin/price-policies';
export const PRICE_POLICY_STATUSES = ['draft', 'scheduled', 'approved', 'reverted', 'expired', 'failed'] as const;
export type PricePolicyStatus = (typeof PRICE_POLICY_STATUSES)[number];
export const PRICE_POLICY_STATUS_LABELS: Record<PricePolicyStatus, string> = {
  draft: '초안', scheduled: '적용 예정', approved: '적용 중', reverted: '되돌림', expired: '기간 만료', failed: '적용 실패',
};

export const POLICY_REQUEST_MESSAGES = {
  invalid: '판매 정책을 확인해주세요.',
  batchNotFound: '이미지 묶음을 찾을 수 없습니다.',
  rowNotInTerms: '통신사 조건에 없는 요금제입니다. 먼저 통신사 조건에 추가해주세요.',
  noRows: '정책 행을 하나 이상 입력해주세요.',
  offerNotFound: '판매점 상품을 찾을 수 없습니다.',
  offerNotNew: '새 단말 상품에만 추가지원금을 정할 수 있습니다.',
  extraAbovePrice: '추가지원금은 판매가를 넘을 수 없습니다.',
  validity: '적용 종료일은 시작일과 같거나 뒤여야 합니다.',
} as const;

export const policyRowRequestSchema = z.object({
  modelId: z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,80}$/, { error: '모델ID를 확인해주세요.' })),
  storage: z.number({ error: '용량(GB)을 숫자로 입력해주세요.' }).check(z.int({ error: '용량(GB)은 정수로 입력해주세요.' }), z.positive({ error: '용량(GB)을 확인해주세요.' })),
  carrier: z.enum(CARRIERS, { error: '통신사는 SKT, KT, LG U+ 중 하나여야 합니다.' }),
  joinType: z.enum(JOIN_TYPES, { error: '가입유형은 신규, 번호이동, 기기변경 중 하나여야 합니다.' }),
  planId: z.string().check(z.trim(), z.minLength(1, { error: '요금제ID를 입력해주세요.' }), z.maxLength(80)),
  subsidy: z.number({ error: '공시지원금을 숫자로 입력해주세요.' }).check(
    z.int({ error: '공시지원금은 원 단위 정수여야 합니다.' }), z.nonnegative({ error: '공시지원금은 0원 이상이어야 합니다.' }), z.maximum(10_000_000, { error: '공시지원금은 1,000만 원 이하여야 합니다.' }),
  ),
});
export type PolicyRowRequest = z.output<typeof policyRowRequestSchema>;
export const shopRowRequestSchema = z.object({
  offerId: z.string().check(z.trim(), z.minLength(1, { error: '상품 아이디를 입력해주세요.' }), z.maxLength(200)),
  extraSubsidy: z.number({ error: '추가지원금을 숫자로 입력해주세요.' }).check(z.int({ error: '추가지원금은 원 단위 정수여야 합니다.' }), z.nonnegative({ error: '추가지원금은 0원 이상이어야 합니다.' })),
  /** Issue 40: what this 추가지원금 requires (a plan kept for months, 부가서비스, …); absent: the offer's conditions stay. */
  conditions: z.optional(offerConditionsSchema),
});
/** A final-price row: `planId` empty for a 자급제 unit (no plan). */
export const finalPriceRowRequestSchema = z.object({
  offerId: z.string().check(z.trim(), z.minLength(1, { error: '상품 아이디를 입력해주세요.' }), z.maxLength(200)),
  planId: z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(80)), z.transform((s: string) => (s === '' ? undefined : s)))),
  finalPrice: z.number({ error: '최종가(할부원금)를 숫자로 입력해주세요.' }).check(
    z.int({ error: '최종가(할부원금)는 원 단위 정수여야 합니다.' }), z.nonnegative({ error: '최종가(할부원금)는 0원 이상이어야 합니다.' }), z.maximum(10_000_000, { error: '최종가(할부원금)는 1,000만 원 이하여야 합니다.' }),
  ),
  conditions: z.optional(offerConditionsSchema),
});

/** `POST /api/admin/price-policies`: a draft from an image batch. */
export const pricePolicyRequestSchema = z.object({
  sourceImageBatchId: z.string().check(z.minLength(1, { error: '이미지 묶음을 골라주세요.' }), z.maxLength(80)),
  policyName: z.string().check(z.trim(), z.minLength(1, { error: '정책 이름을 입력해주세요.' }), z.maxLength(100, { error: '정책 이름은 100자 이하로 입력해주세요.' }), plainText()),
  description: z.optional(z.pipe(
    z.string().check(z.trim(), z.maxLength(1000, { error: '설명은 1000자 이하로 입력해주세요.' }), plainText({ multiline: true })),
    z.transform((s: string) => (s === '' ? undefined : s)),
  )),
  validFrom: calendarDay('적용 시작일'),
  validUntil: calendarDay('적용 종료일'),
  /** Carrier-term rows: 공시지원금 in a table. */
  rows: z._default(z.array(policyRowRequestSchema).check(z.maxLength(500, { error: '정책 행은 500개까지 입력할 수 있습니다.' })), []),
  /** Shop rows: a shop's offer and its new 추가지원금. */
  shopRows: z._default(z.array(shopRowRequestSchema).check(z.maxLength(500, { error: '판매점 행은 500개까지 입력할 수 있습니다.' })), []),
  /** Final-price rows: a shop's offer sold for this 할부원금 on this plan (none for a 자급제 unit). */
  finalPriceRows: z._default(z.array(finalPriceRowRequestSchema).check(z.maxLength(500, { error: '최종가 행은 500개까지 입력할 수 있습니다.' })), []),
}).check(
  z.refine((p) => p.validUntil >= p.validFrom, { error: POLICY_REQUEST_MESSAGES.validity, path: ['validUntil'] }),
  z.refine((p) => p.rows.length + p.shopRows.length + p.finalPriceRows.length > 0, { error: POLICY_REQUEST_MESSAGES.noRows, path: ['rows'] }),
);
export type PricePolicyRequest = z.output<typeof pricePolicyRequestSchema>;
export type PricePolicyFormInput = z.input<typeof pricePolicyRequestSchema>;

/** The answer of `POST /api/admin/price-policies/{id}/approve`: `scheduled` when it waits for its `validFrom` (a later Korean day). */
export const policyApprovalAnswerSchema = z.object({ id: z.string(), position: z.string(), changed: z.boolean(), scheduled: z.boolean() });
export type PolicyApprovalAnswer = z.infer<typeof policyApprovalAnswerSchema>;

export const policyRevertSchema = z.object({ reason: z.optional(z.string().check(z.trim(), z.maxLength(300), plainText())) });

const rowSchema = z.object({ modelId: z.string(), storage: z.number(), carrier: z.string(), joinType: z.string(), planId: z.string(), subsidy: z.number() });
export const pricePolicySchema = z.object({
  id: z.string(),
  sourceImageBatchId: z.string(),
  policyName: z.string(),
  description: z.nullable(z.string()),
  validFrom: z.string(),
  validUntil: z.string(),
  status: z.enum(PRICE_POLICY_STATUSES),
  rows: z.array(rowSchema),
  shopRows: z.array(z.object({ offerId: z.string(), extraSubsidy: z.number(), conditions: z._default(z.nullable(offerConditionsSchema), null) })),
  finalPriceRows: z.array(z.object({ offerId: z.string(), planId: z.nullable(z.string()), finalPrice: z.number(), conditions: z._default(z.nullable(offerConditionsSchema), null) })),
  /** A scheduled policy that could not be applied on its day: why. */
  failureReasons: z.array(z.string()),
  /** `policy_applications`: each approval with its rows' figures before and after, and when it was reverted. */
  applications: z.array(z.object({
    applicationId: z.string(),
    appliedAt: z.string(),
    /** Who applied it: an admin, or the scheduler on a scheduled policy's first day (null). */
    appliedBy: z.nullable(z.string()),
    result: z.enum(['applied', 'reverted', 'expired']),
    rows: z.array(z.object({ ...rowSchema.shape, previous: z.number() })),
    /** A final-price row's with its 할부원금 and plan, and the 추가지원금 that gives it. */
    shopRows: z.array(z.object({ offerId: z.string(), extraSubsidy: z.number(), previous: z.number(), finalPrice: z.nullable(z.number()), planId: z.nullable(z.string()) })),
    revertedAt: z.nullable(z.string()),
    revertedBy: z.nullable(z.string()),
  })),
  history: z.array(z.object({ at: z.string(), status: z.enum(PRICE_POLICY_STATUSES), actor: z.object({ userId: z.nullable(z.string()), role: z.string() }), note: z.nullable(z.string()) })),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PricePolicy = z.infer<typeof pricePolicySchema>;
export const pricePoliciesSchema = z.object({ policies: z.array(pricePolicySchema) });
export type PricePolicies = z.infer<typeof pricePoliciesSchema>;
