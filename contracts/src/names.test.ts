import { describe, expect, it } from 'vitest';
import { checkoutSchema } from './orders.ts';
import { NAME_CHARACTER_MESSAGES } from './accounts.ts';
import { registerSchema } from './register.ts';
import { sellerApplicationRequestSchema } from './sellers.ts';
import { UNSAFE_TEXT_MESSAGE, withoutInvisible } from './text.ts';

/** Characters that show nothing (or only turn the text around): `관리\u200B자` would pass for 관리자. */
const INVISIBLE: [string, string][] = [
  ['ZERO WIDTH SPACE U+200B', '\u200B'],
  ['ZERO WIDTH NON-JOINER U+200C', '\u200C'],
  ['ZERO WIDTH JOINER U+200D', '\u200D'],
  ['LEFT-TO-RIGHT MARK U+200E', '\u200E'],
  ['RIGHT-TO-LEFT MARK U+200F', '\u200F'],
  ['ARABIC LETTER MARK U+061C', '\u061C'],
  ['WORD JOINER U+2060', '\u2060'],
  ['INVISIBLE SEPARATOR U+2063', '\u2063'],
  ['ZERO WIDTH NO-BREAK SPACE (BOM) U+FEFF', '\uFEFF'],
  ['SOFT HYPHEN U+00AD', '\u00AD'],
  ['COMBINING GRAPHEME JOINER U+034F', '\u034F'],
  ['MONGOLIAN VOWEL SEPARATOR U+180E', '\u180E'],
  ['HANGUL FILLER U+3164', '\u3164'],
  ['HALFWIDTH HANGUL FILLER U+FFA0', '\uFFA0'],
  ['HANGUL CHOSEONG FILLER U+115F', '\u115F'],
  ['LINE SEPARATOR U+2028', '\u2028'],
  ['TAG SPACE U+E0020', '\u{E0020}'],
  ['RLO U+202E', '\u202E'],
];

const registration = { email: 'kim.minsu@example.kr', password: 'Blue-Harbor-Kite-92', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true };
const application = { applicantName: '한민지', email: 'minji@example.kr', businessType: 'individual', storeName: '민지폰' };
const checkout = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card' };
const fieldError = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((i) => i.path.join('.') === field)?.message;

describe('names refuse zero-width and direction-mark characters (issue 23 L5)', () => {
  it.each(INVISIBLE)('sign-up first and last name refuse %s', (_label, ch) => {
    const result = registerSchema.safeParse({ ...registration, firstName: `관리${ch}자`, lastName: `남${ch}궁` });
    expect(fieldError(result, 'firstName')).toBe(NAME_CHARACTER_MESSAGES.unsafe('이름'));
    expect(fieldError(result, 'lastName')).toBe(NAME_CHARACTER_MESSAGES.unsafe('성'));
  });

  it.each(INVISIBLE)('seller application applicant and store names refuse %s', (_label, ch) => {
    const result = sellerApplicationRequestSchema.safeParse({ ...application, applicantName: `한${ch}민지`, storeName: `민지${ch}폰` });
    expect(fieldError(result, 'applicantName')).toBe(UNSAFE_TEXT_MESSAGE);
    expect(fieldError(result, 'storeName')).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it.each(INVISIBLE)('the checkout recipient (받는 분) refuses %s', (_label, ch) => {
    const result = checkoutSchema.safeParse({ ...checkout, recipient: `김${ch}민수` });
    expect(fieldError(result, 'recipient')).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it.each([['홍길동'], ['Jane Doe'], ["O'Brien-Smith"], ['Zoë'], ['김😀'], ['👩‍💻 개발자폰'], ['강남폰스토어 강남역점'], ['폰 & 스토어 (본점)']])('still accepts %s', (name) => {
    // A person's own name at sign-up takes no emoji (register.test.ts); a store name or 받는 분 still may.
    if (!/\p{Extended_Pictographic}/u.test(name)) expect(registerSchema.safeParse({ ...registration, firstName: name }).success).toBe(true);
    expect(sellerApplicationRequestSchema.safeParse({ ...application, applicantName: name, storeName: name }).success).toBe(true);
    expect(checkoutSchema.safeParse({ ...checkout, recipient: name.slice(0, 20) }).success).toBe(true);
  });

  it('withoutInvisible drops them all (chat masking reads text through it) and keeps an emoji sequence whole', () => {
    expect(withoutInvisible(INVISIBLE.map(([, ch]) => `가${ch}`).join(''))).toBe('가'.repeat(INVISIBLE.length));
    expect(withoutInvisible('👩‍💻 개발자 👨‍👩‍👧')).toBe('👩‍💻 개발자 👨‍👩‍👧');
    expect(withoutInvisible('관리\u200D자 👩\u200D')).toBe('관리자 👩');
  });
});
