import { getChoseong } from 'es-hangul';
import { describe, expect, it } from 'vitest';
import { SEED_KNOWLEDGE } from '@phonemarket/command-api/features/support/seedKnowledgeBase.ts';
import { TYPO_WEIGHT, createKnowledgeMatcher, questionStems } from '@phonemarket/query-api/features/support/knowledgeMatcher.ts';

/** Korean questions as customers type them, against the seeded knowledge base (issue 13: ≥ 20 questions). */
const matcher = createKnowledgeMatcher(SEED_KNOWLEDGE.map((e) => ({ ...e, id: e.entryId })));
const best = (question: string, role = 'user') => matcher.match(question, { role, accept: (e) => e.roles.length === 0 || (e.roles as readonly string[]).includes(role) })[0]?.entry.id ?? null;

const QUESTIONS: [string, string][] = [
  ['배송은 언제 와요?', 'kb-delivery-time'],
  ['배송 언제와요', 'kb-delivery-time'],
  ['배송이언제도착하나요', 'kb-delivery-time'],
  ['택배가 언제 도착해요?', 'kb-delivery-time'],
  ['운송장 번호는 어디서 봐요?', 'kb-delivery-tracking'],
  ['배송조회 어떻게 해요', 'kb-delivery-tracking'],
  ['환불을 받고 싶어요', 'kb-refund'],
  ['결제 취소하려면 어떻게 하나요?', 'kb-refund'],
  ['카드로 결제할 수 있나요?', 'kb-payment-methods'],
  ['무통장입금도 되나요', 'kb-payment-methods'],
  ['할부금이 어떻게 계산돼요?', 'kb-installment'],
  ['요금제를 변경하고 싶어요', 'kb-plan-change'],
  ['번호이동도 가능한가요?', 'kb-plan-change'],
  ['번호이동하면 위약금 있나요?', 'kb-early-termination'],
  ['약정 중도 해지하면 돈 내나요', 'kb-early-termination'],
  ['선택약정 할인반환금이 뭐예요?', 'kb-early-termination'],
  ['유심은 따로 사야 하나요?', 'kb-activation'],
  ['비밀번호를 잊어버렸어요', 'kb-password'],
  ['비번 재설정은 어떻게 해요', 'kb-password'],
  ['회원가입 어떻게 하나요', 'kb-signup'],
  ['중고폰 팔고 싶어요', 'kb-sell-used'],
  ['셀러 입점 신청은 어디서 하나요?', 'kb-seller-apply'],
  ['견적매칭이 뭐예요?', 'kb-quote-matching'],
  ['허위매물 신고하고 싶어요', 'kb-report'],
  ['휴대폰이 고장났는데 수리는 어디서 받나요', 'kb-warranty'],
  ['불량이라 교환하고 싶어요', 'kb-exchange'],
  ['상담원 연결해주세요', 'kb-agent'],
  ['고객센터 운영시간이 어떻게 되나요?', 'kb-hours'],
  ['최저가 비교는 어디서 해요?', 'kb-price-compare'],
  ['1:1 문의는 어디서 남기나요?', 'kb-inquiry'],
];

describe('knowledge matching (Korean questions, spacing- and particle-insensitive)', () => {
  it.each(QUESTIONS)('%s → %s', (question, expected) => {
    expect(best(question)).toBe(expected);
  });

  it('has at least 20 questions', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(20);
  });

  it('spacing does not change the answer or its score', () => {
    const spaced = matcher.match('배송은 언제 와요?')[0]!;
    const unspaced = matcher.match('배송은언제와요?')[0]!;
    expect(unspaced.entry.id).toBe(spaced.entry.id);
  });

  it('strips particles only where they fit the last syllable (es-hangul hasBatchim)', () => {
    expect(questionStems('배송은 언제 와요')).toContain('배송');
    expect(questionStems('환불을 받고')).toContain('환불');
    expect(questionStems('카드로 결제')).toEqual(expect.arrayContaining(['카드', '결제']));
    // '나가' ends in a vowel syllable followed by 가: it stays (가 after a vowel would be the particle only with a longer stem)
    expect(questionStems('스토어가')).toContain('스토어');
    expect(questionStems('요금제를')).toContain('요금제');
  });

  it('a seller asking about their store gets seller help; others get application guidance (spec §6)', () => {
    expect(best('스토어 관리는 어떻게 하나요?', 'seller')).toBe('kb-seller-store');
    expect(best('스토어 관리는 어떻게 하나요?', 'user')).toBe('kb-seller-apply');
  });

  it('answers nothing for unrelated text, empty and one-letter questions', () => {
    expect(matcher.match('오늘 점심 메뉴 추천')).toEqual([]);
    expect(matcher.match('')).toEqual([]);
    expect(matcher.match('가')).toEqual([]);
  });

  it('a question of question words only is not answered by whichever entry shares them (a typo left only 어떻게: the 개통 answer)', () => {
    // '홴뷸' is two jamo from 환불: no correction, so only 어떻게 is left.
    for (const q of ['어떻게 해요?', '어디서 해요', '언제 와요?', '홴뷸 어떻게 해요', 'ㅇㄸㄱ 해요', 'ㅋㅋㅋ']) expect(matcher.match(q), q).toEqual([]);
    expect(best('개통 어떻게 해요')).toBe('kb-activation');
    expect(best('환불 어떻게 해요')).toBe('kb-refund');
  });

  it('results come best first with a score', () => {
    const results = matcher.match('배송 조회');
    expect(results.length).toBeGreaterThan(0);
    for (let i = 1; i < results.length; i++) expect(results[i - 1]!.score).toBeGreaterThanOrEqual(results[i]!.score);
  });
});

