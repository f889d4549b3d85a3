/**
 * Issue 23 M4's table, checked by masking.test.ts and, in the stored events, by tests/api/chatMasking.test.ts:
 * the forms a person types a phone, resident or card number or an e-mail in (any separator, +82, full-width
 * or styled digits, invisible characters inside). `secret` is what must not survive.
 */
export const MASKING_VARIANTS: { label: string; text: string; secret: string }[] = [
  { label: 'mobile, hyphens', text: '010-2345-6789', secret: '23456789' },
  { label: 'mobile, no separator', text: '01023456789', secret: '23456789' },
  { label: 'mobile, spaces', text: '010 2345 6789', secret: '23456789' },
  { label: '+82 with spaces', text: '+82 10 2345 6789', secret: '23456789' },
  { label: '+82 with hyphens', text: '+82-10-2345-6789', secret: '23456789' },
  { label: '+82 without separators', text: '+821023456789', secret: '23456789' },
  { label: '+82 (0)10', text: '+82 (0)10 2345 6789', secret: '23456789' },
  { label: '0082 international prefix', text: '0082-10-2345-6789', secret: '23456789' },
  { label: 'slashes', text: '010/3456/7890', secret: '34567890' },
  { label: 'underscores', text: '010_4567_8901', secret: '45678901' },
  { label: 'dots', text: '010.2345.6789', secret: '23456789' },
  { label: 'middle dots', text: '010·2345·6789', secret: '23456789' },
  { label: 'en dashes with spaces', text: '010 – 2345 – 6789', secret: '23456789' },
  { label: 'area code in parentheses', text: '(010) 2345-6789', secret: '23456789' },
  { label: 'a digit at a time', text: '0 1 0 2 3 4 5 6 7 8 9', secret: '23456789' },
  { label: 'full-width digits and hyphens', text: '０１０－２３４５－６７８９', secret: '23456789' },
  { label: 'circled digits', text: '⓪①⓪-②③④⑤-⑥⑦⑧⑨', secret: '23456789' },
  { label: 'mathematical bold digits', text: '𝟎𝟏𝟎-𝟐𝟑𝟒𝟓-𝟔𝟕𝟖𝟗', secret: '23456789' },
  { label: 'zero-width spaces inside', text: '010\u200B2345\u200B6789', secret: '23456789' },
  { label: 'a zero-width joiner and a word joiner inside', text: '010-23\u200D45-67\u206089', secret: '23456789' },
  { label: 'direction marks around and inside', text: '\u202A010\u200E-2345\u200F-6789\u202C', secret: '23456789' },
  { label: 'soft hyphen and BOM inside', text: '010\u00AD2345\uFEFF6789', secret: '23456789' },
  { label: 'old 3-3-4 mobile', text: '011-234-5678', secret: '2345678' },
  { label: 'letters right before', text: 'HP010-2345-6789', secret: '23456789' },
  { label: 'Hangul on both sides', text: '번호는010-2345-6789이에요', secret: '23456789' },
  { label: 'Seoul landline', text: '02-2345-6789', secret: '23456789' },
  { label: 'landline with spaces', text: '031 234 5678', secret: '2345678' },
  { label: 'landline with a parenthesis', text: '02)2345-6789', secret: '23456789' },
  { label: '070 number', text: '070-2345-6789', secret: '23456789' },
  { label: 'resident number', text: '850505-2345678', secret: '2345678' },
  { label: 'resident number, spaces around the dash', text: '850505 - 2345678', secret: '2345678' },
  { label: 'resident number, a space', text: '850505 2345678', secret: '2345678' },
  { label: 'resident number, no separator', text: '8505052345678', secret: '2345678' },
  { label: 'resident number, en dash', text: '850505–2345678', secret: '2345678' },
  { label: 'resident number, full-width', text: '８５０５０５－２３４５６７８', secret: '2345678' },
  { label: 'resident number, a zero-width space', text: '850505-\u200B2345678', secret: '2345678' },
  { label: 'card, dots', text: '5500.0000.0000.0004', secret: '550000000000' },
  { label: 'card, spaces', text: '5500 0000 0000 0004', secret: '550000000000' },
  { label: 'card, no separator', text: '5500000000000004', secret: '550000000000' },
  { label: 'card, slashes', text: '5500/0000/0000/0004', secret: '550000000000' },
  { label: 'card, underscores', text: '5500_0000_0000_0004', secret: '550000000000' },
  { label: 'card, 4-6-5 (Amex)', text: '3782-822463-10005', secret: '37828224631' },
  { label: 'card, full-width', text: '５５００－００００－００００－０００４', secret: '550000000000' },
  { label: 'card, zero-width spaces', text: '5500\u200B0000\u200B0000\u200B0004', secret: '550000000000' },
  { label: 'e-mail, Korean domain', text: 'kim.test@도메인.한국', secret: 'kim.test' },
  { label: 'e-mail, (at)', text: 'leejy(at)example.com', secret: 'leejy' },
  { label: 'e-mail, [at]', text: 'leejy[at]example.com', secret: 'leejy' },
  { label: 'e-mail, (at) and (dot) with spaces', text: 'leejy (at) example (dot) com', secret: 'leejy' },
  { label: 'e-mail, {at}', text: 'leejy{at}example.co.kr', secret: 'leejy' },
  { label: 'e-mail, 골뱅이', text: 'leejy 골뱅이 naver.com', secret: 'leejy' },
  { label: 'e-mail, full-width @', text: 'leejy＠example.com', secret: 'leejy' },
  { label: 'e-mail, Korean local part', text: '김민준@네이버.com', secret: '김민준' },
  { label: 'e-mail, a zero-width space inside', text: 'lee\u200Bjy@example.com', secret: 'leejy' },
  { label: 'e-mail, capitals', text: 'LEEJY@EXAMPLE.COM', secret: 'LEEJY' },
];

/** Whether `secret` can still be read in `masked`: digits with every other character removed, so no separator hides them. */
export function secretLeft(masked: string, secret: string): boolean {
  const text = masked.normalize('NFKC');
  return /^\d+$/.test(secret) ? text.replace(/\D/g, '').includes(secret) : text.replace(/[\s\u200B-\u200F\u2060\uFEFF]/g, '').toLowerCase().includes(secret.toLowerCase());
}
