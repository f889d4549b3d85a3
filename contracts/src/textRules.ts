/**
 * The text rules without zod: what a first screen may import (the zod checks built on them are
 * text.ts's `plainText` and `plainName`, which re-exports these; ADR 009, issue 37 part 5).
 */
export const UNSAFE_TEXT_MESSAGE = '사용할 수 없는 문자가 포함되어 있습니다.';

/*
 * Characters no name or free text may hold: C0 controls (NUL included), DEL, C1 controls, the bidi
 * embeddings/overrides U+202A–U+202E and isolates U+2066–U+2069 (they reorder what others see), and
 * lone UTF-16 surrogates (with the `u` flag a well-formed pair is one code point and does not match).
 */
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const LINE_BREAKS = '\\u0009\\u000A\\u000D';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';
const SURROGATE = '\\uD800-\\uDFFF';
const UNSAFE_SINGLE_LINE = new RegExp(`[${CONTROL}${LINE_BREAKS}${BIDI}${SURROGATE}]`, 'u');
const UNSAFE_MULTILINE = new RegExp(`[${CONTROL}${BIDI}${SURROGATE}]`, 'u');

export interface PlainTextOptions {
  /** Allow tab and line breaks (descriptions, messages). Names and titles: no. */
  multiline?: boolean;
  message?: string;
}

/** True when `text` holds a control character, NUL, a lone surrogate or a bidi override (tab/newlines allowed when multiline). */
export function hasUnsafeText(text: string, { multiline = false }: Pick<PlainTextOptions, 'multiline'> = {}): boolean {
  return (multiline ? UNSAFE_MULTILINE : UNSAFE_SINGLE_LINE).test(text);
}

/*
 * Characters that show nothing, so `관리\u200B자` reads as 관리자 and `010\u200B1234…` slips past a pattern:
 * zero-width space/non-joiner, direction marks (LRM, RLM, ALM) and bidi embeddings/isolates, word joiner and
 * invisible operators, BOM, soft hyphen, combining grapheme joiner, Mongolian vowel separator, Khmer
 * inherent vowels, the Hangul fillers (blank Hangul letters), line/paragraph separators and the tag
 * characters. The combining marks (U+034F, U+17B4, U+17B5) stand outside the class, where they cannot be
 * read as joined to the one before. The zero-width joiner is LONE_JOINER's.
 */
const INVISIBLE = /[\u00AD\u061C\u115F\u1160\u180E\u200B\u200C\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0\u{E0000}-\u{E007F}]|\u034F|\u17B4|\u17B5/gu;
/** A zero-width joiner outside an emoji sequence: inside one (👩‍💻) it is part of the picture, not a hidden gap. */
const LONE_JOINER = /(?<!\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/** The text without the characters that show nothing (emoji sequences keep their joiners). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '').replace(LONE_JOINER, '');
}

/** True when a name holds a character plainText refuses or one that shows nothing (see INVISIBLE). */
export function hasUnsafeName(text: string): boolean {
  return hasUnsafeText(text) || withoutInvisible(text) !== text;
}

/*
 * Emoji: pictographs (😀, ❤, ©), flags' regional indicators, skin tones, the keycap mark (1️⃣) and the
 * emoji presentation selector. No one's legal name holds one (a name on an order or a contract).
 */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u20E3\uFE0F]/u;

/** True when `text` holds an emoji (see EMOJI). */
export function hasEmoji(text: string): boolean {
  return EMOJI.test(text);
}

/**
 * A whole number with ko-KR's thousands separators, as `Intl.NumberFormat('ko-KR')` writes it
 * (1000 → '1,000', -1234567 → '-1,234,567'), without Intl: the first Intl formatter a page
 * creates costs 20–30 ms (ICU's Korean data), a long task for the browser that builds a schema's
 * message or a page's counts while it starts (ADR 009). Not for fractions (use Intl).
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`groupThousands: ${n} is not a safe integer`);
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
