import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUsersQuerySchema } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import AdminUsersPage from './AdminUsersPage';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };

describe('/admin/users: the search box', () => {
  it('takes no more than the route accepts (a longer search was refused with only "입력값을 확인해주세요." and a useless 다시 시도)', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(admin) : json({ users: [], total: 0, page: 1, pageSize: 20 })));
    renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });
    const box = await screen.findByRole('textbox', { name: '검색' });
    const max = (box as HTMLInputElement).maxLength;
    expect(max).toBeGreaterThan(0);
    // the longest the box takes (emoji count twice, as in the browser's count) passes the route's check; one more does not
    expect(adminUsersQuerySchema.safeParse({ q: '😀'.repeat(max / 2) }).success).toBe(true);
    expect(adminUsersQuerySchema.safeParse({ q: 'a'.repeat(max + 1) }).success).toBe(false);
  });
});
