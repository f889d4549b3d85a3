import { disassemble, getChoseong } from 'es-hangul';
import type { PriceHeadline } from '@phonemarket/contracts';
import { LINE_WORDS } from './synonyms.ts';

/**
 * Korean-aware in-memory product search (pure: no I/O, no clock, no randomness).
 *
 * Every indexed text (name, brand, aliases) and every query is analysed once into two
 * canonical strings with whitespace/punctuation removed:
 *   - `en`: Korean line words replaced by their English canonical (갤럭시s25울트라 → galaxys25ultra)
 *   - `kr`: English line words replaced by their Korean canonical (iPhone 17 Pro → 아이폰17프로)
 * Matching is then plain `includes`/`startsWith` on precomputed strings — no per-query regexes.
 * The `en` form makes 아이폰 ≡ iphone in both directions; the `kr` form keeps half-typed Korean
 * (갤럭 → 갤럭시) working against English names. Initial consonants (초성) and jamo
 * decompositions of the `kr` forms are precomputed for 초성 search (ㄱㄹㅅ) and for a query whose
 * last syllable is still being composed by the IME (갤러 → 갤럭시).
 */

export interface SearchEntry {
  id: string;
  name: string;
  brand: string;
  /**
   * The price the entry's suggestion leads with (`priceHeadline`'s kind and amount): its 월 납부금, or what is paid
   * today for a model sold only paid in full (자급제, 중고·리퍼), which has no 월 to compare (s61).
   */
  headline: Pick<PriceHeadline, 'kind' | 'amount'>;
  aliases: string[];
  popularity?: number;
}

export interface SearchResult {
  id: string;
  name: string;
  brand: string;
}

export interface SearchIndex {
  search(query: string, limit?: number): SearchResult[];
  readonly size: number;
}

// ---------------------------------------------------------------------------------------------
// Normalization

const FULLWIDTH_ASCII = /[\uFF01-\uFF5E]/g;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const NON_WORD_SPLIT = /[^\p{L}\p{N}]+/u;

