import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUYBACK_MESSAGES, type BuybackOrder } from '@phonemarket/contracts/buyback.ts';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import SellOrderDetailPage from './SellOrderDetailPage';

// The page follows its order live: a real Socket.IO server in the test process.
liveServer();
afterEach(() => vi.unstubAllGlobals());

const placed = (shop: BuybackOrder['shop']): BuybackOrder => ({
  id: 'o-1', quoteId: 'q-1', status: 'accepted', statusLabel: '발송 대기', sellerName: '김민수', shopId: 's-1', storeName: shop.storeName, modelId: 'galaxy-s25', modelName: '갤럭시 S25',
  storage: 256, grade: 'B', declared: [], quotedPrice: 380_000, finalPrice: null, handover: 'parcel', payout: 'points', bank: null, acceptedAt: '2026-11-20T01:00:00.000Z',
  handoverDueAt: '2026-11-27T01:00:00.000Z', inspectionDueAt: null, payoutDueAt: null, inspection: null, counter: null, erasure: null, returnShipment: null,
  paidAt: null, shipment: null, shop, imei: { declared: null, inspected: null, mismatch: false }, overdue: [],
  timeline: [{ at: '2026-11-20T01:00:00.000Z', type: 'BuybackOrderPlaced', label: '판매 신청', actor: 'customer', actorName: '김민수', detail: null }],
});

function page(order: BuybackOrder) {
  stubFetch((req) => {
    if (req.url === '/api/buyback/orders/o-1') return json(order);
    if (req.url === '/api/auth/me') return json({ user: { id: 'u1', email: 'a@b.kr', firstName: '민수', lastName: '김', role: 'user' } });
    return json({ message: '없음' }, { status: 404 });
  });
  renderWithProviders(<Routes><Route path="/sell/orders/:id" element={<SellOrderDetailPage />} /></Routes>, { route: '/sell/orders/o-1' });
}

describe('/sell/orders/{id}: sending the phone', () => {
  it('while the 매입처 has no address there is no 송장 form, and the page says why', async () => {
    page(placed({ storeName: '주소없는 매입샵', address: null, phone: null, businessHours: null }));
    const handover = await screen.findByTestId('sell-handover');
    expect(within(handover).getByTestId('sell-shop-address').textContent).toContain('매입처가 아직 주소를 등록하지 않았습니다.');
    expect(within(handover).getByTestId('sell-shipment-no-address').textContent).toContain(BUYBACK_MESSAGES.shipmentNoAddress);
    expect(within(handover).queryByTestId('sell-shipment-form')).toBeNull();
  });

  it('with the address, the 송장 form is there', async () => {
    page(placed({ storeName: '매입왕', address: '서울특별시 강남구 강남대로 396, 3층 (역삼동)', phone: null, businessHours: null }));
    const handover = await screen.findByTestId('sell-handover');
    expect(within(handover).getByTestId('sell-shop-address').textContent).toContain('서울특별시 강남구 강남대로 396');
    expect(within(handover).getByTestId('sell-shipment-form')).toBeTruthy();
    expect(within(handover).queryByTestId('sell-shipment-no-address')).toBeNull();
  });
});
