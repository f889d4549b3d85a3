import { act, fireEvent, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KNOWLEDGE_QUERY_MAX, type ChatSession, type ChatMessage, type KnowledgeSearchResult } from '@phonemarket/contracts';
import type { ChatbotSettings } from '@phonemarket/contracts/chatbotAdmin.ts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import ChatbotWidget, { CHATBOT_TEXTS, asksForPerson } from './ChatbotWidget';

/* Issue 39 §5: 상담원 연결 is always there and offered when asked for; once an agent has the chat, or it has ended, the bot says nothing. */

const settings: ChatbotSettings = { matchThreshold: 1, replyDelayMinMs: 2000, replyDelayMaxMs: 2000, handoffWaitSeconds: 5 };
const hit: KnowledgeSearchResult = {
  id: 'kb-delivery-time', category: '주문배송', question: '배송은 언제 와요?', answer: '결제 후 2~3일 안에 도착합니다.', keywords: ['배송'], sourceInquiryId: null,
  status: '승인', reviewedBy: null, reviewedAt: null, usageCount: 0, satisfactionScore: 0, ratingCount: 0, isActive: true, requiresAuth: false, roles: [],
  createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z', score: 3,
};
const session = (id: string, status: ChatSession['status']): ChatSession => ({
  id, userId: null, customerName: '방문자', status, startTime: '2026-03-01T00:00:00.000Z', endTime: null, totalMessages: 2, escalated: true,
  escalatedAt: '2026-03-01T00:01:00.000Z', escalationReason: null, assignedTo: status === 'waiting' ? null : 'u-admin', agentName: status === 'waiting' ? null : '지원', resolved: false, satisfactionScore: null, tags: [],
});

/** The server: the chat waits until `agent.connected`, then an agent (지원) has it and has written. */
function serve(agent: { connected: boolean; closed?: boolean }, opts: { onSend?: () => Response } = {}) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
    if (req.url === '/api/chatbot/settings') return json(settings);
    if (req.url === '/api/knowledge-base') return json([]);
    if (req.url === '/api/knowledge-base/search') return json([hit]);
    const transcript = /^\/api\/chat-sessions\/([^/]+)\/messages$/.exec(req.url);
    if (transcript && req.method === 'POST' && opts.onSend) return opts.onSend();
    if (transcript && req.method === 'GET') {
      const id = decodeURIComponent(transcript[1]!);
      const messages: ChatMessage[] = agent.connected
        ? [
          { id: 'sys', type: 'system', content: '상담원 연결을 요청했습니다.', timestamp: '2026-03-01T00:01:00.000Z', authorName: null, knowledgeId: null },
          { id: 'm1', type: 'agent', content: '안녕하세요, 상담원 지원입니다.', timestamp: '2026-03-01T00:01:03.000Z', authorName: '지원', knowledgeId: null },
        ]
        : [];
      return json({ session: session(id, agent.closed ? 'closed' : agent.connected ? 'active' : 'waiting'), messages });
    }
    return json({ id: 'x', position: '1' });
  });
}

const flush = () => act(async () => { await vi.advanceTimersByTimeAsync(0); });
const advance = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });
/** The page's reads answered and rendered. */
async function settle() {
  for (let i = 0; i < 5; i++) await advance(50);
}
/** The server changed: the page reads again (as a push to the chat's room makes it). */
async function serverChanged(queryClient: QueryClient) {
  await act(async () => { await queryClient.invalidateQueries(); });
  await settle();
}
async function ask(text: string) {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
  fireEvent.submit(screen.getByTestId('chat-input').closest('form')!);
  await flush();
}
const botTexts = () => screen.queryAllByTestId('chat-bot').map((b) => b.textContent ?? '');

