import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { createQueryClient } from '../../shared/api/query-client';
import { ME_QUERY_KEY } from '../../shared/auth/session';
import { activeChat } from '../../shared/test/chatLines';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import SupportConsolePage from './SupportConsolePage';

const live = liveServer();
afterEach(() => vi.unstubAllGlobals());

const admin = { id: 'admin-1', email: 'admin@demo.phonemarket.kr', firstName: '관리', lastName: '박', role: 'admin' };

describe('/admin-support, the queue', () => {
  it('each chat\'s count of messages is labelled and follows the lines pushed to the support room, with no read of the queue', async () => {
    live.signInAs('admin-1');
    let queueReads = 0;
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(admin);
      if (req.url === '/api/support/queue') {
        queueReads += 1;
        return json({ waiting: [], active: [activeChat('chat-7', 'admin-2'), activeChat('chat-8', 'admin-2')] });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, admin);
    renderWithProviders(<SupportConsolePage />, { route: '/admin-support', queryClient });
    const [first, second] = await screen.findAllByTestId('queue-item');
    expect(within(first!).getByText('메시지 2')).toBeTruthy();
    await live.connected(1, 'admin-1');
    const reads = queueReads;

    live.push(SOCKET_EVENTS.chatUpdated, { counts: [{ sessionId: 'chat-7', totalMessages: 11 }] });
    await expect.poll(() => within(first!).queryByText('메시지 11'), { timeout: 5000, interval: 20 }).not.toBeNull();
    expect(within(second!).getByText('메시지 2')).toBeTruthy();
    // One push carries every chat that had lines since the last (ADR 031, s59).
    live.push(SOCKET_EVENTS.chatUpdated, { counts: [{ sessionId: 'chat-7', totalMessages: 12 }, { sessionId: 'chat-8', totalMessages: 5 }] });
    await expect.poll(() => within(second!).queryByText('메시지 5'), { timeout: 5000, interval: 20 }).not.toBeNull();
    expect(within(first!).getByText('메시지 12')).toBeTruthy();
    expect(queueReads).toBe(reads);
  });
});
