import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { groupThousands, hasUnsafeText, plainText, UNSAFE_TEXT_MESSAGE } from './text.ts';

const name = z.string().check(z.trim(), plainText());
const note = z.string().check(plainText({ multiline: true }));

describe('plainText', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control (bell)', 'a\u0007b'],
    ['escape', '\u001B[31m빨강'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a line break in a name', '홍\n길동'],
    ['a tab in a name', '홍\t길동'],
    ['LRE U+202A', '\u202A홍길동'],
    ['RLO U+202E', '홍길동\u202Egnp.exe'],
    ['LRI U+2066', '\u2066홍길동'],
    ['PDI U+2069', '홍길동\u2069'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', '\uDE00b'],
  ])('refuses %s with the Korean field message', (_label, text) => {
    const result = name.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it.each([['홍길동'], ['Jane Doe'], ["O'Brien-Smith"], ['김😀'], ['Zoë'], ['  민수  ']])('accepts %s', (text) => {
    expect(name.safeParse(text).success).toBe(true);
  });

  it('trims before it checks, so surrounding spaces are not an error', () => {
    expect(name.parse('  민수  ')).toBe('민수');
  });

  it('allows tab and line breaks in multi-line text, nothing else', () => {
    expect(note.safeParse('첫 줄\r\n둘째 줄\t끝').success).toBe(true);
    expect(note.safeParse('첫 줄\u0000').success).toBe(false);
    expect(note.safeParse('\u202E뒤집기').success).toBe(false);
    expect(hasUnsafeText('a\nb')).toBe(true);
    expect(hasUnsafeText('a\nb', { multiline: true })).toBe(false);
  });
});

describe('groupThousands', () => {
  it('writes whole numbers as ko-KR Intl does, and refuses what is not a safe integer', () => {
    const intl = new Intl.NumberFormat('ko-KR');
    for (const n of [0, 7, 999, 1000, -1000, 123456, 1000000, -98765432, Number.MAX_SAFE_INTEGER]) expect(groupThousands(n)).toBe(intl.format(n));
    for (const n of [1.5, Number.NaN, Infinity, 2 ** 60]) expect(() => groupThousands(n)).toThrow(RangeError);
  });
});
