import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHATBOT_SETTINGS, type ChatbotStats } from '@phonemarket/contracts/chatbotAdmin.ts';
import { DEFAULT_SETTINGS, type AdminSettings, type SettingsHistoryEntry } from '@phonemarket/contracts/settings.ts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import ChatbotAdminPage from './ChatbotAdminPage';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const settings: AdminSettings = { ...DEFAULT_SETTINGS, security: { sessionIdleMinutes: 30, sessionAbsoluteHours: 12, ...DEFAULT_SETTINGS.security } };
const history: SettingsHistoryEntry[] = [
  { at: '2026-03-10T01:00:00.000Z', section: 'chatbot', actor: { userId: 'admin-1', name: '데모관리' }, changes: [{ field: 'matchThreshold', from: 1, to: 1.5 }] },
  { at: '2026-03-09T01:00:00.000Z', section: 'site', actor: { userId: 'admin-1', name: '데모관리' }, changes: [{ field: 'companyName', from: '', to: '폰마켓' }] },
];
const stats: ChatbotStats = {
  period: { from: '2026-03-10', to: '2026-03-11' },
  totals: {
    sessions: 7, messages: 10, resolvedSessions: 4, resolutionRate: 0.5714, escalatedSessions: 1, escalationRate: 0.1429,
    ratedSessions: 6, averageSatisfaction: 4, medianFirstAnswerMs: 1400, questions: 5, unansweredQuestions: 2,
  },
  daily: [
    { day: '2026-03-10', sessions: 4, resolvedSessions: 2, resolutionRate: 0.5 },
    { day: '2026-03-11', sessions: 3, resolvedSessions: 2, resolutionRate: 0.6667 },
  ],
  topQuestions: [{ question: '배송은 언제 와요?', count: 3, keywords: ['배송', '언제'], unanswered: 0 }, { question: '펫보험 되나요', count: 2, keywords: ['펫보험', '되나'], unanswered: 2 }],
  unanswered: [{ question: '펫보험 되나요', count: 2, keywords: ['펫보험', '되나'], lastAskedAt: '2026-03-11T02:00:00.000Z', sessionId: 'chat-0002', logId: 'log-0002', entry: null, answeredNowBy: null }],
  resolvedInquiries: [
    { id: 'inq-1', category: '계정문제', title: '비밀번호를 잊었어요', content: '어떻게 찾나요?', resolutionNote: '비밀번호 찾기를 이용해주세요.', resolvedAt: '2026-03-11T03:00:00.000Z', entry: null },
    { id: 'inq-2', category: '주문배송', title: '송장 번호', content: '송장이 안 보여요', resolutionNote: '주문 상세에서 볼 수 있습니다.', resolvedAt: '2026-03-10T03:00:00.000Z', entry: { id: 'kb-9', status: '대기' } },
  ],
};

