import * as z from 'zod/mini';
import { foldedText, withoutScamWording } from './scamGuard.ts';
import { groupThousands, plainText } from './text.ts';

/*
 * Conditions as data (issue 40, ADR 026): every condition a seller attaches to a sale — 요금제 유지,
 * 부가서비스, 카드 제휴 할인, 유심/eSIM 비용, 차액정산금 or 반환 — in one shape, shared by catalogue offers
 * (the seller's, their own listings' and those a price policy makes), quote offers and order lines.
 * Every field has a default, so an event written before the shape reads as "no conditions".
 * The pricing module (`pricing.ts`) counts them; nothing here computes a price.
 */

export const MAX_ADD_ONS = 6;
export const MAX_CONDITION_MONTHS = 36;
/** The most a monthly fee, a discount or a one-off amount of a condition may be (won). */
export const MAX_CONDITION_AMOUNT = 3_000_000;

const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.minimum(min, { error: message }), z.maximum(max, { error: message }));
const won = (label: string, max = MAX_CONDITION_AMOUNT) => intIn(0, max, `${label}은 0원 이상 ${groupThousands(max)}원 이하의 정수로 입력해주세요.`);
const months = (label: string) => intIn(1, MAX_CONDITION_MONTHS, `${label}은 1~${MAX_CONDITION_MONTHS}개월로 입력해주세요.`);
const name = (label: string, max = 30) => z.string({ error: `${label}을 입력해주세요.` }).check(
  z.trim(), z.minLength(1, { error: `${label}을 입력해주세요.` }), z.maxLength(max, { error: `${label}은 ${max}자 이하로 입력해주세요.` }), plainText(),
);

/** 부가서비스: its name, monthly fee and the months it must be kept. */
export const addOnSchema = z.object({
  name: name('부가서비스 이름'),
  monthlyFee: won('부가서비스 월 요금', 100_000),
  months: months('부가서비스 유지 개월'),
});
export type AddOn = z.output<typeof addOnSchema>;

/**
 * 요금제 유지: the plan kept for `months` from 개통. `planId` null = the plan the buyer opens with (one of
 * the offer's); a plan id = that plan only. After it the buyer moves to the plan of their choice.
 */
export const planKeepSchema = z.object({
  planId: z._default(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))), null),
  months: months('요금제 유지 개월'),
});
export type PlanKeep = z.output<typeof planKeepSchema>;

/** 카드 제휴 할인: shown apart; counted in 실부담 only when the buyer says they will use the card. */
export const cardDealSchema = z.object({
  card: name('제휴카드 이름'),
  monthlyDiscount: won('카드 월 할인액', 100_000),
  requiredMonthlySpend: won('카드 전월 실적'),
  months: months('카드 할인 개월'),
});
export type CardDeal = z.output<typeof cardDealSchema>;

/** 차액정산금 (a part of the 공시지원금 paid back) or 반환 (of the 추가지원금) when the plan is changed before its months. */
export const SETTLEMENT_KINDS = ['difference', 'refund'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];
export const SETTLEMENT_LABELS: Record<SettlementKind, string> = { difference: '차액정산금', refund: '지원금 반환' };
export const settlementSchema = z.object({
  kind: z.enum(SETTLEMENT_KINDS, { error: '차액정산·반환 종류를 선택해주세요.' }),
  /** The most charged (a change in the first month). */
  amount: won('차액정산·반환 금액'),
  /** true: the amount shrinks with the months kept (amount × months left ÷ 유지 개월). */
  prorated: z.boolean({ error: '일할 계산 여부를 선택해주세요.' }),
});
export type Settlement = z.output<typeof settlementSchema>;

export const offerConditionsSchema = z.object({
  planKeep: z._default(z.nullable(planKeepSchema), null),
  addOns: z._default(z.array(addOnSchema, { error: '부가서비스를 확인해주세요.' }).check(z.maxLength(MAX_ADD_ONS, { error: `부가서비스는 ${MAX_ADD_ONS}개까지 넣을 수 있습니다.` })), []),
  card: z._default(z.nullable(cardDealSchema), null),
  /** 유심/eSIM 비용 the buyer pays once (won). */
  simFee: z._default(won('유심/eSIM 비용', 100_000), 0),
  settlement: z._default(z.nullable(settlementSchema), null),
  /** What happens if a condition is broken, in the seller's words (shown on the 계약 조건서). */
  breach: z._default(z.string({ error: '조건 위반 시 안내를 확인해주세요.' }).check(
    z.trim(), z.maxLength(300, { error: '조건 위반 시 안내는 300자 이하로 입력해주세요.' }), plainText({ multiline: true }),
  ), ''),
});
export type OfferConditions = z.output<typeof offerConditionsSchema>;
export type OfferConditionsInput = z.input<typeof offerConditionsSchema>;
export const NO_CONDITIONS: OfferConditions = { planKeep: null, addOns: [], card: null, simFee: 0, settlement: null, breach: '' };

