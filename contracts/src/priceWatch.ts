import * as z from 'zod/mini';
import { NO_CONDITIONS, offerConditionsSchema } from './conditions.ts';
import { JOIN_TYPES, OFFER_CARRIERS } from './models.ts';

/**
 * Watching a price (issue 42): each series' history (model × storage × carrier × 가입유형; 자급제 has
 * none) of its day's lowest 24개월 실부담 (the headline quote's 24개월 총비용, new units on sale) and
 * lowest 할부원금, and the verdict shown when there is history enough.
 */

/** What quotes, the offers' sort and the price history compare on (quotes' `QUOTE_TOTAL_LABEL`). */
export const TOTAL_24_LABEL = '24개월 실부담';

/** The verdict needs this many days of history (CamelCamelCamel's five weeks). */
export const PRICE_VERDICT_MIN_DAYS = 35;
/** "Near the low": within this share above the 90-day low. */
export const PRICE_NEAR_LOW_RATE = 0.05;
export const PRICE_NEAR_LOW_VERDICT = '최근 90일 최저가 근처';

export const priceSeriesSchema = z.object({
  storage: z.number(),
  carrier: z.enum(OFFER_CARRIERS),
  joinType: z.nullable(z.enum(JOIN_TYPES)),
});
export type PriceSeriesChoice = z.infer<typeof priceSeriesSchema>;

/** `GET /api/models/{id}/price-watch?days=30|90|365&storage&carrier&joinType`. */
export const priceWatchSchema = z.object({
  modelId: z.string(),
  series: priceSeriesSchema,
  /** The series the model has offers in now (new units), to pick from. */
  choices: z.array(priceSeriesSchema),
  days: z.number(),
  /** One point per day with something on sale, oldest first. */
  points: z.array(z.object({ date: z.string(), total: z.number(), principal: z.nullable(z.number()) })),
  /** The window's lowest 24개월 실부담 and its (first) day: the point the chart marks. */
  lowest: z.nullable(z.object({ date: z.string(), total: z.number() })),
  /** The lowest 24개월 실부담 on sale now (null: none). */
  current: z.nullable(z.number()),
  /** Days since the series' first record, today included. */
  historyDays: z.number(),
  /** `PRICE_NEAR_LOW_VERDICT` with ≥ 35 days of history and the price now within 5 % of the 90-day low; else null. */
  verdict: z.nullable(z.string()),
});
export type PriceWatch = z.infer<typeof priceWatchSchema>;

/** Whether a price is near a low: at most 5 % above it. */
export function nearLow(price: number, low: number): boolean {
  return price <= low * (1 + PRICE_NEAR_LOW_RATE);
}

/* Price alerts (issue 42 §2). */

/** 목표가 (a 24개월 or 월 실부담 at most) or a drop below the 30-day average by N %. */
export const PRICE_ALERT_KINDS = ['target', 'drop'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];
export const PRICE_ALERT_UNITS = ['total', 'monthly'] as const;
export type PriceAlertUnit = (typeof PRICE_ALERT_UNITS)[number];
export const PRICE_ALERT_UNIT_LABELS: Record<PriceAlertUnit, string> = { total: TOTAL_24_LABEL, monthly: '월 실부담' };
/** Months a 월 target is multiplied by to compare with the 24개월 실부담. */
export const PRICE_ALERT_MONTHS = 24;
export const PRICE_ALERT_DEFAULT_COOLDOWN_HOURS = 24;
export const PRICE_ALERT_DAILY_MESSAGES = 3;
export const PRICE_ALERT_LIFETIME_DAYS = 90;
/** The one reminder before an alert expires comes this many days before. */
export const PRICE_ALERT_REMINDER_DAYS = 7;
export const MAX_PRICE_ALERTS = 50;

// The type's own message too: a form sends Number('abc') = NaN, which zod refuses as not a number ('Invalid input').
const won = z.number({ error: '금액은 원 단위 숫자로 입력해주세요.' }).check(z.int({ error: '금액은 원 단위 숫자로 입력해주세요.' }), z.minimum(1_000, { error: '목표 금액은 1,000원 이상이어야 합니다.' }), z.maximum(20_000_000, { error: '목표 금액이 너무 큽니다.' }));

export const priceAlertRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('target'), unit: z.enum(PRICE_ALERT_UNITS, { error: '목표 기준은 24개월 또는 월 실부담이어야 합니다.' }), target: won }),
  z.object({
    kind: z.literal('drop'),
    percent: z.number({ error: '하락 비율은 정수로 입력해주세요.' }).check(z.int({ error: '하락 비율은 정수로 입력해주세요.' }), z.minimum(1, { error: '하락 비율은 1% 이상이어야 합니다.' }), z.maximum(50, { error: '하락 비율은 50% 이하여야 합니다.' })),
  }),
], { error: '알림 조건을 골라주세요.' });
export type PriceAlertRule = z.infer<typeof priceAlertRuleSchema>;

const cooldownHours = z.optional(z.number().check(z.int({ error: '재알림 간격은 시간 단위 정수입니다.' }), z.minimum(1, { error: '재알림 간격은 1시간 이상이어야 합니다.' }), z.maximum(24 * 30, { error: '재알림 간격은 30일 이하여야 합니다.' })));

