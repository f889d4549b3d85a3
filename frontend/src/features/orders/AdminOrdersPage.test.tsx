import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@phonemarket/contracts';
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
  const cancelled = orderAnswer({ id: 'order-c', orderNumber: '20261123-000002', items: lump, status: 'cancelled', statusLabel: '취소됨', cancellable: false });
  const paid = orderAnswer({ id: 'order-p', orderNumber: '20261123-000003', items: lump });

  it('is struck through with what was refunded under it; an order that stands shows its 오늘 결제 alone', async () => {
    expect(payNow).toBeGreaterThan(6000);
    serve('admin', [returned, cancelled, paid]);
    renderWithProviders(<AdminOrdersPage />, { route: '/admin/orders' });
    const row = async (id: string) => within((await screen.findAllByTestId('admin-order')).find((r) => r.getAttribute('data-order-id') === id)!).getByTestId('admin-order-pay-now');
    const r = await row('order-r');
    expect(r.querySelector('s')?.textContent).toBe(won(payNow));
    expect(within(r).getByTestId('admin-order-refund').textContent).toBe(`환불 ${won(payNow - 6000)}`);
    const c = await row('order-c');
    expect(c.querySelector('s')?.textContent).toBe(won(payNow));
    expect(within(c).getByTestId('admin-order-refund').textContent).toBe(`환불 ${won(payNow)}`);
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
