import * as z from 'zod/mini';

/*
 * The scam guard's words and the 내구제 warning (issue 41 §5), apart from the rest of shop trust so that the
 * checkout and conditions contracts that use them do not depend on shop reviews and reports.
 */

/**
 * 내구제 ("a loan" that opens phones in the victim's name) shows as one account opening line after line.
 * Opening more than `NAEGUJE_LINE_LIMIT` carrier lines within `NAEGUJE_WINDOW_DAYS` days needs the buyer's
 * confirmation of the warning below (the server refuses without it); admins see such accounts.
 */
export const NAEGUJE_LINE_LIMIT = 2;
export const NAEGUJE_WINDOW_DAYS = 30;
export const NAEGUJE_WARNING_TITLE = '내 이름으로 휴대폰을 여러 대 개통하고 계세요';
export const NAEGUJE_WARNING =
  `최근 ${NAEGUJE_WINDOW_DAYS}일 안에 ${NAEGUJE_LINE_LIMIT}회선을 넘게 개통하려고 합니다. ` +
  '"휴대폰을 개통해 주면 돈을 빌려준다", "대출 대신 폰을 개통해 달라"는 제안은 내구제 사기입니다. ' +
  '개통한 폰과 요금, 할부금은 모두 명의자인 내가 갚아야 하고, 내 명의가 범죄에 쓰일 수 있습니다. ' +
  '본인이나 가족이 직접 쓸 회선이 맞는지 확인해주세요.';
export const NAEGUJE_CONFIRM_LABEL = '내용을 읽었고, 본인이나 가족이 직접 쓸 회선입니다.';
/** The checkout's and a quote accept's confirmation of the 내구제 warning (needed only past the limit). */
export const naegujeConfirmFields = {
  naegujeConfirmed: z.optional(z.boolean({ error: NAEGUJE_WARNING })),
};

/**
 * Wording of the scams Korean buyers fear, matched on text NFKC-folded with spaces and punctuation removed
 * (as issue 40's condition words are). Such a text in an offer, a quote message, a store page or a chat
 * line is held for an admin (not published) and its writer told why. This check comes before issue 40's
 * refusal of conditions written only in text: a text held here is not also refused for '현금' (ADR 027).
 */
const SCAM_WORDS: readonly { label: string; pattern: RegExp }[] = [
  { label: '현금 페이백', pattern: /현금페이백|페이백현금|현금으로페이백|현금캐시백/ },
  { label: '현금 지급', pattern: /현금지급|현금으로(?:지급|드립|드려|돌려|입금|송금)|현금\d+만원?(?:지급|드립|드려|입금)/ },
  { label: '대납', pattern: /대납/ },
  { label: '내구제', pattern: /내구제|폰테크|휴대폰대출|핸드폰대출|폰대출|개통대출|명의대여|개통만해주|개통해주면돈/ },
];
/** A text as wording is matched: NFKC-folded, lower case, without spaces and punctuation ('현금 지급' = '현금지급'). */
export const foldedText = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s\u200b-\u200d\ufeff·.,\-_/]+/g, '');

/** The scam wordings `texts` use, by label, each once (empty: none). */
export function scamWordsIn(texts: readonly string[]): string[] {
  const folded = texts.map(foldedText).join('\n');
  return SCAM_WORDS.filter((w) => w.pattern.test(folded)).map((w) => w.label);
}
/** A folded text without its scam wording (issue 40's condition check reads the rest). */
export function withoutScamWording(folded: string): string {
  return SCAM_WORDS.reduce((t, w) => t.replace(new RegExp(w.pattern.source, 'g'), ' '), folded);
}

/** What the writer is told when a text is held (202): why, in Korean, and what support may be. */
export function heldTextMessage(words: readonly string[]): string {
  return `'${words.join("', '")}' 표현이 있어 관리자 검토 후 게시됩니다. 지원금은 통신사의 공시지원금·선택약정과 계약 조건서에 적는 추가지원금만 가능하고, 현금 페이백·대납·내구제 안내는 게시할 수 없습니다.`;
}


/** The answer of a write the scam guard held (202): the held text's id, and why in Korean. */
export const heldAnswerSchema = z.object({ id: z.string(), position: z.string(), held: z.literal(true), message: z.string() });
export type HeldAnswer = z.infer<typeof heldAnswerSchema>;
