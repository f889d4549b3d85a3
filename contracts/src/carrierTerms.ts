import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { CARRIERS } from './catalogue.ts';
import { calendarDay } from './dates.ts';
import { JOIN_TYPES, type JoinType } from './models.ts';
import { NO_CONDITIONS, hasConditions, offerConditionsSchema, type OfferConditions } from './conditions.ts';

/**
 * Carrier terms as data (issue 27): 공시지원금 per model × storage × carrier × 가입유형 × plan (with
 * validity) and 출고가 per model × storage. Offers keep the terms they were listed with; the terms
 * in force override them wherever an offer is priced (the offers read model, checkout), through the
 * one pricing module. Its own entry point (`@phonemarket/contracts/carrierTerms.ts`).
 */
export type TermsCarrier = (typeof CARRIERS)[number];

/** `<modelId>|<storage>|<carrier>|<가입유형>`: the terms one table of 공시지원금 is for. */
export const subsidyTableKey = (t: { modelId: string; storage: number; carrier: string; joinType: string }) => `${t.modelId}|${t.storage}|${t.carrier}|${t.joinType}`;
/** `<modelId>|<storage>`: one 출고가. */
export const releasePriceKey = (t: { modelId: string; storage: number }) => `${t.modelId}|${t.storage}`;

/** The terms in force, as a lookup: a plan's 공시지원금 in a table, a variant's 출고가 (undefined: none set, the offer's own stays). */
export interface TermsLookup {
  subsidy(tableKey: string, planId: string): number | undefined;
  releasePrice(key: string): number | undefined;
  /** Issue 40: the conditions a plan's 공시지원금 comes with (e.g. the plan kept 6 months); undefined: not known here (as they are). */
  conditions?(tableKey: string, planId: string): OfferConditions | undefined;
}

/** What of an offer the terms change. */
export interface TermedOffer {
  modelId: string;
  storage: number;
  condition: string;
  carrier: string;
  joinType: string | null;
  price: number;
  plans: readonly { planId: string; subsidy: number; conditions?: OfferConditions }[];
}

/**
 * The offer with the terms in force: a new unit on a carrier takes each plan's 공시지원금 from its
 * table and its 출고가 from the variant's; refurbished and used units carry no 공시지원금 and keep
 * their own price. Answers the same object when nothing differs.
 */
export function withCarrierTerms<T extends TermedOffer>(offer: T, terms: TermsLookup): T {
  if (offer.condition !== 'new') return offer;
  const release = terms.releasePrice(releasePriceKey(offer));
  let changed = release !== undefined && release !== offer.price;
  let plans = offer.plans;
  if (offer.joinType !== null && offer.plans.length > 0) {
    const table = subsidyTableKey({ ...offer, joinType: offer.joinType });
    plans = offer.plans.map((p) => {
      const found = terms.subsidy(table, p.planId);
      const subsidy = found ?? p.subsidy;
      // Issue 40: the plan carries the conditions of its 공시지원금 (none: no key), counted by `quoteOffer` with the offer's own.
      // undefined: the lookup does not know (the plan keeps what it carries); none: the plan carries none.
      const termed = terms.conditions?.(table, p.planId);
      const withTerms = termed === undefined ? p.conditions : hasConditions(termed) ? termed : undefined;
      if (subsidy === p.subsidy && (withTerms === p.conditions || JSON.stringify(withTerms) === JSON.stringify(p.conditions))) return p;
      changed = true;
      return withTerms ? { planId: p.planId, subsidy, conditions: withTerms } : { planId: p.planId, subsidy };
    });
  }
  return changed ? { ...offer, price: release ?? offer.price, plans } : offer;
}

