import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../shared/api/client';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { QuickActions } from './QuickActions';
import { quickActionsFor } from './quickActions';
import { ME_QUERY_KEY, useSession } from '../../shared/auth/session';

afterEach(() => resetApiClientState());

const labels = () => screen.getAllByTestId('quick-action').map((el) => el.textContent ?? '');
const hrefOf = (label: string) =>
  within(screen.getAllByTestId('quick-action').find((el) => el.textContent?.includes(label)) as HTMLElement)
    .getByRole('link')
    .getAttribute('href');

const COMMON = ['장바구니', '찜한 상품', '주문 내역', '알림', '가격 계산기', '할부 시뮬레이터'];

describe('QuickActions by role', () => {
  it('guest: browse products and the sign-in hint, no count', () => {
    renderWithProviders(<QuickActions role="guest" />);
    expect(labels()).toHaveLength(1);
    expect(labels()[0]).toContain('상품 둘러보기');
    expect(hrefOf('상품 둘러보기')).toBe('/brands');
    expect(screen.getByText('로그인하면 더 많은 기능을 이용할 수 있어요')).toBeTruthy();
    expect(screen.queryByTestId('quick-actions-count')).toBeNull();
  });

  it('user: the six shopping actions with a count', () => {
    renderWithProviders(<QuickActions role="user" />);
    expect(labels().map((l) => COMMON.find((c) => l.includes(c)))).toEqual(COMMON);
    expect(hrefOf('찜한 상품')).toBe('/my-shopping');
    expect(hrefOf('할부 시뮬레이터')).toBe('/deposit-simulator');
    expect(hrefOf('가격 계산기')).toBe('/price-calculator');
    expect(screen.getByTestId('quick-actions-count').textContent).toBe('6개 메뉴');
    expect(screen.queryByText('로그인하면 더 많은 기능을 이용할 수 있어요')).toBeNull();
  });

  it('no fake count badges: only the text badges AI, 무료 (and 신규 for sellers)', () => {
    renderWithProviders(<QuickActions role="seller" />);
    const cart = screen.getAllByTestId('quick-action').find((el) => el.getAttribute('data-action') === 'cart');
    expect(cart?.textContent).not.toMatch(/\d/);
    expect(quickActionsFor('seller').map((a) => a.badge).filter(Boolean)).toEqual(['AI', '무료', '신규']);
  });

  it('seller: shopping + seller tools (11)', () => {
    renderWithProviders(<QuickActions role="seller" />);
    for (const label of ['셀러 대시보드', '내 스토어', '상품 등록', '판매 관리', '배송 관리']) expect(labels().some((l) => l.includes(label))).toBe(true);
    expect(hrefOf('셀러 대시보드')).toBe('/seller-dashboard');
    expect(hrefOf('배송 관리')).toBe('/shipping');
    expect(screen.getByTestId('quick-actions-count').textContent).toBe('11개 메뉴');
    expect(labels().some((l) => l.includes('관리자 패널'))).toBe(false);
  });

  it('admin: shopping + admin tools (10)', () => {
    renderWithProviders(<QuickActions role="admin" />);
    for (const label of ['관리자 패널', '사용자 관리', '셀러 승인', '사이트 설정']) expect(labels().some((l) => l.includes(label))).toBe(true);
    expect(hrefOf('사용자 관리')).toBe('/admin/users');
    expect(hrefOf('셀러 승인')).toBe('/admin/sellers');
    expect(screen.getByTestId('quick-actions-count').textContent).toBe('10개 메뉴');
    expect(labels().some((l) => l.includes('셀러 대시보드'))).toBe(false);
  });
});

function RoleProbe() {
  return <output data-testid="role">{useSession().role}</output>;
}

describe('the role of the quick actions comes from the session (one "who am I" cache key)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the session answer in the query cache', async () => {
    stubFetch(() => json({ message: 'Unauthorized' }, { status: 401 }));
    const { queryClient } = renderWithProviders(<RoleProbe />);
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('guest'));
    queryClient.setQueryData(ME_QUERY_KEY, { id: '1', email: 's@x', firstName: 'a', lastName: 'b', role: 'seller' });
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('seller'));
    queryClient.setQueryData(ME_QUERY_KEY, null);
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('guest'));
  });
});
