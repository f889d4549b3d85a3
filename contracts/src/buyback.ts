import * as z from 'zod/mini';
import { dateTime } from './dates.ts';
import { plainText } from './text.ts';
import { shopTrustSchema } from './shopTrust.ts';
import { safeTradeBadgeSchema } from './safeTrade.ts';

/*
 * Sell your old phone (중고폰 매입, issue 26). Grades are computed by the server from the seller's
 * answers by the published rule below (never chosen); shops keep a price grid per model × storage ×
 * grade and an amount per deduction code; the instant quote is the best grid price less that shop's
 * deductions for the declared faults. After the handover the shop inspects (photos for every finding
 * it adds); a counter-offer is computed by the server from the shop's own grid as it was when the
 * quote was made; the shop records the 개인정보 삭제 확인서 before it pays.
 */

// ---------------------------------------------------------------------------------------------
// Grades, checklist, deductions

export const BUYBACK_GRADES = ['S', 'A', 'B', 'C', 'D'] as const;
export type BuybackGrade = (typeof BUYBACK_GRADES)[number];

/** Objective Korean definitions (KAIT 안심거래: a buyer publishes its grade definitions). */
export const BUYBACK_GRADE_DEFINITIONS: Record<BuybackGrade, { title: string; definition: string }> = {
  S: { title: 'S급 (미사용급)', definition: '가까이서 보아도 흠집이 전혀 없고, 화면 잔상·번인이 없으며 외관 손상이 없는 상태.' },
  A: { title: 'A급 (깨끗함)', definition: '20㎝ 거리에서 보이지 않는 미세기스만 있는 상태. 화면·후면 유리 파손, 잔상·번인, 찍힘 없음.' },
  B: { title: 'B급 (생활기스)', definition: '손톱이 걸리지 않는 생활기스가 20㎝ 거리에서 보이는 상태. 찍힘·파손·잔상 없음.' },
  C: { title: 'C급 (찍힘·잔상)', definition: '손톱이 걸리는 깊은 흠집이나 모서리 찍힘이 있거나, 화면에 잔상·번인이 있는 상태. 유리 파손 없음.' },
  D: { title: 'D급 (파손)', definition: '화면(액정)이나 후면 유리가 깨졌거나 금이 간 상태.' },
};

/** How the grade follows from the answers: the first rule that applies (published on /sell). */
export const BUYBACK_GRADE_RULE = [
  'D: 화면 또는 후면 유리가 깨졌거나 금이 갔다',
  'C: 잔상·번인이 있거나, 손톱이 걸리는 깊은 흠집·찍힘이 있다',
  'B: 20㎝ 거리에서 보이는 생활기스가 있다',
  'A: 가까이서만 보이는 미세기스가 있다',
  'S: 위의 어느 것에도 해당하지 않는다',
] as const;

/** Deductions: faults that lower the price whatever the grade (each shop sets its own amount). */
export const BUYBACK_DEDUCTION_CODES = ['touch', 'biometrics', 'camera', 'speakerMic', 'wifiBt', 'battery', 'privateRepair', 'noBox'] as const;
export type BuybackDeductionCode = (typeof BUYBACK_DEDUCTION_CODES)[number];
export const BUYBACK_DEDUCTION_LABELS: Record<BuybackDeductionCode, string> = {
  touch: '터치 불량', biometrics: '얼굴·지문 인식 불량', camera: '카메라 불량', speakerMic: '스피커·마이크 불량',
  wifiBt: '와이파이·블루투스 불량', battery: '배터리 성능 80% 미만', privateRepair: '사설 수리 이력', noBox: '박스·구성품 없음',
};

/** The grade's questions (they decide the grade; an inspection may name a worse grade, with photos). */
export const BUYBACK_GRADE_CODES = ['screenCracked', 'burnIn', 'dents', 'scratches', 'microScratches'] as const;
export type BuybackGradeCode = (typeof BUYBACK_GRADE_CODES)[number];
/** A phone reported lost or stolen is never bought. */
export const BUYBACK_REFUSAL_CODES = ['lostStolen'] as const;
export const BUYBACK_CHECK_CODES = [...BUYBACK_GRADE_CODES, ...BUYBACK_DEDUCTION_CODES, ...BUYBACK_REFUSAL_CODES] as const;
export type BuybackCheckCode = (typeof BUYBACK_CHECK_CODES)[number];

