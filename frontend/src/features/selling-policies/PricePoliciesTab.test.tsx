import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PricePolicy } from '@phonemarket/contracts/sellingPolicies.ts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import SellingPoliciesPage from './SellingPoliciesPage';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const row = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 600_000 };
const policy = (status: PricePolicy['status']): PricePolicy => ({
  id: 'p1', sourceImageBatchId: 'b1', policyName: '11월 SKT', description: null, validFrom: '2026-11-26', validUntil: '2026-11-30', status, rows: [row], shopRows: [], finalPriceRows: [], failureReasons: [],
  applications: status === 'draft' ? [] : [{ applicationId: 'a1', appliedAt: '2026-11-26T01:00:00.000Z', appliedBy: 'admin-1', result: 'applied', rows: [{ ...row, previous: 500_000 }], shopRows: [], revertedAt: null, revertedBy: null }],
  history: [{ at: '2026-11-26T00:00:00.000Z', status: 'draft', actor: { userId: 'admin-1', role: 'admin' }, note: null }], createdBy: 'admin-1', createdAt: '2026-11-26T00:00:00.000Z', updatedAt: '2026-11-26T00:00:00.000Z',
});
const batch = {
  id: 'b1', channelId: 'kt', channelName: 'KT', deliveryId: 'd', userId: null, message: '11/26 정책', source: 'webhook', imageCount: 1, status: 'REVIEWING', processedAt: null, processedBy: null, note: null,
  images: [{ imageId: 'b1-1', url: '/images/channels/b1-1.webp', sourceUrl: null, contentType: 'image/png', bytes: 1, width: 1, height: 1 }], history: [], createdAt: '2026-11-26T00:00:00.000Z', updatedAt: '2026-11-26T00:00:00.000Z',
};

