import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELLER_CANCEL_MESSAGES, type Order } from '@phonemarket/contracts';
import { formatDateTime } from '../../shared/format';
import { orderAnswer, orderLine } from '../../shared/test/fixtures';
import { expectAdminGate, serveAs } from '../../shared/test/adminGate';
import { json, renderWithProviders } from '../../shared/test/render';
import AdminOrdersPage from './AdminOrdersPage';
import OrderDetailPage from './OrderDetailPage';

afterEach(() => vi.unstubAllGlobals());

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

/** The server: every order on /api/admin/orders and /api/orders/{id}. */
function serve(role: 'guest' | 'user' | 'seller' | 'admin', orders: Order[] = []) {
  return serveAs(role, (req) => {
    if (req.url.startsWith('/api/admin/orders')) return json({ orders: orders.map((o) => ({ ...o, buyerName: '김*수' })), total: orders.length });
    const own = orders.find((o) => req.url === `/api/orders/${o.id}`);
    if (own) return json(own);
    if (req.url.endsWith('/history')) return json([]);
    return json({ message: '없음' }, { status: 404 });
  });
}

it('/admin/orders: the shared AdminGate (guest: sign in, buyer and seller: no access and no call, admin: the page)', async () => {
  await expectAdminGate(<AdminOrdersPage />, '/admin/orders', '주문 관리', '/api/admin/orders', () => json({ orders: [], total: 0 }));
});

describe('/admin/orders: 오늘 결제 of a cancelled or returned order', () => {
  const lump = [orderLine({ payment: 'lump' })];
  const payNow = orderAnswer({ items: lump }).amounts.payNow;
  const returned = orderAnswer({
    id: 'order-r', items: lump, status: 'returned', statusLabel: '반품 완료', cancellable: false,
    returns: [{
      returnId: 'ret-1', kind: 'return', reason: '마음이 바뀌었어요.', defective: false, photos: [], note: null, requestedAt: '2026-11-24T11:00:00.000Z', status: 'refunded',
      decidedAt: '2026-11-24T12:00:00.000Z', collection: null, inspection: null, refund: { amount: payNow - 6000, shippingFee: 6000, at: '2026-11-25T10:00:01.000Z' },
    }],
  });
  // 관리자 취소 (s59) with its refund recorded (`PaymentRefunded`).
  const cancellation = { by: 'admin' as const, reason: '개통 불가 · 명의 확인 불가', at: '2026-11-30T10:00:00.000Z', refund: { amount: payNow, at: '2026-11-30T10:00:01.000Z' } };
  const cancelled = orderAnswer({ id: 'order-c', orderNumber: '20261123-000002', items: lump, status: 'cancelled', statusLabel: '취소됨', cancellable: false, cancellation });
  const paid = orderAnswer({ id: 'order-p', orderNumber: '20261123-000003', items: lump });

  it('is struck through with what was refunded under it; an order that stands shows its 오늘 결제 alone', async () => {
    expect(payNow).toBeGreaterThan(6000);
    serve('admin', [returned, cancelled, paid]);
    renderWithProviders(<AdminOrdersPage />, { route: '/admin/orders' });
    const row = async (id: string) => within((await screen.findAllByTestId('admin-order')).find((r) => r.getAttribute('data-order-id') === id)!).getByTestId('admin-order-pay-now');
    const r = await row('order-r');
    expect(r.querySelector('s')?.textContent).toBe(won(payNow));
    expect(within(r).getByTestId('admin-order-refund').textContent).toBe(`환불 완료 ${won(payNow - 6000)} (${formatDateTime('2026-11-25T10:00:01.000Z')})`);
    const c = await row('order-c');
    expect(c.querySelector('s')?.textContent).toBe(won(payNow));
    expect(within(c).getByTestId('admin-order-refund').textContent).toBe(`환불 완료 ${won(payNow)} (${formatDateTime('2026-11-30T10:00:01.000Z')})`);
    // Who cancelled it and why, beside its status.
    const cancelledRow = (await screen.findAllByTestId('admin-order')).find((row) => row.getAttribute('data-order-id') === 'order-c')!;
    expect(within(cancelledRow).getByTestId('admin-order-cancelled-by').textContent).toBe('관리자 취소: 개통 불가 · 명의 확인 불가');
    const p = await row('order-p');
    expect(p.textContent).toBe(won(payNow));
    expect(p.querySelector('s')).toBeNull();
  });

  it.each([['order-r', payNow - 6000], ['order-c', payNow]])('the order\'s own page (%s) names the same refund', async (id, amount) => {
    serve('admin', [returned, cancelled]);
    renderWithProviders(<Routes><Route path="/orders/:id" element={<OrderDetailPage />} /></Routes>, { route: `/orders/${id}` });
    expect((await screen.findByTestId('order-refund')).textContent).toBe(won(amount));
  });
});

