import { describe, expect, it } from 'vitest';
import { maskChatText } from './masking.ts';
import { MASKING_VARIANTS, secretLeft } from './maskingVariants.ts';

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
  it('does not read the end of a longer word before 고객님 as a name, nor 방문자 (the chat\'s guest) as one', () => {
    expect(maskChatText('안녕하세요 고객님')).toBe('안녕하세요 고객님');
    expect(maskChatText('감사합니다 고객님, 좋은 하루 되세요')).toBe('감사합니다 고객님, 좋은 하루 되세요');
    expect(maskChatText('방문자님 안녕하세요')).toBe('방문자님 안녕하세요');
    expect(maskChatText('안녕하세요 김민준 고객님')).toBe('안녕하세요 김** 고객님');
    for (const text of ['문의하신 고객님 안녕하세요', '주문하신 고객님', '연락드린 고객님', '어머님 아버님', '택배기사님 언제 오시나요', '점장님 계신가요', '매입처님 확인 부탁드려요']) {
      expect(maskChatText(text)).toBe(text);
    }
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

describe('maskChatText: bank account numbers (s59)', () => {
  it.each([
    ['신한 110-123-456789로 입금했어요', '신한 ***-***-**6789로 입금했어요'],
    ['우리은행 1002-123-456789', '우리은행 ****-***-**6789'],
    ['농협 352-1234-5678-93 예금주 홍길동', '농협 ***-****-**78-93 예금주 홍길동'],
    ['환불계좌: 국민 123456-01-123456', '환불계좌: 국민 ******-**-**3456'],
    ['12345678901234', '**********1234'],
    ['계좌 110 123 456789 입니다', '계좌 *** *** **6789 입니다'],
    ['카카오뱅크3333-01-1234567로 보내주세요', '카카오뱅크****-**-***4567로 보내주세요'],
    ['KB123456-01-123456', 'KB******-**-**3456'],
    // The nearest label decides: an account word after the 주문 one masks again.
    ['주문번호 확인했고 환불은 110-123-456789로', '주문번호 확인했고 환불은 ***-***-**6789로'],
    // A number right after the account is no part of it (one separator throughout).
    ['110-123-456789 2개월 할부', '***-***-**6789 2개월 할부'],
    // Starts with 2012 12 but is no date (6-2-6): masked.
    ['201212-01-123456', '******-**-**3456'],
    // s60: separators mixed within one number.
    ['신한 110-123 456789로 보내주세요', '신한 ***-*** **6789로 보내주세요'],
    ['110 123-456789', '*** ***-**6789'],
    ['환불은 110 - 123 456789 로', '환불은 *** - *** **6789 로'],
    ['우리 1002 123-456789', '우리 **** ***-**6789'],
    ['농협 352-1234 5678-93', '농협 ***-**** **78-93'],
    ['국민 123456 01-123456', '국민 ****** **-**3456'],
    // A space after the mixed groups still ends the number.
    ['110-123 456789 2개월 할부', '***-*** **6789 2개월 할부'],
  ])('masks %s', (text, masked) => {
    expect(maskChatText(text)).toBe(masked);
  });

  it.each([
    ['주문번호 20261123-000001 배송 언제 와요?', 'an order number (YYYYMMDD-NNNNNN)'],
    ['주문번호는 20261123000001 입니다', 'an order number without its dash'],
    ['가격이 1,250,000원이에요', 'a price'],
    ['법인 구매 1000000000원 견적', 'a price without commas'],
    ['총 1 250 000 000원', 'a price with spaces'],
    ['2025-11-20 14:30에 배송 시작', 'a date and a time'],
    ['2026 11 30 1030 방문 예약', 'a date and a time written with spaces'],
    ['송장번호 123456789012 조회가 안 돼요', 'a 송장 number'],
    ['송장 1234-5678-9012 (CJ대한통운)', 'a grouped 송장 number'],
    ['사업자번호 123-45-67890 확인 부탁드려요', 'a business registration number'],
    ['사이즈 100 110 120 130 140 중에 골라요', 'a list of numbers'],
    ['A/S는 1588-3366으로 하면 되나요?', 'a 1588 number'],
    ['모델 SM-S928N 256GB', 'a model code'],
    ['주문 3f2a9c1e-7b4d-4c1a-9e2f-5d6c7b8a9f01', 'a uuid'],
    // s60: mixed separators are no account when they are these.
    ['주문번호 20261123 000001 확인해주세요', 'an order number with a space'],
    ['2026-11 30 1430 방문할게요', 'a date and a time, separators mixed'],
    ['송장번호 6401 1820-3417 조회가 안 돼요', 'a 송장 number, separators mixed'],
    ['CJ대한통운 송장 640 118-203417', 'a 송장 number in three groups'],
    ['A/S는 1588-3366 2번 메뉴예요', 'a 1588 number and a menu number'],
    ['가격 1 250-1 300 000원 사이', 'a price range'],
  ])('leaves %s (%s)', (text) => {
    expect(maskChatText(text)).toBe(text);
  });

  it('masks a phone number, a card and a resident number once, with their own masks', () => {
    expect(maskChatText('010-1234-5678 / 02-123-4567')).toBe('010-****-**** / 02-****-****');
    expect(maskChatText('+82 10 2345 6789')).toBe('+82-10-****-****');
    expect(maskChatText('1234-5678-9012-3456')).toBe('****-****-****-3456');
    expect(maskChatText('900101-1234567')).toBe('90****-*******');
    expect(maskChatText('연락처 010-1234-5678, 계좌 110-123-456789')).toBe('연락처 010-****-****, 계좌 ***-***-**6789');
    expect(maskChatText('연락처 010 1234-5678, 계좌 110 123-456789')).toBe('연락처 010-****-****, 계좌 *** ***-**6789');
  });
});

describe('maskChatText: every way of writing a number or address (issue 23 M4)', () => {
  it('has at least 30 variants', () => expect(MASKING_VARIANTS.length).toBeGreaterThanOrEqual(30));

  it.each(MASKING_VARIANTS)('$label: $text', ({ text, secret }) => {
    const masked = maskChatText(`제 정보는 ${text} 입니다`);
    expect(secretLeft(masked, secret), masked).toBe(false);
    expect(masked).toContain('***');
    expect(masked.startsWith('제 정보는 ') && masked.endsWith(' 입니다')).toBe(true);
  });

  it('writes each kind in one masked form', () => {
    expect(maskChatText('+82 10 2345 6789')).toBe('+82-10-****-****');
    expect(maskChatText('010/3456/7890')).toBe('010-****-****');
    expect(maskChatText('(02) 2345-6789로 전화 주세요')).toBe('02-****-****로 전화 주세요');
    expect(maskChatText('0 1 0 2 3 4 5 6 7 8 9')).toBe('010-****-****');
    expect(maskChatText('０１０－２３４５－６７８９')).toBe('010-****-****');
    expect(maskChatText('850505 - 2345678')).toBe('85****-*******');
    expect(maskChatText('5500.0000.0000.0004')).toBe('****-****-****-0004');
    expect(maskChatText('kim.test@도메인.한국')).toBe('k***@도메인.한국');
    expect(maskChatText('leejy(at)example.com')).toBe('l***@example.com');
    expect(maskChatText('leejy (at) example (dot) com')).toBe('l***@example.com');
  });

  it.each([
    '1,200,000원에 살 수 있나요?',
    'Galaxy S25 Ultra 512GB 1,599,000원',
    '갤럭시 S25 울트라 256GB 자급제',
    'iPhone 16 Pro Max 1TB',
    '모델 SM-S928N 256GB',
    '할부 24개월 월 45,000원, 총 1,080,000원',
    '주문번호 3f2a9c1e-7b4d-4c1a-9e2f-5d6c7b8a9f01 확인 부탁드립니다',
    '송장번호 123456789012 조회가 안 돼요',
    '송장 6012345678901 (CJ대한통운)',
    '2025.01.10 12:34:56 에 주문했어요',
    '2025-11-20 14:30에 배송 시작',
    '사양: 6.8인치, 5000mAh, 200MP, 12GB',
    'A/S는 1588-3366으로 하면 되나요?',
    'ㅋㅋㅋ ㅠㅠ 감사합니다',
    '👩‍💻 개발자인데요, 🇰🇷 정발 맞죠?',
    'look at example.com 에 나온 가격이요',
    '가격이 10% 내려갔네요 @민준',
  ])('leaves ordinary text as it is: %s', (text) => {
    expect(maskChatText(text)).toBe(text);
  });
});
