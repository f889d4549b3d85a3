import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type AdminSettings, type SettingsHistoryEntry } from '@phonemarket/contracts/settings.ts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import AdminSettingsPage from './AdminSettingsPage';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const settings: AdminSettings = {
  ...DEFAULT_SETTINGS,
  security: { sessionIdleMinutes: 30, sessionAbsoluteHours: 12, ...DEFAULT_SETTINGS.security },
};
const history: SettingsHistoryEntry[] = [
  { at: '2026-11-20T10:00:00.000Z', section: 'email', actor: { userId: 'admin-1', name: '데모관리' }, changes: [{ field: 'password', from: null, to: null, secret: true }, { field: 'port', from: 587, to: 2525 }] },
  { at: '2026-11-20T09:00:00.000Z', section: 'payment', actor: { userId: 'admin-1', name: '데모관리' }, changes: [{ field: 'methods.deposit', from: true, to: false }, { field: 'cardLimit', from: 10_000_000, to: 3_000_000 }] },
];

function serve(put: (req: RecordedRequest) => Response = () => json({ id: 'site', position: '7', changed: true })) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(admin);
    if (req.url === '/api/admin/settings/history') return json(history);
    if (req.url === '/api/admin/settings') return json(settings);
    if (req.method === 'PUT' || req.method === 'POST') return put(req);
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('AdminSettingsPage', () => {
  it('a buyer reads 접근 권한이 없습니다 and no settings are asked for', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/me' ? json({ user: { ...admin.user, role: 'user' } }) : json({ message: '이 작업을 할 권한이 없습니다.' }, { status: 403 })));
    renderWithProviders(<AdminSettingsPage />, { route: '/admin/settings' });
    expect(await screen.findByTestId('admin-forbidden')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/admin/settings'))).toBe(false);
  });

  it('the 사업자등록번호 check digit is checked in the form, in Korean, before any call; a valid save sends the normalised values', async () => {
    const { requests } = serve();
    renderWithProviders(<AdminSettingsPage />, { route: '/admin/settings' });
    const form = await screen.findByTestId('site-settings');
    fireEvent.change(within(form).getByTestId('site-businessNumber'), { target: { value: '220-81-62518' } });
    fireEvent.change(within(form).getByTestId('site-companyName'), { target: { value: ' (주)폰마켓 ' } });
    fireEvent.click(within(form).getByTestId('site-settings-save'));
    expect(await within(form).findByText(SETTINGS_MESSAGES.businessNumber)).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByTestId('site-businessNumber'), { target: { value: '2208162517' } });
    fireEvent.click(within(form).getByTestId('site-settings-save'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/admin/settings/site', body: { companyName: '(주)폰마켓', businessNumber: '220-81-62517' },
    }));
  });

  it('shows the history: who changed what from what to what, a secret without its value', async () => {
    serve();
    renderWithProviders(<AdminSettingsPage />, { route: '/admin/settings' });
    const items = await screen.findAllByTestId('settings-history-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('SMTP 비밀번호: 변경됨 (값은 표시하지 않음)');
    expect(items[0]!.textContent).toContain('포트: 587 → 2,525');
    expect(items[1]!.textContent).toContain('결제 수단 · 무통장입금: 사용 → 사용 안 함');
    expect(items[1]!.textContent).toContain('카드 결제 한도 (원): 10,000,000원 → 3,000,000원');
  });

  it('the server\'s field errors land on their fields (a weak SMTP password)', async () => {
    const { requests } = serve((req) => (req.url === '/api/admin/settings/email'
      ? json({ message: '설정 값을 확인해주세요.', errors: { password: SETTINGS_MESSAGES.password } }, { status: 400 })
      : json({ id: 'x', position: '1' })));
    renderWithProviders(<AdminSettingsPage />, { route: '/admin/settings' });
    fireEvent.click(await screen.findByTestId('settings-tab-email'));
    const form = await screen.findByTestId('email-settings');
    expect((within(form).getByTestId('email-port') as HTMLInputElement).value).toBe('587');
    fireEvent.change(within(form).getByTestId('email-password'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByTestId('email-settings-save'));
    expect(await within(form).findByText(SETTINGS_MESSAGES.password)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ password: 'short', port: 587, security: 'starttls' });
  });

  it('payment: a card limit out of range is refused in the form, in Korean, before any call', async () => {
    const { requests } = serve();
    renderWithProviders(<AdminSettingsPage />, { route: '/admin/settings' });
    fireEvent.click(await screen.findByTestId('settings-tab-payment'));
    const form = await screen.findByTestId('payment-settings');
    fireEvent.change(within(form).getByTestId('payment-cardLimit'), { target: { value: '5000' } });
    fireEvent.click(within(form).getByTestId('payment-settings-save'));
    expect(await within(form).findByText(SETTINGS_MESSAGES.cardLimit)).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('payment: each method\'s checkbox is its own (turning all off is refused in the form; one off is sent)', async () => {
    const { requests } = serve();
    renderWithProviders(<AdminSettingsPage />, { route: '/admin/settings' });
    fireEvent.click(await screen.findByTestId('settings-tab-payment'));
    const form = await screen.findByTestId('payment-settings');
    const toggle = async (m: string) => { await act(async () => { fireEvent.click(within(form).getByTestId(`payment-${m}`)); }); };
    for (const m of ['card', 'transfer', 'deposit']) await toggle(m);
    fireEvent.click(within(form).getByTestId('payment-settings-save'));
    expect(await within(form).findByText(SETTINGS_MESSAGES.paymentMethods)).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await toggle('card');
    await toggle('transfer');
    fireEvent.click(within(form).getByTestId('payment-settings-save'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ methods: { card: true, transfer: true, deposit: false }, cardLimit: 10_000_000 }));
  });
});
