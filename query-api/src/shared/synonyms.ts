/**
 * Korean ↔ English product-line vocabulary.
 *
 * Every entry is one "line word": `en` is the canonical English form (lowercase, as it
 * appears after normalization) and `ko[0]` is the canonical Korean form; further `ko`
 * entries are common Korean spellings/typos that map onto the same word.
 *
 * Both the indexed texts and the query are rewritten with this table, once into an
 * English-canonical string and once into a Korean-canonical string, so a plain substring
 * test on canonical strings makes 아이폰 ≡ iphone, 울트라 ≡ ultra, etc. in both directions.
 */
export interface LineWord {
  readonly en: string;
  readonly ko: readonly [string, ...string[]];
}

export const LINE_WORDS: readonly LineWord[] = [
  // lines
  { en: 'iphone', ko: ['아이폰'] },
  { en: 'galaxy', ko: ['갤럭시', '겔럭시'] },
  { en: 'pixel', ko: ['픽셀'] },
  // form factors / tiers
  { en: 'flip', ko: ['플립'] },
  { en: 'fold', ko: ['폴드'] },
  { en: 'ultra', ko: ['울트라'] },
  { en: 'pro', ko: ['프로'] },
  { en: 'max', ko: ['맥스'] },
  { en: 'plus', ko: ['플러스'] },
  { en: 'mini', ko: ['미니'] },
  { en: 'air', ko: ['에어'] },
  { en: 'edge', ko: ['엣지', '엦지'] },
  // brands
  { en: 'samsung', ko: ['삼성'] },
  { en: 'apple', ko: ['애플'] },
  { en: 'google', ko: ['구글'] },
];