function toHalfWidth(text: string): string {
  return text.replace(FULLWIDTH_ASCII, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

function prepare(text: string): string {
  // Lowercasing can (rarely) emit combining marks; those are dropped later with the punctuation.
  return toHalfWidth(text.normalize('NFC')).toLowerCase();
}

/**
 * Lowercase, NFC, full-width ASCII folded to ASCII, and every character that is not a letter or
 * a digit (whitespace, punctuation, hyphens, symbols such as `+`) removed:
 * `'갤럭시 S25'`, `'갤럭시s25'`, `'갤럭시 s-25'` and `'갤럭시 Ｓ２５'` all become `'갤럭시s25'`.
 */
export function normalizeForSearch(text: string): string {
  return prepare(text).replace(NON_WORD, '');
}

// ---------------------------------------------------------------------------------------------
// Canonical analysis

interface Piece {
  en: string;
  kr: string;
}

interface Analysis {
  en: string;
  kr: string;
  /** `enStarts[i] === 1` iff a word/piece starts at offset i of `en`; same for `krStarts`. */
  enStarts: Uint8Array;
  krStarts: Uint8Array;
  pieces: Piece[];
}

const EN_TO_KO = new Map<string, string>();
const KO_TO_WORD: { ko: string; en: string; canonicalKo: string }[] = [];
for (const word of LINE_WORDS) {
  EN_TO_KO.set(word.en, word.ko[0]);
  for (const ko of word.ko) KO_TO_WORD.push({ ko, en: word.en, canonicalKo: word.ko[0] });
}
// Longest first so that e.g. a longer spelling wins over a shorter one sharing its prefix.
KO_TO_WORD.sort((a, b) => b.ko.length - a.ko.length);

const HANGUL_CLASS = '\\u1100-\\u11FF\\u3130-\\u318F\\uA960-\\uA97F\\uAC00-\\uD7A3\\uD7B0-\\uD7FF';
const SCRIPT_RUNS = new RegExp(`[${HANGUL_CLASS}]+|[^${HANGUL_CLASS}]+`, 'g');
const HANGUL_START = new RegExp(`^[${HANGUL_CLASS}]`);
const LATIN_PARTS = /[a-z]+|[0-9]+|[^a-z0-9]+/g;

function splitHangulRun(run: string, out: Piece[]): void {
  let buffer = '';
  let i = 0;
  while (i < run.length) {
    let matched: (typeof KO_TO_WORD)[number] | undefined;
    for (const candidate of KO_TO_WORD) {
      if (run.startsWith(candidate.ko, i)) {
        matched = candidate;
        break;
      }
    }
    if (matched) {
      if (buffer) out.push({ en: buffer, kr: buffer });
      buffer = '';
      out.push({ en: matched.en, kr: matched.canonicalKo });
      i += matched.ko.length;
    } else {
      buffer += run[i];
      i += 1;
    }
  }
  if (buffer) out.push({ en: buffer, kr: buffer });
}

function splitOtherRun(run: string, out: Piece[]): void {
  // Letters and digits stay glued (s25, 16e) unless the letters are a known line word (iphone17).
  let buffer = '';
  for (const part of run.match(LATIN_PARTS) ?? []) {
    const ko = EN_TO_KO.get(part);
    if (ko !== undefined) {
      if (buffer) out.push({ en: buffer, kr: buffer });
      buffer = '';
      out.push({ en: part, kr: ko });
    } else {
      buffer += part;
    }
  }
  if (buffer) out.push({ en: buffer, kr: buffer });
}

function analyze(text: string): Analysis {
  // `+` is meaningful in model names (S25+ = S25 플러스); everything else non-alphanumeric is noise.
  const prepared = prepare(text).replace(/\+/g, ' plus ');
  const pieces: Piece[] = [];
  for (const word of prepared.split(NON_WORD_SPLIT)) {
    if (!word) continue;
    for (const run of word.match(SCRIPT_RUNS) ?? []) {
      if (HANGUL_START.test(run)) splitHangulRun(run, pieces);
      else splitOtherRun(run, pieces);
    }
  }
  let en = '';
  let kr = '';
  const enOffsets: number[] = [];
  const krOffsets: number[] = [];
  for (const piece of pieces) {
    enOffsets.push(en.length);
    krOffsets.push(kr.length);
    en += piece.en;
    kr += piece.kr;
  }
  const enStarts = new Uint8Array(en.length + 1);
  const krStarts = new Uint8Array(kr.length + 1);
  for (const offset of enOffsets) enStarts[offset] = 1;
  for (const offset of krOffsets) krStarts[offset] = 1;
  return { en, kr, enStarts, krStarts, pieces };
}

function choseongOf(text: string): string {
  return getChoseong(text, { keepNonHangul: true });
}

// ---------------------------------------------------------------------------------------------
// Index

/** Field separator in the joined haystacks; normalized text never contains it. */
const SEP = '|';

interface IndexedEntry {
  result: SearchResult;
  nameEn: string;
  nameKr: string;
  nameEnStarts: Uint8Array;
  nameKrStarts: Uint8Array;
  brandEn: string;
  brandKr: string;
  /** name, brand and aliases joined with SEP (en / kr canonical forms). */
  allEn: string;
  allKr: string;
  /** allEn + SEP + allKr: one haystack for "is this piece anywhere in the entry". */
  allBoth: string;
  /** 초성 of all kr forms, non-Hangul kept (갤럭시 S25 → ㄱㄹㅅs25). */
  allChoseong: string;
  /** Jamo decomposition of all kr forms (갤럭시 → ㄱㅐㄹㄹㅓㄱㅅㅣ). */
  allJamo: string;
  /** 64-bit character-presence masks (see charMask) of allBoth and of allJamo (⊇ allChoseong chars). */
  bothLo: number;
  bothHi: number;
  jamoLo: number;
  jamoHi: number;
}

/**
 * A 64-bit "which characters occur" bloom mask, as two int32 halves. If a needle's mask is not a
 * subset of a haystack's mask the needle cannot occur in it, so most non-matching entries are
 * rejected with two AND operations instead of substring scans.
 */
interface Mask {
  lo: number;
  hi: number;
}

function charMask(text: string): Mask {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < text.length; i++) {
    const bit = Math.imul(text.charCodeAt(i), 0x9e3779b1) >>> 26; // 0..63
    if (bit < 32) lo |= 1 << bit;
    else hi |= 1 << (bit - 32);
  }
  return { lo, hi };
}

/** A needle with its mask. */
interface Needle extends Mask {
  text: string;
}

function needle(text: string): Needle {
  return { text, ...charMask(text) };
}

/**
 * A query (piece) for jamo matching, where the last syllable may be incomplete (갤러 → 갤럭시).
 * Because every syllable starts with a consonant, a jamo match of a text made of complete
 * syllables and non-Hangul characters implies a literal match of everything before its last
 * syllable; `guard` is that literal prefix (checked first, cheaply). If the text does not end in
 * a syllable, a jamo match is exactly a literal match and `literalOnly` is set.
 */
interface JamoNeedle {
  jamo: Needle;
  guard: Needle | null;
  literalOnly: boolean;
}

const SYLLABLE = /^[\uAC00-\uD7A3]$/;
const ANY_JAMO = /[\u1100-\u11FF\u3131-\u318E]/;

function jamoNeedle(kr: string): JamoNeedle {
  const jamo = needle(disassemble(kr));
  if (ANY_JAMO.test(kr)) return { jamo, guard: null, literalOnly: false };
  const last = kr.at(-1) ?? '';
  if (!SYLLABLE.test(last)) return { jamo, guard: needle(kr), literalOnly: true };
  const prefix = kr.slice(0, -1);
  return { jamo, guard: prefix ? needle(prefix) : null, literalOnly: false };
}

const TIER_EXACT = 0;
const TIER_PREFIX = 1;
const TIER_WORD_PREFIX = 2;
const TIER_NAME_SUBSTRING = 3;
const TIER_ALIAS_OR_BRAND = 4;
const TIER_CHOSEONG_OR_PARTIAL = 5;
const TIER_COUNT = 6;
const NO_MATCH = -1;

const DEFAULT_LIMIT = 10;
const MIN_QUERY_CHARS = 2;
/** Longer queries cannot match a product name anyway; the cap keeps worst-case cost bounded. */
const MAX_QUERY_CHARS = 120;
/** A string that can never be found in a haystack (haystacks are normalized). */
const NEVER = '\u0000';

function indexEntry(entry: SearchEntry): IndexedEntry {
  const name = analyze(entry.name);
  const brand = analyze(entry.brand);
  const aliases = (entry.aliases ?? []).map(analyze);
  const fields = [name, brand, ...aliases].filter((a) => a.en.length > 0);
  const allEn = fields.map((a) => a.en).join(SEP);
  const allKr = fields.map((a) => a.kr).join(SEP);
  const allBoth = `${allEn}${SEP}${allKr}`;
  const allJamo = disassemble(allKr);
  const both = charMask(allBoth);
  const jamo = charMask(allJamo);
  return {
    result: { id: entry.id, name: entry.name, brand: entry.brand },
    nameEn: name.en,
    nameKr: name.kr,
    nameEnStarts: name.enStarts,
    nameKrStarts: name.krStarts,
    brandEn: brand.en,
    brandKr: brand.kr,
    allEn,
    allKr,
    allBoth,
    allChoseong: choseongOf(allKr),
    allJamo,
    bothLo: both.lo,
    bothHi: both.hi,
    jamoLo: jamo.lo,
    jamoHi: jamo.hi,
  };
}

function occursAtWordStart(haystack: string, starts: Uint8Array, needle: string): boolean {
  let at = haystack.indexOf(needle);
  while (at !== -1) {
    if (starts[at] === 1) return true;
    at = haystack.indexOf(needle, at + 1);
  }
  return false;
}

/** Tier of a full-query match against the entry name only (0–3), or NO_MATCH. */
function nameTier(e: IndexedEntry, qEn: string, qKr: string): number {
  const inEn = e.nameEn.includes(qEn);
  const inKr = e.nameKr.includes(qKr);
  if (!inEn && !inKr) return NO_MATCH;
  if (e.nameEn === qEn || e.nameKr === qKr) return TIER_EXACT;
  if (e.nameEn.startsWith(qEn) || e.nameKr.startsWith(qKr)) return TIER_PREFIX;
  if ((inEn && occursAtWordStart(e.nameEn, e.nameEnStarts, qEn)) || (inKr && occursAtWordStart(e.nameKr, e.nameKrStarts, qKr))) {
    return TIER_WORD_PREFIX;
  }
  return TIER_NAME_SUBSTRING;
}

interface PreparedQuery {
  en: string;
  kr: string;
  /** Canonical pieces ('갤럭시 울트라' → galaxy, ultra), de-duplicated, longest first. */
  pieces: Piece[];
  /** The same pieces as masked needles, for the cheap reject. */
  pieceNeedles: { en: Needle; kr: Needle }[];
  /** The query had more than one piece (before de-duplication). */
  multi: boolean;
  /** Set when the query is 초성-only (ㄱㄹㅅ, ㅇㅇㅍ 17): 초성 of the query and of each piece. */
  choseong: Needle | null;
  pieceChoseong: Needle[];
  /** Set when the query contains complete syllables: jamo of the query and of each piece. */
  jamo: JamoNeedle | null;
  pieceJamo: JamoNeedle[];
}

const HAS_SYLLABLE = /[\uAC00-\uD7A3]/;
const HAS_CONSONANT_JAMO = /[\u3131-\u314E]/;
const HAS_VOWEL_JAMO = /[\u314F-\u318E]/;

function prepareQuery(raw: string): PreparedQuery | null {
  const trimmed = raw.trim();
  const capped = trimmed.length > MAX_QUERY_CHARS ? trimmed.slice(0, MAX_QUERY_CHARS) : trimmed;
  if (Array.from(capped).length < MIN_QUERY_CHARS) return null;
  const normalized = normalizeForSearch(capped);
  if (Array.from(normalized).length < MIN_QUERY_CHARS) return null;
  const analysis = analyze(capped);
  if (!analysis.en) return null;
  // Longest (most selective) first: the cheap reject in tierOf stops at the first missing piece.
  const pieces = dedupePieces(analysis.pieces).sort((a, b) => b.en.length - a.en.length);

  const hasSyllable = HAS_SYLLABLE.test(normalized);
  const choseongOnly = !hasSyllable && HAS_CONSONANT_JAMO.test(normalized) && !HAS_VOWEL_JAMO.test(normalized);
  return {
    en: analysis.en,
    kr: analysis.kr,
    pieces,
    pieceNeedles: pieces.map((p) => ({ en: needle(p.en), kr: needle(p.kr) })),
    multi: analysis.pieces.length > 1,
    choseong: choseongOnly ? needle(choseongOf(analysis.kr)) : null,
    pieceChoseong: choseongOnly ? dedupe(pieces.map((p) => choseongOf(p.kr))).map(needle) : [],
    jamo: hasSyllable ? jamoNeedle(analysis.kr) : null,
    pieceJamo: hasSyllable ? dedupe(pieces.map((p) => p.kr)).map(jamoNeedle) : [],
  };
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}

function dedupePieces(pieces: Piece[]): Piece[] {
  const seen = new Set<string>();
  return pieces.filter((p) => (seen.has(p.en) ? false : (seen.add(p.en), true)));
}

function pieceIn(haystackEn: string, haystackKr: string, p: Piece): boolean {
  return haystackEn.includes(p.en) || haystackKr.includes(p.kr);
}

function allPiecesIn(haystackEn: string, haystackKr: string, pieces: Piece[]): boolean {
  for (let i = 0; i < pieces.length; i++) if (!pieceIn(haystackEn, haystackKr, pieces[i]!)) return false;
  return true;
}

/** Mask-checked substring test against the entry's jamo-side haystack (allJamo or allChoseong). */
function inJamoSide(e: IndexedEntry, haystack: string, n: Needle): boolean {
  return (e.jamoLo & n.lo) === n.lo && (e.jamoHi & n.hi) === n.hi && haystack.includes(n.text);
}

function allInJamoSide(e: IndexedEntry, haystack: string, needles: Needle[]): boolean {
  for (let i = 0; i < needles.length; i++) if (!inJamoSide(e, haystack, needles[i]!)) return false;
  return true;
}

/** Tier 5: 초성 query, or a query whose last syllable is still being composed. */
function weakTier(e: IndexedEntry, q: PreparedQuery): number {
  if (q.choseong !== null) {
    if (inJamoSide(e, e.allChoseong, q.choseong)) return TIER_CHOSEONG_OR_PARTIAL;
    if (q.multi && allInJamoSide(e, e.allChoseong, q.pieceChoseong)) return TIER_CHOSEONG_OR_PARTIAL;
  } else if (q.jamo !== null) {
    // Jamo substring = the last syllable may still be mid-composition (갤러 → 갤럭시, 아이포 → 아이폰).
    if (jamoMatch(e, q.jamo)) return TIER_CHOSEONG_OR_PARTIAL;
    if (q.multi && allJamoMatch(e, q.pieceJamo)) return TIER_CHOSEONG_OR_PARTIAL;
  }
  return NO_MATCH;
}

function jamoMatch(e: IndexedEntry, n: JamoNeedle): boolean {
  if (n.guard !== null && !inBoth(e, n.guard)) return false;
  return n.literalOnly || inJamoSide(e, e.allJamo, n.jamo);
}

function allJamoMatch(e: IndexedEntry, needles: JamoNeedle[]): boolean {
  for (let i = 0; i < needles.length; i++) if (!jamoMatch(e, needles[i]!)) return false;
  return true;
}

function inBoth(e: IndexedEntry, n: Needle): boolean {
  return (e.bothLo & n.lo) === n.lo && (e.bothHi & n.hi) === n.hi && e.allBoth.includes(n.text);
}

function tierOf(e: IndexedEntry, q: PreparedQuery): number {
  // "삼성 갤럭시 S25": a brand prefix followed by (part of) the name ranks like the name alone.
  let enRest = NEVER;
  let krRest = NEVER;
  if (e.brandEn.length > 0) {
    if (q.en.length > e.brandEn.length && q.en.startsWith(e.brandEn)) enRest = q.en.slice(e.brandEn.length);
    if (q.kr.length > e.brandKr.length && q.kr.startsWith(e.brandKr)) krRest = q.kr.slice(e.brandKr.length);
  }
  const brandPrefixed = enRest !== NEVER || krRest !== NEVER;

  // Fast reject (the common case): any tier 0–4 match contains every query piece somewhere.
  if (!brandPrefixed) {
    const needles = q.pieceNeedles;
    for (let i = 0; i < needles.length; i++) {
      const n = needles[i]!;
      if (!inBoth(e, n.en) && (n.kr.text === n.en.text || !inBoth(e, n.kr))) return weakTier(e, q);
    }
  }

  let tier = nameTier(e, q.en, q.kr);
  if (brandPrefixed && tier !== TIER_EXACT) {
    const stripped = nameTier(e, enRest, krRest);
    if (stripped !== NO_MATCH && (tier === NO_MATCH || stripped < tier)) tier = stripped;
  }
  if (tier !== NO_MATCH) return tier;

  const multi = q.multi;
  // Every piece found somewhere in the name, in any order ('galaxy 울트라', '프로 아이폰').
  if (multi && allPiecesIn(e.nameEn, e.nameKr, q.pieces)) return TIER_NAME_SUBSTRING;
  if (e.allEn.includes(q.en) || e.allKr.includes(q.kr)) return TIER_ALIAS_OR_BRAND;
  if (multi && allPiecesIn(e.allEn, e.allKr, q.pieces)) return TIER_ALIAS_OR_BRAND;
  return weakTier(e, q);
}

interface SortKey {
  e: IndexedEntry;
  nameLength: number;
  popularity: number;
  /** 0: a 월 납부금, 1: paid today (after every 월, as `offerPriceOrder` groups offers). */
  paidToday: 0 | 1;
  amount: number;
  id: string;
}

function sortKey(entry: SearchEntry, e: IndexedEntry): SortKey {
  const popularity = entry.popularity;
  return {
    e,
    nameLength: e.nameEn.length,
    popularity: typeof popularity === 'number' && Number.isFinite(popularity) ? popularity : 0,
    paidToday: entry.headline.kind === 'today' ? 1 : 0,
    amount: Number.isFinite(entry.headline.amount) ? entry.headline.amount : Number.MAX_VALUE,
    id: entry.id,
  };
}

/**
 * Tie-break: shorter (canonical) name, higher popularity, lower price as the suggestion shows it (a 월 납부금 before
 * any price paid today, each group by its amount: a model sold only paid in full is not ordered by a 월 it does not
 * have), then id.
 */
function compareForTies(a: SortKey, b: SortKey): number {
  if (a.nameLength !== b.nameLength) return a.nameLength - b.nameLength;
  if (a.popularity !== b.popularity) return b.popularity - a.popularity;
  if (a.paidToday !== b.paidToday) return a.paidToday - b.paidToday;
  if (a.amount !== b.amount) return a.amount - b.amount;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Builds an immutable index. All per-entry work (canonical forms, synonyms, 초성, jamo) happens
 * here; entries are stored pre-sorted by the tie-break order (shorter canonical name, higher
 * popularity, lower headline price, id), so a query is one linear scan that drops each match into
 * its tier bucket, already in final order.
 */
export function createSearchIndex(entries: SearchEntry[]): SearchIndex {
  const ordered = entries
    .map((entry) => sortKey(entry, indexEntry(entry)))
    .sort(compareForTies)
    .map((x) => x.e);

  function search(query: string, limit: number = DEFAULT_LIMIT): SearchResult[] {
    if (typeof query !== 'string') return [];
    const max = Number.isNaN(limit) ? DEFAULT_LIMIT : Math.floor(limit); // Infinity = no limit
    if (max <= 0) return [];
    const q = prepareQuery(query);
    if (q === null) return [];

    const buckets: IndexedEntry[][] = Array.from({ length: TIER_COUNT }, () => []);
    for (const e of ordered) {
      const tier = tierOf(e, q);
      if (tier === NO_MATCH) continue;
      const bucket = buckets[tier];
      if (bucket !== undefined && bucket.length < max) bucket.push(e);
      // Early exit once the best tier alone fills the page.
      if (tier === TIER_EXACT && buckets[TIER_EXACT]!.length >= max) break;
    }

    const results: SearchResult[] = [];
    for (const bucket of buckets) {
      for (const e of bucket) {
        if (results.length >= max) return results;
        const r = e.result;
        results.push({ id: r.id, name: r.name, brand: r.brand });
      }
    }
    return results;
  }

  return { search, size: ordered.length };
}
