import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { Feed, FEED_PAGE_SIZE, shouldShowLoadMore } from './Feed';
import { model, modelPage } from '../../shared/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** A fake catalogue of `total` models, paged like the API. */
function pagedCatalogue(total: number) {
  return stubFetch((req) => {
    const all = Array.from({ length: total }, (_, i) => model(i + 1));
    return json(modelPage(new URL(req.url, 'http://localhost'), all));
  });
}

describe('shouldShowLoadMore', () => {
  it('shows while the loaded count is below the total', () => {
    expect(shouldShowLoadMore(8, 20)).toBe(true);
    expect(shouldShowLoadMore(16, 20)).toBe(true);
    expect(shouldShowLoadMore(20, 20)).toBe(false);
    expect(shouldShowLoadMore(0, 0)).toBe(false);
  });
});

describe('Feed', () => {
  it('shows 8 skeleton cards while loading, then the first 8 products', async () => {
    pagedCatalogue(20);
    renderWithProviders(<Feed query={{ sort: 'score' }} q="" />);
    expect(screen.getAllByTestId('feed-skeleton')).toHaveLength(FEED_PAGE_SIZE);
    expect(screen.getByRole('heading', { name: '오늘의 추천' })).toBeTruthy();
    expect(await screen.findAllByTestId('feed-card')).toHaveLength(8);
    expect(screen.queryAllByTestId('feed-skeleton')).toHaveLength(0);
    expect(screen.getByTestId('feed').getAttribute('data-page')).toBe('1');
  });

  it('load more accumulates pages and disappears once everything is loaded', async () => {
    const { requests } = pagedCatalogue(20);
    renderWithProviders(<Feed query={{ sort: 'score' }} q="" />);
    await screen.findAllByTestId('feed-card');
    const more = screen.getByTestId('load-more');
    expect(more.textContent).toContain('8/20');

    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByTestId('feed-card')).toHaveLength(16));
    expect(requests.filter((r) => r.url.startsWith('/api/models')).at(-1)?.url).toBe('/api/models?sort=score&page=2&limit=8');
    expect(screen.getByTestId('feed').getAttribute('data-page')).toBe('2');
    expect(screen.getByTestId('load-more').textContent).toContain('16/20');

    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('feed-card')).toHaveLength(20));
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(screen.getByTestId('feed-count').textContent).toBe('총 20개 모델 중 20개 표시');
  });

  it('no load-more when one page holds everything', async () => {
    pagedCatalogue(5);
    renderWithProviders(<Feed query={{ sort: 'score' }} q="" />);
    expect(await screen.findAllByTestId('feed-card')).toHaveLength(5);
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('a new query starts again at page 1', async () => {
    pagedCatalogue(20);
    function Switcher() {
      const [sort, setSort] = useState<'score' | 'priceAsc'>('score');
      return (
        <>
          <button type="button" onClick={() => setSort('priceAsc')}>정렬 바꾸기</button>
          <Feed query={{ sort }} q="" />
        </>
      );
    }
    renderWithProviders(<Switcher />);
    await screen.findAllByTestId('feed-card');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('feed-card')).toHaveLength(16));
    fireEvent.click(screen.getByRole('button', { name: '정렬 바꾸기' }));
    await waitFor(() => expect(screen.getByTestId('feed').getAttribute('data-page')).toBe('1'));
    await waitFor(() => expect(screen.getAllByTestId('feed-card')).toHaveLength(8));
  });

  it('empty search result', async () => {
    stubFetch(() => json({ models: [], total: 0 }));
    renderWithProviders(<Feed query={{ q: '없는폰', sort: 'score' }} q="없는폰" />);
    expect(await screen.findByText('검색 결과가 없습니다')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '"없는폰" 검색 결과' })).toBeTruthy();
    expect(screen.queryByTestId('load-more')).toBeNull();
  });
});
