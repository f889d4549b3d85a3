import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, type HeldText, type Report } from '@phonemarket/contracts';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import ToasterRegion from '../../shared/ui/ToasterRegion';
import { toaster } from '../../shared/ui/toaster';
import AdminReportsPage from './AdminReportsPage';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const heldText: HeldText = {
  id: 'held-1', kind: 'chatLine', label: '상담 채팅', author: '김민수', text: '현금 페이백 30만원 되나요?', words: ['현금 페이백'],
  status: 'held', reason: null, createdAt: '2026-11-20T10:00:00.000Z', decidedAt: null,
};

describe('/admin/reports: the held-text queue', () => {
  it('a text the scam guard holds appears for a watching admin without a reload (pushed to the admins, as reports are)', async () => {
    const queue: HeldText[] = [];
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(admin);
      if (req.url.startsWith('/api/admin/held-texts')) return json({ items: queue, held: queue.length });
      if (req.url.startsWith('/api/admin/reports')) return json({ items: [], open: 0 });
      return json({ items: [] });
    });
    live.signInAs('admin-1');
    renderWithProviders(<AdminReportsPage />, { route: '/admin/reports' });
    const section = await screen.findByTestId('held-texts');
    expect(await within(section).findByTestId('held-empty')).toBeTruthy();
    await live.connected(1);
    // Held on the server: the projector pushes to the admins' room, and the queue reads itself again.
    queue.push(heldText);
    live.push(SOCKET_EVENTS.heldTextsChanged, { heldId: 'held-1', status: 'held' });
    await waitFor(() => expect(within(section).getByTestId('held-text').textContent).toContain('현금 페이백 30만원 되나요?'));
    expect(within(section).queryByTestId('held-empty')).toBeNull();
  });
});

describe('/admin/reports: resolving a report', () => {
  it('an empty 처리 메모 is told as such in Korean before any call; a good one is sent and toasted with the right 조사', async () => {
    const report: Report = {
      id: 'r-1', kind: 'shop', targetId: 'seller-1', parentId: null, sellerId: 'seller-1', label: '매장 강남폰플러스', reason: 'false_price',
      text: '조건과 다르게 개통했어요.', reporter: '최영희', createdAt: '2026-11-20T10:00:00.000Z', outcome: null, note: null, resolvedAt: null,
    };
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(admin);
      if (req.url.endsWith('/resolve')) return json({ id: 'r-1', position: '9' });
      if (req.url.startsWith('/api/admin/reports')) return json({ items: [report], open: 1 });
      if (req.url.startsWith('/api/admin/held-texts')) return json({ items: [], held: 0 });
      return json({ items: [] });
    });
    renderWithProviders(<><AdminReportsPage /><ToasterRegion /></>, { route: '/admin/reports' });
    const card = await screen.findByTestId('report');
    fireEvent.click(within(card).getByTestId('report-resolve'));
    expect((await within(card).findByTestId('report-problem')).textContent).toBe('처리 메모를 2자 이상 입력해주세요.');
    expect(requests.some((r) => r.url.endsWith('/resolve'))).toBe(false);

    fireEvent.change(within(card).getByTestId('report-outcome'), { target: { value: 'sellerSuspended' } });
    fireEvent.change(within(card).getByTestId('report-note'), { target: { value: '조건 위반 확인' } });
    fireEvent.click(within(card).getByTestId('report-resolve'));
    await waitFor(() => expect(requests.find((r) => r.url.endsWith('/resolve'))?.body).toEqual({ outcome: 'sellerSuspended', note: '조건 위반 확인' }));
    expect(await screen.findByText('신고를 판매자 정지로 처리했습니다')).toBeTruthy();
    expect(within(card).queryByTestId('report-problem')).toBeNull();
  });
});
