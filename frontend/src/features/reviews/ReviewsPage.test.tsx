import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecentReview, RecentReviews } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import ReviewsPage from './ReviewsPage';

const review = (id: string, over: Partial<RecentReview> = {}): RecentReview => ({
  id, productId: 'galaxy-s26', modelName: '갤럭시 S26', author: '김*수', rating: 5, content: '화면이 선명하고 배터리가 오래가요.', photos: [],
  option: '블랙 · 256GB · KT', createdAt: '2026-03-01T09:00:00.000Z', mine: false, answer: null, ...over,
});

function serve(pages: Record<number, RecentReviews>) {
  return stubFetch((req: RecordedRequest) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/api/reviews') return json(pages[Number(url.searchParams.get('page'))] ?? { reviews: [], total: 0, page: 1, pageSize: 20 });
    return json({ message: '없음' }, { status: 404 });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('기기 리뷰 (/reviews)', () => {
  it('lists the newest reviews with model link, stars, author, date, content and photos; pages on', async () => {
    const { requests } = serve({
      1: {
        reviews: [
          review('r1', { photos: ['https://img.example.kr/1.jpg'] }),
          review('r2', { productId: 'iphone-17', modelName: '아이폰 17', author: '이*민', rating: 3, content: '무난합니다. 배송이 빨랐어요.' }),
        ],
        total: 21, page: 1, pageSize: 20,
      },
      2: { reviews: [review('r21', { modelName: '픽셀 10', productId: 'pixel-10', content: '사진이 잘 나와요.' })], total: 21, page: 2, pageSize: 20 },
    });
    renderWithProviders(<ReviewsPage />, { route: '/reviews' });
    expect(await screen.findByRole('heading', { level: 1, name: '기기 리뷰' })).toBeTruthy();
    const items = await screen.findAllByTestId('recent-review');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: '갤럭시 S26' }).getAttribute('href')).toBe('/product/galaxy-s26?tab=reviews');
    expect(first.getByRole('img', { name: '별점 5점' })).toBeTruthy();
    expect(first.getByText('김*수')).toBeTruthy();
    expect(first.getByText('2026년 3월 1일')).toBeTruthy();
    expect(first.getByText('화면이 선명하고 배터리가 오래가요.')).toBeTruthy();
    expect(first.getByRole('img', { name: '리뷰 사진 1' }).getAttribute('src')).toBe('https://img.example.kr/1.jpg');
    expect(within(items[1]!).getByRole('link', { name: '아이폰 17' }).getAttribute('href')).toBe('/product/iphone-17?tab=reviews');
    expect(within(items[1]!).getByRole('img', { name: '별점 3점' })).toBeTruthy();
    expect(document.title).toBe('기기 리뷰 | 폰마켓');

    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(screen.getByRole('link', { name: '픽셀 10' })).toBeTruthy());
    expect(screen.getByTestId('location').textContent).toBe('/reviews?page=2');
    expect(requests.map((r) => new URL(r.url, 'http://localhost').search)).toEqual(['?page=1', '?page=2']);
  });

  it('shows a Korean empty state when there are no reviews yet', async () => {
    serve({});
    renderWithProviders(<ReviewsPage />, { route: '/reviews' });
    const empty = await screen.findByTestId('reviews-empty');
    // the level under the page's h1 (an h3 there skipped one)
    expect(within(empty).getByRole('heading', { level: 2, name: '아직 등록된 리뷰가 없습니다.' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: '휴대폰 둘러보기' }).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('recent-review')).toBeNull();
  });
});