/**
 * Conditions that apply together (issue 40, ADR 026): an offer's own and those its carrier terms attach to the plan
 * (a 공시지원금 that requires the plan kept for months). The longer 요금제 유지 holds (its plan: the named one, else
 * the plan opened with); 부가서비스 of both; the offer's card, 유심비, settlement and breach text, else the terms'.
 */
export function combinedConditions(own: OfferConditions, terms: OfferConditions | undefined): OfferConditions {
  if (!terms || !hasConditions(terms)) return own;
  const keeps = [own.planKeep, terms.planKeep].filter((k): k is PlanKeep => k !== null);
  const longest = keeps.reduce<PlanKeep | null>((a, k) => (a === null || k.months > a.months ? k : a), null);
  const planKeep = longest && { planId: own.planKeep?.planId ?? terms.planKeep?.planId ?? null, months: longest.months };
  return {
    planKeep,
    addOns: [...own.addOns, ...terms.addOns],
    card: own.card ?? terms.card,
    simFee: Math.max(own.simFee, terms.simFee),
    settlement: own.settlement ?? terms.settlement,
    breach: own.breach || terms.breach,
  };
}

/** A line has conditions the buyer must confirm (one checkbox per such line at checkout and quote accept). */
export function hasConditions(c: OfferConditions): boolean {
  return c.planKeep !== null || c.addOns.length > 0 || c.card !== null || c.simFee > 0 || c.settlement !== null;
}

/** The buyer's choices about conditions: the plan after 요금제 유지 (null = the default) and whether they will use the card. */
export const conditionChoiceSchema = z.object({
  laterPlanId: z._default(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))), null),
  cardUsed: z._default(z.boolean(), false),
});
export type ConditionChoice = z.output<typeof conditionChoiceSchema>;

/** Checkout and quote accept refuse a line with conditions the buyer did not confirm. */
export const CONDITION_CONFIRM_MESSAGE = '조건이 있는 상품은 계약 조건을 확인하고 동의해주세요.';
export const conditionsNotConfirmedMessage = (name: string) => `${name}의 계약 조건(요금제 유지·부가서비스 등)을 확인하고 동의해주세요.`;

/**
 * One condition as a line: `key` names it within its conditions (`planKeep`, `addOn:<n>`, `card`, `simFee`,
 * `settlement`), so a 교환/반품 or inquiry can cite it (`citableConditions`); `text` says it in Korean.
 */
export interface ConditionLine { key: string; text: string }

/** One line per condition, in Korean, each with its key (the order of the 계약 조건서). */
export function conditionLines(c: OfferConditions, planName: (planId: string) => string | undefined = () => undefined): ConditionLine[] {
  const lines: ConditionLine[] = [];
  if (c.planKeep) {
    const plan = c.planKeep.planId ? planName(c.planKeep.planId) ?? c.planKeep.planId : '가입 요금제';
    lines.push({ key: 'planKeep', text: `요금제 유지: ${plan} ${c.planKeep.months}개월` });
  }
  c.addOns.forEach((a, i) => lines.push({ key: `addOn:${i}`, text: `부가서비스: ${a.name} 월 ${groupThousands(a.monthlyFee)}원 · ${a.months}개월` }));
  if (c.card) lines.push({ key: 'card', text: `카드 제휴 할인: ${c.card.card} 월 ${groupThousands(c.card.monthlyDiscount)}원 할인 · 전월 실적 ${groupThousands(c.card.requiredMonthlySpend)}원 이상 · ${c.card.months}개월 (선택)` });
  if (c.simFee > 0) lines.push({ key: 'simFee', text: `유심/eSIM 비용: ${groupThousands(c.simFee)}원` });
  if (c.settlement) {
    const rule = c.settlement.prorated ? '남은 유지 개월에 비례' : '전액';
    lines.push({ key: 'settlement', text: `${SETTLEMENT_LABELS[c.settlement.kind]}: 유지 기간 안에 요금제를 바꾸면 최대 ${groupThousands(c.settlement.amount)}원 (${rule})` });
  }
  return lines;
}

/** One line per condition, in Korean, for cards, checkout and the 계약 조건서. */
export function describeConditions(c: OfferConditions, planName: (planId: string) => string | undefined = () => undefined): string[] {
  return conditionLines(c, planName).map((l) => l.text);
}

