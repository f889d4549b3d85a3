import { disassemble, getChoseong, hasBatchim } from 'es-hangul';
import { KNOWLEDGE_QUERY_MAX, MAX_KEYWORDS } from '@phonemarket/contracts';
import { normalizeForSearch } from '../../shared/korean.ts';

/**
 * Matching Korean questions against knowledge entries (pure: no I/O). Spacing never matters
 * (everything is compared with `normalizeForSearch`, the product search's normalisation), and
 * particles (조사) and common question endings are stripped from each word before comparing, so
 * '배송은 언제 와요?', '배송언제와요' and '배송이 언제 오나요' all find the delivery entry. A particle
 * is only stripped where it fits the word's last syllable (es-hangul `hasBatchim`: 은/이/을/과/으로
 * after a final consonant, 는/가/를/와/로 after a vowel), so words like '나가' keep their '가'.
 *
 * Score: keywords found in the question (+1, +0.5 more for longer keywords), question words found in
 * the entry's question or keywords (+0.5 each), plus twice the bigram (Dice) similarity of the two
 * questions; role-specific entries for the asker's role get +0.5 (a seller's store question gets
 * seller help before the application guidance). Below `MIN_SCORE` is no match.
 *
 * What customers type besides words (s59): a word of 초성 only ('ㅂㅅ 언제') scores like a keyword when it is
 * a keyword's 초성 (+0.5 when it begins one, +0.5 when the entry's text has it); a word found nowhere in the
 * knowledge base ('배숑') is read as the knowledge base's words one jamo away (배송), at `TYPO_WEIGHT` of a
 * literal hit, so the right word typed right still ranks first; a word of two syllables only when that jamo is a
 * vowel (s60: '비법' is no typo of 비번). Every 초성 and jamo form of the entries is
 * made when the matcher is built (once per change of the knowledge base); a query only looks them up.
 */
export interface MatchableEntry {
  id: string;
  question: string;
  keywords: readonly string[];
  roles: readonly string[];
}

/** `minScore`: the least score that answers (the chatbot settings' threshold; default `MIN_SCORE`). */
export interface MatchOptions<E> { role?: string; limit?: number; accept?: (entry: E) => boolean; minScore?: number }

export interface KnowledgeMatcher<E extends MatchableEntry> {
  match(query: string, opts?: MatchOptions<E>): { entry: E; score: number }[];
  readonly size: number;
}

export const MIN_SCORE = 1;

/** After a final consonant / after a vowel / either. Longest first. */
const PARTICLES: { text: string; after: 'batchim' | 'vowel' | 'any' }[] = [
  { text: '에서부터', after: 'any' }, { text: '으로부터', after: 'batchim' }, { text: '에게서', after: 'any' }, { text: '한테서', after: 'any' },
  { text: '까지', after: 'any' }, { text: '부터', after: 'any' }, { text: '에서', after: 'any' }, { text: '에게', after: 'any' },
  { text: '한테', after: 'any' }, { text: '께서', after: 'any' }, { text: '으로', after: 'batchim' }, { text: '처럼', after: 'any' },
  { text: '보다', after: 'any' }, { text: '이랑', after: 'batchim' }, { text: '하고', after: 'any' }, { text: '이나', after: 'batchim' },
  { text: '은', after: 'batchim' }, { text: '는', after: 'vowel' }, { text: '이', after: 'batchim' }, { text: '가', after: 'vowel' },
  { text: '을', after: 'batchim' }, { text: '를', after: 'vowel' }, { text: '과', after: 'batchim' }, { text: '와', after: 'vowel' },
  { text: '로', after: 'vowel' }, { text: '랑', after: 'vowel' }, { text: '나', after: 'vowel' }, { text: '에', after: 'any' },
  { text: '의', after: 'any' }, { text: '도', after: 'any' }, { text: '만', after: 'any' }, { text: '요', after: 'any' },
];
/** Question and request endings (하나요, 인가요, 싶어요 …): stripped from the last words, longest first. */
const ENDINGS = [
  '하려면요', '하고싶어요', '싶습니다', '할수있나요', '수있나요', '있나요', '없나요', '하려면', '되나요', '하나요', '할까요', '인가요', '한가요',
  '했어요', '싶어요', '주세요', '합니까', '습니까', '됩니까', '해요', '돼요', '되요', '나요', '가요', '와요', '어요', '아요', '까요', '죠', '니', '냐',
].sort((a, b) => b.length - a.length);

const HANGUL_SYLLABLE = /[\uAC00-\uD7A3]$/;

function stripParticle(word: string): string {
  for (const p of PARTICLES) {
    if (!word.endsWith(p.text) || word.length - p.text.length < 2) continue;
    const stem = word.slice(0, -p.text.length);
    const last = stem.at(-1)!;
    if (!HANGUL_SYLLABLE.test(last)) return p.after === 'any' ? stem : word;
    if (p.after === 'any' || (p.after === 'batchim') === hasBatchim(last)) return stem;
  }
  return word;
}

