import { describe, expect, it } from 'vitest';
import { maskChatText } from './masking.ts';

describe('maskChatText (spec §5 masking helper)', () => {
  it('masks emails, keeping the first letter and the domain', () => {
    expect(maskChatText('메일은 minjun.kim@example.co.kr 입니다')).toBe('메일은 m***@example.co.kr 입니다');
  });
  it('masks mobile and landline numbers with or without hyphens', () => {
    expect(maskChatText('010-1234-5678로 연락주세요')).toBe('010-****-****로 연락주세요');
    expect(maskChatText('01012345678')).toBe('010-****-****');
    expect(maskChatText('02-123-4567')).toBe('02-****-****');
  });
  it('masks card numbers except the last four digits', () => {
    expect(maskChatText('카드 1234-5678-9012-3456 결제')).toBe('카드 ****-****-****-3456 결제');
    expect(maskChatText('1234567890123456')).toBe('****-****-****-3456');
  });
  it('masks resident registration numbers and login ids', () => {
    expect(maskChatText('주민번호 900101-1234567')).toBe('주민번호 90****-*******');
    expect(maskChatText('아이디: phonefan77 입니다')).toBe('아이디: ph******** 입니다');
  });
  it('masks names with honorifics but not 고객님 or 상담원님', () => {
    expect(maskChatText('김민준님 안녕하세요')).toBe('김**님 안녕하세요');
    expect(maskChatText('이서연 씨가 주문했어요')).toBe('이** 씨가 주문했어요');
    expect(maskChatText('고객님, 상담원님 감사합니다')).toBe('고객님, 상담원님 감사합니다');
  });
  it('leaves ordinary questions alone', () => {
    expect(maskChatText('배송은 언제 와요?')).toBe('배송은 언제 와요?');
    expect(maskChatText('갤럭시 S25 256GB 가격')).toBe('갤럭시 S25 256GB 가격');
  });
  it("reads 'id' as a login id only as a word of its own (not in android, paid or squid)", () => {
    for (const text of ['android-14 업데이트 되나요?', 'paid 150000원 맞나요', '주문 squid-120 확인', '질문 0-bench-chat-mwsqqzid-120']) expect(maskChatText(text)).toBe(text);
    expect(maskChatText('제 id minsu99 예요')).toBe('제 id mi***** 예요');
    expect(maskChatText('ID:phonefan77')).toBe('ID:ph********');
  });
});
