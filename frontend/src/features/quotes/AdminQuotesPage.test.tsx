import { afterEach, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { expectAdminGate } from '../../shared/test/adminGate';
import { json } from '../../shared/test/render';
import AdminQuotesPage from './AdminQuotesPage';

afterEach(() => vi.unstubAllGlobals());

it('/admin/quotes: the shared AdminGate (guest: sign in, buyer and seller: no access and no call, admin: the page and its list)', async () => {
  await expectAdminGate(<AdminQuotesPage />, '/admin/quotes', '견적 요청 관리', '/api/admin/quote-requests', (req) =>
    req.url.startsWith('/api/admin/quote-requests') ? json({ items: [], total: 0 }) : json({ message: '없음' }, { status: 404 }));
  expect(await screen.findByText('0건')).toBeTruthy();
});