function stripEnding(word: string): string {
  for (const e of ENDINGS) if (word.endsWith(e) && word.length - e.length >= 2) return word.slice(0, -e.length);
  return word;
}

/** The words of a question, each without its particle or question ending (normalised, 2+ characters). */
export function questionStems(text: string): string[] {
  const words = text.slice(0, KNOWLEDGE_QUERY_MAX).split(/[^\p{L}\p{N}]+/u).map(normalizeForSearch).filter(Boolean);
  const stems = words.map((w) => stripParticle(stripEnding(w)));
  return [...new Set(stems.filter((s) => s.length >= 2))];
}

/**
 * Question words: they say what is asked, not about what, so alone they match nothing ('어떻게 해요?' answered
 * with whichever entry's question also has 어떻게, the tie going to the first id).
 */
const QUESTION_WORDS = new Set(['어떻게', '언제', '어디', '어디서', '어디에', '무엇', '뭐', '뭔가', '왜', '얼마', '얼마나', '누가', '어느']);
const contentStems = (text: string) => questionStems(text).filter((s) => !QUESTION_WORDS.has(s));

/** A word of consonant jamo only (ㅂㅅ): typed as 초성. */
const CHOSEONG_WORD = /^[\u3131-\u314E]+$/u;
/** Laughter (ㅋㅋ, ㅎㅎㅎ) is no 초성 of anything asked; the 초성 of a question word (ㅇㄸㄱ) is that question word. */
const NOT_CHOSEONG_QUERY = new Set([...QUESTION_WORDS].map((w) => getChoseong(w)));
const isChoseongQuery = (word: string) => CHOSEONG_WORD.test(word) && !/^(ㅋ+|ㅎ+)$/u.test(word) && !NOT_CHOSEONG_QUERY.has(word);

/** A corrected word counts this much of a literal one: the word typed right ranks first. */
export const TYPO_WEIGHT = 0.75;
/** Only words of 2+ syllables are corrected (a one-jamo change of one syllable is another word). */
const TYPO_MIN_SYLLABLES = 2;
const HAS_SYLLABLE = /[\uAC00-\uD7A3]/u;

/** A vowel jamo (ㅏ–ㅣ; es-hangul's `disassemble` writes a compound vowel as two: ㅘ is ㅗㅏ). */
const VOWEL = /^[\u314F-\u3163]$/u;
const isVowel = (jamo: string | undefined) => jamo !== undefined && VOWEL.test(jamo);

/**
 * At most one substitution, insertion, deletion or swap of neighbours apart; `vowelsOnly`: and the jamo that
 * differ are vowels (the two words have the same consonants in the same places).
 */
function withinOneEdit(a: string, b: string, vowelsOnly: boolean): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) {
    if (short.slice(i + 1) === long.slice(i + 1)) return !vowelsOnly || (isVowel(short[i]) && isVowel(long[i]));
    const swapped = short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
    return swapped && (!vowelsOnly || (isVowel(short[i]) && isVowel(short[i + 1])));
  }
  return short.slice(i) === long.slice(i + 1) && (!vowelsOnly || isVowel(long[i]));
}

/**
 * s60: a word of two syllables is corrected only by a vowel (배숑 → 배송, 환뷸 → 환불, 결재 → 결제). A short word has
 * few jamo, and a consonant changed in one is most often another real word (비법 is no 비번, 배속 no 배송, 개똥 no
 * 개통): its consonants, the part a 초성 abbreviation keeps, must all be the keyword's. Longer words keep any one-jamo change.
 */
const vowelsOnlyFor = (a: string, b: string) => Math.min(a.length, b.length) <= SHORT_WORD_SYLLABLES;
const SHORT_WORD_SYLLABLES = 2;

/** The jamo string and its one-jamo deletions (SymSpell): two words one edit apart share one of these keys. */
function deletionKeys(jamo: string): string[] {
  const keys = [jamo];
  for (let i = 0; i < jamo.length; i++) keys.push(jamo.slice(0, i) + jamo.slice(i + 1));
  return keys;
}

/**
 * The knowledge base's words (keywords and question stems) by their jamo deletion keys, and all its text,
 * built with the matcher. `corrections(stem)` is empty for a word the knowledge base has (even inside a longer
 * one), else the knowledge base's words one jamo away.
 */
function typoIndex(words: Iterable<string>, allText: string) {
  const jamoOf = new Map<string, string>();
  const byKey = new Map<string, string[]>();
  for (const word of words) {
    if (jamoOf.has(word) || word.length < TYPO_MIN_SYLLABLES || !HAS_SYLLABLE.test(word)) continue;
    const jamo = disassemble(word);
    jamoOf.set(word, jamo);
    for (const key of new Set(deletionKeys(jamo))) {
      const list = byKey.get(key);
      if (list) list.push(word); else byKey.set(key, [word]);
    }
  }
  return (stem: string): string[] => {
    if (jamoOf.has(stem) || stem.length < TYPO_MIN_SYLLABLES || !HAS_SYLLABLE.test(stem)) return [];
    const jamo = disassemble(stem);
    const found = new Set<string>();
    for (const key of deletionKeys(jamo)) {
      for (const word of byKey.get(key) ?? []) if (withinOneEdit(jamo, jamoOf.get(word)!, vowelsOnlyFor(stem, word))) found.add(word);
    }
    // Checked last, and only when there is a correction: the scan of all the text is the dearest step.
    return found.size > 0 && !allText.includes(stem) ? [...found] : [];
  };
}

