import { describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { createSearchIndex, normalizeForSearch } from './korean.ts';
import type { SearchEntry } from './korean.ts';

const PHONES: SearchEntry[] = [
  { id: 'galaxy-s25', name: '갤럭시 S25', brand: '삼성', headline: { kind: 'monthly', amount: 59_000 }, aliases: ['갤럭시', 'galaxy', 's25'], popularity: 90 },
  { id: 'galaxy-s25-plus', name: '갤럭시 S25+', brand: '삼성', headline: { kind: 'monthly', amount: 69_000 }, aliases: ['갤럭시', 'galaxy', 's25 plus'], popularity: 40 },
  { id: 'galaxy-s25-ultra', name: '갤럭시 S25 울트라', brand: '삼성', headline: { kind: 'monthly', amount: 79_000 }, aliases: ['갤럭시', 'galaxy', 's25 ultra'], popularity: 95 },
  { id: 'galaxy-z-flip7', name: '갤럭시 Z 플립7', brand: '삼성', headline: { kind: 'monthly', amount: 65_000 }, aliases: ['갤럭시', 'galaxy', 'z flip7'], popularity: 70 },
  { id: 'galaxy-z-fold7', name: '갤럭시 Z 폴드7', brand: '삼성', headline: { kind: 'monthly', amount: 99_000 }, aliases: ['갤럭시', 'galaxy', 'z fold7'], popularity: 60 },
  { id: 'galaxy-a56', name: '갤럭시 A56', brand: '삼성', headline: { kind: 'monthly', amount: 29_000 }, aliases: ['갤럭시', 'galaxy', 'a56'], popularity: 50 },
  { id: 'iphone-17', name: '아이폰 17', brand: '애플', headline: { kind: 'monthly', amount: 62_000 }, aliases: ['아이폰', 'iphone'], popularity: 88 },
  // English display name without Korean aliases: must still be found by Korean queries.
  { id: 'iphone-17-pro', name: 'iPhone 17 Pro', brand: 'Apple', headline: { kind: 'monthly', amount: 85_000 }, aliases: [], popularity: 92 },
  { id: 'iphone-17-pro-max', name: '아이폰 17 프로 맥스', brand: '애플', headline: { kind: 'monthly', amount: 95_000 }, aliases: ['iphone 17 pro max'], popularity: 80 },
  { id: 'iphone-16e', name: '아이폰 16e', brand: '애플', headline: { kind: 'monthly', amount: 39_000 }, aliases: ['아이폰', 'iphone', '16e'], popularity: 55 },
  { id: 'pixel-10', name: '픽셀 10', brand: '구글', headline: { kind: 'monthly', amount: 45_000 }, aliases: ['픽셀', 'pixel'], popularity: 30 },
  { id: 'pixel-10-pro', name: 'Pixel 10 Pro', brand: 'Google', headline: { kind: 'monthly', amount: 60_000 }, aliases: [], popularity: 25 },
  { id: 'redmi-note-14', name: '레드미 노트 14', brand: '샤오미', headline: { kind: 'monthly', amount: 19_000 }, aliases: ['redmi', 'xiaomi'], popularity: 10 },
];

const GALAXY_IDS = PHONES.filter((p) => p.id.startsWith('galaxy-')).map((p) => p.id);
const IPHONE_IDS = PHONES.filter((p) => p.id.startsWith('iphone-')).map((p) => p.id);
const PIXEL_IDS = PHONES.filter((p) => p.id.startsWith('pixel-')).map((p) => p.id);

const index = createSearchIndex(PHONES);
const ids = (query: string, limit?: number): string[] => index.search(query, limit).map((r) => r.id);
const sorted = (list: string[]): string[] => [...list].sort();

describe('normalizeForSearch', () => {
  it('lowercases and removes whitespace, punctuation and hyphens', () => {
    expect(normalizeForSearch('갤럭시 S25')).toBe('갤럭시s25');
    expect(normalizeForSearch('갤럭시s25')).toBe('갤럭시s25');
    expect(normalizeForSearch('  갤럭시\t s-25 ')).toBe('갤럭시s25');
    expect(normalizeForSearch('iPhone 17 Pro (256GB)!')).toBe('iphone17pro256gb');
    expect(normalizeForSearch('Galaxy Z Flip·7')).toBe('galaxyzflip7');
  });

  it('applies NFC and folds full-width ASCII', () => {
    const decomposed = '갤럭시'.normalize('NFD');
    expect(decomposed).not.toBe('갤럭시');
    expect(normalizeForSearch(`${decomposed} S25`)).toBe('갤럭시s25');
    expect(normalizeForSearch('갤럭시　Ｓ２５')).toBe('갤럭시s25');
  });

  it('keeps initial consonants (compatibility jamo) intact', () => {
    expect(normalizeForSearch('ㄱㄹㅅ ㅇㅌㄹ')).toBe('ㄱㄹㅅㅇㅌㄹ');
  });
});

describe('createSearchIndex', () => {
  it('reports its size', () => {
    expect(index.size).toBe(PHONES.length);
    expect(createSearchIndex([]).size).toBe(0);
    expect(createSearchIndex([]).search('갤럭시')).toEqual([]);
  });

  it('returns exactly {id, name, brand} (a suggestion\'s figures are the model summary\'s, searchIndex.ts)', () => {
    const [first] = index.search('아이폰 17 프로');
    expect(first).toEqual({ id: 'iphone-17-pro', name: 'iPhone 17 Pro', brand: 'Apple' });
    expect(Object.keys(first!).sort()).toEqual(['brand', 'id', 'name']);
  });

  it('returns fresh objects: mutating a result does not affect the index', () => {
    const [first] = index.search('갤럭시 S25');
    first!.name = 'hacked';
    expect(index.search('갤럭시 S25')[0]!.name).toBe('갤럭시 S25');
  });
});

describe('case and spacing insensitivity', () => {
  it.each(['갤럭시s25', '갤럭시 S25', '갤럭시 s-25', 'galaxy s25', 'Galaxy S25', 'GALAXYS25', ' 갤럭시  s25 '])(
    '%j finds Galaxy S25 first, then the other S25 models',
    (query) => {
      expect(ids(query)).toEqual(['galaxy-s25', 'galaxy-s25-plus', 'galaxy-s25-ultra']);
    },
  );

  it.each(['S25', 's25'])('%j finds every S25 model, the base model first', (query) => {
    expect(ids(query)).toEqual(['galaxy-s25', 'galaxy-s25-plus', 'galaxy-s25-ultra']);
  });

  it('matches English display names case-insensitively', () => {
    expect(ids('IPHONE 17 PRO')[0]).toBe('iphone-17-pro');
    expect(ids('pixel 10 pro')).toEqual(['pixel-10-pro']);
  });
});

describe('initial consonants (초성)', () => {
  it('ㄱㄹㅅ returns every Galaxy product and nothing else', () => {
    expect(sorted(ids('ㄱㄹㅅ', 50))).toEqual(sorted(GALAXY_IDS));
  });

  it('ㅇㅇㅍ returns every iPhone, including the English-named one', () => {
    expect(sorted(ids('ㅇㅇㅍ', 50))).toEqual(sorted(IPHONE_IDS));
  });

  it('ㅍㅅ returns the Pixels', () => {
    expect(sorted(ids('ㅍㅅ', 50))).toEqual(sorted(PIXEL_IDS));
  });

  it('combines consonant groups and model numbers', () => {
    expect(ids('ㄱㄹㅅ ㅇㅌㄹ')).toEqual(['galaxy-s25-ultra']);
    expect(ids('ㅇㅇㅍ ㅍㄹ ㅁㅅ')).toEqual(['iphone-17-pro-max']);
    expect(ids('ㅇㅇㅍ16e')).toEqual(['iphone-16e']);
  });

  it('finds nothing for consonants that match no product', () => {
    expect(ids('ㅋㅋㅋ')).toEqual([]);
  });
});

describe('Korean ↔ English line synonyms', () => {
  it('iphone 17 프로 and 아이폰 17 pro find iPhone 17 Pro first', () => {
    expect(ids('iphone 17 프로')).toEqual(['iphone-17-pro', 'iphone-17-pro-max']);
    expect(ids('아이폰 17 pro')).toEqual(['iphone-17-pro', 'iphone-17-pro-max']);
    expect(ids('아이폰17프로')).toEqual(['iphone-17-pro', 'iphone-17-pro-max']);
  });

  it('galaxy 울트라 finds the Galaxy S25 Ultra', () => {
    expect(ids('galaxy 울트라')).toEqual(['galaxy-s25-ultra']);
    expect(ids('갤럭시 ultra')).toEqual(['galaxy-s25-ultra']);
    expect(ids('s25 ultra')).toEqual(['galaxy-s25-ultra']);
  });

  it.each([
    ['아이폰', 'iphone', IPHONE_IDS],
    ['갤럭시', 'galaxy', GALAXY_IDS],
    ['픽셀', 'pixel', PIXEL_IDS],
    ['플립', 'flip', ['galaxy-z-flip7']],
    ['폴드', 'fold', ['galaxy-z-fold7']],
    ['울트라', 'ultra', ['galaxy-s25-ultra']],
    ['프로', 'pro', ['iphone-17-pro', 'pixel-10-pro', 'iphone-17-pro-max']],
    ['맥스', 'max', ['iphone-17-pro-max']],
    ['플러스', 'plus', ['galaxy-s25-plus']],
    ['삼성', 'samsung', GALAXY_IDS],
    ['애플', 'apple', IPHONE_IDS],
    ['구글', 'google', PIXEL_IDS],
  ])('%s and %s return the same results', (korean, english, expected) => {
    const fromKorean = ids(korean, 50);
    expect(fromKorean).toEqual(ids(english, 50));
    expect(sorted(fromKorean)).toEqual(sorted(expected));
  });

  it('픽셀 / pixel list the shorter name first', () => {
    expect(ids('픽셀')).toEqual(['pixel-10', 'pixel-10-pro']);
    expect(ids('pixel')).toEqual(['pixel-10', 'pixel-10-pro']);
  });

  it('treats + as plus', () => {
    expect(ids('s25+')).toEqual(['galaxy-s25-plus']);
    expect(ids('갤럭시 s25 플러스')).toEqual(['galaxy-s25-plus']);
  });

  it('accepts a brand prefix before the product name', () => {
    expect(ids('삼성 갤럭시 S25')[0]).toBe('galaxy-s25');
    expect(ids('apple 아이폰 16e')).toEqual(['iphone-16e']);
  });
});

describe('partial typing', () => {
  it('matches incomplete words in Korean and English', () => {
    expect(sorted(ids('갤럭', 50))).toEqual(sorted(GALAXY_IDS));
    expect(sorted(ids('아이', 50))).toEqual(sorted(IPHONE_IDS));
    expect(sorted(ids('iph', 50))).toEqual(sorted(IPHONE_IDS));
  });

  it('matches a last syllable still being composed by the IME', () => {
    expect(sorted(ids('갤러', 50))).toEqual(sorted(GALAXY_IDS)); // on the way to 갤럭
    expect(sorted(ids('아이포', 50))).toEqual(sorted(IPHONE_IDS)); // on the way to 아이폰
    expect(ids('갤럭시 울', 50)).toEqual(['galaxy-s25-ultra']);
    expect(ids('픽셀 10 플')).toEqual(['pixel-10-pro']); // 플 on the way to 프로
    expect(ids('ㄱㄹㅅ ㅇㅌ')).toEqual(['galaxy-s25-ultra']);
  });

  it('ranks partial-syllable matches below literal ones', () => {
    const partial = createSearchIndex([
      { id: 'literal', name: '갈대 케이스', brand: '기타', headline: { kind: 'monthly', amount: 1 }, aliases: [] },
      { id: 'partial', name: '가라 케이스', brand: '기타', headline: { kind: 'monthly', amount: 1 }, aliases: [] }, // 갈 is on the way to 가라
      { id: 'other', name: '가방', brand: '기타', headline: { kind: 'monthly', amount: 1 }, aliases: [] },
    ]);
    expect(partial.search('갈 케이스').map((r) => r.id)).toEqual(['literal', 'partial']);
  });
});

describe('ranking', () => {
  const entry = (id: string, name: string, extra: Partial<SearchEntry> = {}): SearchEntry => ({
    id,
    name,
    brand: '기타',
    headline: { kind: 'monthly', amount: 10_000 },
    aliases: [],
    ...extra,
  });

  it('orders exact > prefix > word prefix > substring > alias/brand > partial syllable', () => {
    const ranking = createSearchIndex([
      entry('none', '아이폰 17'),
      entry('partial', '폴들 거치대'), // jamo ㅍㅗㄹㄷㅡ(ㄹ): only an IME-partial match
      entry('alias', '갤럭시 Z 케이스', { aliases: ['폴드 전용'] }),
      entry('substring', 'Scaffold'),
      entry('word', '갤럭시 Z 폴드7'),
      entry('prefix', 'Fold Case'),
      entry('exact', '폴드'),
    ]);
    expect(ranking.search('폴드').map((r) => r.id)).toEqual(['exact', 'prefix', 'word', 'substring', 'alias', 'partial']);
    expect(ranking.search('fold').map((r) => r.id)).toEqual(['exact', 'prefix', 'word', 'substring', 'alias']);
  });

  it('ranks brand matches below name matches', () => {
    const ranking = createSearchIndex([
      entry('brand-only', '아이폰 17', { brand: 'Galaxy Store' }),
      entry('name', '갤럭시 A56'),
    ]);
    expect(ranking.search('갤럭시').map((r) => r.id)).toEqual(['name', 'brand-only']);
  });

  it('ranks choseong matches last', () => {
    const ranking = createSearchIndex([entry('choseong', '갤럭시 탭'), entry('literal', 'ㄱㄹㅅ 스페셜')]);
    expect(ranking.search('ㄱㄹㅅ').map((r) => r.id)).toEqual(['literal', 'choseong']);
  });

  it('breaks ties by shorter name, then popularity desc, then the 월 납부금 asc, then id', () => {
    const ranking = createSearchIndex([
      entry('d', 'Galaxy A16', { popularity: 5, headline: { kind: 'monthly', amount: 30_000 } }),
      entry('c', 'Galaxy A56', { popularity: 5, headline: { kind: 'monthly', amount: 30_000 } }),
      entry('b', 'Galaxy A36', { popularity: 5, headline: { kind: 'monthly', amount: 25_000 } }),
      entry('a', 'Galaxy A26', { popularity: 9, headline: { kind: 'monthly', amount: 90_000 } }),
      entry('e', 'Galaxy A5', { popularity: 0, headline: { kind: 'monthly', amount: 99_000 } }),
      entry('f', 'Galaxy A06', { headline: { kind: 'monthly', amount: 1_000 } }), // popularity defaults to 0
    ]);
    expect(ranking.search('galaxy a').map((r) => r.id)).toEqual(['e', 'a', 'b', 'c', 'd', 'f']);
  });

  it('orders a model sold only paid in full by what it shows, paid today, after every 월 납부금 (s61)', () => {
    // A 자급제-only model's summary still has a 월 (its paid-in-full offer over 24 months, here 37,500): it is not shown.
    const today = (amount: number) => ({ kind: 'today' as const, amount });
    const monthly = (amount: number) => ({ kind: 'monthly' as const, amount });
    const ranking = createSearchIndex([
      entry('pixel-b', 'Pixel 10b', { popularity: 5, headline: today(900_000) }),
      // a used unit paid in full at 30,000원: less than any 월 below, still after them (no 월 to compare)
      entry('pixel-a', 'Pixel 10a', { popularity: 5, headline: today(30_000) }),
      entry('galaxy-x', 'Pixel 10x', { popularity: 5, headline: monthly(50_000) }),
      entry('galaxy-y', 'Pixel 10y', { popularity: 5, headline: monthly(45_000) }),
    ]);
    expect(ranking.search('pixel 10').map((r) => r.id)).toEqual(['galaxy-y', 'galaxy-x', 'pixel-a', 'pixel-b']);
    // the tiers and the shorter name still come first: the price only breaks ties
    const shorter = createSearchIndex([entry('plan', 'Pixel 10 Pro', { headline: monthly(10_000) }), entry('unlocked', 'Pixel 10', { headline: today(1_200_000) })]);
    expect(shorter.search('pixel').map((r) => r.id)).toEqual(['unlocked', 'plan']);
  });
});

describe('limits and short queries', () => {
  const many = createSearchIndex(
    Array.from({ length: 30 }, (_, i) => ({
      id: `g-${String(i).padStart(2, '0')}`,
      name: `갤럭시 A${i}`,
      brand: '삼성',
      headline: { kind: 'monthly', amount: 20_000 + i },
      aliases: [],
    })),
  );

  it('returns at most 10 results by default and honours limit', () => {
    expect(many.search('갤럭시')).toHaveLength(10);
    expect(many.search('galaxy', 3)).toHaveLength(3);
    expect(many.search('galaxy', 100)).toHaveLength(30);
    expect(many.search('galaxy', 0)).toEqual([]);
    expect(ids('ㄱㄹㅅ').length).toBeLessThanOrEqual(10);
  });

  it.each(['', ' ', '갤', '  s  ', 'ㄱ', '-', '!!', 's-'])('returns [] for the too-short query %j', (query) => {
    expect(index.search(query)).toEqual([]);
  });

  it('returns [] when nothing matches', () => {
    expect(ids('없는 휴대폰')).toEqual([]);
    expect(ids('nokia')).toEqual([]);
    expect(ids('redmi')).toEqual(['redmi-note-14']);
  });

  it('survives very long queries', () => {
    const start = performance.now();
    expect(sorted(ids('갤럭시'.repeat(1_000), 50))).toEqual(sorted(GALAXY_IDS));
    expect(ids('x'.repeat(100_000))).toEqual([]);
    expect(performance.now() - start).toBeLessThan(50);
  });
});

// ---------------------------------------------------------------------------------------------
// Performance

/** mulberry32: small deterministic PRNG so the generated catalogue is identical on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function generateCatalogue(count: number): SearchEntry[] {
  const rand = seeded(20_250_801);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const lines = [
    { brand: '삼성', ko: '갤럭시', en: 'Galaxy', models: ['S25', 'S24', 'Z 플립7', 'Z 폴드7', 'A56', 'A36', 'S25 울트라', 'S25 엣지', 'Z Flip6', 'Quantum 5'] },
    { brand: '애플', ko: '아이폰', en: 'iPhone', models: ['17', '17 프로', '17 Pro Max', '16e', '16', '15 플러스', 'Air', '13 mini'] },
    { brand: '구글', ko: '픽셀', en: 'Pixel', models: ['10', '10 Pro', '10 프로 XL', '9a', '9 Pro Fold'] },
    { brand: '샤오미', ko: '레드미', en: 'Redmi', models: ['노트 14', 'Note 13 Pro+', '14C'] },
    { brand: '모토로라', ko: '모토', en: 'Moto', models: ['엣지 50', 'G85', 'Razr 50'] },
  ] as const;
  const storages = ['128GB', '256GB', '512GB', '1TB'];
  const colors = ['블랙', '화이트', '실버', '블루', '티타늄 그레이', 'Natural', '민트'];
  const carriers = ['SKT', 'KT', 'LG U+', '자급제'];
  return Array.from({ length: count }, (_, i) => {
    const line = pick(lines);
    const model = pick(line.models);
    const korean = rand() < 0.6;
    const name = `${korean ? line.ko : line.en} ${model} ${pick(storages)} ${pick(colors)}`;
    return {
      id: `p-${String(i).padStart(4, '0')}`,
      name,
      brand: line.brand,
      headline: { kind: 'monthly', amount: 15_000 + Math.floor(rand() * 120) * 1_000 },
      aliases: [korean ? line.en : line.ko, `${line.en} ${model}`, pick(carriers)],
      popularity: Math.floor(rand() * 100),
    };
  });
}

const QUERY_MIX = [
  '갤럭시s25', '갤럭시 S25 울트라', 'galaxy 울트라', 'S25', 's25 256gb', 'ㄱㄹㅅ', 'ㅇㅇㅍ', 'ㅍㅅ 10',
  'iphone 17 프로', '아이폰 17 pro max', '아이폰', 'iphone', '픽셀', 'pixel 10 pro', '플립7', 'z fold',
  '갤럭', '갤러', '아이포', '삼성 갤럭시', 'apple', '구글 픽셀 프로', '512gb 블랙', '티타늄', '자급제',
  'lg u+', 'ㄹㄷㅁ ㄴㅌ', '레드미 노트', 'moto razr', '엣지', '없는 제품 이름', 'nokia 3310', '16e', 'Ｇａｌａｘｙ',
];

function percentile(sortedMs: number[], p: number): number {
  const rank = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, rank)]!;
}

describe('performance', () => {
  it('answers 500 mixed queries over 2,000 entries with p99 < 20 ms', () => {
    const catalogue = generateCatalogue(2_000);
    expect(generateCatalogue(3)).toEqual(catalogue.slice(0, 3)); // deterministic

    const buildStart = performance.now();
    const big = createSearchIndex(catalogue);
    const buildMs = performance.now() - buildStart;
    expect(big.size).toBe(2_000);

    const shuffle = seeded(7);
    const queries = Array.from({ length: 500 }, () => QUERY_MIX[Math.floor(shuffle() * QUERY_MIX.length)]!);
    for (const q of QUERY_MIX) big.search(q); // warm-up (JIT)

    // The whole batch of 500 queries is timed per query. The batch is retried (at most 3 times)
    // only if its p99 misses the budget, so that a burst of load from other processes on this
    // shared 2-core machine is not mistaken for a slow search; the best round is asserted.
    const rounds: { p50: number; p99: number; max: number }[] = [];
    let returned = 0;
    for (let round = 0; round < 3; round++) {
      const timings: number[] = [];
      returned = 0;
      for (const q of queries) {
        const start = performance.now();
        const results = big.search(q);
        timings.push(performance.now() - start);
        returned += results.length;
        if (results.length > 10) throw new Error(`too many results for ${q}`);
      }
      timings.sort((a, b) => a - b);
      const stats = { p50: percentile(timings, 50), p99: percentile(timings, 99), max: timings.at(-1)! };
      rounds.push(stats);
      console.log(
        `[search perf] 2,000 entries, ${queries.length} queries, round ${round + 1}: build ${buildMs.toFixed(1)} ms, ` +
          `p50 ${stats.p50.toFixed(3)} ms, p99 ${stats.p99.toFixed(3)} ms, max ${stats.max.toFixed(3)} ms, ${returned} results`,
      );
      if (stats.p99 < 20) break;
    }
    const best = rounds.reduce((a, b) => (b.p99 < a.p99 ? b : a));
    expect(returned).toBeGreaterThan(0);
    expect(big.search('갤럭시 S25 울트라').length).toBe(10);
    expect(big.search('없는 제품 이름')).toEqual([]);
    expect(best.p50).toBeLessThan(5);
    expect(best.p99).toBeLessThan(20);
  });
});
