import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { BrandModel } from '../../shared/api/catalogue';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import BrandPage from './BrandPage';
import BrandsPage from './BrandsPage';
import { filterModels, parseFilters, popularity, sortModels } from './brand-filters';

const samsung = { id: 'samsung', name: 'Samsung', nameKo: '삼성', logo: '/images/brands/samsung.svg', description: '갤럭시 브랜드', order: 0 };
const lg = { id: 'lg', name: 'LG', nameKo: '엘지', logo: '/images/brands/lg.svg', description: '판매 중인 모델이 없습니다', order: 3 };

function model(over: Partial<BrandModel> & Pick<BrandModel, 'id' | 'name'>): BrandModel {
  return {
    brandId: 'samsung',
    image: `/images/phones/${over.id}.svg`,
    price: 1_000_000,
    storage: '256GB',
    color: '블랙',
    condition: 'new',
    rating: 4.5,
    reviewCount: 100,
    specifications: { display: '6.2형', camera: '50MP', battery: '4,000mAh', os: 'Android 16' },
    features: ['AI'],
    availability: 'in-stock',
    seller: { name: '강남폰스토어', rating: 4.9, verified: true },
    productId: `${over.id}-product`,
    ...over,
  };
}

const models: BrandModel[] = [
  model({ id: 's26-ultra', name: '갤럭시 S26 울트라 256GB', price: 1_797_400, rating: 4.9, reviewCount: 1284 }),
  model({ id: 'fold7', name: '갤럭시 Z 폴드7 256GB', price: 2_379_300, rating: 4.8, reviewCount: 736, availability: 'limited' }),
  model({ id: 's25-ultra-r', name: '갤럭시 S25 울트라 256GB (리퍼)', price: 1_190_000, condition: 'refurbished', rating: 4.6, reviewCount: 517, availability: 'limited' }),
  model({ id: 's25-used', name: '갤럭시 S25 256GB (중고)', price: 640_000, condition: 'used', rating: 4.3, reviewCount: 203, seller: { name: '중고폰나라', rating: 3.9, verified: false } }),
  model({ id: 'a56', name: '갤럭시 A56 128GB', price: 599_500, storage: '128GB', rating: 4.4, reviewCount: 1490 }),
];

function handler(req: RecordedRequest): Response {
  const path = new URL(req.url, 'http://localhost').pathname;
  if (path === '/api/brands') return json([{ ...samsung, modelCount: 8 }, { ...lg, modelCount: 0 }]);
  if (path === '/api/brands/samsung') return json({ brand: samsung, models });
  if (path === '/api/brands/lg') return json({ brand: lg, models: [] });
  return json({ message: '브랜드를 찾을 수 없습니다' }, { status: 404 });
}

function renderBrand(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/brand/:brand" element={<BrandPage />} />
      <Route path="/brands" element={<BrandsPage />} />
    </Routes>,
    { route },
  );
}

