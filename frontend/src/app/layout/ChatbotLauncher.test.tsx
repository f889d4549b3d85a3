import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';

/** A chat with an agent goes on after a reload of the tab: the launcher opens the widget on it by itself. */

async function loadPage() {
  // A page load: the modules (and what they read of the tab at load) are new.
  vi.resetModules();
  const { ChatbotLauncher } = await import('./ChatbotLauncher');
  stubFetch((req) => {
    if (req.url === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
    if (req.url === '/api/knowledge-base') return json([]);
    const transcript = /^\/api\/chat-sessions\/([^/]+)\/messages$/.exec(req.url);
    if (transcript) {
      return json({
        session: {
          id: decodeURIComponent(transcript[1]!), userId: null, customerName: '방문자', status: 'waiting', startTime: '2026-03-01T00:00:00.000Z', endTime: null,
          totalMessages: 1, escalated: true, escalatedAt: '2026-03-01T00:01:00.000Z', escalationReason: null, assignedTo: null, agentName: null, resolved: false, satisfactionScore: null, tags: [],
        },
        messages: [],
      });
    }
    return json({ id: 'x', position: '1' });
  });
  return renderWithProviders(<ChatbotLauncher />);
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('ChatbotLauncher', () => {
  it('opens the widget by itself on the tab\'s chat with an agent', async () => {
    window.sessionStorage.setItem('phonemarket.chatbot.live', JSON.stringify({
      sessionId: 'chat-kept', messages: [{ id: 'escalation', type: 'system', content: '상담원 연결을 요청했습니다. 잠시만 기다려주세요.', timestamp: '2026-03-01T00:01:00.000Z' }],
    }));
    await loadPage();
    expect(await screen.findByTestId('chatbot')).toBeTruthy();
    expect(await screen.findByText('상담원을 연결하고 있어요…')).toBeTruthy();
    expect(screen.queryByTestId('chatbot-open')).toBeNull();
  });

  it('keyboard use: opening moves the focus into the widget; Escape closes it and the focus is back on the button', async () => {
    await loadPage();
    fireEvent.click(await screen.findByTestId('chatbot-open'));
    const widget = await screen.findByTestId('chatbot');
    await waitFor(() => expect(document.activeElement).toBe(widget));
    fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('chatbot-open')));
    // Opened again (the widget stays mounted): the focus goes in again.
    fireEvent.click(screen.getByTestId('chatbot-open'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('chatbot')));
  });

  it('a widget opened by itself on a kept chat (a reload) leaves the focus where it is', async () => {
    window.sessionStorage.setItem('phonemarket.chatbot.live', JSON.stringify({
      sessionId: 'chat-kept', messages: [{ id: 'escalation', type: 'system', content: '상담원 연결을 요청했습니다. 잠시만 기다려주세요.', timestamp: '2026-03-01T00:01:00.000Z' }],
    }));
    await loadPage();
    expect(await screen.findByTestId('chatbot')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('shows only its button otherwise', async () => {
    await loadPage();
    expect(await screen.findByTestId('chatbot-open')).toBeTruthy();
    expect(screen.queryByTestId('chatbot')).toBeNull();
  });

  it('a toast shown when the widget opens (the welcome) is dismissed: the widget takes the toasts\' corner', async () => {
    await loadPage();
    // The modules of this page load (loadPage reset them): the launcher's toaster, and its region on the page.
    const { toaster } = await import('../../shared/ui/toaster');
    const { default: ToasterRegion } = await import('../../shared/ui/ToasterRegion');
    renderWithProviders(<ToasterRegion />);
    toaster.create({ title: '폰마켓에 오신 것을 환영합니다!', type: 'success' });
    expect(await screen.findByText('폰마켓에 오신 것을 환영합니다!')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('chatbot-open'));
    expect(await screen.findByTestId('chatbot')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('폰마켓에 오신 것을 환영합니다!')).toBeNull(), { timeout: 2000 });
  });
});
