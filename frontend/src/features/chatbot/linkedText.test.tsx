import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../shared/test/render';
import { answerParts, LinkedText } from './linkedText';

/** Issue 30 §6: chatbot answers link pages instead of printing paths. */
describe('answerParts', () => {
  it('links the page name before an address and drops the address', () => {
    expect(answerParts('주문 내역(/orders)에서 주문을 선택하세요.')).toEqual([{ text: '주문 내역', to: '/orders' }, '에서 주문을 선택하세요.']);
    expect(answerParts('월 할부금은… 가격 계산기(/price-calculator)에서 확인해보세요.')).toEqual(['월 할부금은… ', { text: '가격 계산기', to: '/price-calculator' }, '에서 확인해보세요.']);
    // two in one answer
    expect(answerParts('셀러 대시보드(/seller-dashboard)의 상품 탭, 내 스토어(/my-store)에서')).toEqual([
      { text: '셀러 대시보드', to: '/seller-dashboard' }, '의 상품 탭, ', { text: '내 스토어', to: '/my-store' }, '에서',
    ]);
  });

  it('an unknown page links the word before it; a markdown link its text; other sites are never linked', () => {
    expect(answerParts('여기(/landing) 보세요')).toEqual([{ text: '여기', to: '/landing' }, ' 보세요']);
    expect(answerParts('[주문 목록](/orders) 보기')).toEqual([{ text: '주문 목록', to: '/orders' }, ' 보기']);
    expect(answerParts('외부(//evil.example) 또는 [x](https://evil.example)')).toEqual(['외부(//evil.example) 또는 [x](https://evil.example)']);
    expect(answerParts('(/cart)')).toEqual([{ text: '장바구니', to: '/cart' }]);
  });
});

describe('LinkedText', () => {
  it('renders links that navigate in the app, and prints no address', () => {
    renderWithProviders(<p data-testid="answer"><LinkedText content="고객센터(/customer-support)의 새 문의 탭에서 문의를 남겨주세요." /></p>);
    const answer = screen.getByTestId('answer');
    expect(answer.textContent).toBe('고객센터의 새 문의 탭에서 문의를 남겨주세요.');
    const link = screen.getByRole('link', { name: '고객센터' });
    expect(link.getAttribute('href')).toBe('/customer-support');
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/customer-support');
  });
});
