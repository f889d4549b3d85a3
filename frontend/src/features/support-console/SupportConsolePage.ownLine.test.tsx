import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client';
import { ME_QUERY_KEY } from '../../shared/auth/session';
import { openLiveSocket } from '../../shared/live';
import { CHAT_SO_FAR, activeChat, chatLinesServer } from '../../shared/test/chatLines';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import SupportConsolePage from './SupportConsolePage';

/* ADR 031 (s53): no push of our own line comes back to the socket that sent it; the console shows it from the ack. */

const live = liveServer();
const chat = chatLinesServer(live, (id) => activeChat(id, 'admin-1'), 'admin-1');
afterEach(() => vi.unstubAllGlobals());

const admin = { id: 'admin-1', email: 'admin@demo.phonemarket.kr', firstName: '관리', lastName: '박', role: 'admin' };

describe('/admin-support, a live chat of ours', () => {
  it('the agent\'s line is in the transcript from its ack, with no push, while the read after it has not answered', async () => {
    chat.reset();
    live.signInAs('admin-1');
    let readsAnswer = true;
    const never = new Promise<Response>(() => {});
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(admin);
      if (req.url === '/api/support/queue') return json({ waiting: [], active: [activeChat('chat-7', 'admin-1')] });
      if (req.url.startsWith('/api/inquiries')) return json([]);
      if (req.url === '/api/chat-sessions/chat-7/messages' && req.method === 'GET') return readsAnswer ? json({ session: activeChat('chat-7', 'admin-1'), messages: CHAT_SO_FAR }) : never;
      return json({ message: '없음' }, { status: 404 });
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, admin);
    renderWithProviders(<SupportConsolePage />, { route: '/admin-support', queryClient });
    fireEvent.click(await screen.findByTestId('queue-item'));
    const greeting = CHAT_SO_FAR[1]!.content;
    await screen.findByText(greeting);
    await live.connected(1, 'admin-1');
    await expect.poll(() => openLiveSocket(), { timeout: 5000, interval: 20 }).not.toBeNull();
    // Reads from here on never answer: what the transcript shows next comes from the ack.
    readsAnswer = false;
    fireEvent.change(await screen.findByTestId('console-input'), { target: { value: '재부팅 후 확인해보세요' } });
    fireEvent.submit(screen.getByTestId('console-input').closest('form')!);
    await screen.findByText('재부팅 후 확인해보세요');
    expect(chat.sent.map((l) => l.content)).toEqual(['재부팅 후 확인해보세요']);
    const shown = screen.getByTestId('console-transcript').textContent ?? '';
    expect(shown.indexOf('재부팅 후 확인해보세요')).toBeGreaterThan(shown.indexOf(greeting));
  });
});
