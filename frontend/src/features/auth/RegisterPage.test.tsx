import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES } from '@phonemarket/contracts/password.ts';
import { resetApiClientState } from '../../shared/api/client';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import RegisterPage from './RegisterPage';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
const meter = () => screen.getByTestId('password-strength');
const fill = (password: string) => {
  type('성', '박');
  type('이름', '민지');
  type('이메일', 'minji.park@example.kr');
  type('비밀번호', password);
};
/** Ticks the required agreements (a checkbox's state settles after the click: wait for it). */
const agreeToRequired = async () => {
  for (const name of ['agreeTerms', 'agreePrivacy', 'confirmAgeOver14']) {
    fireEvent.click(within(screen.getByTestId(`consent-${name}`)).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId(`consent-${name}`).getAttribute('data-state')).toBe('checked'));
  }
};

describe('/register', () => {
  beforeEach(() => {
    localStorage.clear();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the strength while typing, with the rule the server applies', async () => {
    stubFetch(() => json({ message: 'Unauthorized' }, { status: 401 }));
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.queryByTestId('password-strength')).toBeNull();

    fill('password1');
    await waitFor(() => expect(meter().getAttribute('data-score')).toBe('0'));
    expect(meter().textContent).toContain('보안 강도: 매우 약함');
    expect(meter().textContent).toContain(PASSWORD_MESSAGES.common);

    type('비밀번호', 'minji.park@example.kr');
    await waitFor(() => expect(meter().textContent).toContain(PASSWORD_MESSAGES.personal));

    type('비밀번호', 'Blue-Harbor-Kite-92');
    await waitFor(() => expect(Number(meter().getAttribute('data-score'))).toBeGreaterThanOrEqual(3));
    expect(meter().textContent).toContain('사용할 수 있음');
  });

  it('refuses a common password on the client with the same Korean message, without asking the server', async () => {
    const { requests } = stubFetch(() => json({ message: 'Unauthorized' }, { status: 401 }));
    renderWithProviders(<RegisterPage />, { route: '/register' });
    fill('qwerty123');
    await agreeToRequired();
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(screen.getByText(PASSWORD_MESSAGES.common)).toBeTruthy());
    expect(screen.getByLabelText('비밀번호', { exact: false, selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.url === '/api/auth/register')).toBe(false);
  });

  it('refuses an emoji in the name on its field, in Korean, without asking the server', async () => {
    const { requests } = stubFetch(() => json({ message: 'Unauthorized' }, { status: 401 }));
    renderWithProviders(<RegisterPage />, { route: '/register' });
    fill('Blue-Harbor-Kite-92');
    type('이름', '민지😀');
    await agreeToRequired();
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('이름에는 이모지를 쓸 수 없습니다.')).toBeTruthy();
    expect(screen.getByLabelText('이름', { exact: false, selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.url === '/api/auth/register')).toBe(false);
  });

  it("shows the server's errors on their fields", async () => {
    const { requests } = stubFetch((req) =>
      req.url === '/api/auth/register'
        ? json({ message: '입력값을 확인해주세요.', errors: { email: '이 이메일은 사용할 수 없습니다.' } }, { status: 400 })
        : json({ message: 'Unauthorized' }, { status: 401 }),
    );
    renderWithProviders(<RegisterPage />, { route: '/register' });
    fill('Blue-Harbor-Kite-92');
    await agreeToRequired();
    type('이메일', '  minji.park@example.kr  ');
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('이 이메일은 사용할 수 없습니다.')).toBeTruthy();
    expect(screen.getByLabelText('이메일', { exact: false, selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.find((r) => r.url === '/api/auth/register')?.body).toEqual({
      email: 'minji.park@example.kr', password: 'Blue-Harbor-Kite-92', firstName: '민지', lastName: '박',
      agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true, agreeMarketing: false,
    });
  });

  it('asks 이용약관, 개인정보 수집·이용 and 만 14세 이상 before sending; 마케팅 수신 stays optional; 전체 동의 ticks all', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/register'
      ? json({ id: 'u1', position: '1', user: { id: 'u1', email: 'minji.park@example.kr', firstName: '민지', lastName: '박', role: 'user' } }, { status: 201 })
      : json({ message: 'Unauthorized' }, { status: 401 })));
    renderWithProviders(<RegisterPage />, { route: '/register' });
    fill('Blue-Harbor-Kite-92');
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('이용약관에 동의해주세요.')).toBeTruthy();
    expect(screen.getByText('개인정보 수집·이용에 동의해주세요.')).toBeTruthy();
    expect(screen.getByText('만 14세 이상만 가입할 수 있습니다. 만 14세 이상인지 확인해주세요.')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/auth/register')).toBe(false);

    fireEvent.click(within(screen.getByTestId('consent-all')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('consent-agreeMarketing').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(requests.find((r) => r.url === '/api/auth/register')?.body).toMatchObject({
      agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true, agreeMarketing: true,
    }));
  });
});
