import { act, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../shared/api/client';
import { json, stubFetch } from '../shared/test/render';
import { cartAnswer, cartLine } from '../shared/test/fixtures';
import { appSystem } from '../shared/theme/system';
import { ErrorBoundary } from './ErrorBoundary';
import { AppProviders } from './provider';
import { AppRoutes } from './router';
import { COMING_SOON, PAGE_ROUTES } from './routes';

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}


describe('app shell', () => {
  beforeEach(() => {
    localStorage.clear();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Page Not Found for an unknown path, with the header for a guest', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/site' ? json({ demo: true }) : json({ message: 'Unauthorized' }, { status: 401 })));
    delete document.documentElement.dataset.pageReady;
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeTruthy();
    // Marked ready like every page, so a journey's waitForPage does not wait out its fallback (s62)
    await vi.waitFor(() => expect(document.documentElement.dataset.pageReady).toBe(window.location.pathname));
    expect(screen.queryByText('Page Not Found')).toBeNull();
    expect(screen.getByRole('link', { name: '홈으로 돌아가기' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('header-logo').getAttribute('href')).toBe('/');
    expect(await screen.findByTestId('demo-login')).toBeTruthy();
    expect(screen.getByTestId('demo-mode-badge').textContent).toBe('데모 모드');
    expect(screen.getByTestId('current-role').textContent).toBe('게스트');
    expect(screen.queryByTestId('cart-count')).toBeNull();
    // guests never ask for the cart
    expect(requests.some((r) => r.url.startsWith('/api/cart'))).toBe(false);
    expect(screen.getByText(`© ${new Date(Date.now() + 9 * 3_600_000).getUTCFullYear()} 폰마켓. 모든 권리 보유.`)).toBeTruthy();
  });

  it.each([
    ['the server says demo is off', () => json({ demo: false })],
    ['the server does not answer /api/site', () => json({ message: 'Not found' }, { status: 404 })],
  ])('without demo sign-in (%s): no demo button, no badge, a plain 로그인 link and no demo roles in the menu', async (_label, site) => {
    stubFetch((req) => (req.url === '/api/site' ? site() : json({ message: 'Unauthorized' }, { status: 401 })));
    renderAt('/no/such/page');
    const login = await screen.findByTestId('login-link');
    expect(login.getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('demo-login')).toBeNull();
    expect(screen.queryByTestId('demo-mode-badge')).toBeNull();
    fireEvent.click(screen.getByTestId('role-switcher'));
    expect(await screen.findByRole('menuitem', { name: '이메일로 로그인' })).toBeTruthy();
    expect(screen.queryByText('데모 역할로 전환')).toBeNull();
  });

  it.each(COMING_SOON.map((row) => [row.path, row.title] as const))('%s renders its 준비 중 page (%s)', async (path, title) => {
    stubFetch(() => json({ message: 'Unauthorized' }, { status: 401 }));
    renderAt(path);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText('준비 중')).toBeTruthy();
  });

  it('registers every spec route lazily and shows 준비 중 pages', async () => {
    stubFetch(() => json({ message: 'Unauthorized' }, { status: 401 }));
    expect(PAGE_ROUTES.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/', '/admin/chatbot', '/admin-selling-policies', '/customer-support', '/login', '/register', '/admin-support',
        '/reviews', '/terms', '/privacy', '/refund-policy', '/admin/processes']),
    );
    // the spec's routes plus /admin-support (issue 13's support console), /search (issue 10's results page),
    // /checkout, /orders/:id, /admin/orders (issue 12) and the footer's pages (기기 리뷰, 이용약관, 개인정보처리방침, 환불정책)
    // … and /store/:id, a seller's store page (issue 29)
    // … and /quotes, /quotes/:id, /admin/quotes (issue 25), with the pages issues 26, 27 and 29 added
    // … and /admin/processes (issue 36: work the process runner gave up on)
    // … and /my-shopping/addresses (issue 39: 배송지 관리), /orders/:id/contract (issue 40: 계약 조건서),
    // /admin/reports (issue 41: 신고), /me/alerts and /compare (issue 42)
    expect(PAGE_ROUTES).toHaveLength(52);
    const comingSoon = COMING_SOON[0];
    if (comingSoon) {
      renderAt(comingSoon.path);
      expect(await screen.findByRole('heading', { name: comingSoon.title })).toBeTruthy();
      expect(screen.getByText('준비 중')).toBeTruthy();
    }
  });

  it('shows the real cart count for a signed-in user, and hides it on error', async () => {
    const buyer = { id: 'u1', email: 'b@demo.kr', firstName: '민수', lastName: '김', role: 'user' };
    stubFetch((req) => (req.url === '/api/auth/me' ? json({ user: buyer }) : json(cartAnswer([cartLine('i1'), cartLine('i2')]))));
    renderAt('/');
    expect((await screen.findByTestId('cart-count', {}, { timeout: 5000 })).textContent).toBe('2');
    expect(screen.getByTestId('current-role').textContent).toBe('구매자');
    expect(screen.queryByTestId('demo-login')).toBeNull();
  });

  it('hides the cart badge when the cart cannot be loaded', async () => {
    const buyer = { id: 'u1', email: 'b@demo.kr', firstName: '민수', lastName: '김', role: 'user' };
    const { requests } = stubFetch((req) =>
      req.url === '/api/auth/me' ? json({ user: buyer }) : json({ message: 'down' }, { status: 500 }),
    );
    renderAt('/');
    await screen.findByText('구매자');
    await vi.waitFor(() => expect(requests.some((r) => r.url === '/api/cart')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('cart-count')).toBeNull();
  });
});

describe('ErrorBoundary', () => {
  it('shows the refresh message and button when a page throws', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    function Broken(): never {
      throw new Error('render failed');
    }
    render(
      <ChakraProvider value={appSystem()}>
        <ErrorBoundary onReload={reload}>
          <Broken />
        </ErrorBoundary>
      </ChakraProvider>,
    );
    expect(screen.getByText('문제가 발생했습니다.')).toBeTruthy();
    expect(screen.getByText('페이지를 새로고침해 주세요.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '새로고침' }));
    expect(reload).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});
