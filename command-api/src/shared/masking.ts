import { withoutInvisible } from '@phonemarket/contracts';

/**
 * The spec's chat masking helper (§5): emails, phone numbers, names with honorifics, ids (resident
 * registration numbers, '아이디: …'), card numbers and bank account numbers in chat text become asterisks before the
 * text is put in an event (DESIGN §2). Pure; applied by the chat session decider to every text it stores.
 *
 * The text is normalised first (issue 23 M4), so the patterns see one spelling of each number: NFKC turns
 * full-width, circled and styled digits and `＠` into ASCII, and the characters that show nothing (zero-width
 * spaces and joiners, direction marks) are dropped, so `010\u200B2345…` is a plain 010-number. The stored
 * text is that normalised text.
 */

/**
 * NFKC, except the Hangul compatibility and halfwidth jamo (ㅋㅋ, ㅠㅠ): NFKC makes them conjoining jamo,
 * which then render as broken syllables. Their blank fillers are invisible and go with the rest.
 */
const NOT_JAMO = /[^\u3131-\u318E\uFFA0-\uFFDC]+/gu;
const normalise = (text: string) => withoutInvisible(text.replace(NOT_JAMO, (run) => run.normalize('NFKC')));

/** What people put between digit groups: spaces, any dash, dot, slash, underscore, middle dot, comma, tilde, brackets. */
const SEP_CHAR = '[\\s\\-\\u2010-\\u2015\\u2212./_·\\u30FB\\u2022,~()\\[\\]|]';
const SEP = `${SEP_CHAR}{0,3}`;
/** Not inside a longer number, nor right after one with a date's separator (`2025.01.10 …`). */
const START = '(?<!\\d)(?<!\\d[./-])';
/** Not followed by more of the same number (a digit, directly or after a tight separator). */
const END = '(?![\\-./_]?\\d)';

/** +82 / 0082 / 001-82, an optional `(0)`, then the number without its leading 0. */
const INTERNATIONAL = `(?:\\+\\s?|00\\d{0,3}[\\s-]?)82${SEP}(?:\\(0\\)${SEP})?0?`;
/** Mobile (010, 011, 016–019), Seoul 02, the regions 031–064, 070 and 050x safe numbers, without the leading 0. */
const AREA = '(1[016789]|2|[3-6][1-5]|70|50\\d)';
/** An area code in brackets, `(02) 2345-6789`, is masked with its opening bracket. */
const PHONE = new RegExp(`${START}\\(?(${INTERNATIONAL}|0)${AREA}${SEP}\\d{3,4}${SEP}\\d{4}${END}`, 'gu');
/** A mobile number written a digit at a time with one separator (`0 1 0 2 3 4 …`). */
const SPACED_MOBILE = new RegExp(`${START}0(${SEP_CHAR})1\\1([016789])(?:\\1\\d){7,8}(?!\\d|\\1\\d)`, 'gu');

/** Birth date YYMMDD, a separator of any kind (spaces around the dash too), then 1–8 and six digits. */
const RESIDENT_ID = new RegExp(`${START}(\\d{2})(\\d{2})(\\d{2})${SEP_CHAR}{0,5}[1-8]\\d{6}(?!\\d)`, 'gu');
/** 4-4-4-4 (or 16 in a row) and Amex's 4-6-5 (or 15 in a row), any separator. */
const CARD_SEP = `${SEP_CHAR}{0,2}`;
const CARD = new RegExp(`${START}(?:\\d{4}(?:${CARD_SEP}\\d{4}){2}${CARD_SEP}|\\d{4}${CARD_SEP}\\d{6}${CARD_SEP}\\d)(\\d{4})${END}`, 'gu');

/**
 * Bank account numbers (s59): the banks' layouts are 3–4 groups joined by dashes (or spaces), 10–14 digits in
 * all — 신한 110-123-456789, 우리 1002-123-456789, 농협 352-1234-5678-93, 국민 123456-01-123456, 카카오뱅크
 * 3333-01-1234567 — or the digits in a row. Run after the phone, card and resident number patterns, so those
 * keep their own masks and are never masked twice. What else has this shape is told apart by `keepsNumber`.
 */
