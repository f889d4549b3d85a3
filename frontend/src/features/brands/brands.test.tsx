import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { BrandModel } from '../../shared/api/catalogue';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import BrandPage from './BrandPage';
import BrandsPage from './BrandsPage';
import { availabilityOf, filterModels, parseFilters } from './brand-filters';

const samsung = { id: 'samsung', name: 'Samsung', nameKo: '삼성', logo: '/images/brands/samsung.svg', description: '갤럭시 브랜드', order: 0 };
const lg = { id: 'lg', name: 'LG', nameKo: '엘지', logo: '/images/brands/lg.svg', description: '판매 중인 모델이 없습니다', order: 3 };

type Condition = BrandModel['conditions'][number];
const cond = (condition: Condition['condition'], lowestPrice: number, stock: number, over: Partial<Condition> = {}): Condition => ({
  condition, lowestPrice, lowestMonthly: Math.round(lowestPrice / 20), lowestMonthlyKind: condition === 'new' ? 'plan' : condition, lowestToday: condition === 'new' ? null : lowestPrice, sellerCount: 2, stock, ...over,
});

/** A model as the live `GET /api/brands/{brand}` lists it: its summary, per condition, and its real reviews. */
function model(over: Partial<BrandModel> & Pick<BrandModel, 'id' | 'name' | 'conditions'>): BrandModel {
  const first = over.conditions.reduce((a, b) => (b.lowestPrice < a.lowestPrice ? b : a));
  return {
    brand: 'Samsung', series: '갤럭시 S', img: `/images/phones/${over.id}.svg`, releasedAt: '2026-01-01', isNew: false, storages: [256, 512],
    lowestPrice: first.lowestPrice, lowestMonthly: over.conditions[0]!.lowestMonthly, lowestMonthlyKind: over.conditions[0]!.lowestMonthlyKind, lowestToday: over.conditions[0]!.lowestToday,
    offerCount: 6, sellerCount: 3, cheapestOfferId: `${over.id}-offer`, score: 80, viewCount: 10, badges: ['공시혜택'], rating: 0, reviewCount: 0,
    specifications: { display: '6.2형', camera: '50MP', battery: '4,000mAh', os: '안드로이드 16' },
    stock: over.conditions.reduce((n, c) => n + c.stock, 0),
    ...over,
  };
}

const models: BrandModel[] = [
  model({ id: 's26-ultra', name: '갤럭시 S26 울트라', viewCount: 50, rating: 4.5, reviewCount: 2, conditions: [cond('new', 974_400, 120)] }),
  model({ id: 'fold7', name: '갤럭시 Z 폴드7', viewCount: 40, rating: 5, reviewCount: 1, conditions: [cond('new', 1_379_300, 8), cond('refurbished', 1_680_000, 2)] }),
  model({ id: 's25', name: '갤럭시 S25', viewCount: 30, conditions: [cond('new', 700_000, 40), cond('used', 640_000, 3)] }),
  model({ id: 'a16', name: '갤럭시 A16', viewCount: 20, conditions: [cond('new', 0, 0)] }),
];

