import { describe, expect, it } from 'vitest';
import { lineTerms } from './OrderDetailPage';

/** Issue 30 §6: the order detail names each line's 가입유형, 할인 방식 and months (or 일시불). */
describe('lineTerms', () => {
  it('a carrier line: 통신사 · 가입유형 · 요금제 · 할인 방식 · 할부 N개월', () => {
    expect(lineTerms({ carrier: 'KT', joinType: '번호이동', planName: '5G 스페셜', discount: 'subsidy', payment: 'installment', months: 36 })).toBe('KT · 번호이동 · 5G 스페셜 · 공시지원금 · 할부 36개월');
    expect(lineTerms({ carrier: 'SKT', joinType: '기기변경', planName: '5GX 프라임', discount: 'selective', payment: 'installment', months: 24 })).toBe('SKT · 기기변경 · 5GX 프라임 · 선택약정 25% · 할부 24개월');
  });

  it('paid in full reads 일시불; a 자급제 line has no 가입유형, plan or 할인 방식', () => {
    expect(lineTerms({ carrier: 'LG U+', joinType: '신규', planName: '5G 스탠다드', discount: 'selective', payment: 'lump', months: 24 })).toBe('LG U+ · 신규 · 5G 스탠다드 · 선택약정 25% · 일시불');
    expect(lineTerms({ carrier: '자급제', joinType: null, planName: null, discount: 'subsidy', payment: 'lump', months: 24 })).toBe('자급제 · 일시불');
  });
});