describe('/admin/orders: 관리자 취소 (s59)', () => {
  const lump = [orderLine({ payment: 'lump' })];
  const paid = orderAnswer({ id: 'order-p', orderNumber: '20261123-000003', items: lump });
  const shipped = orderAnswer({ id: 'order-s', orderNumber: '20261123-000004', items: lump, status: 'shipped', statusLabel: '배송중', cancellable: false });

  it('asks first with the seller\'s reasons and schema, then sends the seller-cancel route; a shipped order has no such action', async () => {
    const { requests } = serve('admin', [paid, shipped]);
    renderWithProviders(<AdminOrdersPage />, { route: '/admin/orders' });
    const rows = await screen.findAllByTestId('admin-order');
    const rowOf = (id: string) => rows.find((r) => r.getAttribute('data-order-id') === id)!;
    expect(within(rowOf('order-s')).queryByTestId('admin-cancel')).toBeNull();
    fireEvent.click(within(rowOf('order-p')).getByTestId('admin-cancel'));
    const dialog = await screen.findByTestId('seller-cancel-dialog');
    expect(dialog.textContent).toContain('관리자 취소로 주문을 취소할까요?');
    expect(dialog.textContent).toContain('전액 환불');
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    expect(await within(dialog).findByText(SELLER_CANCEL_MESSAGES.reason)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: '개통 불가' }));
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '개통 불가' })).toHaveProperty('checked', true));
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/orders/order-p/seller-cancel', body: { reason: '개통 불가' } }));
  });

  it('the order\'s own page offers it to an admin while it is cancellable (not to its buyer)', async () => {
    serve('admin', [paid, shipped]);
    const view = renderWithProviders(<Routes><Route path="/orders/:id" element={<OrderDetailPage />} /></Routes>, { route: '/orders/order-p' });
    expect(await screen.findByTestId('admin-cancel')).toBeTruthy();
    // Not the buyer's own cancel (its route answers anyone but the buyer 404).
    expect(screen.queryByTestId('order-actions')).toBeNull();
    view.unmount();
    serve('admin', [paid, shipped]);
    const shippedView = renderWithProviders(<Routes><Route path="/orders/:id" element={<OrderDetailPage />} /></Routes>, { route: '/orders/order-s' });
    await screen.findByTestId('order-number');
    expect(screen.queryByTestId('admin-cancel')).toBeNull();
    shippedView.unmount();
    vi.unstubAllGlobals();
    serve('user', [paid]);
    renderWithProviders(<Routes><Route path="/orders/:id" element={<OrderDetailPage />} /></Routes>, { route: '/orders/order-p' });
    await screen.findByTestId('order-number');
    expect(screen.queryByTestId('admin-cancel')).toBeNull();
  });
});

describe('/admin/orders on a phone (s60)', () => {
  const lump = [orderLine({ payment: 'lump' })];
  const payNow = orderAnswer({ items: lump }).amounts.payNow;
  const cancellation = { by: 'admin' as const, reason: '개통 불가 · 명의 확인 불가', at: '2026-11-30T10:00:00.000Z', refund: { amount: payNow, at: '2026-11-30T10:00:01.000Z' } };
  const cancelled = orderAnswer({ id: 'order-c', orderNumber: '20261123-000002', items: lump, status: 'cancelled', statusLabel: '취소됨', cancellable: false, cancellation });
  const paid = orderAnswer({ id: 'order-p', orderNumber: '20261123-000003', items: lump });
  /** A viewport below Chakra's `lg` (1024 px, s60-h4): `matchMedia('(min-width: 1024px)')` does not match. */
  const narrow = () => vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));

  it('each order is a card (no table) with its number, refund and 관리자 취소', async () => {
    serve('admin', [cancelled, paid]);
    narrow();
    renderWithProviders(<AdminOrdersPage />, { route: '/admin/orders' });
    const cards = within(await screen.findByTestId('admin-order-cards')).getAllByTestId('admin-order');
    expect(cards.map((c) => c.getAttribute('data-order-id'))).toEqual(['order-c', 'order-p']);
    expect(screen.queryByRole('table')).toBeNull();
    const [c, p] = cards as [HTMLElement, HTMLElement];
    expect(within(c).getByTestId('order-number').textContent).toBe('20261123-000002');
    expect(within(c).getByTestId('admin-order-refund').textContent).toBe(`환불 완료 ${won(payNow)} (${formatDateTime('2026-11-30T10:00:01.000Z')})`);
    expect(within(c).getByTestId('admin-order-cancelled-by').textContent).toBe('관리자 취소: 개통 불가 · 명의 확인 불가');
    expect(within(c).queryByTestId('admin-cancel')).toBeNull();
    expect(within(p).getByTestId('admin-order-pay-now').textContent).toBe(won(payNow));
    fireEvent.click(within(p).getByTestId('admin-cancel'));
    expect((await screen.findByTestId('seller-cancel-dialog')).textContent).toContain('관리자 취소로 주문을 취소할까요?');
  });

  it('from 1024 px the table', async () => {
    serve('admin', [paid]);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    renderWithProviders(<AdminOrdersPage />, { route: '/admin/orders' });
    expect((await screen.findByTestId('admin-order')).tagName).toBe('TR');
    expect(screen.queryByTestId('admin-order-cards')).toBeNull();
  });
});
