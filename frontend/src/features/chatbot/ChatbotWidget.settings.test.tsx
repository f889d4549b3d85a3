import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession, KnowledgeSearchResult } from '@phonemarket/contracts';
import type { ChatbotSettings } from '@phonemarket/contracts/chatbotAdmin.ts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import ChatbotWidget, { CHATBOT_TEXTS } from './ChatbotWidget';

/* Issue 29: the widget uses the chatbot settings saved on /admin/chatbot (reply delay, handoff wait). */

const settings: ChatbotSettings = { matchThreshold: 1, replyDelayMinMs: 2000, replyDelayMaxMs: 2000, handoffWaitSeconds: 5 };
const hit: KnowledgeSearchResult = {
  id: 'kb-delivery-time', category: '주문배송', question: '배송은 언제 와요?', answer: '결제 후 2~3일 안에 도착합니다.', keywords: ['배송'], sourceInquiryId: null,
  status: '승인', reviewedBy: null, reviewedAt: null, usageCount: 0, satisfactionScore: 0, ratingCount: 0, isActive: true, requiresAuth: false, roles: [],
  createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z', score: 3,
};
const waiting = (id: string): ChatSession => ({
  id, userId: null, customerName: '방문자', status: 'waiting', startTime: '2026-03-01T00:00:00.000Z', endTime: null, totalMessages: 2, escalated: true,
  escalatedAt: '2026-03-01T00:01:00.000Z', escalationReason: null, assignedTo: null, agentName: null, resolved: false, satisfactionScore: null, tags: [],
});

function serve(hits: KnowledgeSearchResult[]) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
    if (req.url === '/api/chatbot/settings') return json(settings);
    if (req.url === '/api/knowledge-base') return json([]);
    if (req.url === '/api/knowledge-base/search') return json(hits);
    const messages = /^\/api\/chat-sessions\/([^/]+)\/messages$/.exec(req.url);
    if (messages && req.method === 'GET') return json({ session: waiting(decodeURIComponent(messages[1]!)), messages: [] });
    return json({ id: 'x', position: '1' });
  });
}

/** Lets fetches resolve and React render, without moving the (fake) clock. */
const flush = () => act(async () => { await vi.advanceTimersByTimeAsync(0); });
const advance = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

async function ask(text: string) {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
  fireEvent.submit(screen.getByTestId('chat-input').closest('form')!);
  await flush();
}

describe('ChatbotWidget follows the chatbot settings', () => {
  beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); });
  afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

  it('answers after the configured reply delay (2,000 ms), not before', async () => {
    serve([hit]);
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    await flush();
    await ask('배송 언제 와요');
    await advance(1999);
    expect(screen.queryByText(hit.answer)).toBeNull();
    expect(screen.getByTestId('chat-typing')).toBeTruthy();
    await advance(1);
    expect(screen.getByText(hit.answer)).toBeTruthy();
  });

  it('after a handoff, says all agents are busy once the handoff wait (5 s) has passed without an agent', async () => {
    serve([]);
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    await flush();
    await ask('펫보험 되나요');
    await advance(2000);
    expect(screen.getByText(CHATBOT_TEXTS.unmatched)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '상담원 연결' })[0]!);
    await flush();
    await advance(4999);
    expect(screen.queryByText(/모든 상담원이 다른 고객과 상담 중이에요/)).toBeNull();
    await advance(1);
    expect(screen.getByText(/모든 상담원이 다른 고객과 상담 중이에요/)).toBeTruthy();
  });
});