const ACCOUNT_SEP = '(?:\\s?[\\-\\u2010-\\u2015\\u2212]\\s?|\\s)';
/** Not inside a longer number ('2 110-…', '45,000'), not followed by more of it, a letter (a model code) or 원 (a price). */
const ACCOUNT_START = '(?<!\\d)(?<!\\d[\\s\\-\\u2010-\\u2015\\u2212.,])';
const ACCOUNT_END = '(?![\\dA-Za-z])(?![\\-\\u2010-\\u2015\\u2212.,]\\d)(?!\\s?원)';
/** A dash between two groups (spaces around it allowed). */
const ACCOUNT_DASH = '\\s?[\\-\\u2010-\\u2015\\u2212]\\s?';
/**
 * Three groups with any separators each (s60: '110-123 456789' and '110 123-456789' are typed too), or four whose
 * last separator is a dash (농협 '352-1234 5678-93') or which are spaced throughout: a space after dashed groups
 * ends the number, so '110-123-456789 2개월' is the account and a 2, not four groups.
 */
const ACCOUNT = new RegExp(
  `${ACCOUNT_START}(?:\\d{2,6}(?:\\s\\d{2,6}){2}\\s\\d{1,7}|\\d{2,6}(?:${ACCOUNT_SEP}\\d{2,6}){2}${ACCOUNT_DASH}\\d{1,7}`
  + `|\\d{2,6}${ACCOUNT_SEP}\\d{2,6}${ACCOUNT_SEP}\\d{1,7}|\\d{10,14})${ACCOUNT_END}`, 'gu',
);
/** Labels of the numbers that share the shape and that the agent must read: 송장 and order numbers, serials, barcodes. */
const NOT_ACCOUNT_LABEL = /(?:송장|운송장|택배|등기|주문번호|일련번호|시리얼|모델|바코드|IMEI|사업자)/giu;
/** Account words and bank names ('주문 취소하고 신한 110-…'): a nearer one of these masks the number again. */
const ACCOUNT_LABEL = /(?:계좌|통장|입금|이체|송금|예금주|은행|뱅크|환불|국민|신한|우리|하나|농협|기업|카카오|토스|우체국|새마을|신협|수협|씨티|SC|KB|NH|IBK)/giu;
/** How far back a label is looked for: '송장번호는 CJ대한통운 ' is 16 characters. */
const LABEL_REACH = 24;
/** YYYYMMDD or YYYY-MM-DD at the start: an order number (20261123-000001) or a date and a time ('2025-11-20 14:30'). */
const DATE_SEP = '[\\s\\-\\u2010-\\u2015\\u2212]';
const MONTH_DAY = ['(?:0[1-9]|1[0-2])', '(?:0[1-9]|[12]\\d|3[01])'] as const;
const STARTS_WITH_DATE = new RegExp(`^(?:19|20)\\d{2}(?:${MONTH_DAY[0]}${MONTH_DAY[1]}|${DATE_SEP}${MONTH_DAY[0]}${DATE_SEP}${MONTH_DAY[1]})`, 'u');

/**
 * A number of an account's shape stays when it starts with a date, when its groups are spaced (by spaces only: a
 * dash makes it no list) and more spaced numbers follow (a list: '100 110 120 130 140'), or when its nearest label before it names no account.
 */
function keepsNumber(number: string, before: string, after: string): boolean {
  if (STARTS_WITH_DATE.test(number)) return true;
  if (/^\d+(?:\s\d+)+$/u.test(number) && /^\s\d/u.test(after)) return true;
  const lastOf = (label: RegExp) => Math.max(-1, ...[...before.matchAll(label)].map((m) => m.index));
  return lastOf(NOT_ACCOUNT_LABEL) > lastOf(ACCOUNT_LABEL);
}

/** Every digit but the last four becomes `*`; the separators stay where they were typed. */
function maskAccount(number: string): string {
  let keep = 4;
  return [...number].reverse().map((c) => (/\d/u.test(c) && keep-- <= 0 ? '*' : c)).reverse().join('');
}

