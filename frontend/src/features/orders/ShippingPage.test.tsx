import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, type SellerOrder } from '@phonemarket/contracts';
import { sellerOrderAnswer } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import SalesPage from './SalesPage';
import ShippingPage from './ShippingPage';
import { liveServer } from '../../shared/test/liveServer';
import { toaster } from '../../shared/ui/toaster';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();

afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

const me = { user: { id: 'seller-1', email: 's@demo.kr', firstName: '셀러', lastName: '데모', role: 'seller' } };

/** The seller's orders by status, as `GET /api/seller/orders?status=` answers them; `onCommand` answers a PUT/POST. */
function serve(orders: { current: SellerOrder[] }, onCommand?: (url: string) => Promise<void>) {
  return stubFetch(async (req) => {
    if (req.url === '/api/auth/me') return json(me);
    if (onCommand && req.method !== 'GET') {
      await onCommand(req.url);
      return json({ id: 'order-1', position: '9' });
    }
    if (req.url.startsWith('/api/seller/orders')) {
      const status = new URL(req.url, 'http://x').searchParams.get('status');
      const listed = orders.current.filter((o) => !status || o.status === status);
      return json({ orders: listed, total: listed.length, summary: { toShip: listed.length, shipped: 0, delivered: 0, sales: 0 } });
    }
    return json({ message: '없음' }, { status: 404 });
  });
}

async function notifySeller(title: string) {
  await live.connected();
  live.push(SOCKET_EVENTS.notificationNew, ({
    notification: { id: `n-${title}`, type: 'order', title, message: '…', link: '/shipping', date: '2026-11-24T10:00:00.000Z', read: false }, unread: 1,
  }));
}

