import { hasBatchim } from 'es-hangul';
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

/**
 * Spec §9's keyword extraction: at most 10 words longer than one character — here the question's
 * stems (particles and question endings off, so '배송은 언제 와요?' and '배송 언제 오나요' share theirs).
 */
export function extractKeywords(text: string): string[] {
  return questionStems(text).slice(0, MAX_KEYWORDS);
}

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
}

export function createKnowledgeMatcher<E extends MatchableEntry>(entries: readonly E[]): KnowledgeMatcher<E> {
  const indexed: Indexed<E>[] = entries.map((entry) => {
    const keywords = [...new Set(entry.keywords.map(normalizeForSearch).filter((k) => k.length >= 2))];
    const stems = contentStems(entry.question).join('');
    const grams = new Set(bigrams(stems));
    return { entry, keywords, haystack: `${normalizeForSearch(entry.question)}|${keywords.join('|')}`, bigrams: grams, bigramCount: grams.size };
  });

  function match(query: string, opts: MatchOptions<E> = {}) {
    const minScore = opts.minScore ?? MIN_SCORE;
    const joined = normalizeForSearch(query.slice(0, KNOWLEDGE_QUERY_MAX));
    if (joined.length < 2) return [];
    const stems = contentStems(query);
    const queryGrams = [...new Set(bigrams(stems.join('')))];
    const hits: { entry: E; score: number }[] = [];
    for (const e of indexed) {
      if (opts.accept && !opts.accept(e.entry)) continue;
      let score = 0;
      for (const k of e.keywords) {
        if (joined.includes(k)) score += k.length >= 3 ? 1.5 : 1;
        else if (stems.some((s) => k.startsWith(s) && s.length >= 2)) score += 0.5;
      }
      for (const s of stems) if (e.haystack.includes(s)) score += 0.5;
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
