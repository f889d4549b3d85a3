import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import HomePage from './HomePage';
import { ME_QUERY_KEY } from '../../shared/auth/session';
import { WELCOME_KEY } from './useWelcomeToast';
import { ad, model, modelPage, rankingItem } from '../../shared/test/fixtures';
import { liveServer } from '../../shared/test/liveServer';

// The live ranking connects to a real Socket.IO server in the test process.
liveServer();

afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

function stubApi() {
  return stubFetch((req) => {
    const url = req.url;
    if (url === '/api/ads') return json([ad(1), ad(2)]);
    if (url === '/api/categories') return json([{ id: 'apple', key: 'Apple', label: '애플', count: 20, img: '/images/categories/Apple.svg' }]);
    if (url === '/api/products/ranking') return json([rankingItem(1), rankingItem(2)]);
    if (url.startsWith('/api/models?')) {
      const all = Array.from({ length: 12 }, (_, i) => model(i + 1, { isNew: i < 6 }));
      return json(modelPage(new URL(url, 'http://x'), all));
    }
    return new Response('', { status: 404 });
  });
}

describe('HomePage', () => {
  it('renders every section top to bottom with real data', async () => {
    window.sessionStorage.setItem(WELCOME_KEY, '1');
    stubApi();
    renderWithProviders(<HomePage />);
    await screen.findByTestId('ad-hero');
    await screen.findAllByTestId('feed-card');
    const order = ['ad-hero', 'filter-bar', 'quick-actions', 'sale-section', 'category-grid', 'ranking-tabs', 'feed', 'sell-section'].map((id) =>
      screen.getByTestId(id),
    );
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.getByTestId('quick-actions').getAttribute('data-role')).toBe('guest');
    expect(await screen.findAllByTestId('sale-card')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: '오늘의 추천' })).toBeTruthy();
    expect(screen.getByTestId('filter-total').textContent).toContain('12개');
    expect(document.getElementById('sell')).toBe(screen.getByTestId('sell-section'));
    expect(screen.getByRole('link', { name: '셀러 등록' }).getAttribute('href')).toBe('/seller-application');
    expect(await screen.findByTestId('live-ranking-widget')).toBeTruthy();
    expect(screen.getByRole('link', { name: '고객센터' }).getAttribute('href')).toBe('/customer-support');
  });

  it('the sale-quote button opens /sell (issue 26); AI opens /matching in a new tab', async () => {
    window.sessionStorage.setItem(WELCOME_KEY, '1');
    stubApi();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderWithProviders(<HomePage />);
    expect((await screen.findByRole('link', { name: '판매가 견적 받기' })).getAttribute('href')).toBe('/sell');
    fireEvent.click(await screen.findByRole('button', { name: 'AI 견적 매칭 (새 탭에서 열림)' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('?q= shows the search title; signed-in role changes the quick actions', async () => {
    window.sessionStorage.setItem(WELCOME_KEY, '1');
    const { requests } = stubApi();
    const { queryClient } = renderWithProviders(<HomePage />, { route: '/?q=%EA%B0%A4%EB%9F%AD%EC%8B%9C' });
    expect(await screen.findByRole('heading', { name: '"갤럭시" 검색 결과' })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.url.includes('q=%EA%B0%A4%EB%9F%AD%EC%8B%9C'))).toBe(true));
    queryClient.setQueryData(ME_QUERY_KEY, { id: '1', email: 'a@b', firstName: 'a', lastName: 'b', role: 'admin' });
    await waitFor(() => expect(screen.getByTestId('quick-actions').getAttribute('data-role')).toBe('admin'));
    expect(screen.getByTestId('quick-actions-count').textContent).toBe('10개 메뉴');
  });
});
