import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerOrder } from '@phonemarket/contracts';
import { renderWithProviders } from '../../shared/test/render';
import { SellerOrderCard } from './SellerOrderCard';

afterEach(() => vi.unstubAllGlobals());

const order = (over: Partial<SellerOrder> = {}): SellerOrder => ({
  id: 'order-1234567890', buyerName: '김*수', status: 'paid', statusLabel: '결제완료',
  items: [{
    productId: 'o1', modelId: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라', brand: 'Samsung', image: '/images/phones/galaxy-s26-ultra.svg', quantity: 2,
    unitPrice: 1_000_000, originalPrice: 1_797_400, color: '티타늄 블랙', storage: 256, carrier: 'KT', planName: null, months: 24, monthlyTotal: 90_000,
    sellerId: 'seller-1', sellerName: '데모셀러', reviewed: false,
  }],
  amounts: { items: 2_000_000, discount: 0, points: 0, coupon: 0, total: 2_000_000 },
  shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '문 앞' },
  paymentMethod: 'card', paymentFailure: null, couponId: null, courier: null, trackingNumber: null, cancellable: true, reviewable: false,
  createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', sellerSubtotal: 2_000_000, shippable: true, ...over,
});

describe('SellerOrderCard', () => {
  it("an order the seller ships: their lines, the server's subtotal, where to, and the next step", () => {
    renderWithProviders(<SellerOrderCard order={order()} actions />);
    const card = screen.getByTestId('seller-order');
    expect(within(card).getByText('갤럭시 S26 울트라 · 256GB · KT · 티타늄 블랙 × 2')).toBeTruthy();
    expect(within(card).getByTestId('seller-subtotal').textContent).toBe('2,000,000원');
    expect(within(card).getByTestId('ship-to').textContent).toContain('(06236) 서울 강남구 테헤란로 123 4층 401호');
    expect(within(card).getByTestId('move-preparing')).toBeTruthy();
  });

  it("an order with another seller's lines: no address and no step, and why", () => {
    renderWithProviders(<SellerOrderCard order={order({ shippable: false, shipping: { recipient: '김*수', phone: '010-****-5678', postcode: '*****', address: '서울 강남구 ***', addressDetail: '***', memo: null } })} actions />);
    const card = screen.getByTestId('seller-order');
    expect(within(card).queryByTestId('ship-to')).toBeNull();
    expect(within(card).queryByTestId('move-preparing')).toBeNull();
    expect(within(card).getByText('다른 판매자의 상품이 함께 있는 주문은 관리자가 발송을 처리합니다.')).toBeTruthy();
  });

  it('a shipped order shows the courier and the tracking number', () => {
    renderWithProviders(<SellerOrderCard order={order({ status: 'shipped', statusLabel: '배송중', shippable: false, courier: 'CJ대한통운', trackingNumber: '612345678901' })} actions />);
    expect(screen.getByTestId('tracking').textContent).toBe('CJ대한통운 612345678901');
    expect(screen.queryByText(/관리자가 발송을/)).toBeNull();
  });
});