/**
 * Spec §9's keyword extraction: at most 10 words longer than one character — here the question's
 * stems (particles and question endings off, so '배송은 언제 와요?' and '배송 언제 오나요' share theirs).
 */
export function extractKeywords(text: string): string[] {
  return questionStems(text).slice(0, MAX_KEYWORDS);
}

/** A keyword found in the question: longer keywords say more. */
const keywordScore = (keyword: string) => (keyword.length >= 3 ? 1.5 : 1);

function bigrams(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < text.length; i++) out.push(text.slice(i, i + 2));
  return out;
}

interface Indexed<E> {
  entry: E;
  keywords: string[];
  /** Question and keywords, normalised and joined: what question words are looked for in. */
  haystack: string;
  bigrams: Set<string>;
  bigramCount: number;
  /** 초성 of each keyword, and of the haystack (what a 초성 word is looked for in). */
  keywordChoseong: string[];
  choseong: string;
}

export function createKnowledgeMatcher<E extends MatchableEntry>(entries: readonly E[]): KnowledgeMatcher<E> {
  const vocabulary = new Set<string>();
  const indexed: Indexed<E>[] = entries.map((entry) => {
    const keywords = [...new Set(entry.keywords.map(normalizeForSearch).filter((k) => k.length >= 2))];
    const questionWords = contentStems(entry.question);
    for (const w of [...keywords, ...questionWords]) vocabulary.add(w);
    const grams = new Set(bigrams(questionWords.join('')));
    const haystack = `${normalizeForSearch(entry.question)}|${keywords.join('|')}`;
    return {
      entry, keywords, haystack, bigrams: grams, bigramCount: grams.size,
      keywordChoseong: keywords.map((k) => getChoseong(k)), choseong: getChoseong(haystack.replaceAll('|', ' ')),
    };
  });
  const corrections = typoIndex(vocabulary, indexed.map((e) => e.haystack).join('|'));

  function match(query: string, opts: MatchOptions<E> = {}) {
    const minScore = opts.minScore ?? MIN_SCORE;
    const joined = normalizeForSearch(query.slice(0, KNOWLEDGE_QUERY_MAX));
    if (joined.length < 2) return [];
    const words = contentStems(query);
    // 초성 words are looked up by their 초성 only (laughter and question words in 초성 not at all).
    const choseongWords = words.filter(isChoseongQuery);
    const stems = words.filter((s) => !CHOSEONG_WORD.test(s));
    const fixes = [...new Set(stems.flatMap(corrections))];
    // Most questions have neither: their loop stays the literal one.
    const typos = fixes.length > 0;
    const choseong = choseongWords.length > 0;
    const queryGrams = [...new Set(bigrams(stems.join('')))];
    const hits: { entry: E; score: number }[] = [];
    for (const e of indexed) {
      if (opts.accept && !opts.accept(e.entry)) continue;
      let score = 0;
      for (const k of e.keywords) {
        if (joined.includes(k)) score += keywordScore(k);
        else if (stems.some((s) => k.startsWith(s) && s.length >= 2)) score += 0.5;
        else if (typos && fixes.includes(k)) score += TYPO_WEIGHT * keywordScore(k);
      }
      for (const s of stems) if (e.haystack.includes(s)) score += 0.5;
      if (typos) for (const f of fixes) if (e.haystack.includes(f)) score += TYPO_WEIGHT * 0.5;
      if (choseong) {
        for (const c of choseongWords) {
          for (const kc of e.keywordChoseong) {
            if (kc === c) score += keywordScore(c);
            else if (kc.startsWith(c)) score += 0.5;
          }
          if (e.choseong.includes(c)) score += 0.5;
        }
      }
      if (queryGrams.length > 0 && e.bigramCount > 0) {
        let common = 0;
        for (const g of queryGrams) if (e.bigrams.has(g)) common++;
        score += (4 * common) / (queryGrams.length + e.bigramCount);
      }
      if (score < minScore) continue;
      if (opts.role !== undefined && e.entry.roles.includes(opts.role)) score += 0.5;
      hits.push({ entry: e.entry, score: Math.round(score * 1000) / 1000 });
    }
    hits.sort((a, b) => b.score - a.score || (a.entry.id < b.entry.id ? -1 : 1));
    return hits.slice(0, opts.limit ?? 5);
  }

  return { match, size: indexed.length };
}