function serve(policies: PricePolicy[]) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(admin);
    if (req.method === 'POST') return json({ id: 'p1', position: '9', changed: true, scheduled: false }, { status: req.url === '/api/admin/price-policies' ? 201 : 200 });
    if (req.url === '/api/admin/image-batches/b1') return json(batch);
    if (req.url.startsWith('/api/admin/price-policies')) return json({ policies });
    if (req.url.startsWith('/api/admin/carrier-terms')) return json({ plans: [], releasePrices: [], subsidies: [], changes: [] });
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('SellingPoliciesPage · 판매 정책', () => {
  it('?batch= opens a policy beside the batch image; rows are checked in Korean before sending, then sent as the schema reads them', async () => {
    const { requests } = serve([]);
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies?batch=b1' });
    const form = await screen.findByTestId('policy-form');
    expect(await within(form).findByAltText('정책 이미지')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('policy-name'), { target: { value: '11월 SKT' } });
    fireEvent.change(within(form).getByTestId('policy-rows'), { target: { value: 'galaxy-s25,256,SKT,재가입,skt-5gx-prime,600000' } });
    fireEvent.click(within(form).getByTestId('policy-submit'));
    expect((await within(form).findByTestId('policy-errors')).textContent).toContain('1행: 가입유형은');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByTestId('policy-rows'), { target: { value: '모델ID,용량,통신사,가입유형,요금제ID,공시지원금\ngalaxy-s25,256,SKT,번호이동,skt-5gx-prime,"600,000"' } });
    fireEvent.click(within(form).getByTestId('policy-submit'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/admin/price-policies', body: { sourceImageBatchId: 'b1', policyName: '11월 SKT', rows: [row] } }));
  });

  it('a draft is approved; an applied one shows from → to and is reverted with its reason', async () => {
    const { requests } = serve([policy('draft')]);
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies?batch=' });
    fireEvent.click(await screen.findByRole('tab', { name: '판매 정책' }));
    fireEvent.click(await screen.findByTestId('policy-approve'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/admin/price-policies/p1/approve'));
  });

  it('reverts an applied policy', async () => {
    const { requests } = serve([policy('approved')]);
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies' });
    fireEvent.click(await screen.findByRole('tab', { name: '판매 정책' }));
    const card = await screen.findByTestId('price-policy');
    expect(card.textContent).toContain('500,000원 → 600,000원');
    fireEvent.click(within(card).getByTestId('policy-revert'));
    const dialog = await screen.findByRole('alertdialog');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('되돌리는 이유'), { target: { value: '오류' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '되돌리기' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/admin/price-policies/p1/revert', body: { reason: '오류' } }));
  });

  it('final-price rows are typed beside the image and sent; a bad one is named by its row in Korean', async () => {
    const { requests } = serve([]);
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies?batch=b1' });
    const form = await screen.findByTestId('policy-form');
    fireEvent.change(within(form).getByTestId('policy-name'), { target: { value: '성지 시세' } });
    fireEvent.change(within(form).getByTestId('policy-final-rows'), { target: { value: '상품 아이디,요금제 아이디,할부원금\no-1,skt-5gx-prime,-3' } });
    fireEvent.click(within(form).getByTestId('policy-submit'));
    expect((await within(form).findByTestId('policy-errors')).textContent).toContain('최종가 1행: 최종가(할부원금)는 0원 이상이어야 합니다.');
    fireEvent.change(within(form).getByTestId('policy-final-rows'), { target: { value: 'o-1,skt-5gx-prime,"300,000원"\no-2,,0' } });
    fireEvent.click(within(form).getByTestId('policy-submit'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      body: { policyName: '성지 시세', finalPriceRows: [{ offerId: 'o-1', planId: 'skt-5gx-prime', finalPrice: 300_000 }, { offerId: 'o-2', finalPrice: 0 }] },
    }));
  });

  it('a policy from a later day is approved as scheduled, shows when it applies, and its cancel asks first; a failed one shows why; final-price rows show 추가지원금 from → to', async () => {
    const later: PricePolicy = { ...policy('scheduled'), validFrom: '2099-01-01', validUntil: '2099-01-31', applications: [] };
    const failed: PricePolicy = { ...policy('failed'), id: 'p2', policyName: '실패한 정책', applications: [], failureReasons: ['판매점 상품을 찾을 수 없습니다.'] };
    const applied: PricePolicy = {
      ...policy('approved'), id: 'p3', policyName: '최종가 정책', rows: [], finalPriceRows: [{ offerId: 'o-1', planId: 'skt-5gx-prime', finalPrice: 300_000, conditions: null }],
      applications: [{ ...policy('approved').applications[0]!, rows: [], shopRows: [{ offerId: 'o-1', extraSubsidy: 250_000, previous: 100_000, finalPrice: 300_000, planId: 'skt-5gx-prime' }] }],
    };
    const { requests } = serve([later, failed, applied, { ...policy('draft'), id: 'p4', validFrom: '2099-01-01', validUntil: '2099-01-31' }]);
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies' });
    fireEvent.click(await screen.findByRole('tab', { name: '판매 정책' }));
    const cards = await screen.findAllByTestId('price-policy');
    expect(cards[0]!.textContent).toContain('적용 예정');
    expect(cards[0]!.textContent).toContain('2099-01-01 0시(한국 시간)에 자동으로 적용됩니다.');
    expect(within(cards[1]!).getByTestId('policy-failure').textContent).toContain('판매점 상품을 찾을 수 없습니다.');
    expect(within(cards[2]!).getByTestId('policy-final-row').textContent).toContain('최종가(할부원금) 300,000원 · 추가지원금 100,000원 → 250,000원');
    expect(within(cards[3]!).getByTestId('policy-approve').textContent).toBe('승인 (2099-01-01부터 적용)');
    fireEvent.click(within(cards[0]!).getByTestId('policy-revert'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('적용하지 않습니다');
    fireEvent.click(within(dialog).getByRole('button', { name: '예약 취소' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/admin/price-policies/p1/revert'));
  });
});
