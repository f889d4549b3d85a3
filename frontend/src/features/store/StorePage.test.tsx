import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { STORE_CLOSED_MESSAGES, type PublicStore } from '@phonemarket/contracts';
import { product, shopTrust } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import StorePage from './StorePage';

afterEach(() => vi.unstubAllGlobals());

const store = (over: Partial<PublicStore> = {}): PublicStore => ({
  id: 'store-s1', sellerId: 's1', status: 'approved', open: true, name: '강남폰스토어 강남역점', description: '갤럭시·아이폰 새 폰 전문', logoUrl: '/images/stores/logo-1.webp',
  bannerUrl: '/images/stores/banner-1.webp', theme: 'green',
  businessHours: { weekdays: { open: '10:00', close: '20:00' }, saturday: { open: '11:00', close: '17:00' }, sunday: null, note: '점심시간 12:00~13:00' },
  business: {
    companyName: '강남폰 주식회사', representative: '김강남', businessNumber: '220-81-62517', mailOrderNumber: '제2024-서울강남-01234호',
    address: '서울특별시 강남구 테헤란로 123', phone: '02-1234-5678', email: null,
  },
  openedAt: '2026-01-01T00:00:00.000Z',
  figures: { offers: 30, offersOnSale: 25, rating: 4.6, reviewCount: 2, answered: 3, responseMinutes: 95 },
  trust: shopTrust(7, 120), preApproval: null,
  offers: { items: [product(1, { id: 'o-1', name: '갤럭시 S26 울트라 256GB' }), product(2, { id: 'o-2', name: '아이폰 17 128GB' })], total: 25, page: 1, pageSize: 12 },
  reviews: {
    items: [{
      id: 'r-1', productId: 'galaxy-s26-ultra', modelName: '갤럭시 S26 울트라', author: '김*수', rating: 5, content: '친절하고 배송이 빨라요.', photos: [], option: '블랙 · 256GB · SKT',
      createdAt: '2026-11-20T10:00:00.000Z', mine: false, answer: { content: '감사합니다!', by: '강남폰스토어 강남역점', at: '2026-11-20T12:00:00.000Z' },
    }],
    total: 2, average: 4.6,
  },
  ...over,
});

const renderAt = (route: string) => renderWithProviders(<Routes><Route path="/store/:id" element={<StorePage />} /></Routes>, { route });
const serve = (answer: PublicStore | null) => stubFetch((req) => {
  if (req.url.startsWith('/api/stores/store-s1')) return answer ? json(answer) : json({ message: '스토어를 찾을 수 없습니다.' }, { status: 404 });
  return json({ message: '로그인이 필요합니다.' }, { status: 401 });
});

describe('StorePage (/store/:id)', () => {
  it("shows the store: banner, logo, figures, its offers (each linking to the product), its reviews, hours and the seller's business information", async () => {
    serve(store());
    renderAt('/store/store-s1');
    expect(await screen.findByRole('heading', { level: 1, name: '강남폰스토어 강남역점' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '강남폰스토어 강남역점 배너' }).getAttribute('src')).toBe('/images/stores/banner-1.webp');
    expect(screen.getByRole('img', { name: '강남폰스토어 강남역점 로고' }).getAttribute('src')).toBe('/images/stores/logo-1.webp');
    expect(screen.getByTestId('store-description').textContent).toBe('갤럭시·아이폰 새 폰 전문');
    // '거래 N건' is the shop's confirmed orders (`trust.deals`), the number the product page's cards show.
    expect(screen.getByTestId('store-figures').textContent).toContain('거래120건');
    expect(screen.getByTestId('store-summary').textContent).toContain('거래 120건');
    expect(screen.getByTestId('store-figures').textContent).toContain('1시간 35분');
    const cards = within(screen.getByTestId('store-offers')).getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link').getAttribute('href')).toBe('/product/m-1?offer=o-1');
    // the store's own cards do not repeat the seller
    expect(within(cards[0]!).queryByTestId('product-seller')).toBeNull();
    expect(screen.getByRole('navigation', { name: '상품 페이지' })).toBeTruthy();
    expect(within(screen.getByTestId('store-reviews')).getByText('친절하고 배송이 빨라요.')).toBeTruthy();

    const info = screen.getByTestId('store-business');
    // 전자상거래법 제13조: 상호, 대표자, 주소, 연락처, 사업자등록번호 (and the 통신판매업 신고번호); an empty field is left out, not shown blank
    for (const text of ['강남폰 주식회사', '김강남', '서울특별시 강남구 테헤란로 123', '02-1234-5678', '220-81-62517', '제2024-서울강남-01234호']) expect(info.textContent).toContain(text);
    expect(info.textContent).not.toContain('이메일');
    expect(within(info).getByRole('link', { name: /사업자정보 확인/ }).getAttribute('href')).toBe('https://www.ftc.go.kr/bizCommPop.do?wrkr_no=2208162517');
    expect(info.textContent).toContain('통신판매중개자');
    const hours = screen.getByTestId('store-hours').textContent;
    expect(hours).toContain('10:00~20:00');
    expect(hours).toContain('일요일·공휴일휴무');
  });

  it('pages through the offers with ?page=', async () => {
    const { requests } = serve(store());
    renderAt('/store/store-s1');
    fireEvent.click(await screen.findByRole('button', { name: '다음' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/stores/store-s1?page=2')).toBe(true));
    expect(screen.getByTestId('location').textContent).toBe('/store/store-s1?page=2');
  });

  it("a suspended seller's store says so and lists nothing (no offers, no reviews, no figures)", async () => {
    serve(store({ status: 'suspended', open: false, figures: null, offers: { items: [], total: 0, page: 1, pageSize: 12 }, reviews: { items: [], total: 0, average: 0 } }));
    renderAt('/store/store-s1');
    expect((await screen.findByTestId('store-closed')).textContent).toContain(STORE_CLOSED_MESSAGES.suspended);
    expect(screen.getByTestId('store-closed-badge').textContent).toBe('판매 정지');
    expect(screen.queryByTestId('store-offers')).toBeNull();
    expect(screen.queryByTestId('store-offers-empty')).toBeNull();
    expect(screen.queryByRole('heading', { name: /^리뷰/ })).toBeNull();
    expect(screen.queryByTestId('store-figures')).toBeNull();
    // the business information stays, for those who bought before
    expect(screen.getByTestId('store-business').textContent).toContain('220-81-62517');
  });

  it('an unknown store is the not-found page', async () => {
    serve(null);
    renderAt('/store/store-s1');
    expect(await screen.findByTestId('store-not-found')).toBeTruthy();
  });

  it('a store with no pictures shows its theme and initial; no business information says so', async () => {
    serve(store({ logoUrl: null, bannerUrl: null, business: { companyName: null, representative: null, businessNumber: null, mailOrderNumber: null, address: null, phone: null, email: null } }));
    renderAt('/store/store-s1');
    expect((await screen.findByTestId('store-logo')).textContent).toBe('강');
    expect(screen.queryByRole('img', { name: /배너/ })).toBeNull();
    expect(screen.getByTestId('store-business').textContent).toContain('판매자가 아직 사업자 정보를 등록하지 않았습니다.');
  });
});
