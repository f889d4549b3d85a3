import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(screen.getByText(PASSWORD_MESSAGES.common)).toBeTruthy());
    expect(screen.getByLabelText('비밀번호', { exact: false, selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
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
    type('이메일', '  minji.park@example.kr  ');
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('이 이메일은 사용할 수 없습니다.')).toBeTruthy();
    expect(screen.getByLabelText('이메일', { exact: false, selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.find((r) => r.url === '/api/auth/register')?.body).toEqual({
      email: 'minji.park@example.kr', password: 'Blue-Harbor-Kite-92', firstName: '민지', lastName: '박',
    });
  });
});
