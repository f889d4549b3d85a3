import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import type { ProcessFailure, ProcessFailures } from '@phonemarket/contracts/processFailures.ts';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import AdminProcessesPage from './AdminProcessesPage';
import { ProcessFailuresSummary } from './ProcessFailuresSummary';
import { useAdminLive } from './useAdminLive';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();

beforeEach(() => toaster.remove());
afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const failure = (over: Partial<ProcessFailure> = {}): ProcessFailure => ({
  failureId: 'pf-1', process: 'orderAfterDelivery', processLabel: '배송 후 처리 (구매확정·반품)', triggerId: 'ev-1', triggerStream: 'order-o1',
  triggerType: 'OrderDelivered', step: 'timer0', timerKey: 'orderAfterDelivery|ev-1|timer0', error: 'SQLITE_BUSY: database is locked', attempts: 5,
  status: 'failed', statusLabel: '실패', failedAt: '2026-11-20T10:00:00.000Z', retryRequestedBy: null, retryRequestedByName: null, retryRequestedAt: null, resolvedAt: null,
  ...over,
});
const retrying = failure({
  failureId: 'pf-2', process: 'someFutureProcess', processLabel: 'someFutureProcess', step: '0', status: 'retrying', statusLabel: '재시도 중',
  retryRequestedBy: 'admin-1', retryRequestedByName: '데모관리', retryRequestedAt: '2026-11-20T11:00:00.000Z',
});