export const CARRIER_TERMS_MESSAGES = {
  invalid: '통신사 조건을 확인해주세요.',
  unknownModel: '없는 모델 또는 용량입니다.',
  unknownPlan: '해당 통신사의 요금제가 아닙니다.',
  validity: '적용 종료일은 시작일과 같거나 뒤여야 합니다.',
  csvEmpty: '가져올 행이 없습니다.',
  csvRows: '가져온 표의 일부 행에 오류가 있어 아무것도 반영하지 않았습니다.',
  csvHeader: '첫 행은 머리글이어야 합니다: 모델ID,용량,통신사,가입유형,요금제ID,공시지원금[,적용시작,적용종료] (ID는 아이디로 써도 됩니다)',
  tooManyRows: '한 번에 2,000행까지 가져올 수 있습니다.',
  csvTooLarge: '가져올 내용이 너무 큽니다. 한 번에 2,000행까지 가져올 수 있습니다.',
  conditionsOnlyPlanKeep: '통신사 조건에는 요금제 유지(요금제·개월)만 넣을 수 있습니다. 부가서비스·카드·유심비·차액정산은 판매점의 상품 조건으로 입력해주세요.',
  conditionsPlan: '통신사 조건의 요금제 유지는 이 공시지원금의 요금제여야 합니다.',
} as const;

export const ADMIN_CARRIER_TERMS_PATH = '/api/admin/carrier-terms';
export const CSV_MAX_ROWS = 2_000;

const won = (label: string) => z.number({ error: `${josa(label, '을/를')} 숫자로 입력해주세요.` }).check(
  z.int({ error: `${josa(label, '은/는')} 원 단위 정수여야 합니다.` }), z.nonnegative({ error: `${josa(label, '은/는')} 0원 이상이어야 합니다.` }), z.maximum(10_000_000, { error: `${josa(label, '은/는')} 1,000만 원 이하여야 합니다.` }),
);
/** A validity's day: a real calendar day (issue 35), else a Korean 400 naming the field. */
const day = (label: string) => z.optional(z.nullable(calendarDay(label)));
const modelId = z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,80}$/, { error: '모델ID를 확인해주세요.' }));
const storage = z.number({ error: '용량(GB)을 숫자로 입력해주세요.' }).check(z.int({ error: '용량(GB)을 확인해주세요.' }), z.positive({ error: '용량(GB)을 확인해주세요.' }));

/** One plan in one table of 공시지원금 (model × storage × carrier × 가입유형). */
const tablePlan = {
  modelId,
  storage,
  carrier: z.enum(CARRIERS, { error: '통신사는 SKT, KT, LG U+ 중 하나여야 합니다.' }),
  joinType: z.enum(JOIN_TYPES, { error: '가입유형은 신규, 번호이동, 기기변경 중 하나여야 합니다.' }),
  planId: z.string().check(z.trim(), z.minLength(1, { error: '요금제를 골라주세요.' }), z.maxLength(80)),
};

/** `PUT /api/admin/carrier-terms/subsidies`: one plan's 공시지원금 in one table. */
export const subsidyRequestSchema = z.object({
  ...tablePlan,
  subsidy: won('공시지원금'),
  validFrom: day('적용 시작일'),
  validUntil: day('적용 종료일'),
  /**
   * Issue 40: what the 공시지원금 requires, in the one conditions shape — a carrier's row takes only a 요금제 유지 of
   * this plan (`planId` null or this plan) and its months; every offer priced on it counts it (`withCarrierTerms`).
   * Absent (a CSV row, an edit of the figure only): as they are; `{}` (every field's default): none.
   */
  conditions: z.optional(offerConditionsSchema),
}).check(z.superRefine((v, ctx) => {
  const problem = v.conditions && carrierConditionsProblem(v.conditions, v.planId);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['conditions'], input: v.conditions });
}));

/** A carrier row's conditions: a 요금제 유지 of its own plan only (부가서비스, 카드, 유심비, 차액정산 are the shop's, on its offer). */
export function carrierConditionsProblem(c: OfferConditions, planId: string): string | null {
  const { planKeep, ...rest } = c;
  if (JSON.stringify(rest) !== JSON.stringify({ addOns: [], card: null, simFee: 0, settlement: null, breach: '' })) return CARRIER_TERMS_MESSAGES.conditionsOnlyPlanKeep;
  if (planKeep && planKeep.planId !== null && planKeep.planId !== planId) return CARRIER_TERMS_MESSAGES.conditionsPlan;
  return null;
}
export type SubsidyRequest = z.output<typeof subsidyRequestSchema>;
/** The answer of a 공시지원금 change: `scheduled` when it waits for its `validFrom` (a later Korean day). */
export const subsidyAnswerSchema = z.object({ id: z.string(), position: z.string(), changed: z.boolean(), scheduled: z.boolean() });
export type SubsidyAnswer = z.infer<typeof subsidyAnswerSchema>;

