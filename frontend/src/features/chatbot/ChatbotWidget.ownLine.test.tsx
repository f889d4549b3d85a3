import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiveSocket } from '../../shared/live';
import { CHAT_SO_FAR, activeChat, chatLinesServer } from '../../shared/test/chatLines';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import ChatbotWidget from './ChatbotWidget';

/* ADR 031 (s53): no push of our own line comes back to the socket that sent it; the widget shows it from the ack. */

const live = liveServer();
const chat = chatLinesServer(live, (id) => activeChat(id, 'admin-1'), 'admin-1');
afterEach(() => vi.unstubAllGlobals());

const transcriptReads = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'GET' && /^\/api\/chat-sessions\/[^/]+\/messages/.test(r.url)).length;

describe('ChatbotWidget, live with an agent', () => {
  it('our line is shown from its ack at once, after the agent\'s, with no push, no transcript read and no HTTP command', async () => {
    chat.reset();
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
      if (req.url === '/api/chatbot/settings') return json({ matchThreshold: 1, replyDelayMinMs: 2000, replyDelayMaxMs: 2000, handoffWaitSeconds: 60 });
      if (req.url === '/api/knowledge-base') return json([]);
      const transcript = /^\/api\/chat-sessions\/([^/]+)\/messages$/.exec(req.url);
      if (transcript && req.method === 'GET') return json({ session: activeChat(decodeURIComponent(transcript[1]!), 'admin-1'), messages: CHAT_SO_FAR });
      return json({ id: 'x', position: '1' });
    });
    const { queryClient } = renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('chat-handoff'));
    const greeting = CHAT_SO_FAR[1]!.content;
    await screen.findByText(greeting);
    // The chat is followed over the app's connection (a guest's is opened anew once it follows the chat).
    await live.connected();
    await expect.poll(() => openLiveSocket(), { timeout: 5000, interval: 20 }).not.toBeNull();
    await expect.poll(() => (screen.getByTestId('chat-input') as HTMLInputElement).disabled, { timeout: 5000 }).toBe(false);
    // The read after joining the room has come back (a read still on its way is read again after our line: chatSend.test.tsx).
    await expect.poll(() => transcriptReads(requests) >= 2 && queryClient.isFetching() === 0, { timeout: 5000, interval: 20 }).toBe(true);
    const reads = transcriptReads(requests);
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '배터리가 빨리 닳아요' } });
    fireEvent.submit(screen.getByTestId('chat-input').closest('form')!);
    await screen.findByText('배터리가 빨리 닳아요');
    expect(chat.sent.map((l) => l.content)).toEqual(['배터리가 빨리 닳아요']);
    const log = screen.getByTestId('chat-log').textContent ?? '';
    expect(log.indexOf('배터리가 빨리 닳아요')).toBeGreaterThan(log.indexOf(greeting));
    expect(transcriptReads(requests)).toBe(reads);
    expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'))).toEqual([]);
  });
});
