import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import ProductPage from './ProductPage';
import { WISHLIST_KEY } from './wishlist';

const product = {
  id: 'iphone-16-pro-256-skt-used',
  name: '아이폰 16 프로 256GB (중고)',
  brand: 'Apple',
  img: '/images/phones/iphone-16-pro.svg',
  price: 1_100_000,
  monthly: 45_830,
  storage: 256,
  carrier: 'SKT',
  score: 80,
  badges: ['가성비'],
  isHot: false,
  isNew: false,
  viewCount: 12,
  seller: { id: 'seller-1', name: '강남폰스토어', rating: 4.9, deals: 2340 },
  condition: 'used',
  createdAt: '2026-01-01T00:00:00Z',
  model: 'iphone-16-pro',
  categories: ['Apple'],
  description: '티타늄 디자인의 아이폰 16 프로.',
  specifications: { display: '6.3형', camera: '48MP', battery: '3,582mAh', os: 'iOS 18', chip: 'A18 Pro', weight: '199g' },
  colors: [
    { name: '데저트 티타늄', hex: '#C4AD92', available: true },
    { name: '내추럴 티타늄', hex: '#BAB4A9', available: true },
    { name: '블랙 티타늄', hex: '#2F2F31', available: false },
  ],
};

const listItem = (id: string, name: string, carrier: string, price: number) => ({
  ...product,
  id,
  name,
  carrier,
  price,
  seller: { name: '판매자', rating: 4.5, deals: 10 },
  model: undefined,
  categories: undefined,
  description: undefined,
  specifications: undefined,
  colors: undefined,
});

function handler(req: RecordedRequest): Response {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && url.pathname.endsWith('/views')) return json({ id: product.id, position: '5', counted: true });
  if (url.pathname === `/api/products/${product.id}`) return json(product);
  if (url.pathname.startsWith('/api/products/')) return json({ message: 'Product not found' }, { status: 404 });
  if (url.pathname === '/api/brands') return json([{ id: 'apple', name: 'Apple', nameKo: '애플', logo: '', description: '', order: 1, modelCount: 4 }]);
  if (url.pathname === '/api/products') {
    return json({
      products: [
        listItem('iphone-16-pro-128-kt-refurbished', '아이폰 16 프로 128GB (리퍼)', 'KT', 990_000),
        listItem(product.id, product.name, 'SKT', product.price),
        listItem('iphone-16-pro-max-256-kt-new', '아이폰 16 프로 맥스 256GB', 'KT', 1_500_000),
      ],
      total: 3,
    });
  }
  return json({ message: 'unexpected' }, { status: 500 });
}

