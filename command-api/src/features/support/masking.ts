/**
 * The spec's chat masking helper (§5): emails, phone numbers, names with honorifics, ids (resident
 * registration numbers, '아이디: …') and card numbers in chat text become asterisks before the
 * text is put in an event (DESIGN §2). Pure; applied by the chat session decider to every text it stores.
 */
const CARD = /\b(\d{4})[- ]?(\d{4})[- ]?(\d{4})[- ]?(\d{1,4})\b/g;
const RESIDENT_ID = /\b(\d{6})[- ]?([1-8])\d{6}\b/g;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
const MOBILE = /\b(01[016789])[- .]?(\d{3,4})[- .]?(\d{4})\b/g;
const LANDLINE = /\b(0(?:2|[3-6][1-5]|70))[- .]?(\d{3,4})[- .]?(\d{4})\b/g;
/** 'ID'/'id' only as a word of its own: not the end of 'android', 'squid' or 'paid'. */
const LOGIN_ID = /((?:아이디|(?<![A-Za-z0-9])(?:ID|id)|계정)\s*[:：은는]?\s*)([A-Za-z0-9._-]{3,})/g;
/** A 2–4 syllable Hangul name directly before an honorific (김민준님, 이서연 씨, 박 고객님 is not a name). */
const NAME_HONORIFIC = /([가-힣])([가-힣]{1,3})(\s?)(님|씨|고객님|회원님|선생님)/g;
/** Words that take 님/씨 but are no names. */
const NOT_NAMES = new Set(['고객', '회원', '상담원', '상담사', '관리자', '판매자', '구매자', '사장', '기사', '선생', '직원', '매니저', '여러분', '담당자', '셀러']);

export function maskChatText(text: string): string {
  return text
    .replace(CARD, (_m, _a, _b, _c, last: string) => `****-****-****-${last}`)
    .replace(RESIDENT_ID, (_m, birth: string) => `${birth.slice(0, 2)}****-*******`)
    .replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`)
    .replace(MOBILE, (_m, prefix: string) => `${prefix}-****-****`)
    .replace(LANDLINE, (_m, prefix: string) => `${prefix}-****-****`)
    .replace(LOGIN_ID, (_m, label: string, id: string) => `${label}${id.slice(0, 2)}${'*'.repeat(Math.max(3, id.length - 2))}`)
    .replace(NAME_HONORIFIC, (whole: string, first: string, rest: string, space: string, honorific: string) =>
      NOT_NAMES.has(first + rest) ? whole : `${first}${'*'.repeat(rest.length)}${space}${honorific}`);
}