/** `POST /api/admin/carrier-terms/subsidies/scheduled/cancel`: a figure waiting for its day, cancelled before it. */
export const scheduledSubsidyCancelSchema = z.object({
  ...tablePlan,
  validFrom: calendarDay('적용 시작일'),
});
export type ScheduledSubsidyCancel = z.output<typeof scheduledSubsidyCancelSchema>;

/** `PUT /api/admin/carrier-terms/release-prices`: one variant's 출고가. */
export const releasePriceRequestSchema = z.object({ modelId, storage, releasePrice: won('출고가') });
export type ReleasePriceRequest = z.output<typeof releasePriceRequestSchema>;

/** `POST /api/admin/carrier-terms/import`: CSV text (header row first). */
export const subsidyImportSchema = z.object({ csv: z.string().check(z.maxLength(1_000_000, { error: '가져올 내용이 너무 큽니다.' })) });
/** 400 of the import: each bad row (1-based, the header is row 1) with its Korean messages; nothing was applied. */
/** 200 of the import: rows read, figures changed, and of those how many wait for their 적용시작 (a later day). */
export const subsidyImportAnswerSchema = z.object({ imported: z.number(), changed: z.number(), scheduled: z.number(), position: z.string() });
export type SubsidyImportAnswer = z.infer<typeof subsidyImportAnswerSchema>;
export const csvRowErrorSchema = z.object({ row: z.number(), errors: z.array(z.string()) });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const subsidyTermSchema = z.object({
  modelId: z.string(),
  modelName: z.string(),
  storage: z.number(),
  carrier: z.string(),
  joinType: z.enum(JOIN_TYPES),
  planId: z.string(),
  planName: z.string(),
  subsidy: z.number(),
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  updatedAt: z.string(),
  /** 'seed' (today's catalogue), 'admin', 'csv' or 'policy'. */
  source: z.string(),
  /** Issue 40: what the 공시지원금 requires (a 요금제 유지 of the plan); absent: none. */
  conditions: z.optional(offerConditionsSchema),
});
export type SubsidyTerm = z.infer<typeof subsidyTermSchema>;

export const releasePriceTermSchema = z.object({ modelId: z.string(), modelName: z.string(), storage: z.number(), releasePrice: z.number(), updatedAt: z.string(), source: z.string() });
export const carrierPlanTermSchema = z.object({
  planId: z.string(), name: z.string(), carrier: z.string(), monthlyFee: z.number(), data: z.string(), voice: z.string(), sms: z.string(), benefits: z.array(z.string()),
});

/** A 공시지원금 waiting for its first day (`validFrom`, a later Korean day): the scheduler sets it then. */
export const scheduledSubsidyTermSchema = z.object({
  modelId: z.string(),
  modelName: z.string(),
  storage: z.number(),
  carrier: z.enum(CARRIERS),
  joinType: z.enum(JOIN_TYPES),
  planId: z.string(),
  planName: z.string(),
  subsidy: z.number(),
  validFrom: z.string(),
  validUntil: z.nullable(z.string()),
  scheduledAt: z.string(),
  source: z.string(),
  conditions: z.optional(offerConditionsSchema),
});
export type ScheduledSubsidyTerm = z.infer<typeof scheduledSubsidyTermSchema>;

/** `GET /api/admin/carrier-terms?modelId=&carrier=`: the terms in force, and the figures waiting for a later day. */
export const carrierTermsSchema = z.object({
  plans: z.array(carrierPlanTermSchema),
  releasePrices: z.array(releasePriceTermSchema),
  subsidies: z.array(subsidyTermSchema),
  scheduledSubsidies: z.array(scheduledSubsidyTermSchema),
});
export type CarrierTerms = z.infer<typeof carrierTermsSchema>;