describe('ChatbotWidget hands over to a person', () => {
  beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); });
  afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

  it('knows a message asking for a person', () => {
    for (const text of ['상담원 연결해주세요', '상담사랑 얘기하고 싶어요', '사람이랑 통화하고 싶어요', '실제 사람 연결', '담당자 바꿔주세요']) expect(asksForPerson(text), text).toBe(true);
    for (const text of ['배송 언제 와요', '사람들이 많이 사는 폰', '아이폰 17 프로 가격']) expect(asksForPerson(text), text).toBe(false);
  });

  it('shows 상담원 연결 from the first screen; "상담원 연결해주세요" is answered with the handoff offered at once (no 👎 first)', async () => {
    const { requests } = serve({ connected: false });
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    expect(screen.getByTestId('chat-handoff').textContent).toBe('상담원 연결');
    await ask('상담원 연결해주세요');
    expect(botTexts().at(-1)).toContain(CHATBOT_TEXTS.agentRequested);
    expect(screen.getAllByRole('button', { name: '상담원 연결' })).toHaveLength(2);
    expect(requests.some((r) => r.url === '/api/knowledge-base/search')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: '상담원 연결' })[0]!);
    await flush();
    expect(requests.some((r) => r.method === 'POST' && /\/escalate$/.test(r.url))).toBe(true);
    expect(screen.queryByTestId('chat-handoff')).toBeNull();
  });

  it('a question longer than the knowledge search takes (up to the input\'s 1,000) is searched by its start and answered', async () => {
    const { requests } = serve({ connected: false });
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    await ask(`배송은 언제 와요? ${'정말 궁금해요 '.repeat(100)}`);
    await advance(2000);
    const search = requests.find((r) => r.url === '/api/knowledge-base/search');
    expect((search?.body as { query: string }).query.length).toBe(KNOWLEDGE_QUERY_MAX);
    expect(screen.getByText(hit.answer)).toBeTruthy();
  });

  it('the input keeps the keyboard\'s focus while the answer is on its way (only 전송 is off), and the answer comes', async () => {
    serve({ connected: false });
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    const input = screen.getByTestId('chat-input') as HTMLInputElement;
    input.focus();
    await ask('배송 언제 와요');
    expect(screen.getByTestId('chat-typing')).toBeTruthy();
    expect(input.disabled).toBe(false);
    expect(document.activeElement).toBe(input);
    expect((screen.getByRole('button', { name: '전송' }) as HTMLButtonElement).disabled).toBe(true);
    // A line sent again meanwhile is not asked twice.
    await ask('배송 언제 와요');
    await advance(2000);
    expect(screen.getAllByText(hit.answer)).toHaveLength(1);
    expect(document.activeElement).toBe(input);
  });

  it('keyboard use: 종료 takes the focus to the stars, a rating to 새 대화 시작, and that back to the input', async () => {
    serve({ connected: false });
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    screen.getByTestId('chat-input').focus();
    await ask('상담 종료할게요');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '1점' }));
    fireEvent.click(screen.getByRole('button', { name: '5점' }));
    await flush();
    expect(document.activeElement).toBe(screen.getByTestId('chat-new'));
    fireEvent.click(screen.getByTestId('chat-new'));
    await flush();
    expect(document.activeElement).toBe(screen.getByTestId('chat-input'));
  });

  it('an answer still on its way when the person asks for an agent is not shown', async () => {
    serve({ connected: false });
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    await ask('배송 언제 와요');
    expect(screen.getByTestId('chat-typing')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    await advance(2000);
    expect(screen.queryByText(hit.answer)).toBeNull();
  });

  it('once an agent has the chat the bot says nothing more: no "모든 상담원이 … 상담 중" after the wait, even when no push told the page', async () => {
    const agent = { connected: false };
    serve(agent);
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    const before = botTexts().length;
    // The agent takes the chat and answers; the page hears nothing of it (a missed push) until the wait runs out.
    agent.connected = true;
    await advance(5000);
    await settle();
    expect(screen.queryByText(/모든 상담원이 다른 고객과 상담 중이에요/)).toBeNull();
    expect(botTexts()).toHaveLength(before);
    expect(screen.getByText('안녕하세요, 상담원 지원입니다.')).toBeTruthy();
  });

  it('a live line the server refuses (sent too fast: 429) is not lost silently: the Korean reason is shown and the line is back in the input', async () => {
    const agent = { connected: false };
    const tooFast = '메시지를 너무 빠르게 보내고 있습니다. 7초 후 다시 보내주세요.';
    serve(agent, { onSend: () => json({ message: tooFast }, { status: 429 }) });
    const { queryClient } = renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    agent.connected = true;
    await serverChanged(queryClient);
    expect(screen.getByText('안녕하세요, 상담원 지원입니다.')).toBeTruthy();
    await ask('배터리가 빨리 닳아요');
    await settle();
    expect(screen.getByText(tooFast)).toBeTruthy();
    expect((screen.getByTestId('chat-input') as HTMLInputElement).value).toBe('배터리가 빨리 닳아요');
  });

  it('an agent\'s line written after a refusal notice shows below it (the notice stays where it was said, not under every later line)', async () => {
    const agent = { connected: false };
    const tooFast = '메시지를 너무 빠르게 보내고 있습니다. 7초 후 다시 보내주세요.';
    const later: ChatMessage[] = [];
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
      if (req.url === '/api/chatbot/settings') return json(settings);
      if (req.url === '/api/knowledge-base') return json([]);
      const transcript = /^\/api\/chat-sessions\/([^/]+)\/messages$/.exec(req.url);
      if (transcript && req.method === 'POST') return json({ message: tooFast }, { status: 429 });
      if (transcript && req.method === 'GET') {
        const messages: ChatMessage[] = agent.connected ? [
          { id: 'sys', type: 'system', content: '상담원 연결을 요청했습니다.', timestamp: '2026-03-01T00:01:00.000Z', authorName: null, knowledgeId: null },
          { id: 'm1', type: 'agent', content: '안녕하세요, 상담원 지원입니다.', timestamp: '2026-03-01T00:01:03.000Z', authorName: '지원', knowledgeId: null },
          ...later,
        ] : [];
        return json({ session: session(decodeURIComponent(transcript[1]!), agent.connected ? 'active' : 'waiting'), messages });
      }
      return json({ id: 'x', position: '1' });
    });
    const { queryClient } = renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    agent.connected = true;
    await serverChanged(queryClient);
    await ask('배터리가 빨리 닳아요');
    await settle();
    expect(requests.some((r) => r.method === 'POST' && /\/messages$/.test(r.url))).toBe(true);
    // The agent answers after the refusal: the page reads the transcript again (the push it would get).
    later.push({ id: 'm2', type: 'agent', content: '배터리 점검을 도와드릴게요.', timestamp: new Date(Date.now() + 1000).toISOString(), authorName: '지원', knowledgeId: null });
    await serverChanged(queryClient);
    const log = screen.getByTestId('chat-log').textContent ?? '';
    expect(log.indexOf(tooFast)).toBeGreaterThan(log.indexOf('안녕하세요, 상담원 지원입니다.'));
    expect(log.indexOf('배터리 점검을 도와드릴게요.')).toBeGreaterThan(log.indexOf(tooFast));
  });

  it('a busy notice given while nobody had the chat goes once an agent takes it (it is not left under the agent\'s words)', async () => {
    const agent = { connected: false };
    serve(agent);
    const { queryClient } = renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    const before = botTexts().length;
    await advance(5000);
    await settle();
    expect(screen.getByText(/모든 상담원이 다른 고객과 상담 중이에요/)).toBeTruthy();
    // Then an agent takes the chat and writes: the page reads the transcript again (the push it would get).
    agent.connected = true;
    await serverChanged(queryClient);
    expect(screen.getByText('안녕하세요, 상담원 지원입니다.')).toBeTruthy();
    expect(screen.queryByText(/모든 상담원이 다른 고객과 상담 중이에요/)).toBeNull();
    expect(botTexts()).toHaveLength(before);
  });

  it('the customer ends a live chat with 상담 종료, asked first: 계속 상담 keeps it; 종료하기 closes it on the server and the rating follows', async () => {
    const agent = { connected: false, closed: false };
    const { requests } = serve(agent);
    const closes = () => requests.filter((r) => r.method === 'POST' && /\/close$/.test(r.url));
    const { queryClient } = renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    expect(screen.queryByTestId('chat-end')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    // Waiting for an agent: not yet.
    expect(screen.queryByTestId('chat-end')).toBeNull();
    agent.connected = true;
    await serverChanged(queryClient);
    expect(screen.getByPlaceholderText('상담원에게 메시지 보내기')).toBeTruthy();

    fireEvent.click(screen.getByTestId('chat-end'));
    expect(screen.getByTestId('chat-end-confirm').textContent).toContain('상담을 종료할까요?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '종료하기' }));
    fireEvent.click(screen.getByRole('button', { name: '계속 상담' }));
    expect(screen.queryByTestId('chat-end-confirm')).toBeNull();
    expect(closes()).toHaveLength(0);

    fireEvent.click(screen.getByTestId('chat-end'));
    agent.closed = true;
    fireEvent.click(screen.getByRole('button', { name: '종료하기' }));
    await settle();
    expect(closes().map((r) => r.url)).toEqual([expect.stringMatching(/^\/api\/chat-sessions\/chat-[^/]+\/close$/)]);
    expect(screen.getByTestId('chat-rating')).toBeTruthy();
    expect(screen.queryByTestId('chat-end')).toBeNull();
    expect((screen.getByTestId('chat-input') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '5점' }));
    await flush();
    expect(requests.some((r) => r.method === 'PATCH' && (r.body as { satisfactionScore?: number }).satisfactionScore === 5)).toBe(true);
  });

  it('after the chat ended (종료) the bot says nothing more: the input, suggestions and 👍/👎 are off', async () => {
    serve({ connected: false });
    renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    await ask('배송 언제 와요');
    await advance(2000);
    await ask('종료');
    const said = botTexts().length;
    expect((screen.getByTestId('chat-input') as HTMLInputElement).disabled).toBe(true);
    for (const label of ['도움이 됐어요', '도움이 안 됐어요']) expect((screen.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('chat-handoff')).toBeNull();
    await advance(10_000);
    expect(botTexts()).toHaveLength(said);
  });
});

