import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../shared/api/client';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import LoginPage from './LoginPage';

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('/login', () => {
  beforeEach(() => {
    localStorage.clear();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the trimmed email, shows a refusal in Korean, and signs in', async () => {
    let accept = false;
    const { requests } = stubFetch((req) => {
      if (req.url !== '/api/auth/login') return json({ message: 'Unauthorized' }, { status: 401 });
      return accept
        ? json({ id: 'u1', position: '3', user: { id: 'u1', email: 'a@b.kr', firstName: '민수', lastName: '김', role: 'user' } })
        : json({ message: '이메일 또는 비밀번호가 올바르지 않습니다.' }, { status: 401 });
    });
    renderWithProviders(<LoginPage />, { route: '/login' });
    const submit = screen.getByRole('button', { name: '로그인' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input('이메일'), { target: { value: ' a@b.kr ' } });
    fireEvent.change(input('비밀번호'), { target: { value: 'wrong-password' } });
    fireEvent.click(submit);
    expect(await screen.findByText('이메일 또는 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/auth/login')?.body).toEqual({ email: 'a@b.kr', password: 'wrong-password' });

    accept = true;
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