/** An admin's server: the list answers `state.failures`; a retry answers `retry(req)`. */
function serve(state: { failures: ProcessFailure[] }, retry: (req: RecordedRequest) => Response = () => json({ id: 'pf-1', position: '42' })) {
  const answer = (): ProcessFailures => ({ failures: state.failures, total: state.failures.length, openCount: state.failures.filter((f) => f.status !== 'resolved').length });
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(admin);
    if (req.method === 'POST') return retry(req);
    if (req.url.startsWith('/api/admin/processes/pf-1/history')) return json([]);
    if (req.url.startsWith('/api/admin/processes')) return json(req.url.includes('limit=0') ? { ...answer(), failures: [] } : answer());
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('AdminProcessesPage', () => {
  it('a buyer reads 접근 권한이 없습니다 and no failures are asked for', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/me' ? json({ user: { ...admin.user, role: 'user' } }) : json({ message: '이 작업을 할 권한이 없습니다.' }, { status: 403 })));
    renderWithProviders(<AdminProcessesPage />, { route: '/admin/processes' });
    expect(await screen.findByTestId('admin-forbidden')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/admin/processes'))).toBe(false);
  });

  it('lists the open failures in Korean: the process, its trigger, the error, attempts, status and times; 재시도 only where it failed', async () => {
    const { requests } = serve({ failures: [failure(), retrying] });
    renderWithProviders(<AdminProcessesPage />, { route: '/admin/processes' });
    const items = await screen.findAllByTestId('process-failure');
    expect(requests.find((r) => r.url.startsWith('/api/admin/processes'))?.url).toBe('/api/admin/processes?status=open');
    expect(screen.getByTestId('process-open-count').textContent).toBe('미처리 2건');
    const first = items[0]!.textContent!;
    for (const text of ['배송 후 처리 (구매확정·반품)', 'orderAfterDelivery', 'OrderDelivered · order-o1 · 예약 작업 1', 'SQLITE_BUSY: database is locked', '5회', '실패']) expect(first).toContain(text);
    expect(within(items[0]!).getByTestId('process-retry')).toBeTruthy();
    // A process without a Korean name shows its own; a pending 재시도 says who asked, and offers no second one.
    expect(items[1]!.textContent).toContain('someFutureProcess');
    expect(items[1]!.textContent).toContain('재시도 중');
    expect(items[1]!.textContent).toContain('데모관리');
    expect(within(items[1]!).queryByTestId('process-retry')).toBeNull();
  });

  it('재시도 asks first: 취소 sends nothing; 재시도 sends it once, says so, and the list is read again', async () => {
    const state = { failures: [failure()] };
    const { requests } = serve(state, () => {
      state.failures = [failure({ status: 'retrying', statusLabel: '재시도 중', retryRequestedBy: 'admin-1', retryRequestedByName: '데모관리', retryRequestedAt: '2026-11-20T12:00:00.000Z' })];
      return json({ id: 'pf-1', position: '42' });
    });
    renderWithProviders(<AdminProcessesPage />, { route: '/admin/processes' });
    fireEvent.click(await screen.findByTestId('process-retry'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain("'배송 후 처리 (구매확정·반품)' 작업(OrderDelivered)을 다시 실행합니다.");
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('process-retry'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '재시도' }));
    await waitFor(() => expect(toaster.getVisibleToasts()[0]?.title).toBe('재시도를 요청했습니다'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/admin/processes/pf-1/retry']);
    await waitFor(() => expect(screen.getByTestId('process-failure-status').textContent).toBe('재시도 중'));
    expect(screen.queryByTestId('process-retry')).toBeNull();
  });

  it("a refused 재시도 (another admin's came first) shows the server's Korean reason", async () => {
    serve({ failures: [failure()] }, () => json({ message: '이미 재시도를 요청했습니다. 결과를 기다려주세요.' }, { status: 409 }));
    renderWithProviders(<AdminProcessesPage />, { route: '/admin/processes' });
    fireEvent.click(await screen.findByTestId('process-retry'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '재시도' }));
    await waitFor(() => expect(toaster.getVisibleToasts()[0]).toMatchObject({ title: '재시도하지 못했습니다', description: '이미 재시도를 요청했습니다. 결과를 기다려주세요.' }));
  });

  it('follows pushes live: a failure resolved elsewhere leaves the open list without a reload; the filter asks the server', async () => {
    const state = { failures: [failure()] };
    const { requests } = serve(state);
    renderWithProviders(<AdminProcessesPage />, { route: '/admin/processes' });
    expect(await screen.findAllByTestId('process-failure')).toHaveLength(1);
    await live.connected();
    state.failures = [];
    // Pushed until heard: the socket the server counts may be connected a moment before the page listens on it.
    await waitFor(() => {
      live.push(SOCKET_EVENTS.processFailuresChanged, { failureId: 'pf-1', status: 'resolved', openCount: 0 });
      expect(screen.getByTestId('process-failures-empty')).toBeTruthy();
    });
    expect(screen.getByText('처리하지 못한 작업이 없습니다')).toBeTruthy();

    fireEvent.change(screen.getByTestId('process-filter'), { target: { value: 'resolved' } });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/processes?status=resolved')).toBe(true));
    fireEvent.change(screen.getByTestId('process-filter'), { target: { value: 'all' } });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/processes')).toBe(true));
  });

  it('opens a failure\'s audit history', async () => {
    const { requests } = serve({ failures: [failure()] });
    renderWithProviders(<AdminProcessesPage />, { route: '/admin/processes' });
    fireEvent.click(await screen.findByRole('button', { name: '기록 보기' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/processes/pf-1/history')).toBe(true));
    expect(await screen.findByText('기록이 없습니다.')).toBeTruthy();
  });
});

function DashboardCount() {
  useAdminLive();
  return <ProcessFailuresSummary />;
}

describe('the admin panel\'s 처리 실패 N건', () => {
  it('shows the open count with the way to /admin/processes, and follows pushes live', async () => {
    const state = { failures: [failure(), retrying] };
    const { requests } = serve(state);
    renderWithProviders(<DashboardCount />, { route: '/admin' });
    await waitFor(() => expect(screen.getByTestId('process-failures-count').textContent).toBe('처리 실패 2건'));
    expect(requests.find((r) => r.url.startsWith('/api/admin/processes'))?.url).toBe('/api/admin/processes?limit=0');
    expect(screen.getByRole('link', { name: '처리 실패 작업 보기' }).getAttribute('href')).toBe('/admin/processes');

    await live.connected();
    state.failures = [retrying];
    // Pushed until heard: the socket the server counts may be connected a moment before the page listens on it.
    await waitFor(() => {
      live.push(SOCKET_EVENTS.processFailuresChanged, { failureId: 'pf-1', status: 'resolved', openCount: 1 });
      expect(screen.getByTestId('process-failures-count').textContent).toBe('처리 실패 1건');
    });
    state.failures = [];
    live.push(SOCKET_EVENTS.processFailuresChanged, { failureId: 'pf-2', status: 'resolved', openCount: 0 });
    await waitFor(() => expect(screen.getByTestId('process-failures-count').textContent).toBe('처리 실패 0건'));
  });
});