describe('ChatbotWidget keeps a chat with an agent across a reload of the tab', () => {
  beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); });
  afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

  /** The widget as a page load makes it: a new cache, whatever this tab kept. */
  async function load() {
    const page = renderWithProviders(<ChatbotWidget onClose={() => {}} />);
    await flush();
    return page;
  }
  const escalated = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && /\/escalate$/.test(r.url)).map((r) => r.url.split('/')[3]);
  const started = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === '/api/chat-sessions');

  it('goes on with the same chat: the bot\'s part, the agent\'s lines and the live input, with no new chat started', async () => {
    const agent = { connected: false };
    const { requests } = serve(agent);
    const first = await load();
    await ask('배송 언제 와요');
    await advance(2000);
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    agent.connected = true;
    await serverChanged(first.queryClient);
    expect(screen.getByText('안녕하세요, 상담원 지원입니다.')).toBeTruthy();
    const [chatId] = escalated(requests);
    expect(started(requests)).toHaveLength(1);
    first.unmount();

    await load();
    await settle();
    expect(screen.getByText('배송 언제 와요')).toBeTruthy();
    expect(screen.getByText(hit.answer)).toBeTruthy();
    expect(screen.getByText('안녕하세요, 상담원 지원입니다.')).toBeTruthy();
    expect(screen.getByTestId('chat-input').getAttribute('placeholder')).toBe('상담원에게 메시지 보내기');
    expect(screen.queryByTestId('chat-handoff')).toBeNull();
    expect(started(requests)).toHaveLength(1);
    const reads = requests.filter((r) => r.method === 'GET' && /\/messages$/.test(r.url)).map((r) => r.url.split('/')[3]);
    expect(reads.at(-1)).toBe(chatId);
  });

  it('a chat the agent closed asks for its rating after a reload; once rated, a reload starts a new chat', async () => {
    const agent = { connected: true, closed: false };
    const { requests } = serve(agent);
    const first = await load();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    agent.closed = true;
    await serverChanged(first.queryClient);
    expect(screen.getByTestId('chat-rating')).toBeTruthy();
    first.unmount();

    const second = await load();
    await settle();
    expect(screen.getByTestId('chat-rating')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '5점' }));
    await flush();
    expect(screen.getByText(CHATBOT_TEXTS.thanks)).toBeTruthy();
    second.unmount();

    await load();
    expect(screen.queryByTestId('chat-rating')).toBeNull();
    expect(screen.getByTestId('chat-handoff')).toBeTruthy();
    const ids = started(requests).map((r) => (r.body as { id: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('a reload while the escalation was on its way (nothing kept yet) starts anew, not a chat stuck waiting', async () => {
    let answerEscalation = (): void => {};
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
      if (req.url === '/api/chatbot/settings') return json(settings);
      if (req.url === '/api/knowledge-base') return json([]);
      if (/\/escalate$/.test(req.url)) return new Promise<Response>((resolve) => { answerEscalation = () => resolve(json({ id: 'x', position: '1' })); });
      return json({ id: 'x', position: '1' });
    });
    const first = await load();
    fireEvent.click(screen.getByTestId('chat-handoff'));
    await flush();
    expect(window.sessionStorage.getItem('phonemarket.chatbot.live')).toBeNull();
    first.unmount();
    answerEscalation();

    await load();
    expect(screen.getByTestId('chat-handoff')).toBeTruthy();
    expect(started(requests)).toHaveLength(2);
  });

  it('a kept chat the server no longer lets this visitor read (403) gives way to a new chat', async () => {
    window.sessionStorage.setItem('phonemarket.chatbot.live', JSON.stringify({
      sessionId: 'chat-gone', messages: [{ id: 'escalation', type: 'system', content: '상담원 연결을 요청했습니다. 잠시만 기다려주세요.', timestamp: '2026-03-01T00:01:00.000Z' }],
    }));
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
      if (req.url === '/api/chatbot/settings') return json(settings);
      if (req.url === '/api/knowledge-base') return json([]);
      if (req.url === '/api/chat-sessions/chat-gone/messages') return json({ message: '이 상담에 접근할 권한이 없습니다.' }, { status: 403 });
      return json({ id: 'x', position: '1' });
    });
    await load();
    await settle();
    expect(screen.getByTestId('chat-handoff')).toBeTruthy();
    const ids = started(requests).map((r) => (r.body as { id: string }).id);
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toBe('chat-gone');
    expect(window.sessionStorage.getItem('phonemarket.chatbot.live')).toBeNull();
  });

  it('what the tab kept is read with the widget\'s schema: anything else is dropped and a new chat starts', async () => {
    window.sessionStorage.setItem('phonemarket.chatbot.live', JSON.stringify({ sessionId: 42, messages: 'x' }));
    const { requests } = serve({ connected: false });
    await load();
    expect(screen.getByTestId('chat-handoff')).toBeTruthy();
    expect(started(requests)).toHaveLength(1);
    expect(window.sessionStorage.getItem('phonemarket.chatbot.live')).toBeNull();
  });
});
