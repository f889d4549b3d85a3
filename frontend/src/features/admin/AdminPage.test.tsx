import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveServer } from '../../shared/test/liveServer';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import AdminPage from './AdminPage';

// The panel listens for pushes on a real Socket.IO server in the test process.
liveServer();
afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };

describe('/admin: the tab open', () => {
  it('is kept in the address, so a refresh opens the tab the admin was on (셀러 관리), not 셀러 신청 again', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(admin) : json([])));
    const first = renderWithProviders(<AdminPage />, { route: '/admin' });
    fireEvent.click(await screen.findByRole('tab', { name: '셀러 관리' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin?tab=sellers'));
    const address = screen.getByTestId('location').textContent!;
    first.unmount();

    renderWithProviders(<AdminPage />, { route: address });
    expect((await screen.findByRole('tab', { name: '셀러 관리' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '셀러 신청' }).getAttribute('aria-selected')).toBe('false');
  });
});
