import { describe, expect, it } from 'vitest';
import { conditionsHiddenInText } from './conditions.ts';
import { heldTextMessage, scamWordsIn } from './scamGuard.ts';

describe('scam guard wording (issue 41)', () => {
  it('finds 현금 페이백, 현금 지급, 대납 and 내구제 however spaced or written', () => {
    expect(scamWordsIn(['현금 페이백 30만원 드려요'])).toEqual(['현금 페이백']);
    expect(scamWordsIn(['개통 후 현금으로 드립니다'])).toEqual(['현금 지급']);
    expect(scamWordsIn(['현금20만원 지급'])).toEqual(['현금 지급']);
    expect(scamWordsIn(['위약금 대납 가능'])).toEqual(['대납']);
    expect(scamWordsIn(['급전 필요하면 폰테크', '내 구 제'])).toEqual(['내구제']);
    expect(scamWordsIn(['ｐａｙｂａｃｋ 아님, 현금·페이백'])).toEqual(['현금 페이백']);
    expect(scamWordsIn(['공시지원금 50만원, 추가지원금 10만원 (계약 조건서에 기재)'])).toEqual([]);
  });
  it('the writer is told which words and what support may be', () => {
    expect(heldTextMessage(['대납', '내구제'])).toMatch(/^'대납', '내구제' 표현이 있어 관리자 검토 후 게시됩니다\. 지원금은 통신사의 공시지원금·선택약정/);
  });
  it("scam wording is the guard's, not issue 40's: '현금 페이백' is not refused as a hidden 추가지원금; '페이백' alone still is", () => {
    expect(conditionsHiddenInText(['현금 페이백 30만원'], {})).toEqual([]);
    expect(conditionsHiddenInText(['페이백 10만원'], {})).toEqual(['extraSubsidy']);
    // Both in one text: the other condition words are still refused, the scam part held once they are fixed.
    expect(conditionsHiddenInText(['현금 페이백, 부가서비스 3개월'], {})).toEqual(['addOns']);
  });
});