function serve(write: (req: RecordedRequest) => Response = () => json({ id: 'kb-new', position: '9' }, { status: 201 })) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(admin);
    if (req.url.startsWith('/api/admin/chatbot/stats')) return json(stats);
    if (req.url === '/api/admin/settings/history') return json(history);
    if (req.url === '/api/admin/settings') return json(settings);
    if (req.method !== 'GET') return write(req);
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('ChatbotAdminPage', () => {
  it('a seller reads 접근 권한이 없습니다 and no figures are asked for', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/me' ? json({ user: { ...admin.user, role: 'seller' } }) : json({ message: '이 작업을 할 권한이 없습니다.' }, { status: 403 })));
    renderWithProviders(<ChatbotAdminPage />, { route: '/admin/chatbot' });
    expect(await screen.findByTestId('admin-forbidden')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/admin/'))).toBe(false);
  });

  it("shows the server's figures (resolution rate as computed, never a fixed 85%), top questions and the chatbot section's history only", async () => {
    serve();
    renderWithProviders(<ChatbotAdminPage />, { route: '/admin/chatbot' });
    const figures = await screen.findByTestId('chatbot-figures');
    await waitFor(() => expect(figures.textContent).toContain('57.1%'));
    expect(figures.textContent).toContain('14.3%');
    expect(figures.textContent).toContain('★ 4.0');
    expect(figures.textContent).toContain('1.4초');
    expect(figures.textContent).not.toContain('85%');
    expect(screen.getAllByTestId('chatbot-top-question')[0]!.textContent).toContain('배송은 언제 와요?');
    const historyItems = await screen.findAllByTestId('chatbot-settings-history-item');
    expect(historyItems).toHaveLength(1);
    expect(historyItems[0]!.textContent).toContain('답변 기준 점수: 1 → 1.5');
    expect((screen.getByTestId('chatbot-from') as HTMLInputElement).value).toBe('2026-03-10');
  });

  it('an unanswered question: the dialog comes filled, asks an answer in Korean before sending, then posts the source', async () => {
    const { requests } = serve();
    renderWithProviders(<ChatbotAdminPage />, { route: '/admin/chatbot' });
    fireEvent.click(await screen.findByTestId('chatbot-add-question'));
    const dialog = await screen.findByTestId('chatbot-entry-dialog');
    expect((within(dialog).getByTestId('chatbot-entry-question') as HTMLInputElement).value).toBe('펫보험 되나요');
    fireEvent.click(within(dialog).getByRole('button', { name: '대기 항목으로 추가' }));
    expect(await within(dialog).findByText('답변을 2자 이상 입력해주세요')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('chatbot-entry-answer'), { target: { value: ' 통신사 부가서비스로 가입할 수 있습니다. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '대기 항목으로 추가' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/admin/chatbot/knowledge-entries',
      body: { source: { kind: 'question', sessionId: 'chat-0002', logId: 'log-0002' }, question: '펫보험 되나요', answer: '통신사 부가서비스로 가입할 수 있습니다.', keywords: ['펫보험', '되나'] },
    }));
  });

  it('a resolved inquiry is added in one click with its title and answer; one already added shows its status', async () => {
    const { requests } = serve();
    renderWithProviders(<ChatbotAdminPage />, { route: '/admin/chatbot' });
    const items = await screen.findAllByTestId('chatbot-inquiry-item');
    expect(within(items[1]!).getByTestId('chatbot-entry-status').textContent).toBe('지식 베이스 대기');
    fireEvent.click(within(items[0]!).getByTestId('chatbot-add-inquiry'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/admin/chatbot/knowledge-entries',
      body: { source: { kind: 'inquiry', inquiryId: 'inq-1' }, category: '계정문제', question: '비밀번호를 잊었어요', answer: '비밀번호 찾기를 이용해주세요.' },
    }));
  });

  it('the settings card checks the delays in Korean before saving and saves the chatbot section', async () => {
    const { requests } = serve(() => json({ id: 'chatbot', position: '9', changed: true }));
    renderWithProviders(<ChatbotAdminPage />, { route: '/admin/chatbot' });
    const form = await screen.findByTestId('chatbot-settings-form');
    fireEvent.change(within(form).getByTestId('chatbot-replyDelayMinMs'), { target: { value: '1800' } });
    fireEvent.change(within(form).getByTestId('chatbot-replyDelayMaxMs'), { target: { value: '1200' } });
    fireEvent.click(within(form).getByTestId('chatbot-settings-save'));
    expect(await within(form).findByText('최대 지연 시간은 최소 지연 시간보다 짧을 수 없습니다.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(within(form).getByTestId('chatbot-replyDelayMaxMs'), { target: { value: '2000' } });
    fireEvent.change(within(form).getByTestId('chatbot-matchThreshold'), { target: { value: '1.5' } });
    fireEvent.click(within(form).getByTestId('chatbot-settings-save'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/admin/settings/chatbot', body: { ...DEFAULT_CHATBOT_SETTINGS, matchThreshold: 1.5, replyDelayMinMs: 1800, replyDelayMaxMs: 2000 },
    }));
  });
});
