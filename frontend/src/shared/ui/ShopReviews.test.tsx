import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { ShopReviews } from './ShopReviews';

afterEach(() => vi.unstubAllGlobals());

describe('ShopReviews (issue 41)', () => {
  it("a paid buyback: its seller reviews the shop that bought the phone, sent to the buyback's own route", async () => {
    let reviewed = false;
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/buyback/orders/b1/shop-review' && req.method === 'GET') return json({ shops: [{ sellerId: 'shop-9', storeName: '민팃 강남점', reviewed }], open: true });
      if (req.url === '/api/buyback/orders/b1/shop-review' && req.method === 'POST') {
        reviewed = true;
        return json({ id: 'buyback~b1~shop-9', position: '5' }, { status: 201 });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<ShopReviews kind="buyback" orderId="b1" confirmed />);
    expect((await screen.findByTestId('shop-review-form')).textContent).toContain('민팃 강남점 매장은 어땠나요?');
    // The text is checked before anything is sent (react-hook-form on the route's schema).
    fireEvent.click(screen.getByRole('button', { name: '매장 리뷰 등록' }));
    expect(await screen.findByText('리뷰는 5자 이상 입력해주세요.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByPlaceholderText('상담, 개통, 약속한 조건은 어땠는지 알려주세요.'), { target: { value: '검수 결과대로 바로 입금해줬어요' } });
    fireEvent.click(screen.getByRole('button', { name: '매장 리뷰 등록' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ sellerId: 'shop-9', content: '검수 결과대로 바로 입금해줬어요' }));
    expect(await screen.findByText('매장 리뷰 작성 완료')).toBeTruthy();
  });

  it('not paid yet: no form and nothing asked', () => {
    const { requests } = stubFetch(() => json({ message: '없음' }, { status: 404 }));
    renderWithProviders(<ShopReviews kind="buyback" orderId="b1" confirmed={false} />);
    expect(screen.queryByTestId('shop-reviews')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
