import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, type NotificationReadPush } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { NotificationBell } from './NotificationBell';
import { socketListeners } from '../../shared/test/fakeSocketIo';

// Only the third-party Socket.IO client is faked: a socket that records its listeners.
vi.mock('socket.io-client', () => import('../../shared/test/fakeSocketIo'));
const listeners = socketListeners;

afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('follows a read in another tab (notification:read): the count drops and the list is read again', async () => {
    const { requests } = stubFetch((req) => (req.url.startsWith('/api/notifications/unread-count') ? json({ unread: 3 }) : json({})));
    const { queryClient } = renderWithProviders(<NotificationBell signedIn />);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('3'));
    await waitFor(() => expect(listeners.has(SOCKET_EVENTS.notificationRead)).toBe(true));
    queryClient.setQueryData(['/api/notifications', 1], { notifications: [], total: 0, unread: 3, page: 1, pageSize: 20 });

    act(() => listeners.get(SOCKET_EVENTS.notificationRead)?.({ id: 'n1~u1', unread: 2 } satisfies NotificationReadPush));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('2'));
    expect(queryClient.getQueryState(['/api/notifications', 1])?.isInvalidated).toBe(true);

    act(() => listeners.get(SOCKET_EVENTS.notificationRead)?.({ id: null, unread: 0 } satisfies NotificationReadPush));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
    expect(screen.getByRole('button', { name: '알림' })).toBeTruthy();
    // the count came from the push, not from another request
    expect(requests.filter((r) => r.url.startsWith('/api/notifications/unread-count'))).toHaveLength(1);
  });

  it('ignores a malformed push', async () => {
    stubFetch(() => json({ unread: 1 }));
    renderWithProviders(<NotificationBell signedIn />);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    await waitFor(() => expect(listeners.has(SOCKET_EVENTS.notificationRead)).toBe(true));
    act(() => listeners.get(SOCKET_EVENTS.notificationRead)?.({ unread: 'none' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
  });
});