function renderProduct(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/product/:id" element={<ProductPage />} />
    </Routes>,
    { route: `/product/${id}` },
  );
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductPage', () => {
  it('shows the not-found state with a home link for an unknown product', async () => {
    const { requests } = stubFetch(handler);
    renderProduct('nope');
    expect(await screen.findByRole('heading', { name: '상품을 찾을 수 없습니다' })).toBeTruthy();
    expect(screen.getByText('요청하신 상품이 존재하지 않거나 삭제되었습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /홈으로 돌아가기/ }).getAttribute('href')).toBe('/');
    // a missing product records no view
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows a loading skeleton first', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderProduct(product.id);
    expect(screen.getByText('상품 정보를 불러오는 중...')).toBeTruthy();
  });

  it('renders the product with default options and its price summary', async () => {
    const { requests } = stubFetch(handler);
    renderProduct(product.id);
    expect((await screen.findByTestId('product-name')).textContent).toBe(product.name);

    // defaults: 256GB, 내추럴 티타늄, KT, 프리미엄 플러스
    expect(screen.getByTestId('storage-option-256').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('color-option-1').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('carrier-option-KT').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('plan-option-premium-plus').getAttribute('aria-checked')).toBe('true');

    // own storage (256GB) → listed price 1,100,000 − KT 300,000
    expect(screen.getByTestId('final-price').textContent).toBe('800,000원');
    expect(screen.getByTestId('monthly-price').textContent).toBe('33,333원/월');
    const summary = screen.getByTestId('price-summary');
    for (const line of ['기기 가격', '용량 추가', '통신사 할인', '최종 가격', '월 할부금 (24개월)']) {
      expect(summary.textContent).toContain(line);
    }
    expect(within(summary).getByTestId('base-price').textContent).toBe('900,000원');
    expect(within(summary).getByTestId('plan-fee').textContent).toBe('130,000원/월');

    // breadcrumb: 홈 > 애플 > name
    const crumbs = screen.getByRole('navigation', { name: '현재 위치' });
    await waitFor(() => expect(within(crumbs).getByRole('link', { name: '애플' }).getAttribute('href')).toBe('/brand/Apple'));

    // a view is recorded once
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST' && r.url === `/api/products/${product.id}/views`)).toHaveLength(1));
    // a counted view refreshes the product (its view count now includes this visit)
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.url === `/api/products/${product.id}`)).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('ignores a failing view request', async () => {
    const { requests } = stubFetch((req) => (req.method === 'POST' ? json({ message: 'boom' }, { status: 500 }) : handler(req)));
    renderProduct(product.id);
    expect((await screen.findByTestId('product-name')).textContent).toBe(product.name);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(screen.getByTestId('final-price').textContent).toBe('800,000원');
  });

  it('updates the price summary when 512GB is chosen', async () => {
    stubFetch(handler);
    renderProduct(product.id);
    fireEvent.click(await screen.findByTestId('storage-option-512'));
    expect(screen.getByTestId('storage-option-512').getAttribute('aria-checked')).toBe('true');
    // base 900,000 + 400,000 − 300,000
    expect(screen.getByTestId('final-price').textContent).toBe('1,000,000원');
    expect(screen.getByTestId('monthly-price').textContent).toBe('41,666원/월');
    expect(screen.getByTestId('storage-addon').textContent).toBe('+400,000원');

    fireEvent.click(screen.getByTestId('carrier-option-LGU'));
    expect(screen.getByTestId('final-price').textContent).toBe('1,100,000원');
    expect(screen.getByTestId('carrier-discount').textContent).toBe('-200,000원');

    fireEvent.click(screen.getByTestId('storage-option-1024'));
    fireEvent.click(screen.getByTestId('carrier-option-SKT'));
    expect(screen.getByTestId('final-price').textContent).toBe('1,450,000원');

    fireEvent.click(screen.getByTestId('plan-option-basic'));
    expect(screen.getByTestId('plan-fee').textContent).toBe('69,000원/월');
  });

  it('marks the unavailable colour 품절 and does not let it be chosen', async () => {
    stubFetch(handler);
    renderProduct(product.id);
    const soldOut = await screen.findByTestId('color-option-2');
    expect(soldOut.textContent).toContain('품절');
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(soldOut);
    expect(soldOut.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('color-option-1').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('color-option-0'));
    expect(screen.getByTestId('color-option-0').getAttribute('aria-checked')).toBe('true');
  });

  it('moves the storage choice with the arrow keys', async () => {
    stubFetch(handler);
    renderProduct(product.id);
    const s256 = await screen.findByTestId('storage-option-256');
    expect(s256.getAttribute('tabindex')).toBe('0');
    expect(screen.getByTestId('storage-option-128').getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(s256, { key: 'ArrowRight' });
    expect(screen.getByTestId('storage-option-512').getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('storage-option-512'));
  });

  it('toggles the local wishlist in localStorage', async () => {
    stubFetch(handler);
    renderProduct(product.id);
    const toggle = await screen.findByTestId('wishlist-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem(WISHLIST_KEY) ?? '[]')).toEqual([product.id]);
    fireEvent.click(toggle);
    expect(JSON.parse(window.localStorage.getItem(WISHLIST_KEY) ?? '[]')).toEqual([]);
  });

  it('ignores a corrupt stored wishlist', async () => {
    window.localStorage.setItem(WISHLIST_KEY, '{"not":"a list"}');
    stubFetch(handler);
    renderProduct(product.id);
    const toggle = await screen.findByTestId('wishlist-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(JSON.parse(window.localStorage.getItem(WISHLIST_KEY) ?? '[]')).toEqual([product.id]);
  });

  it('lists other products of the same model line and honest empty reviews', async () => {
    const { requests } = stubFetch(handler);
    renderProduct(product.id);
    fireEvent.click(await screen.findByRole('tab', { name: '통신사별 상품' }));
    const list = await screen.findByTestId('carrier-products');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['아이폰 16 프로 128GB (리퍼)']);
    const search = requests.find((r) => r.url.startsWith('/api/products?'));
    expect(new URL(search!.url, 'http://x').searchParams.get('q')).toBe('iphone-16-pro');

    fireEvent.click(screen.getByRole('tab', { name: '리뷰' }));
    expect(await screen.findByText('아직 작성된 리뷰가 없습니다')).toBeTruthy();
  });
});