/** One change of the terms (`GET /api/admin/carrier-terms/history`): from → to, who, from where. */
export const termsChangeSchema = z.object({
  at: z.string(),
  /** 'scheduledSubsidy': a figure for a later day (`key` ends `@<validFrom>`); 'cancelledSubsidy': that figure cancelled. */
  kind: z.enum(['subsidy', 'releasePrice', 'plan', 'scheduledSubsidy', 'cancelledSubsidy']),
  key: z.string(),
  planId: z.nullable(z.string()),
  from: z.nullable(z.number()),
  to: z.number(),
  source: z.string(),
  actor: z.object({ userId: z.nullable(z.string()), role: z.string() }),
});
export const termsHistorySchema = z.object({ changes: z.array(termsChangeSchema) });
export type TermsHistory = z.infer<typeof termsHistorySchema>;

export type { JoinType };

/**
 * `POST /api/offers/on-terms` (sellers): a new unit of any model × storage × carrier × 가입유형 the
 * carrier terms have (whether or not anyone sells it yet), with the table's plans and 공시지원금, the
 * 출고가 in force, and the seller's own 추가지원금 and stock.
 */
export const listOnTermsSchema = z.object({
  modelId,
  storage,
  carrier: z.enum(CARRIERS, { error: '통신사는 SKT, KT, LG U+ 중 하나여야 합니다.' }),
  joinType: z.enum(JOIN_TYPES, { error: '가입유형은 신규, 번호이동, 기기변경 중 하나여야 합니다.' }),
  extraSubsidy: z.number({ error: '추가지원금을 숫자로 입력해주세요.' }).check(z.int({ error: '추가지원금은 원 단위 정수여야 합니다.' }), z.nonnegative({ error: '추가지원금은 0원 이상이어야 합니다.' })),
  stock: z.number({ error: '재고를 숫자로 입력해주세요.' }).check(z.int({ error: '재고는 정수여야 합니다.' }), z.positive({ error: '재고는 1개 이상이어야 합니다.' }), z.maximum(9_999, { error: '재고는 9,999개 이하여야 합니다.' })),
  /** Issue 40: the seller's conditions on the new offer. */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
});
export type ListOnTermsInput = z.output<typeof listOnTermsSchema>;
export const LIST_ON_TERMS_MESSAGES = {
  noTerms: '이 모델·용량·통신사·가입유형의 통신사 조건이 없습니다.',
  subsidyAbovePrice: '추가지원금은 출고가를 넘을 수 없습니다.',
} as const;

/** `PUT /api/admin/carrier-terms/plans/{planId}`: a plan's name, monthly fee, data, voice, SMS and benefits. */
export const planRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: '요금제 이름을 입력해주세요.' }), z.maxLength(60, { error: '요금제 이름은 60자 이하로 입력해주세요.' })),
  monthlyFee: z.number({ error: '월 요금을 숫자로 입력해주세요.' }).check(z.int({ error: '월 요금은 원 단위 정수여야 합니다.' }), z.nonnegative({ error: '월 요금은 0원 이상이어야 합니다.' }), z.maximum(1_000_000, { error: '월 요금은 100만 원 이하여야 합니다.' })),
  data: z.string().check(z.trim(), z.minLength(1, { error: '데이터 제공량을 입력해주세요.' }), z.maxLength(60)),
  voice: z.string().check(z.trim(), z.minLength(1, { error: '음성 제공량을 입력해주세요.' }), z.maxLength(60)),
  sms: z.string().check(z.trim(), z.minLength(1, { error: '문자 제공량을 입력해주세요.' }), z.maxLength(60)),
  benefits: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.maxLength(10, { error: '혜택은 10개까지 입력할 수 있습니다.' })), []),
});
export type PlanRequest = z.output<typeof planRequestSchema>;