export interface BuybackCheck { code: BuybackCheckCode; question: string; help: string; effect: 'grade' | 'deduction' | 'refusal' }
/** The checklist a seller answers, one question a screen on a phone ("예" = the fault is there). */
export const BUYBACK_CHECKLIST: readonly BuybackCheck[] = [
  { code: 'screenCracked', question: '화면이나 뒷면 유리가 깨졌거나 금이 갔나요?', help: '아주 작은 금도 포함합니다.', effect: 'grade' },
  { code: 'burnIn', question: '화면에 잔상이나 번인, 얼룩이 보이나요?', help: '흰 화면을 띄워 살펴보세요.', effect: 'grade' },
  { code: 'dents', question: '손톱이 걸리는 깊은 흠집이나 모서리 찍힘이 있나요?', help: '손톱으로 쓸어 걸리면 "예"입니다.', effect: 'grade' },
  { code: 'scratches', question: '20㎝ 거리에서 보이는 생활기스가 있나요?', help: '손톱이 걸리지 않는 얕은 흠집입니다.', effect: 'grade' },
  { code: 'microScratches', question: '가까이서만 보이는 미세기스가 있나요?', help: '20㎝ 거리에서는 보이지 않는 흠집입니다.', effect: 'grade' },
  { code: 'touch', question: '터치가 안 되거나 오작동하는 곳이 있나요?', help: '화면 구석구석을 눌러 보세요.', effect: 'deduction' },
  { code: 'biometrics', question: '얼굴 인식이나 지문 인식이 안 되나요?', help: '등록과 잠금 해제를 해 보세요.', effect: 'deduction' },
  { code: 'camera', question: '전면·후면 카메라 중 고장 난 것이 있나요?', help: '초점, 얼룩, 렌즈 깨짐을 확인하세요.', effect: 'deduction' },
  { code: 'speakerMic', question: '스피커·마이크·통화 소리에 문제가 있나요?', help: '녹음과 통화를 해 보세요.', effect: 'deduction' },
  { code: 'wifiBt', question: '와이파이나 블루투스가 안 되나요?', help: '연결과 인터넷 사용을 확인하세요.', effect: 'deduction' },
  { code: 'battery', question: '배터리 성능(최대 용량)이 80% 미만인가요?', help: '설정 > 배터리에서 확인할 수 있습니다.', effect: 'deduction' },
  { code: 'privateRepair', question: '사설 수리를 받은 적이 있나요?', help: '공식 서비스센터 수리는 해당하지 않습니다.', effect: 'deduction' },
  { code: 'noBox', question: '박스나 기본 구성품이 없나요?', help: '충전 케이블과 박스를 확인하세요.', effect: 'deduction' },
  { code: 'lostStolen', question: '분실·도난 신고된 휴대폰인가요?', help: '신고된 휴대폰은 매입할 수 없습니다.', effect: 'refusal' },
];

export type BuybackAnswers = Partial<Record<BuybackCheckCode, boolean>>;

/** The published rule: the grade from the answers (and a battery below 80 % adds the battery deduction). */
export function buybackGradeOf(answers: BuybackAnswers): BuybackGrade {
  if (answers.screenCracked) return 'D';
  if (answers.burnIn || answers.dents) return 'C';
  if (answers.scratches) return 'B';
  if (answers.microScratches) return 'A';
  return 'S';
}

/** The deduction codes the answers declare (battery health below 80 % declares `battery` too). */
export function declaredDeductions(answers: BuybackAnswers, batteryHealth?: number | null): BuybackDeductionCode[] {
  return BUYBACK_DEDUCTION_CODES.filter((code) => answers[code] === true || (code === 'battery' && batteryHealth != null && batteryHealth < 80));
}

export const gradeRank = (grade: BuybackGrade) => BUYBACK_GRADES.indexOf(grade);
/** True when `a` is a worse grade than `b` (D is the worst). */
export const worseGrade = (a: BuybackGrade, b: BuybackGrade) => gradeRank(a) > gradeRank(b);

