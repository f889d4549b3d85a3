import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { model, modelPage } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import CategoryPage from './CategoryPage';
import { apiSort, CATEGORY_SORTS, toCategorySort, toCategoryView } from './category-options';

const categories = [
  { id: 'premium', key: 'Premium', label: '프리미엄', count: 14, img: '/images/categories/Premium.svg' },
  { id: 'budget', key: 'Budget', label: '가성비', count: 0, img: '/images/categories/Budget.svg' },
];

function product(i: number) {
  return model(i, { id: `phone-${i}`, name: `테스트폰 ${i}`, score: 90 - i, badges: ['공시혜택', '카드할인', '사은품', '빠른개통'] });
}

const all = Array.from({ length: 14 }, (_, i) => product(i + 1));

function handler(req: RecordedRequest): Response {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/api/categories') return json(categories);
  if (url.pathname === '/api/models') return json(modelPage(url, url.searchParams.get('brand') === 'Premium' ? all : []));
  return json({ message: 'unexpected' }, { status: 500 });
}

function renderCategory(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/category/:id" element={<CategoryPage />} />
    </Routes>,
    { route: `/category/${id}` },
  );
}

const productRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith('/api/models')).map((r) => new URL(r.url, 'http://localhost').searchParams);

beforeEach(() => {
  toaster.remove();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('category options', () => {
  it('maps the five sorts onto the API', () => {
    expect(CATEGORY_SORTS.map((s) => [s.label, apiSort(s.value)])).toEqual([
      ['인기순', 'popular'],
      ['낮은 가격순', 'priceAsc'],
      ['높은 가격순', 'priceDesc'],
      ['평점순', 'score'],
      ['최신순', 'new'],
    ]);
    expect(toCategorySort('bogus')).toBe('popular');
    expect(toCategoryView('list')).toBe('list');
    expect(toCategoryView('tiles')).toBe('grid');
  });
});

describe('CategoryPage', () => {
  it("shows 'Category not found' with a link to /brands for an unknown id", async () => {
    const { requests } = stubFetch(handler);
    renderCategory('nope');
    expect(await screen.findByRole('heading', { name: '카테고리를 찾을 수 없습니다' })).toBeTruthy();
    expect(screen.getByText(/Category not found/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '브랜드 보러 가기' }).getAttribute('href')).toBe('/brands');
    expect(productRequests(requests)).toHaveLength(0);
    expect(toaster.getVisibleToasts()).toHaveLength(0);
  });

  it('shows the title, count and a toast, and lists products filtered by the category key', async () => {
    const { requests } = stubFetch(handler);
    renderCategory('premium');
    expect(await screen.findByRole('heading', { name: '프리미엄', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('category-count').textContent).toBe('모델 14개');
    await screen.findByTestId('category-products');
    const first = productRequests(requests)[0]!;
    expect(Object.fromEntries(first)).toEqual({ brand: 'Premium', sort: 'popular', page: '1', limit: '12' });

    await waitFor(() => expect(toaster.getVisibleToasts()).toHaveLength(1));
    const toast = toaster.getVisibleToasts()[0]!;
    expect(toast.title).toBe('카테고리');
    expect(toast.description).toBe('프리미엄 카테고리를 열었습니다');
  });

  it('toggles between the grid (2 badges) and the list (3 badges)', async () => {
    stubFetch(handler);
    renderCategory('premium');
    const grid = await screen.findByTestId('category-products');
    expect(grid.getAttribute('data-view')).toBe('grid');
    expect(screen.getByRole('button', { name: '그리드 보기' }).getAttribute('aria-pressed')).toBe('true');
    const firstCard = within(grid).getAllByTestId('model-card')[0]!;
    expect(firstCard.getAttribute('data-variant')).toBe('card');
    expect(within(firstCard).getAllByTestId('model-badge')).toHaveLength(2);
    expect(within(firstCard).getByTestId('model-badge-more').textContent).toBe('+2');

    fireEvent.click(screen.getByRole('button', { name: '목록 보기' }));
    const list = await screen.findByTestId('category-products');
    expect(list.getAttribute('data-view')).toBe('list');
    expect(screen.getByRole('button', { name: '목록 보기' }).getAttribute('aria-pressed')).toBe('true');
    const row = within(list).getAllByTestId('model-card')[0]!;
    expect(row.getAttribute('data-variant')).toBe('row');
    expect(within(row).getAllByTestId('model-badge')).toHaveLength(3);
    expect(screen.getByTestId('location').textContent).toBe('/category/premium?view=list');

    fireEvent.click(screen.getByRole('button', { name: '그리드 보기' }));
    expect((await screen.findByTestId('category-products')).getAttribute('data-view')).toBe('grid');
  });

  it('loads more pages until every product is shown', async () => {
    const { requests } = stubFetch(handler);
    renderCategory('premium');
    const grid = await screen.findByTestId('category-products');
    expect(within(grid).getAllByTestId('model-card')).toHaveLength(12);
    expect(screen.getByTestId('loaded-count').textContent).toBe('14개 중 12개 표시');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(within(screen.getByTestId('category-products')).getAllByTestId('model-card')).toHaveLength(14));
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(productRequests(requests).map((p) => p.get('page'))).toEqual(['1', '2']);
  });

  it('asks the API for the chosen sort', async () => {
    const { requests } = stubFetch(handler);
    renderCategory('premium');
    await screen.findByTestId('category-products');
    const select = screen.getByLabelText('정렬') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual(['인기순', '낮은 가격순', '높은 가격순', '평점순', '최신순']);
    fireEvent.change(select, { target: { value: 'rating' } });
    await waitFor(() => expect(productRequests(requests).at(-1)?.get('sort')).toBe('score'));
    fireEvent.change(select, { target: { value: 'newest' } });
    await waitFor(() => expect(productRequests(requests).at(-1)?.get('sort')).toBe('new'));
    expect(screen.getByTestId('location').textContent).toBe('/category/premium?sort=newest');
  });

  it('shows an empty state linking to /brands when the category has no products', async () => {
    stubFetch(handler);
    renderCategory('budget');
    expect(await screen.findByText('이 카테고리에 등록된 상품이 없습니다')).toBeTruthy();
    expect(screen.getByRole('link', { name: '브랜드 보러 가기' }).getAttribute('href')).toBe('/brands');
  });
});
