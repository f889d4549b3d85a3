import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, type HeldText } from '@phonemarket/contracts';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import AdminReportsPage from './AdminReportsPage';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();
afterEach(() => vi.unstubAllGlobals());

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
