import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuybackOrder } from '@phonemarket/contracts/buyback.ts';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { ShopBuybackPanel } from './ShopBuybackPanel';
import { liveServer } from '../test/liveServer';

// The page connects to a real Socket.IO server in the test process.
liveServer();
afterEach(() => vi.unstubAllGlobals());

const order: BuybackOrder = {
  id: 'o-1', quoteId: 'q-1', status: 'received', statusLabel: '입고·검수 중', sellerName: '김민수', shopId: 's-1', storeName: '매입왕', modelId: 'galaxy-s25', modelName: '갤럭시 S25',
  storage: 256, grade: 'B', declared: ['touch'], quotedPrice: 380_000, finalPrice: null, handover: 'parcel', payout: 'points', bank: null, acceptedAt: '2026-11-20T01:00:00.000Z',
  handoverDueAt: '2026-11-27T01:00:00.000Z', inspectionDueAt: '2026-11-24T01:00:00.000Z', payoutDueAt: null, inspection: null, counter: null, erasure: null, returnShipment: null,
  paidAt: null, shipment: { courier: 'CJ대한통운', trackingNumber: '123456789012', at: '2026-11-20T02:00:00.000Z' },
  shop: { storeName: '매입왕', address: '서울 강남구 테헤란로 1', phone: null, businessHours: null }, imei: { declared: '1234', inspected: null, mismatch: false }, overdue: [], timeline: [{ at: '2026-11-20T01:00:00.000Z', type: 'BuybackOrderPlaced', label: '판매 신청', actor: 'customer', actorName: '김민수', detail: null }],
};

function serve() {
  return stubFetch((req) => {
    if (req.url === '/api/seller/buyback-orders') return json({ items: [order] });
    if (req.url === '/api/seller/buyback-prices' && req.method === 'GET') {
      return json({ items: [{ modelId: 'galaxy-s25', storage: 256, grade: 'B', price: 400_000 }], deductions: [{ code: 'touch', amount: 30_000 }], updatedAt: '2026-11-20T01:00:00.000Z', history: [{ at: '2026-11-20T01:00:00.000Z', rows: 1, added: 1, removed: 0, changed: 0, deductionsChanged: true }] });
    }
    if (req.url === '/api/seller/buyback-prices' && req.method === 'PUT') return json({ id: 's-1', position: '5', rows: 2, changed: true });
    if (req.url === '/api/buyback/orders/o-1/inspection') return json({ id: 'o-1', position: '6', status: 'payout_pending' });
    return json({ message: '없음' }, { status: 404 });
  });
}

describe('the seller dashboard’s 매입 tab', () => {
  it('a pasted grid is checked line by line in Korean before anything is sent; a good one is saved whole', async () => {
    const { requests } = serve();
    renderWithProviders(<ShopBuybackPanel locked={false} />);
    const csv = await screen.findByTestId('buyback-grid-csv');
    expect((csv as HTMLTextAreaElement).value).toBe('모델코드,용량,등급,매입가\ngalaxy-s25,256,B,400000');
    expect(screen.getByTestId('buyback-grid-history').textContent).toContain('1줄 (추가 1, 삭제 0, 가격 변경 0) · 차감액 변경');
    fireEvent.change(csv, { target: { value: 'galaxy-s25,256,B,400000\ngalaxy-s25,256,Q,1\ngalaxy-s25,256,B,390000' } });
    fireEvent.click(screen.getByTestId('buyback-grid-save'));
    const errors = await screen.findByTestId('buyback-grid-errors');
    expect(errors.textContent).toContain('2번째 줄: 등급은 S, A, B, C, D 중 하나여야 합니다.');
    expect(errors.textContent).toContain('3번째 줄: 1번째 줄과 모델·용량·등급이 같습니다.');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(csv, { target: { value: 'galaxy-s25\t256\tB\t400,000\ngalaxy-s25,512,A,450000' } });
    fireEvent.click(screen.getByTestId('buyback-grid-save'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      items: [{ modelId: 'galaxy-s25', storage: 256, grade: 'B', price: 400_000 }, { modelId: 'galaxy-s25', storage: 512, grade: 'A', price: 450_000 }],
      deductions: expect.arrayContaining([{ code: 'touch', amount: 30_000 }, { code: 'camera', amount: 0 }]),
    }));
  });

  it("the server's refusal of a row names the pasted line it came from (after the header), not the row's place in what was sent", async () => {
    // What PUT /api/seller/buyback-prices answers for a storage the model lacks: its row (items.<n>) counted from 1 among the rows sent.
    stubFetch((req) => {
      if (req.url === '/api/seller/buyback-orders') return json({ items: [] });
      if (req.url === '/api/seller/buyback-prices' && req.method === 'GET') return json({ items: [], deductions: [], updatedAt: null, history: [] });
      if (req.url === '/api/seller/buyback-prices' && req.method === 'PUT') {
        return json({ message: '매입가 목록에 확인할 줄이 있습니다.', errors: { 'items.1.storage': '2번째 줄: 갤럭시 S25에는 999GB 용량이 없습니다.' } }, { status: 400 });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<ShopBuybackPanel locked={false} />);
    const csv = await screen.findByTestId('buyback-grid-csv');
    fireEvent.change(csv, { target: { value: '모델코드,용량,등급,매입가\ngalaxy-s25,256,A,500000\n\ngalaxy-s25,999,B,400000' } });
    fireEvent.click(screen.getByTestId('buyback-grid-save'));
    const errors = await screen.findByTestId('buyback-grid-errors');
    expect(errors.textContent).toContain('4번째 줄: 갤럭시 S25에는 999GB 용량이 없습니다.');
    expect(errors.textContent).not.toContain('2번째 줄');
  });

  it('the inspection: a declared fault is not offered again; a chosen fault needs its photo; a match is sent as it is', async () => {
    const { requests } = serve();
    renderWithProviders(<ShopBuybackPanel locked={false} />);
    const form = await screen.findByTestId('buyback-inspection-form');
    expect(screen.getByTestId('buyback-shop-shipment').textContent).toBe('CJ대한통운 123456789012');
    expect(within(form).queryByTestId('buyback-finding-touch')).toBeNull();
    // Issue 39: the IMEI read off the phone is asked for (compared with the one declared).
    fireEvent.click(within(form).getByTestId('buyback-inspection-submit'));
    expect(await within(form).findByText('단말기 식별번호 뒤 4자리를 숫자로 입력해주세요.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('buyback-inspection-imei'), { target: { value: '9999' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: '카메라 불량' }));
    expect(await within(form).findByTestId('buyback-finding-camera-photo-pick')).toBeTruthy();
    fireEvent.click(within(form).getByTestId('buyback-inspection-submit'));
    expect(await within(form).findByText('카메라 불량: 사진을 올려주세요.')).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/inspection'))).toBe(false);
    fireEvent.click(within(form).getByRole('checkbox', { name: '카메라 불량' }));
    await waitFor(() => expect(within(form).queryByTestId('buyback-finding-camera-photo-pick')).toBeNull());
    fireEvent.click(within(form).getByTestId('buyback-inspection-submit'));
    await waitFor(() => expect(requests.find((r) => r.url.endsWith('/inspection'))?.body).toEqual({ imeiLast4: '9999', grade: 'B', findings: [], gradePhotos: [], note: '' }));
  });
});