/** `POST /api/me/alerts`: a model (and optional storage, carrier, 가입유형) and a rule. */
export const createPriceAlertSchema = z.object({
  modelId: z.string().check(z.minLength(1, { error: '모델을 골라주세요.' }), z.maxLength(100, { error: '모델을 확인해주세요.' })),
  storage: z.nullable(z.number().check(z.int({ error: '저장용량을 확인해주세요.' }), z.positive({ error: '저장용량을 확인해주세요.' }))),
  carrier: z.nullable(z.enum(OFFER_CARRIERS, { error: '통신사는 SKT, KT, LG U+, 자급제 중 하나여야 합니다.' })),
  joinType: z.nullable(z.enum(JOIN_TYPES, { error: '가입유형은 신규, 번호이동, 기기변경 중 하나여야 합니다.' })),
  rule: priceAlertRuleSchema,
  cooldownHours,
});
export type CreatePriceAlert = z.infer<typeof createPriceAlertSchema>;

/** `PATCH /api/me/alerts/{id}`: a new rule, pause/resume, or renew for another 90 days. */
export const updatePriceAlertSchema = z.object({
  rule: z.optional(priceAlertRuleSchema),
  cooldownHours,
  paused: z.optional(z.boolean()),
  renew: z.optional(z.literal(true)),
});
export type UpdatePriceAlert = z.infer<typeof updatePriceAlertSchema>;

export const PRICE_ALERT_STATUSES = ['watching', 'fired', 'paused', 'expired'] as const;
export const PRICE_ALERT_STATUS_LABELS: Record<(typeof PRICE_ALERT_STATUSES)[number], string> = {
  watching: '지켜보는 중', fired: '알림 보냄 (재알림 대기)', paused: '일시정지', expired: '만료',
};

export const priceAlertSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  storage: z.nullable(z.number()),
  carrier: z.nullable(z.enum(OFFER_CARRIERS)),
  joinType: z.nullable(z.enum(JOIN_TYPES)),
  rule: priceAlertRuleSchema,
  cooldownHours: z.number(),
  status: z.enum(PRICE_ALERT_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Each firing, newest first: the offer that did it and its 24개월 실부담; `delivered` false when the day's 3 messages were used. */
  firings: z.array(z.object({ at: z.string(), offerId: z.nullable(z.string()), total: z.number(), delivered: z.boolean() })),
  /** A target far below anything seen in 365 days: a realistic one (within 5 % of the 90-day low), else null. */
  suggestion: z.nullable(z.object({ total: z.number(), low90: z.number(), low365: z.number() })),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const priceAlertsSchema = z.object({ alerts: z.array(priceAlertSchema) });
export type PriceAlerts = z.infer<typeof priceAlertsSchema>;

/** A target's 24개월 실부담 (a 월 target × 24). */
export function targetTotal(rule: Extract<PriceAlertRule, { kind: 'target' }>): number {
  return rule.unit === 'monthly' ? rule.target * PRICE_ALERT_MONTHS : rule.target;
}

/** `POST /api/restock-alerts` (issue 42 §3): wait for a 품절 offer, or for any unit of a model with none left. */
export const restockAlertRequestSchema = z.union([
  z.object({ offerId: z.string().check(z.minLength(1, { error: '상품을 골라주세요.' }), z.maxLength(200, { error: '상품을 확인해주세요.' })) }),
  z.object({ modelId: z.string().check(z.minLength(1, { error: '모델을 골라주세요.' }), z.maxLength(100, { error: '모델을 확인해주세요.' })) }),
], { error: '재입고 알림을 받을 상품이나 모델을 골라주세요.' });
export type RestockAlertRequest = z.infer<typeof restockAlertRequestSchema>;

/* Compare (issue 42 §4). */
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS } from './constants.ts';

export { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS };
/** The distinct model ids of `/compare?models=a,b,c` (blanks dropped): the server and the page read the list alike. */
export const compareModelIds = (raw: string): string[] => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
export const compareSchema = z.object({
  models: z.array(z.object({
    id: z.string(),
    name: z.string(),
    brand: z.string(),
    img: z.string(),
    specifications: z.object({ display: z.string(), camera: z.string(), battery: z.string(), os: z.string(), chip: z.string(), weight: z.string() }),
    /** 출고가 of each storage. */
    variants: z.array(z.object({ storage: z.number(), releasePrice: z.number() })),
    /**
     * Per carrier (자급제 included) with new units on sale: the lowest 24개월 실부담 and its offer (terms:
     * storage, 가입유형, the plan it is priced on, its shop) with the conditions it is sold on (issue 40;
     * the plans they name in `planNames`).
     */
    carriers: z.array(z.object({
      carrier: z.enum(OFFER_CARRIERS), total: z.number(), offerId: z.string(), storage: z.number(), joinType: z.nullable(z.enum(JOIN_TYPES)),
      planId: z._default(z.nullable(z.string()), null),
      storeName: z._default(z.string(), ''),
      conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
      planNames: z._default(z.record(z.string(), z.string()), {}),
    })),
  })),
});
export type Compare = z.infer<typeof compareSchema>;