/**
 * A condition of an order's 계약 조건서 that a 교환/반품 or inquiry cites as broken or disputed (issue 40):
 * `ref` is `<line index>:<condition key>`, `label` names the line's phone and the condition as confirmed.
 */
export interface CitedCondition { ref: string; label: string }
export const citedConditionSchema = z.object({ ref: z.string(), label: z.string() });
/** The request's field: the `ref` of one of the order's conditions (absent or null: none cited). */
export const brokenConditionField = z.optional(z.nullable(z.string({ error: '어긴 계약 조건을 목록에서 골라주세요.' }).check(z.trim(), z.maxLength(100, { error: '어긴 계약 조건은 100자 이하여야 합니다. 목록에서 골라주세요.' }))));
export const BROKEN_CONDITION_MESSAGE = '이 주문의 계약 조건서에 없는 조건입니다. 목록에서 골라주세요.';

/** Every condition an order's lines were confirmed with, as they can be cited (the opened plan names a 요금제 유지's plan). */
export function citableConditions(items: readonly { name: string; planName: string | null; conditions: OfferConditions }[]): CitedCondition[] {
  return items.flatMap((item, i) => conditionLines(item.conditions, () => item.planName ?? undefined)
    .map((line) => ({ ref: `${i}:${line.key}`, label: `${item.name} — ${line.text}` })));
}

/** The cited condition of `ref` among the order's (undefined: none such — a 400 with `BROKEN_CONDITION_MESSAGE`). */
export function citedConditionOf(items: Parameters<typeof citableConditions>[0], ref: string): CitedCondition | undefined {
  return citableConditions(items).find((c) => c.ref === ref);
}

// ---- No condition only in free text ----

/** The structured field each condition word belongs in, as the seller's form names it. */
export const CONDITION_FIELD_LABELS = {
  planKeep: '요금제 유지 (요금제·개월)',
  addOns: '부가서비스 (이름·월 요금·개월)',
  card: '카드 제휴 할인 (카드·월 할인액·전월 실적)',
  extraSubsidy: '추가지원금',
  simFee: '유심/eSIM 비용',
  settlement: '차액정산·반환',
} as const;
export type ConditionField = keyof typeof CONDITION_FIELD_LABELS;

/**
 * Words that state a condition, matched on the text with spaces removed and NFKC-folded (so '요금제 유지',
 * '요금제유지', full-width letters all match). Each names the field it must be entered in.
 */
const CONDITION_WORDS: readonly { field: ConditionField; pattern: RegExp }[] = [
  { field: 'planKeep', pattern: /요금제유지|유지요금제|요금제\d+개월|\d+개월요금제|의무사용|의무유지|고가요금제/ },
  { field: 'addOns', pattern: /부가서비스|부가상품|부가가입|부가필수|부가\d/ },
  { field: 'card', pattern: /카드|card/ },
  { field: 'extraSubsidy', pattern: /페이백|payback|캐시백|cashback|현금/ },
  { field: 'simFee', pattern: /유심비|esim비|이심비|유심비용/ },
  { field: 'settlement', pattern: /차액정산|지원금반환|위약금/ },
];

export function conditionMessage(field: ConditionField): string {
  return `조건은 본문이 아니라 '${CONDITION_FIELD_LABELS[field]}' 항목에 입력해주세요.`;
}

/**
 * The conditions a text mentions that the structured fields do not carry: `stated` says which are
 * entered (a 추가지원금 above 0 carries 페이백/현금). Answers each missing field once, in order.
 */
export function conditionsHiddenInText(texts: readonly string[], stated: Partial<Record<ConditionField, boolean>>): ConditionField[] {
  // Scam wording (현금 페이백, 대납, …) is the scam guard's: held for an admin, not refused here (issue 41, ADR 027).
  const folded = withoutScamWording(texts.map(foldedText).join('\n'));
  return CONDITION_WORDS.filter((w) => !stated[w.field] && w.pattern.test(folded)).map((w) => w.field);
}

/** The first condition `texts` state outside its field, as a Korean message naming the field (null: none). */
export function hiddenConditionMessage(texts: readonly string[], stated: Partial<Record<ConditionField, boolean>>): string | null {
  const hidden = conditionsHiddenInText(texts, stated);
  return hidden.length ? conditionMessage(hidden[0]!) : null;
}

/** Which condition fields `c` (and the 추가지원금) carry. */
export function statedConditions(c: OfferConditions, extraSubsidy = 0): Record<ConditionField, boolean> {
  return {
    planKeep: c.planKeep !== null, addOns: c.addOns.length > 0, card: c.card !== null, extraSubsidy: extraSubsidy > 0,
    simFee: c.simFee > 0, settlement: c.settlement !== null,
  };
}
