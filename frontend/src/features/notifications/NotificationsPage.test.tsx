import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import NotificationsPage from './NotificationsPage';

afterEach(() => vi.unstubAllGlobals());

const ME = { user: { id: 'u1', email: 'a@b.kr', firstName: '가', lastName: '나', role: 'user' } };

describe('/notifications', () => {
  it('a guest is asked to sign in and no request for the notifications is sent (its 401 would be an error in the browser\'s console)', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/me' ? json({ user: null }) : json({ message: '로그인이 필요합니다.' }, { status: 401 })));
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByText('로그인하면 알림을 확인할 수 있어요.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe('/login?next=%2Fnotifications');
    // The prompt follows the session's answer; a request for the list would have gone with the page's first render.
    expect(requests.map((r) => r.url).filter((url) => url.startsWith('/api/notifications'))).toEqual([]);
  });

  it('signed in, the list is read and shown', async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(ME);
      if (req.url.startsWith('/api/notifications')) {
        return json({ notifications: [{ id: 'n1', type: 'system', title: '환영합니다', message: '가입을 축하합니다', link: null, date: '2026-11-24T10:00:00.000Z', read: false }], total: 1, unread: 1, page: 1, pageSize: 20 });
      }
      return json({});
    });
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByText('환영합니다')).toBeTruthy();
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');
    expect(requests.some((r) => r.url.startsWith('/api/notifications?page=1'))).toBe(true);
  });
});
