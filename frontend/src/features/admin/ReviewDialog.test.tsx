import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerApplication } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { ReviewDialog } from './ReviewDialog';

afterEach(() => vi.unstubAllGlobals());

const application: SellerApplication = {
  id: 'app-1', applicantId: 'u-1', applicantName: '박철수', email: 'seller2@example.kr', phone: null, businessNumber: null, businessType: 'individual',
  storeName: '부산폰마트', storeDescription: null, experience: null, documents: [], preApproval: null, status: 'reviewing', statusLabel: '검토중',
  submittedAt: '2026-11-20T10:00:00.000Z', reviewedAt: null, reviewedBy: null, reviewerName: null, reviewNotes: null, sellerId: null,
};

describe('ReviewDialog: rejecting an application', () => {
  it('asks for the reason before anything is sent (the applicant reads it); with one, the rejection is sent with it', async () => {
    const { requests } = stubFetch((req) => (req.method === 'PUT' ? json({ id: 'app-1', position: '7' }) : json([])));
    const onClose = vi.fn();
    renderWithProviders(<ReviewDialog application={application} onClose={onClose} />);
    const dialog = await screen.findByTestId('review-dialog');
    fireEvent.change(within(dialog).getByLabelText('처리 결과'), { target: { value: 'rejected' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '거절하기' }));
    expect((await within(dialog).findByTestId('review-notes-error')).textContent).toBe('거절 사유를 검토 메모에 입력해주세요. 신청자에게 그대로 전달됩니다.');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('review-notes'), { target: { value: '사업자등록번호가 확인되지 않습니다.' } });
    expect(within(dialog).queryByTestId('review-notes-error')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '거절하기' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/seller-applications/app-1', body: { status: 'rejected', reviewNotes: '사업자등록번호가 확인되지 않습니다.' },
    }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('approves without notes, as before', async () => {
    const { requests } = stubFetch((req) => (req.method === 'PUT' ? json({ id: 'app-1', position: '7', sellerId: 'u-1', storeId: 'store-u-1' }) : json([])));
    renderWithProviders(<ReviewDialog application={application} onClose={() => {}} />);
    const dialog = await screen.findByTestId('review-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '승인하기' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'approved', reviewNotes: '' }));
  });
});
