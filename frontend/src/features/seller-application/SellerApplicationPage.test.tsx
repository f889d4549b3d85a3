import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRE_APPROVAL_MESSAGES } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import SellerApplicationPage from './SellerApplicationPage';

afterEach(() => vi.unstubAllGlobals());

const me = { user: { id: 'u-1', email: 'jihun@example.kr', firstName: '지훈', lastName: '박', role: 'user' } };

function serve() {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(me);
    if (req.url === '/api/me/seller-application') return json({ application: null });
    if (req.url === '/api/seller-applications/pre-approval/document') return json({ id: 'pad-1', position: '5', url: '/api/pre-approval-documents/pad-1' }, { status: 201 });
    if (req.url === '/api/seller-applications' && req.method === 'POST') return json({ id: 'app-1', position: '6' }, { status: 201 });
    return json({ message: '없음' }, { status: 404 });
  });
}

async function toStoreStep() {
  renderWithProviders(<SellerApplicationPage />, { route: '/seller-application' });
  fireEvent.click(await screen.findByRole('button', { name: '다음' }));
  await waitFor(() => expect(screen.getByTestId('application-step').textContent).toContain('2단계'));
  fireEvent.click(screen.getByRole('button', { name: '다음' }));
  await waitFor(() => expect(screen.getByTestId('application-step').textContent).toContain('3단계'));
  fireEvent.change(screen.getByLabelText(/스토어 이름/), { target: { value: '지훈모바일' } });
}

describe('/seller-application: the optional 사전승낙서 (issue 41)', () => {
  it('not ticked: the application carries none', async () => {
    const { requests } = serve();
    await toStoreStep();
    fireEvent.click(screen.getByRole('button', { name: '신청하기' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/seller-applications' && r.method === 'POST')).toBe(true));
    expect((requests.find((r) => r.url === '/api/seller-applications')!.body as { preApproval: unknown }).preApproval).toBeNull();
  });

  it('ticked: its fields are checked in Korean, the picture or PDF is uploaded (not another kind of file), and the application carries it', async () => {
    const { requests } = serve();
    await toStoreStep();
    fireEvent.click(screen.getByTestId('application-pre-approval-toggle').querySelector('input')!);
    await screen.findByTestId('application-pre-approval-number');
    // Nothing filled: Korean errors, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText(PRE_APPROVAL_MESSAGES.number)).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/seller-applications')).toBe(false);
    // The input takes PDFs; a file of another kind is refused before it is sent.
    const file = screen.getByTestId('application-pre-approval-file');
    expect(file.getAttribute('accept')).toContain('application/pdf');
    // A Korean button opens the hidden native input (whose own words follow the browser's language); the name shows beside it.
    const pickButton = screen.getByRole('button', { name: '사전승낙서 파일 선택' });
    expect(pickButton.textContent).toBe('파일 선택');
    expect(screen.getByTestId('application-pre-approval-name').textContent).toBe('선택된 파일 없음');
    expect(pickButton.getAttribute('aria-describedby')).toBe(screen.getByTestId('application-pre-approval-name').id);
    const opened = vi.spyOn(file as HTMLInputElement, 'click').mockImplementation(() => undefined);
    fireEvent.click(pickButton);
    expect(opened).toHaveBeenCalledOnce();
    fireEvent.change(file, { target: { files: [new File(['<html>'], 'a.html', { type: 'text/html' })] } });
    expect(await screen.findByText(PRE_APPROVAL_MESSAGES.notImage)).toBeTruthy();
    expect(requests.some((r) => r.url.includes('/pre-approval/document'))).toBe(false);
    fireEvent.change(file, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'scan.png', { type: 'image/png' })] } });
    await screen.findByTestId('application-pre-approval-uploaded');
    expect(screen.getByTestId('application-pre-approval-name').textContent).toBe('scan.png');
    fireEvent.change(screen.getByTestId('application-pre-approval-number'), { target: { value: 'KT-2026-0451' } });
    fireEvent.change(screen.getByLabelText(/발급 통신사/), { target: { value: 'KT' } });
    fireEvent.change(screen.getByTestId('application-pre-approval-dealer'), { target: { value: '수원대리점' } });
    fireEvent.change(screen.getByTestId('application-pre-approval-valid-until'), { target: { value: '2027-08-31' } });
    fireEvent.click(screen.getByRole('button', { name: '신청하기' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/seller-applications' && r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.url === '/api/seller-applications')!.body).toMatchObject({
      storeName: '지훈모바일', preApproval: { number: 'KT-2026-0451', carrier: 'KT', parentDealer: '수원대리점', validUntil: '2027-08-31', documentId: 'pad-1' },
    });
  });
});