const names = () => within(screen.getByTestId('brand-models')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('brand filter rules', () => {
  it('popular = reviewCount × rating, then rating, then reviews', () => {
    expect(popularity({ rating: 4.4, reviewCount: 1490 })).toBeCloseTo(6556);
    expect(sortModels(models, 'popular').map((m) => m.id)).toEqual(['a56', 's26-ultra', 'fold7', 's25-ultra-r', 's25-used']);
    const tie = [model({ id: 'b', name: 'B', rating: 4, reviewCount: 100 }), model({ id: 'a', name: 'A', rating: 5, reviewCount: 80 })];
    expect(sortModels(tie, 'popular').map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('sorts by price, rating and reviews', () => {
    expect(sortModels(models, 'price-low').map((m) => m.price)).toEqual([599_500, 640_000, 1_190_000, 1_797_400, 2_379_300]);
    expect(sortModels(models, 'price-high').map((m) => m.price)).toEqual([2_379_300, 1_797_400, 1_190_000, 640_000, 599_500]);
    expect(sortModels(models, 'rating').map((m) => m.rating)).toEqual([4.9, 4.8, 4.6, 4.4, 4.3]);
    expect(sortModels(models, 'reviews').map((m) => m.reviewCount)).toEqual([1490, 1284, 736, 517, 203]);
  });

  it('filters by condition and availability', () => {
    expect(filterModels(models, { condition: 'new', availability: 'all', sort: 'price-low' }).map((m) => m.id)).toEqual(['a56', 's26-ultra', 'fold7']);
    expect(filterModels(models, { condition: 'all', availability: 'limited', sort: 'price-low' }).map((m) => m.id)).toEqual(['s25-ultra-r', 'fold7']);
    expect(filterModels(models, { condition: 'used', availability: 'limited', sort: 'popular' })).toEqual([]);
  });

  it('reads unknown URL values as the defaults', () => {
    expect(parseFilters(new URLSearchParams('condition=broken&availability=limited&sort=cheap'))).toEqual({ condition: 'all', availability: 'limited', sort: 'popular' });
  });
});

describe('BrandsPage', () => {
  it('lists brands with Korean and English names, model counts and links, plus a home link', async () => {
    stubFetch(handler);
    renderBrand('/brands');
    const list = await screen.findByTestId('brand-list');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/brand/samsung', '/brand/lg']);
    expect(links[0]!.textContent).toContain('삼성');
    expect(links[0]!.textContent).toContain('Samsung');
    expect(within(list).getByText('모델 8개')).toBeTruthy();
    expect(within(list).getByText('모델 0개')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← 홈으로' }).getAttribute('href')).toBe('/');
  });
});

describe('BrandPage', () => {
  it('shows 브랜드를 찾을 수 없습니다 with a link to /brands for an unknown brand', async () => {
    const { requests } = stubFetch(handler);
    renderBrand('/brand/nokia');
    expect(await screen.findByRole('heading', { name: '브랜드를 찾을 수 없습니다' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '전체 브랜드 보기' }).getAttribute('href')).toBe('/brands');
    expect(requests[0]!.url).toBe('/api/brands/nokia');
  });

  it('looks the brand up lowercased and shows every model, linking to its product', async () => {
    const { requests } = stubFetch(handler);
    renderBrand('/brand/Samsung');
    await screen.findByTestId('brand-models');
    expect(requests[0]!.url).toBe('/api/brands/samsung');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('삼성');
    expect(names()).toEqual(['갤럭시 A56 128GB', '갤럭시 S26 울트라 256GB', '갤럭시 Z 폴드7 256GB', '갤럭시 S25 울트라 256GB (리퍼)', '갤럭시 S25 256GB (중고)']);
    expect(screen.getByRole('link', { name: '갤럭시 A56 128GB' }).getAttribute('href')).toBe('/product/a56-product');

    const card = screen.getAllByTestId('brand-model-card')[0]!;
    expect(card.textContent).toContain('128GB · 블랙');
    expect(card.textContent).toContain('★ 4.4');
    expect(card.textContent).toContain('(리뷰 1,490)');
    // read aloud as one phrase, from text (an aria-label on a <p> or <span> is not read)
    expect(within(card).getByText('평점 4.4, 리뷰 1,490개')).toBeTruthy();
    expect(card.querySelectorAll('p[aria-label], span[aria-label], div[aria-label]:not([role])')).toHaveLength(0);
    expect(card.textContent).toContain('새상품');
    expect(card.textContent).toContain('재고 있음');
    expect(card.textContent).toContain('599,500원');
    expect(card.textContent).toContain('6.2형');
    expect(card.textContent).toContain('AI');
    expect(within(card).getByTestId('seller-verified')).toBeTruthy();
    // the used phone's seller is not verified
    const used = screen.getAllByTestId('brand-model-card')[4]!;
    expect(within(used).queryByTestId('seller-verified')).toBeNull();
  });

  it('filters by condition and availability and sorts', async () => {
    stubFetch(handler);
    renderBrand('/brand/samsung');
    await screen.findByTestId('brand-models');
    const condition = screen.getByTestId('condition-filter');
    const availability = screen.getByTestId('availability-filter');
    expect(within(condition).getAllByRole('button').map((b) => b.textContent)).toEqual(['전체', '새상품', '리퍼', '중고']);
    expect(within(availability).getAllByRole('button').map((b) => b.textContent)).toEqual(['전체', '재고 있음', '한정 수량']);

    fireEvent.click(within(condition).getByRole('button', { name: '리퍼' }));
    expect(within(condition).getByRole('button', { name: '리퍼' }).getAttribute('aria-pressed')).toBe('true');
    expect(names()).toEqual(['갤럭시 S25 울트라 256GB (리퍼)']);
    expect(screen.getByTestId('model-count').textContent).toBe('모델 1개 / 전체 5개');
    expect(screen.getByTestId('location').textContent).toBe('/brand/samsung?condition=refurbished');

    fireEvent.click(within(condition).getByRole('button', { name: '전체' }));
    fireEvent.click(within(availability).getByRole('button', { name: '한정 수량' }));
    expect(names()).toEqual(['갤럭시 Z 폴드7 256GB', '갤럭시 S25 울트라 256GB (리퍼)']);

    const sort = screen.getByLabelText('정렬') as HTMLSelectElement;
    expect(Array.from(sort.options).map((o) => o.text)).toEqual(['인기순', '낮은 가격순', '높은 가격순', '평점순', '리뷰순']);
    fireEvent.change(sort, { target: { value: 'price-low' } });
    expect(names()).toEqual(['갤럭시 S25 울트라 256GB (리퍼)', '갤럭시 Z 폴드7 256GB']);

    fireEvent.click(within(condition).getByRole('button', { name: '중고' }));
    expect(await screen.findByText('조건에 맞는 모델이 없습니다')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '필터 초기화' }));
    await waitFor(() => expect(names()).toHaveLength(5));
  });

  it('reads filters from the URL', async () => {
    stubFetch(handler);
    renderBrand('/brand/samsung?condition=new&sort=reviews');
    await screen.findByTestId('brand-models');
    expect(names()).toEqual(['갤럭시 A56 128GB', '갤럭시 S26 울트라 256GB', '갤럭시 Z 폴드7 256GB']);
  });

  it('shows an empty state for a brand without models', async () => {
    stubFetch(handler);
    renderBrand('/brand/LG');
    expect(await screen.findByText('등록된 모델이 없습니다')).toBeTruthy();
    expect(screen.queryByTestId('condition-filter')).toBeNull();
    expect(screen.getByRole('link', { name: '다른 브랜드 보기' }).getAttribute('href')).toBe('/brands');
  });
});