export const buybackGradesSchema = z.object({
  grades: z.array(z.object({ grade: z.enum(BUYBACK_GRADES), title: z.string(), definition: z.string() })),
  rule: z.array(z.string()),
  checklist: z.array(z.object({ code: z.enum(BUYBACK_CHECK_CODES), question: z.string(), help: z.string(), effect: z.enum(['grade', 'deduction', 'refusal']) })),
  deductions: z.array(z.object({ code: z.enum(BUYBACK_DEDUCTION_CODES), label: z.string() })),
});
export type BuybackGrades = z.infer<typeof buybackGradesSchema>;

// ---------------------------------------------------------------------------------------------
// Time limits

export const BUYBACK_RULES = {
  /** A quote is valid this long. */
  quoteValidDays: 7,
  /** The shop receives the phone within this many days of acceptance, or the order expires. */
  handoverDays: 7,
  /** Inspection within this many business days of receipt (late ones flagged to admins). */
  inspectionBusinessDays: 2,
  /** Payout within this many business days of the price being settled (late ones flagged). */
  payoutBusinessDays: 2,
  maxGridRows: 5000,
  maxPrice: 5_000_000,
  maxFindings: 8,
} as const;

/** `at` plus `days` business days (Saturdays and Sundays skipped; UTC dates). */
export function addBusinessDays(at: Date, days: number): Date {
  const d = new Date(at.getTime());
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// Paths

export const BUYBACK_GRADES_PATH = '/api/buyback/grades';
export const SELLER_BUYBACK_PRICES_PATH = '/api/seller/buyback-prices';
export const SELLER_BUYBACK_ORDERS_PATH = '/api/seller/buyback-orders';
export const ADMIN_BUYBACK_ORDERS_PATH = '/api/admin/buyback-orders';
export const BUYBACK_QUOTES_PATH = '/api/buyback/quotes';
export const BUYBACK_ORDERS_PATH = '/api/buyback/orders';
export const BUYBACK_MARKET_PATH = '/api/buyback/market';
export const BUYBACK_SHOPS_PATH = '/api/buyback/shops';
/** `GET /api/buyback/shops?safeTrade=1`: only shops with a verified 안심거래 certificate (issue 41). */
export const BUYBACK_SHOPS_SAFE_TRADE_MESSAGE = '안심거래 인증 매장만 보려면 safeTrade=1로 보내주세요.';
export const buybackQuotePath = (id: string) => `${BUYBACK_QUOTES_PATH}/${encodeURIComponent(id)}`;
export const buybackOrderPath = (id: string) => `${BUYBACK_ORDERS_PATH}/${encodeURIComponent(id)}`;
/** Where an inspection photo is served: only to the order's parties and admins. */
export const buybackPhotoUrl = (photoId: string) => `/api/buyback/photos/${encodeURIComponent(photoId)}`;

// ---------------------------------------------------------------------------------------------
// Shops' price grids

const won = (message: string) => z.number({ error: message }).check(
  z.int({ error: message }), z.minimum(0, { error: message }), z.maximum(BUYBACK_RULES.maxPrice, { error: `금액은 ${BUYBACK_RULES.maxPrice.toLocaleString('ko-KR')}원 이하로 입력해주세요.` }),
);
const modelIdField = z.string({ error: '모델을 선택해주세요.' }).check(z.trim(), z.minLength(1, { error: '모델을 선택해주세요.' }), z.maxLength(80, { error: '모델을 확인해주세요.' }), z.regex(/^[a-z0-9-]+$/, { error: '모델 ID는 영문 소문자, 숫자, -로 입력해주세요.' }));
const storageField = z.number({ error: '용량(GB)을 숫자로 입력해주세요.' }).check(z.int({ error: '용량(GB)을 숫자로 입력해주세요.' }), z.positive({ error: '용량(GB)을 확인해주세요.' }), z.maximum(4096, { error: '용량(GB)을 확인해주세요.' }));

export const buybackPriceRowSchema = z.object({
  modelId: modelIdField,
  storage: storageField,
  grade: z.enum(BUYBACK_GRADES, { error: '등급은 S, A, B, C, D 중 하나여야 합니다.' }),
  price: won('매입가는 0원 이상의 정수로 입력해주세요.'),
});
export type BuybackPriceRow = z.infer<typeof buybackPriceRowSchema>;

export const buybackDeductionSchema = z.object({
  code: z.enum(BUYBACK_DEDUCTION_CODES, { error: `차감 코드는 ${BUYBACK_DEDUCTION_CODES.join(', ')} 중 하나여야 합니다.` }),
  amount: won('차감액은 0원 이상의 정수로 입력해주세요.'),
});

/** `PUT /api/seller/buyback-prices`: the shop's whole grid, replaced. */
export const buybackPricesInputSchema = z.object({
  items: z.array(buybackPriceRowSchema, { error: '매입가 목록을 확인해주세요.' }).check(
    z.maxLength(BUYBACK_RULES.maxGridRows, { error: `매입가는 최대 ${BUYBACK_RULES.maxGridRows.toLocaleString('ko-KR')}줄까지 등록할 수 있습니다.` }),
    z.refine((rows) => new Set(rows.map((r) => `${r.modelId}|${r.storage}|${r.grade}`)).size === rows.length, { error: '같은 모델·용량·등급이 두 번 들어 있습니다.' }),
  ),
  deductions: z.array(buybackDeductionSchema, { error: '차감 항목을 확인해주세요.' }).check(
    z.refine((rows) => new Set(rows.map((r) => r.code)).size === rows.length, { error: '같은 차감 코드가 두 번 들어 있습니다.' }),
  ),
});
export type BuybackPricesInput = z.infer<typeof buybackPricesInputSchema>;

export interface CsvRowError { line: number; message: string }
/**
 * A pasted CSV grid (`모델코드,용량,등급,매입가` — model id, GB, S–D, 원 — a header line allowed; commas or tabs) into rows,
 * with a Korean error per bad line. The server checks the same rows again (unknown models, storages).
 */
export function parseBuybackCsv(text: string): { items: BuybackPriceRow[]; errors: CsvRowError[]; lines: number[] } {
  const items: BuybackPriceRow[] = [];
  const errors: CsvRowError[] = [];
  /** The pasted text's line of each item (a header and blank lines are skipped, so the server's row n is not line n). */
  const lines: number[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    const cells = (trimmed.includes('\t') ? trimmed.split('\t') : trimmed.split(',')).map((c) => c.trim().replace(/^"|"$/g, ''));
    if (index === 0 && /모델|model/i.test(cells[0] ?? '')) return;
    if (cells.length !== 4) {
      errors.push({ line, message: `${line}번째 줄: 모델 코드, 용량, 등급, 매입가 네 칸이 필요합니다.` });
      return;
    }
    const [modelId, storage, grade, price] = cells as [string, string, string, string];
    const parsed = buybackPriceRowSchema.safeParse({
      modelId, storage: /^\d+$/.test(storage.replace(/gb$/i, '')) ? Number(storage.replace(/gb$/i, '')) : NaN,
      grade: grade.toUpperCase(), price: /^[\d,]+$/.test(price) ? Number(price.replace(/,/g, '')) : NaN,
    });
    if (!parsed.success) {
      errors.push({ line, message: `${line}번째 줄: ${parsed.error.issues[0]?.message ?? '값을 확인해주세요.'}` });
      return;
    }
    const key = `${parsed.data.modelId}|${parsed.data.storage}|${parsed.data.grade}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, message: `${line}번째 줄: ${first}번째 줄과 모델·용량·등급이 같습니다.` });
      return;
    }
    seen.set(key, line);
    items.push(parsed.data);
    lines.push(line);
  });
  return { items, errors, lines };
}

export const buybackPriceChangeSchema = z.object({
  at: z.string(), rows: z.number(), added: z.number(), removed: z.number(), changed: z.number(), deductionsChanged: z.boolean(),
});
export const buybackPricesSchema = z.object({
  items: z.array(buybackPriceRowSchema),
  deductions: z.array(buybackDeductionSchema),
  updatedAt: z.nullable(z.string()),
  history: z.array(buybackPriceChangeSchema),
});
export type BuybackPrices = z.infer<typeof buybackPricesSchema>;

// ---------------------------------------------------------------------------------------------
// Quotes

export const BUYBACK_MESSAGES = {
  noShop: '지금은 이 모델·용량·상태를 매입하는 매장이 없습니다. 다른 조건으로 다시 견적을 받아보세요.',
  noSafeTradeShop: '안심거래 인증 매장 중에는 지금 이 모델·용량·상태를 매입하는 곳이 없습니다. 인증 매장만 보기를 끄고 다시 견적을 받아보세요.',
  lostStolen: '분실·도난 신고된 휴대폰은 매입할 수 없습니다.',
  quoteNotFound: '견적을 찾을 수 없습니다.',
  quoteExpired: '견적 유효기간(7일)이 지났습니다. 견적을 다시 받아주세요.',
  quoteAccepted: '이미 판매를 신청한 견적입니다.',
  noBest: '매입하는 매장이 없는 견적은 판매를 신청할 수 없습니다.',
  orderNotFound: '매입 주문을 찾을 수 없습니다.',
  modelNotFound: '모델을 찾을 수 없습니다.',
  storage: '이 모델에 없는 용량입니다.',
  notShop: '승인된 매입처(판매점)만 매입 업무를 할 수 있습니다.',
  suspended: '정지된 매입처는 매입 업무를 할 수 없습니다.',
  shipmentVisit: '매장 방문으로 신청한 판매에는 송장을 입력하지 않습니다. 매입처에 직접 가져가 주세요.',
  /** A 송장 needs somewhere to send the phone: refused (and the form not shown) while the 매입처 has no address. */
  shipmentNoAddress: '매입처가 아직 주소를 등록하지 않아 송장을 등록할 수 없습니다. 주소가 등록된 뒤에 휴대폰을 보내주세요.',
  cancelled: '판매 신청을 취소했습니다.',
  photoNotFound: '사진을 찾을 수 없습니다.',
  photoTooLarge: '사진은 5MB 이하만 올릴 수 있습니다.',
  photoNotImage: 'JPG, PNG, WebP 사진 파일만 올릴 수 있습니다.',
  photoEmpty: '올릴 사진 파일을 선택해주세요.',
} as const;

export const buybackQuoteInputSchema = z.object({
  modelId: modelIdField,
  storage: storageField,
  answers: z.partialRecord(z.enum(BUYBACK_CHECK_CODES, { error: '알 수 없는 점검 항목입니다.' }), z.boolean({ error: '예 또는 아니오로 답해주세요.' }), { error: '점검 항목에 답해주세요.' }),
  batteryHealth: z.optional(z.nullable(z.number({ error: '배터리 성능은 0~100 사이 숫자로 입력해주세요.' }).check(
    z.int({ error: '배터리 성능은 0~100 사이 숫자로 입력해주세요.' }), z.minimum(0, { error: '배터리 성능은 0~100 사이 숫자로 입력해주세요.' }), z.maximum(100, { error: '배터리 성능은 0~100 사이 숫자로 입력해주세요.' }),
  ))),
  imeiLast4: z.optional(z.nullable(z.string({ error: '단말기 식별번호 뒤 4자리를 숫자로 입력해주세요.' }).check(z.regex(/^\d{4}$/, { error: '단말기 식별번호 뒤 4자리를 숫자로 입력해주세요.' })))),
  /** Issue 41: quote only shops with a verified 안심거래 certificate (the /sell filter, as `preApproved=1` is the 판매처 list's). */
  safeTradeOnly: z.optional(z.boolean({ error: '안심거래 인증 매장만 보기는 예 또는 아니오로 보내주세요.' })),
});
export type BuybackQuoteInput = z.input<typeof buybackQuoteInputSchema>;

const shopPriceSchema = z.object({ shopId: z.string(), storeName: z.string(), price: z.number() });
export type BuybackShopPrice = z.infer<typeof shopPriceSchema>;
/** A quoted shop as `GET /api/buyback/quotes/{id}` shows it: with its figures from shop reviews (issue 41), read when answered. */
const quotedShopSchema = z.object({
  shopId: z.string(), storeName: z.string(), price: z.number(), trust: shopTrustSchema,
  /** Its verified KAIT 안심거래 certificate (issue 41 §3): the badge; null without one (absent: an answer from before). */
  safeTrade: z._default(z.nullable(safeTradeBadgeSchema), null),
});

export const buybackQuoteSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  storage: z.number(),
  grade: z.enum(BUYBACK_GRADES),
  gradeTitle: z.string(),
  gradeDefinition: z.string(),
  deductions: z.array(z.object({ code: z.enum(BUYBACK_DEDUCTION_CODES), label: z.string() })),
  best: z.nullable(quotedShopSchema),
  runnerUp: z.nullable(quotedShopSchema),
  message: z.nullable(z.string()),
  validUntil: z.string(),
  createdAt: z.string(),
  expired: z.boolean(),
  orderId: z.nullable(z.string()),
});
export type BuybackQuote = z.infer<typeof buybackQuoteSchema>;
/** `POST /api/buyback/quotes` answers 201 with the quote's essentials (and the command's position). */
export const buybackQuoteCreatedSchema = z.object({
  id: z.string(), position: z.string(), grade: z.enum(BUYBACK_GRADES), best: z.nullable(shopPriceSchema), runnerUp: z.nullable(shopPriceSchema),
  validUntil: z.string(), message: z.nullable(z.string()),
  /** The faults the answers declared: each shop's deduction for them is already taken off its price. */
  deductions: z.array(z.object({ code: z.enum(BUYBACK_DEDUCTION_CODES), label: z.string() })),
});
export type BuybackQuoteCreated = z.infer<typeof buybackQuoteCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

export const BUYBACK_HANDOVERS = ['parcel', 'visit'] as const;
export type BuybackHandover = (typeof BUYBACK_HANDOVERS)[number];
export const BUYBACK_HANDOVER_LABELS: Record<BuybackHandover, string> = { parcel: '택배 발송', visit: '매장 방문' };
export const BUYBACK_PAYOUTS = ['points', 'bank'] as const;
export type BuybackPayout = (typeof BUYBACK_PAYOUTS)[number];
export const BUYBACK_PAYOUT_LABELS: Record<BuybackPayout, string> = { points: '폰마켓 포인트', bank: '계좌 입금' };

const requiredText = (missing: string, max: number) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, { error: missing }), z.maxLength(max, { error: `${max}자 이하로 입력해주세요.` }), plainText());

export const buybackBankSchema = z.object({
  bankName: requiredText('은행을 입력해주세요.', 30),
  accountNumber: z.string({ error: '계좌번호를 입력해주세요.' }).check(z.trim(), z.regex(/^\d[\d-]{8,18}\d$/, { error: '계좌번호는 숫자와 -로 10~20자리 입력해주세요.' })),
  holder: requiredText('예금주를 입력해주세요.', 30),
});
export type BuybackBank = z.infer<typeof buybackBankSchema>;

export const buybackAcceptSchema = z.pipe(
  z.object({
    handover: z.enum(BUYBACK_HANDOVERS, { error: '전달 방법을 선택해주세요.' }),
    payout: z.enum(BUYBACK_PAYOUTS, { error: '받을 방법을 선택해주세요.' }),
    bank: z.optional(z.nullable(buybackBankSchema)),
  }),
  z.transform((v) => ({ handover: v.handover, payout: v.payout, bank: v.payout === 'bank' ? (v.bank ?? null) : null })),
).check(z.refine((v) => v.payout !== 'bank' || v.bank !== null, { error: '계좌로 받으려면 계좌 정보를 입력해주세요.', path: ['bank'] }));
export type BuybackAcceptInput = z.input<typeof buybackAcceptSchema>;

const imeiLast4 = z.string({ error: '단말기 식별번호 뒤 4자리를 숫자로 입력해주세요.' }).check(z.trim(), z.regex(/^\d{4}$/, { error: '단말기 식별번호 뒤 4자리를 숫자로 입력해주세요.' }));

export const buybackInspectionSchema = z.object({
  /** The IMEI 뒤 4자리 read off the phone (issue 39): compared with the one declared, a difference is flagged to both sides and admins. */
  imeiLast4,
  grade: z.enum(BUYBACK_GRADES, { error: '검수 등급을 선택해주세요.' }),
  findings: z.array(z.object({
    code: z.enum(BUYBACK_DEDUCTION_CODES, { error: '차감 항목을 선택해주세요.' }),
    photo: z.string({ error: '사진을 올려주세요.' }).check(z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: '사진을 올려주세요.' })),
  })).check(z.maxLength(BUYBACK_RULES.maxFindings, { error: `검수 결과는 최대 ${BUYBACK_RULES.maxFindings}개까지 입력할 수 있습니다.` })),
  /** Photos of a worse grade than quoted (required then). */
  gradePhotos: z._default(z.array(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: '사진을 올려주세요.' }))).check(z.maxLength(4, { error: '사진은 4장까지 올릴 수 있습니다.' })), []),
  note: z._default(z.string().check(z.trim(), z.maxLength(500, { error: '500자 이하로 입력해주세요.' }), plainText({ multiline: true })), ''),
});
export type BuybackInspectionInput = z.input<typeof buybackInspectionSchema>;

export const buybackCounterSchema = z.object({ accept: z.boolean({ error: '수락 또는 거절을 선택해주세요.' }) });
export const buybackReturnSchema = z.object({
  courier: requiredText('택배사를 입력해주세요.', 20),
  trackingNumber: z.string({ error: '운송장 번호를 입력해주세요.' }).check(z.trim(), z.regex(/^[0-9-]{6,20}$/, { error: '운송장 번호는 숫자 6~20자리로 입력해주세요.' })),
});
/** `POST /api/buyback/orders/{id}/shipment`: the person selling's 송장 for a parcel handover (the same fields as the 매입처's return). */
export const buybackShipmentSchema = buybackReturnSchema;
export type BuybackShipmentInput = z.infer<typeof buybackShipmentSchema>;

/** What the person selling reads after applying (issue 39): how to send the phone to the 매입처. */
export const BUYBACK_SHIPPING_GUIDE = {
  parcel: [
    '사진·연락처를 백업하고 삼성·애플 계정에서 로그아웃해 주세요 (내 디바이스 찾기 끄기). 검수 후 매입처가 남은 개인정보를 삭제하고 삭제 확인서를 드립니다.',
    '유심·메모리 카드는 빼고, 완충재로 감싸 상자에 넣어 주세요.',
    '위 매입처 주소로 택배를 보내고, 받은 송장 번호를 아래에 입력해주세요.',
    '택배비는 판매하시는 분이 먼저 내고, 매입이 끝나면 매입처가 정한 대로 정산됩니다.',
  ],
  visit: [
    '위 매입처 주소로 영업시간에 휴대폰을 가져가 주세요.',
    '신분증과 이 판매 신청 화면을 보여주시면 바로 검수합니다.',
  ],
} as const;

export const BUYBACK_ERASURE_METHODS = ['factory_reset', 'erasure_tool'] as const;
export const BUYBACK_ERASURE_LABELS: Record<(typeof BUYBACK_ERASURE_METHODS)[number], string> = { factory_reset: '공장 초기화', erasure_tool: '전용 삭제 프로그램' };
/** 개인정보 삭제 확인서. */
export const buybackErasureSchema = z.object({
  method: z.enum(BUYBACK_ERASURE_METHODS, { error: '삭제 방법을 선택해주세요.' }),
  /** A real day and time (no zone: Korea time), answered as an ISO instant; the server also keeps it between the phone's receipt and now. */
  at: dateTime('삭제 일시'),
  imeiLast4,
});
export type BuybackErasureInput = z.infer<typeof buybackErasureSchema>;

export const BUYBACK_ORDER_STATUSES = ['accepted', 'received', 'counter_offered', 'payout_pending', 'returning', 'returned', 'paid', 'expired', 'cancelled'] as const;
export type BuybackOrderStatus = (typeof BUYBACK_ORDER_STATUSES)[number];
export const BUYBACK_ORDER_STATUS_LABELS: Record<BuybackOrderStatus, string> = {
  accepted: '판매 신청', received: '입고·검수 중', counter_offered: '재견적 제안', payout_pending: '대금 지급 대기', returning: '반송 준비',
  returned: '반송 완료', paid: '지급 완료', expired: '기한 만료', cancelled: '판매 취소',
};

const timelineEntrySchema = z.object({
  at: z.string(), type: z.string(), label: z.string(), actor: z.enum(['customer', 'shop', 'admin', 'system']), actorName: z.string(),
  detail: z.nullable(z.string()),
});
export type BuybackTimelineEntry = z.infer<typeof timelineEntrySchema>;

export const buybackOrderSchema = z.object({
  id: z.string(),
  quoteId: z.string(),
  status: z.enum(BUYBACK_ORDER_STATUSES),
  statusLabel: z.string(),
  sellerName: z.string(),
  shopId: z.string(),
  storeName: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  storage: z.number(),
  grade: z.enum(BUYBACK_GRADES),
  declared: z.array(z.enum(BUYBACK_DEDUCTION_CODES)),
  quotedPrice: z.number(),
  finalPrice: z.nullable(z.number()),
  handover: z.enum(BUYBACK_HANDOVERS),
  payout: z.enum(BUYBACK_PAYOUTS),
  bank: z.nullable(z.object({ bankName: z.string(), accountNumber: z.string(), holder: z.string(), masked: z.boolean() })),
  acceptedAt: z.string(),
  handoverDueAt: z.string(),
  inspectionDueAt: z.nullable(z.string()),
  payoutDueAt: z.nullable(z.string()),
  inspection: z.nullable(z.object({
    grade: z.enum(BUYBACK_GRADES),
    findings: z.array(z.object({ code: z.enum(BUYBACK_DEDUCTION_CODES), label: z.string(), photoUrl: z.string() })),
    gradePhotoUrls: z.array(z.string()),
    note: z.string(),
    at: z.string(),
    late: z.boolean(),
  })),
  counter: z.nullable(z.object({ price: z.number(), cut: z.number(), reasons: z.array(z.string()), decision: z.nullable(z.enum(['accepted', 'declined'])) })),
  erasure: z.nullable(z.object({ method: z.enum(BUYBACK_ERASURE_METHODS), at: z.string(), imeiLast4: z.string() })),
  returnShipment: z.nullable(z.object({ courier: z.string(), trackingNumber: z.string() })),
  /** The person selling's 송장 (parcel handover), once given. */
  shipment: z.nullable(z.object({ courier: z.string(), trackingNumber: z.string(), at: z.string() })),
  /** Where the phone goes: the 매입처's name, address and phone from its store's business information (null when it has none yet). */
  shop: z.object({ storeName: z.string(), address: z.nullable(z.string()), phone: z.nullable(z.string()), businessHours: z.nullable(z.string()) }),
  /** The IMEI 뒤 4자리 declared with the quote and read at inspection; `mismatch` when both are known and differ. */
  imei: z.object({ declared: z.nullable(z.string()), inspected: z.nullable(z.string()), mismatch: z.boolean() }),
  paidAt: z.nullable(z.string()),
  overdue: z.array(z.enum(['handover', 'inspection', 'payout'])),
  timeline: z.array(timelineEntrySchema),
});
export type BuybackOrder = z.infer<typeof buybackOrderSchema>;
export const buybackOrdersSchema = z.object({ items: z.array(buybackOrderSchema) });
export type BuybackOrders = z.infer<typeof buybackOrdersSchema>;

/** Commands on an order answer `{ id, position, status }`. */
export const buybackOrderAnswerSchema = z.object({ id: z.string(), position: z.string(), status: z.enum(BUYBACK_ORDER_STATUSES) });
export const buybackPhotoAnswerSchema = z.object({ id: z.string(), position: z.string(), url: z.string() });
export type BuybackPhotoAnswer = z.infer<typeof buybackPhotoAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Market figures

export const BUYBACK_TRENDS = ['up', 'down', 'stable'] as const;
/** The spec's quote items (the home ranking's 인기 견적 tab). */
export const buybackMarketItemSchema = z.object({
  modelId: z.string(),
  deviceModel: z.string(),
  condition: z.string(),
  grade: z.enum(BUYBACK_GRADES),
  estimatedPrice: z.number(),
  priceRange: z.object({ min: z.number(), max: z.number() }),
  popularity: z.number(),
  recentQuotes: z.number(),
  trend: z.enum(BUYBACK_TRENDS),
});
export type BuybackMarketItem = z.infer<typeof buybackMarketItemSchema>;
export const buybackMarketSchema = z.array(buybackMarketItemSchema);

export const buybackShopFiguresSchema = z.object({
  shopId: z.string(),
  storeName: z.string(),
  deals: z.number(),
  medianDaysToPay: z.nullable(z.number()),
  inspected: z.number(),
  counterOfferShare: z.number(),
  averageCut: z.nullable(z.number()),
});
export type BuybackShopFigures = z.infer<typeof buybackShopFiguresSchema>;
/** `GET /api/buyback/shops`: each shop's deal figures and (issue 41) its figures from sellers' shop reviews after payout and its 안심거래 badge. */
export const buybackShopsSchema = z.object({
  items: z.array(z.extend(buybackShopFiguresSchema, { trust: shopTrustSchema, safeTrade: z._default(z.nullable(safeTradeBadgeSchema), null) })),
});
export type BuybackShops = z.infer<typeof buybackShopsSchema>;

/** 110-***-**5678: a bank account number with only its last 4 digits (hyphens kept where they were). */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '').length;
  let seen = 0;
  return accountNumber.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}