describe('knowledge matching: 초성 and one-jamo typos (s59)', () => {
  it.each([
    ['ㅂㅅ 언제', 'kb-delivery-time'],
    ['ㅂㅅ', 'kb-delivery-time'],
    ['ㅂㅅㅈㅎ', 'kb-delivery-tracking'],
    ['ㅂㅁㅂㅎ', 'kb-password'],
    ['ㅎㅇㄱㅇ', 'kb-signup'],
    ['ㄱㅌ 어떻게 해요', 'kb-activation'],
    ['배숑 언제와요', 'kb-delivery-time'],
    ['환뷸 어떻게 해요', 'kb-refund'],
    ['비밀번효', 'kb-password'],
    ['회원갸입 어떻게 하나요', 'kb-signup'],
    ['중고퐁 팔고 싶어요', 'kb-sell-used'],
  ])('%s → %s', (question, expected) => {
    expect(best(question)).toBe(expected);
  });

  it('a corrected word counts less than the word typed right: the right word ranks first', () => {
    const [first, second] = matcher.match('환불 배숑');
    expect(first!.entry.id).toBe('kb-refund');
    expect(second!.entry.id).toBe('kb-delivery-time');
    // 배송's keyword (1) and its question's word (0.5), at TYPO_WEIGHT; the word typed right has those in full and its bigram.
    expect(matcher.match('배숑')[0]!.score).toBeCloseTo(TYPO_WEIGHT * 1.5, 3);
    expect(matcher.match('배송')[0]!.score).toBeGreaterThan(1.5);
  });

  it('a word the knowledge base has, even inside a longer word, is never corrected to a neighbour', () => {
    const small = createKnowledgeMatcher([
      { id: 'a', question: '배송기간은 얼마나 걸리나요?', keywords: ['배송기간'], roles: [] },
      { id: 'b', question: '배상은 어떻게 받나요?', keywords: ['배상'], roles: [] },
    ]);
    expect(small.match('배상').map((h) => h.entry.id)).toEqual(['b']);
    // 배송 is one jamo from 배상, but it is in entry a's text: a literal hit, not a typo of 배상.
    expect(small.match('배송').map((h) => h.entry.id)).toEqual(['a']);
    expect(small.match('배솽').map((h) => h.entry.id)).toEqual(['b']);
  });

  // s60: a word of two syllables is read as a keyword only through a vowel; a consonant changed makes another word.
  it.each([
    ['배숑', 'kb-delivery-time'],
    ['환뷸', 'kb-refund'],
    ['결재 방법', 'kb-payment-methods'],
    ['개퉁 어떻게 해요', 'kb-activation'],
    ['취쇼하고 싶어요', 'kb-refund'],
    ['비빈 재설정', 'kb-password'],
  ])('a short word one vowel away is corrected: %s → %s', (question, expected) => {
    expect(best(question)).toBe(expected);
  });

  it.each([
    ['비법', 'kb-password'],
    ['비법 알려주세요', 'kb-password'],
    ['비버', 'kb-password'],
    ['배속', 'kb-delivery-time'],
    ['개똥', 'kb-activation'],
    ['취조', 'kb-refund'],
  ])('a short word one consonant away is another word, not a typo: %s is no %s', (question, near) => {
    expect(matcher.match(question, { limit: 50, minScore: 0.1 }).map((h) => h.entry.id)).not.toContain(near);
  });

  it('a word of three syllables or more keeps any one-jamo typo (a consonant too)', () => {
    expect(best('중고퐁 팔고 싶어요')).toBe('kb-sell-used');
    expect(best('비밀번효')).toBe('kb-password');
    expect(best('비밀벙호 찾기')).toBe('kb-password');
  });

  it('a 초성 word matches only entries whose keywords or question have that 초성', () => {
    const hits = matcher.match('ㅂㅅ', { limit: 50, minScore: 0.5 });
    expect(hits.length).toBeGreaterThan(1);
    for (const { entry } of hits) expect(getChoseong(`${entry.question} ${entry.keywords.join(' ')}`).replace(/\s/g, ''), entry.id).toContain('ㅂㅅ');
  });
});
