import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, type NotificationPush, type NotificationReadPush } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { NotificationBell } from './NotificationBell';
import { liveServer } from '../../shared/test/liveServer';
import { renewLiveConnection } from '../../shared/live';

// Pushes come from a real Socket.IO server in the test process, to this account's room.
const live = liveServer();

afterEach(() => vi.unstubAllGlobals());

const newNotification = (unread: number): NotificationPush => ({
  notification: { id: `n${unread}`, type: 'order', title: '배송이 시작되었습니다', message: '…', link: null, date: '2026-11-24T10:00:00.000Z', read: false }, unread,
});

describe('NotificationBell', () => {
  it('follows a read in another tab (notification:read): the count drops and the list is read again', async () => {
    const { requests } = stubFetch((req) => (req.url.startsWith('/api/notifications/unread-count') ? json({ unread: 3 }) : json({})));
    const { queryClient } = renderWithProviders(<NotificationBell signedIn />);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('3'));
    await live.connected();
    queryClient.setQueryData(['/api/notifications', 1], { notifications: [], total: 0, unread: 3, page: 1, pageSize: 20 });

    live.push(SOCKET_EVENTS.notificationRead, { id: 'n1~u1', unread: 2 } satisfies NotificationReadPush);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('2'));
    expect(queryClient.getQueryState(['/api/notifications', 1])?.isInvalidated).toBe(true);

    live.push(SOCKET_EVENTS.notificationRead, { id: null, unread: 0 } satisfies NotificationReadPush);
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
    expect(screen.getByRole('button', { name: '알림' })).toBeTruthy();
    // the count came from the push, not from another request
    expect(requests.filter((r) => r.url.startsWith('/api/notifications/unread-count'))).toHaveLength(1);
  });

  it('ignores a malformed push', async () => {
    stubFetch(() => json({ unread: 1 }));
    renderWithProviders(<NotificationBell signedIn />);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    await live.connected();
    live.push(SOCKET_EVENTS.notificationRead, { unread: 'none' });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
  });

  it('signed out it opens no connection; signed in, a new connection (another account) and a reconnect keep it live and read the count again', async () => {
    let unread = 1;
    const { requests } = stubFetch((req) => (req.url.startsWith('/api/notifications/unread-count') ? json({ unread }) : json({})));
    function Header() {
      const [signedIn, setSignedIn] = useState(false);
      return <><NotificationBell signedIn={signedIn} /><button type="button" onClick={() => setSignedIn(true)}>로그인</button></>;
    }
    renderWithProviders(<Header />);
    await new Promise((r) => setTimeout(r, 150));
    expect(live.socketIds()).toHaveLength(0);
    live.signInAs('u1');
    act(() => screen.getByRole('button', { name: '로그인' }).click());
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    await live.connected(1, 'u1');
    live.push(SOCKET_EVENTS.notificationNew, newNotification(2), 'u1');
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('2'));

    // Signed in as another account (the session renews the connection): its room is heard, what it missed is read.
    unread = 5;
    live.signInAs('u2');
    act(() => renewLiveConnection());
    await live.connected(1, 'u2');
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('5'));
    live.push(SOCKET_EVENTS.notificationNew, newNotification(6), 'u2');
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('6'));

    // The network drops; a notification arrives meanwhile: the reconnect reads the count again.
    const reads = requests.filter((r) => r.url.startsWith('/api/notifications/unread-count')).length;
    unread = 7;
    live.dropConnections();
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('7'), { timeout: 8000 });
    expect(requests.filter((r) => r.url.startsWith('/api/notifications/unread-count')).length).toBeGreaterThan(reads);
  });
});
