import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CarrierTerms } from '@phonemarket/contracts/carrierTerms.ts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import SellingPoliciesPage from './SellingPoliciesPage';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const terms: CarrierTerms = {
  plans: [{ planId: 'skt-5gx-prime', name: '5GX 프라임', carrier: 'SKT', monthlyFee: 89_000, data: '무제한', voice: '무제한', sms: '기본제공', benefits: [] }],
  releasePrices: [{ modelId: 'galaxy-s25', modelName: '갤럭시 S25', storage: 256, releasePrice: 1_155_000, updatedAt: '2026-11-20T00:00:00.000Z', source: 'seed' }],
  subsidies: [{
    modelId: 'galaxy-s25', modelName: '갤럭시 S25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', planName: '5GX 프라임', subsidy: 500_000,
    validFrom: null, validUntil: null, updatedAt: '2026-11-20T00:00:00.000Z', source: 'seed',
  }],
  scheduledSubsidies: [{
    modelId: 'galaxy-s25', modelName: '갤럭시 S25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', planName: '5GX 프라임', subsidy: 600_000,
    validFrom: '2026-12-01', validUntil: null, scheduledAt: '2026-11-26T00:00:00.000Z', source: 'admin',
  }],
};

function serve(onCommand: (req: RecordedRequest) => Response = () => json({ id: 'x', position: '5', changed: true, scheduled: false })) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(admin);
    if (req.method !== 'GET') return onCommand(req);
    if (req.url.startsWith('/api/admin/carrier-terms/history')) return json({ changes: [{ at: '2026-11-25T00:00:00.000Z', kind: 'subsidy', key: 'galaxy-s25|256|SKT|번호이동', planId: 'skt-5gx-prime', from: 450_000, to: 500_000, source: 'csv', actor: { userId: 'admin-1', role: 'admin' } }] });
    if (req.url.startsWith('/api/admin/carrier-terms')) return json(terms);
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('SellingPoliciesPage · 통신사 조건', () => {
  it('a buyer reads that only admins may enter', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json({ user: { ...admin.user, role: 'user' } }) : json({ message: '권한 없음' }, { status: 403 })));
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies' });
    expect(await screen.findByTestId('admin-forbidden')).toBeTruthy();
  });

  it('lists 출고가 and 공시지원금; a changed 공시지원금 with its validity is sent; a negative one is refused in Korean before sending', async () => {
    const { requests } = serve();
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies' });
    const row = await screen.findByTestId('subsidy-row');
    expect(row.textContent).toContain('5GX 프라임');
    expect((await screen.findByTestId('terms-history')).textContent).toContain('450,000원 → 500,000원');
    fireEvent.change(within(row).getByLabelText('5GX 프라임 공시지원금'), { target: { value: '-5' } });
    fireEvent.click(within(row).getByRole('button', { name: '저장' }));
    expect(await within(row).findByText('공시지원금은 0원 이상이어야 합니다.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(within(row).getByLabelText('5GX 프라임 공시지원금'), { target: { value: '550,000' } });
    fireEvent.change(within(row).getByLabelText('적용 종료'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(row).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/admin/carrier-terms/subsidies', body: { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 550_000, validFrom: null, validUntil: '2026-12-31' },
    }));
  });

  it('issue 40: the months a 공시지원금 requires the plan kept are sent with the row (empty: none); 0 is refused in Korean before sending', async () => {
    const { requests } = serve();
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies' });
    const row = await screen.findByTestId('subsidy-row');
    const keep = within(row).getByLabelText('5GX 프라임 요금제 유지 개월');
    fireEvent.change(keep, { target: { value: '0' } });
    fireEvent.click(within(row).getByRole('button', { name: '저장' }));
    expect(await within(row).findByText('요금제 유지 개월은 1~36개월로 입력해주세요.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(keep, { target: { value: '6' } });
    fireEvent.click(within(row).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/admin/carrier-terms/subsidies', body: { planId: 'skt-5gx-prime', subsidy: 500_000, conditions: { planKeep: { planId: null, months: 6 } } },
    }));
    // A waiting figure without one names none.
    expect((await screen.findByText(/600,000원/)).textContent).not.toContain('요금제 유지');
  });

  it("a CSV with bad rows shows each row's Korean error", async () => {
    serve(() => json({ message: '가져온 표의 일부 행에 오류가 있어 아무것도 반영하지 않았습니다.', errors: { '3행': '해당 통신사의 요금제가 아닙니다.' } }, { status: 400 }));
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies' });
    fireEvent.change(await screen.findByTestId('csv-text'), { target: { value: '모델ID,용량,통신사,가입유형,요금제ID,공시지원금\nx' } });
    fireEvent.click(screen.getByTestId('csv-submit'));
    expect((await screen.findByTestId('csv-errors')).textContent).toContain('3행: 해당 통신사의 요금제가 아닙니다.');
  });

  it('a 공시지원금 waiting for its day is listed under 적용 예정; its cancel asks first, then is sent; a change from a later day says it is scheduled', async () => {
    const { requests } = serve((req) => json(req.url.endsWith('/cancel') ? { id: 'x', position: '6' } : { id: 'x', position: '7', changed: true, scheduled: true }));
    renderWithProviders(<SellingPoliciesPage />, { route: '/admin-selling-policies' });
    const scheduled = await screen.findByTestId('scheduled-subsidies');
    expect(scheduled.textContent).toContain('2026-12-01부터');
    expect(scheduled.textContent).toContain('600,000원');
    fireEvent.click(within(scheduled).getByRole('button', { name: '예약 취소' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('변경을 취소할까요?');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '예약 취소' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/admin/carrier-terms/subsidies/scheduled/cancel', body: { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', validFrom: '2026-12-01' },
    }));

    const row = screen.getByTestId('subsidy-row');
    fireEvent.change(within(row).getByLabelText('5GX 프라임 공시지원금'), { target: { value: '650000' } });
    fireEvent.change(within(row).getByLabelText('적용 시작'), { target: { value: '2099-01-01' } });
    fireEvent.click(within(row).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ body: { subsidy: 650_000, validFrom: '2099-01-01' } }));
    // Scheduled: the row goes back to the figure in force (the waiting one is listed under 적용 예정).
    await waitFor(() => expect((within(row).getByLabelText('5GX 프라임 공시지원금') as HTMLInputElement).value).toBe('500000'));
  });
});