describe('배송 관리 and 판매 관리 follow the seller\'s orders live (issue 30)', () => {
  it('/shipping: a new order appears with its 개통 details when the seller is notified, and a 반품 request under its own heading', async () => {
    const orders = { current: [] as SellerOrder[] };
    serve(orders);
    renderWithProviders(<ShippingPage />, { route: '/shipping' });
    expect(await screen.findByTestId('shipping-empty')).toBeTruthy();
    orders.current = [sellerOrderAnswer()];
    await notifySeller('새 주문이 들어왔습니다');
    const card = await within(await screen.findByTestId('to-ship')).findByTestId('seller-order');
    expect(within(card).getByTestId('order-number').textContent).toBe('20261123-000001');
    expect(within(card).getByTestId('activation').textContent).toContain('김민수');
    expect(within(card).getByTestId('move-activating')).toBeTruthy();
    // s62: a list with nothing in it says what will appear there, not a bare '0건'.
    expect(screen.queryByTestId('to-ship-empty')).toBeNull();
    expect(screen.getByTestId('return-requests-empty').textContent).toBe('처리할 교환/반품이 없습니다. 구매자가 배송완료 후 교환이나 반품을 신청하면 이곳에 나타납니다.');
    expect(screen.getByTestId('on-the-way-empty').textContent).toContain('배송중인 주문이 없습니다.');

    orders.current = [sellerOrderAnswer({ id: 'order-2', orderNumber: '20261123-000002', status: 'return_requested', statusLabel: '교환/반품 요청', shippable: false, returns: [{
      returnId: 'ret-1', kind: 'return', reason: '화면에 줄이 생겼어요.', defective: true, photos: [], status: 'requested', note: null, requestedAt: '2026-11-25T10:00:00.000Z', decidedAt: null,
    }] })];
    await notifySeller('반품 신청이 들어왔습니다');
    const request = await within(await screen.findByTestId('return-requests')).findByTestId('seller-order');
    expect(within(request).getByTestId('approve-return')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('to-ship')).queryAllByTestId('seller-order')).toHaveLength(0));
  });

  it('/shipping (issue 39): a 반품 on its way back stays under 교환/반품 with its 검수 step; a parcel on the way has 배송완료; both follow the buyer live', async () => {
    const collecting = {
      returnId: 'ret-1', kind: 'return' as const, reason: '마음이 바뀌었어요.', defective: false, photos: [], status: 'collecting' as const, note: null,
      requestedAt: '2026-11-25T10:00:00.000Z', decidedAt: '2026-11-25T11:00:00.000Z', collection: { method: 'store' as const, courier: null, trackingNumber: null, at: '2026-11-25T12:00:00.000Z' },
    };
    const orders = { current: [
      sellerOrderAnswer({ id: 'order-r', orderNumber: '20261123-000003', status: 'returning', statusLabel: '반품 진행', shippable: false, returns: [{ ...collecting, status: 'approved', collection: null }] }),
      sellerOrderAnswer({ id: 'order-s', orderNumber: '20261123-000004', status: 'shipped', statusLabel: '배송중', shippable: false, courier: 'CJ대한통운', trackingNumber: '612345678901' }),
    ] };
    serve(orders);
    renderWithProviders(<ShippingPage />, { route: '/shipping' });
    const returning = await within(await screen.findByTestId('return-requests')).findByTestId('seller-order');
    expect(within(returning).getByTestId('return-collection-form')).toBeTruthy();
    const onTheWay = within(screen.getByTestId('on-the-way')).getByTestId('seller-order');
    expect(within(onTheWay).getByTestId('move-delivered').textContent).toBe('배송완료 처리');
    expect(within(onTheWay).getByTestId('tracking-link')).toBeTruthy();

    // The buyer brings it back and confirms receipt of the other: the seller is told, and the page follows.
    orders.current = [
      sellerOrderAnswer({ id: 'order-r', orderNumber: '20261123-000003', status: 'returning', statusLabel: '반품 진행', shippable: false, returns: [collecting] }),
      sellerOrderAnswer({ id: 'order-s', orderNumber: '20261123-000004', status: 'delivered', statusLabel: '배송완료', shippable: false }),
    ];
    await notifySeller('반품 회수가 등록되었습니다');
    await waitFor(() => expect(within(screen.getByTestId('return-requests')).getByTestId('inspect-return')).toBeTruthy());
    await waitFor(() => expect(within(screen.getByTestId('on-the-way')).queryAllByTestId('seller-order')).toHaveLength(0));
  });

  it('/shipping (s59 walkthrough): 발송 says so in a toast though the live push moved the card to 배송중 before the answer came', async () => {
    const orders = { current: [sellerOrderAnswer({ status: 'preparing', statusLabel: '배송준비', activation: null })] };
    serve(orders, async () => {
      // As the product does: the order's push reaches the seller's page before the command's answer.
      orders.current = [sellerOrderAnswer({ status: 'shipped', statusLabel: '배송중', activation: null, shippable: false, courier: 'CJ대한통운', trackingNumber: '123456789012' })];
      await notifySeller('상품이 발송되었습니다');
      await within(await screen.findByTestId('on-the-way')).findByTestId('seller-order');
    });
    renderWithProviders(<ShippingPage />, { route: '/shipping' });
    const card = await within(await screen.findByTestId('to-ship')).findByTestId('seller-order');
    fireEvent.change(within(card).getByTestId('tracking-number'), { target: { value: '123456789012' } });
    fireEvent.click(within(card).getByTestId('move-shipped'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '발송 (배송중)' }));
    await within(await screen.findByTestId('on-the-way')).findByTestId('seller-order');
    await waitFor(() => expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual(["'배송중' 단계로 변경했습니다"]));
  });

  it('/sales: the list is read again on an order notification (a cancel)', async () => {
    const orders = { current: [sellerOrderAnswer()] };
    serve(orders);
    renderWithProviders(<SalesPage />, { route: '/sales' });
    const status = async () => within(await screen.findByTestId('seller-order')).getByTestId('order-status').textContent;
    expect(await status()).toBe('결제완료');
    // The sum holds 자급제 and used units too: 상품 금액, not 할부원금 (s59 walkthrough).
    expect(screen.getByTestId('sales-summary').textContent).toContain('판매 금액 (상품 금액 합계)');
    orders.current = [sellerOrderAnswer({ status: 'cancelled', statusLabel: '취소됨', cancellable: false, shippable: false })];
    await notifySeller('주문이 취소되었습니다');
    await waitFor(async () => expect(await status()).toBe('취소됨'));
  });
});