/** `@`, or it spelled out: (at) [at] {at} <at> and 골뱅이 (Korean for @), with spaces around. */
const AT = '(?:\\s?@\\s?|\\s*[(\\[{<]\\s*(?:at|골뱅이)\\s*[)\\]}>]\\s*|\\s*골뱅이\\s*)';
/** `.` or (dot) [dot] {dot} <dot> and (점). */
const DOT = '(?:\\.|\\s*[(\\[{<]\\s*(?:dot|점)\\s*[)\\]}>]\\s*)';
/** Any letters (도메인.한국, 네이버.com), the last label letters only. */
const EMAIL = new RegExp(`([\\p{L}\\p{N}_%+\\-])[\\p{L}\\p{N}._%+\\-]*${AT}((?:[\\p{L}\\p{N}\\-]+${DOT})+\\p{L}{2,})`, 'giu');
const DOT_WORD = new RegExp(DOT, 'giu');

/** 'ID'/'id' only as a word of its own: not the end of 'android', 'squid' or 'paid'. */
const LOGIN_ID = /((?:아이디|(?<![A-Za-z0-9])(?:ID|id)|계정)\s*[:：은는]?\s*)([A-Za-z0-9._-]{3,})/g;
/**
 * A 2–4 syllable Hangul name directly before an honorific (김민준님, 이서연 씨, 박 고객님 is not a name). A name is a
 * word of its own: the end of a longer word is none ('안녕하세요 고객님' keeps its '녕하세요').
 */
const NAME_HONORIFIC = /(?<![가-힣])([가-힣])([가-힣]{1,3})(\s?)(님|씨|고객님|회원님|선생님)/g;
/** Words that take 님/씨 but are no names ('방문자' is what the chat calls a guest; 어머·아버 are 어머님 and 아버님). */
const NOT_NAMES = new Set([
  '고객', '회원', '상담원', '상담사', '관리자', '판매자', '구매자', '사장', '기사', '선생', '직원', '매니저', '여러분', '담당자', '셀러',
  '방문자', '이용자', '사용자', '매입처', '택배기사', '점장', '팀장', '실장', '부장', '과장', '대표', '어머', '아버', '언니', '누나', '형수',
]);
/** A verb's modifier before 고객님 ('문의하신 고객님', '주문해 주신 고객님', '연락드린 고객님'): no name ends so. */
const VERB_MODIFIER = /(하신|주신|드린|되신|계신)$/;

/** A real birth date: month 01–12, day 01–31 (a 13-digit parcel number is no resident number). */
const isBirthDate = (mm: string, dd: string) => Number(mm) >= 1 && Number(mm) <= 12 && Number(dd) >= 1 && Number(dd) <= 31;

export function maskChatText(text: string): string {
  return normalise(text)
    .replace(RESIDENT_ID, (whole: string, yy: string, mm: string, dd: string) => (isBirthDate(mm, dd) ? `${yy}****-*******` : whole))
    .replace(CARD, (_m, last: string) => `****-****-****-${last}`)
    .replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain.replace(DOT_WORD, '.')}`)
    .replace(PHONE, (_m, prefix: string, area: string) => (prefix === '0' ? `0${area}-****-****` : `+82-${area}-****-****`))
    .replace(SPACED_MOBILE, (_m, _sep: string, third: string) => `01${third}-****-****`)
    .replace(ACCOUNT, (number: string, at: number, text: string) => {
      const digits = number.replace(/\D/gu, '').length;
      const kept = digits < 10 || digits > 14 || keepsNumber(number, text.slice(Math.max(0, at - LABEL_REACH), at), text.slice(at + number.length, at + number.length + 2));
      return kept ? number : maskAccount(number);
    })
    .replace(LOGIN_ID, (_m, label: string, id: string) => `${label}${id.slice(0, 2)}${'*'.repeat(Math.max(3, id.length - 2))}`)
    .replace(NAME_HONORIFIC, (whole: string, first: string, rest: string, space: string, honorific: string) =>
      NOT_NAMES.has(first + rest) || VERB_MODIFIER.test(first + rest) ? whole : `${first}${'*'.repeat(rest.length)}${space}${honorific}`);
}