function handler(req: RecordedRequest): Response {
  const path = new URL(req.url, 'http://localhost').pathname;
  if (path === '/api/brands') return json([{ ...samsung, modelCount: 4 }, { ...lg, modelCount: 0 }]);
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
  it('popular = most viewed; sorts by price, rating and reviews', () => {
    const ids = (sort: 'popular' | 'price-low' | 'price-high' | 'rating' | 'reviews') => filterModels(models, { condition: 'all', availability: 'all', sort }).map((v) => v.model.id);
    expect(ids('popular')).toEqual(['s26-ultra', 'fold7', 's25', 'a16']);
    expect(ids('price-low')).toEqual(['a16', 's25', 's26-ultra', 'fold7']);
    expect(ids('price-high')).toEqual(['fold7', 's26-ultra', 's25', 'a16']);
    expect(ids('rating')).toEqual(['fold7', 's26-ultra', 'a16', 's25']);
    expect(ids('reviews')).toEqual(['s26-ultra', 'fold7', 'a16', 's25']);
  });

  it('filters by condition (with that condition\'s figures) and by units left', () => {
    const used = filterModels(models, { condition: 'used', availability: 'all', sort: 'price-low' });
    expect(used.map((v) => [v.model.id, v.lowestPrice, v.lowestMonthlyKind])).toEqual([['s25', 640_000, 'used']]);
    expect(filterModels(models, { condition: 'all', availability: 'limited', sort: 'price-low' }).map((v) => v.model.id)).toEqual(['fold7']);
    expect(filterModels(models, { condition: 'all', availability: 'sold-out', sort: 'price-low' }).map((v) => v.model.id)).toEqual(['a16']);
    expect([0, 1, 10, 11].map(availabilityOf)).toEqual(['sold-out', 'limited', 'limited', 'in-stock']);
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
    expect(links[0]!.textContent).not.toContain('Samsung');
    expect(within(list).getByText('모델 4개')).toBeTruthy();
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

  it('looks the brand up lowercased and shows every model on sale, with its real reviews, linking to its product', async () => {
    const { requests } = stubFetch(handler);
    renderBrand('/brand/Samsung');
    await screen.findByTestId('brand-models');
    expect(requests[0]!.url).toBe('/api/brands/samsung');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('삼성');
    expect(names()).toEqual(['갤럭시 S26 울트라', '갤럭시 Z 폴드7', '갤럭시 S25', '갤럭시 A16']);
    expect(screen.getByTestId('model-count').textContent).toBe('모델 4개');
    expect(screen.getByRole('link', { name: '갤럭시 S26 울트라' }).getAttribute('href')).toBe('/product/s26-ultra');

    const [s26, fold, s25, a16] = screen.getAllByTestId('brand-model-card');
    expect(s26!.textContent).toContain('256GB / 512GB');
    expect(s26!.textContent).toContain('★ 4.5');
    expect(s26!.textContent).toContain('(리뷰 2)');
    // read aloud as one phrase, from text (an aria-label on a <p> or <span> is not read)
    expect(within(s26!).getByText('평점 4.5, 리뷰 2개')).toBeTruthy();
    expect(s26!.querySelectorAll('p[aria-label], span[aria-label], div[aria-label]:not([role])')).toHaveLength(0);
    expect(s26!.textContent).toContain('새상품');
    expect(s26!.textContent).toContain('재고 있음');
    expect(within(s26!).getByTestId('model-price').textContent).toBe('최저가 974,400원');
    expect(within(s26!).getByTestId('model-monthly').textContent).toBe('최저 월 48,720원');
    expect(s26!.textContent).toContain('운영체제');
    expect(s26!.textContent).toContain('공시혜택');
    // a model without reviews says so, never ★0.0
    expect(within(s25!).getByTestId('model-rating').textContent).toBe('아직 리뷰가 없어요');
    expect(s25!.textContent).not.toContain('0.0');
    expect(within(fold!).getAllByTestId('model-condition').map((b) => b.textContent)).toEqual(['새상품', '리퍼']);
    expect(within(fold!).getByTestId('model-availability').textContent).toBe('한정 수량');
    expect(within(a16!).getByTestId('model-availability').textContent).toBe('품절');
  });

  it('filters by condition and availability and sorts', async () => {
    stubFetch(handler);
    renderBrand('/brand/samsung');
    await screen.findByTestId('brand-models');
    const condition = screen.getByTestId('condition-filter');
    const availability = screen.getByTestId('availability-filter');
    expect(within(condition).getAllByRole('button').map((b) => b.textContent)).toEqual(['전체', '새상품', '리퍼', '중고']);
    expect(within(availability).getAllByRole('button').map((b) => b.textContent)).toEqual(['전체', '재고 있음', '한정 수량', '품절']);

    fireEvent.click(within(condition).getByRole('button', { name: '중고' }));
    expect(within(condition).getByRole('button', { name: '중고' }).getAttribute('aria-pressed')).toBe('true');
    expect(names()).toEqual(['갤럭시 S25']);
    expect(screen.getByTestId('model-count').textContent).toBe('모델 1개 / 전체 4개');
    expect(screen.getByTestId('location').textContent).toBe('/brand/samsung?condition=used');
    // the used unit's figures, and its headline says it is of a used unit
    const card = screen.getByTestId('brand-model-card');
    // A used unit is paid in full (s59): what it costs today, no 월 nobody bills, and no 최저가 repeating it.
    expect(within(card).getByTestId('model-price').textContent).toBe('통신사 할부 없음');
    expect(within(card).getByTestId('model-monthly').textContent).toBe('최저 일시불 (중고) 640,000원');

    fireEvent.click(within(condition).getByRole('button', { name: '전체' }));
    fireEvent.click(within(availability).getByRole('button', { name: '한정 수량' }));
    expect(names()).toEqual(['갤럭시 Z 폴드7']);

    const sort = screen.getByLabelText('정렬') as HTMLSelectElement;
    expect(Array.from(sort.options).map((o) => o.text)).toEqual(['인기순', '낮은 가격순', '높은 가격순', '평점순', '리뷰순']);
    fireEvent.click(within(availability).getByRole('button', { name: '전체' }));
    fireEvent.change(sort, { target: { value: 'price-low' } });
    expect(names()).toEqual(['갤럭시 A16', '갤럭시 S25', '갤럭시 S26 울트라', '갤럭시 Z 폴드7']);

    fireEvent.click(within(condition).getByRole('button', { name: '리퍼' }));
    fireEvent.click(within(availability).getByRole('button', { name: '재고 있음' }));
    expect(await screen.findByText('조건에 맞는 모델이 없습니다')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '필터 초기화' }));
    await waitFor(() => expect(names()).toHaveLength(4));
  });

  it('reads filters from the URL', async () => {
    stubFetch(handler);
    renderBrand('/brand/samsung?condition=refurbished&sort=reviews');
    await screen.findByTestId('brand-models');
    expect(names()).toEqual(['갤럭시 Z 폴드7']);
  });

  it('shows an empty state for a brand without models', async () => {
    stubFetch(handler);
    renderBrand('/brand/LG');
    expect(await screen.findByText('등록된 모델이 없습니다')).toBeTruthy();
    expect(screen.queryByTestId('condition-filter')).toBeNull();
    expect(screen.getByRole('link', { name: '다른 브랜드 보기' }).getAttribute('href')).toBe('/brands');
  });
});
