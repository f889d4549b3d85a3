import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from './render';

type Role = 'guest' | 'user' | 'seller' | 'admin';
const account = (role: Exclude<Role, 'guest'>) => ({ user: { id: `${role}-1`, email: `${role}@demo.kr`, firstName: '데모', lastName: '김', role } });

/** A server with the session of `role` (a guest: 401 on /api/auth/me); every other call is `answer`'s. */
export function serveAs(role: Role, answer: (req: RecordedRequest) => Response) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return role === 'guest' ? json({ message: '로그인이 필요합니다.' }, { status: 401 }) : json(account(role));
    return answer(req);
  });
}

/**
 * An admin page behind the shared AdminGate, role by role: a guest is asked to sign in (and comes back to
 * `route`), a buyer and a seller read 접근 권한이 없습니다, and neither calls `api`; an admin sees `heading`.
 */
export async function expectAdminGate(page: ReactElement, route: string, heading: string, api: string, answer: (req: RecordedRequest) => Response) {
  for (const role of ['guest', 'user', 'seller'] as const) {
    const { requests } = serveAs(role, answer);
    const view = renderWithProviders(page, { route });
    const gate = await screen.findByTestId(role === 'guest' ? 'admin-sign-in' : 'admin-forbidden');
    if (role === 'guest') expect(within(gate).getByRole('link', { name: '로그인' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(route)}`);
    else expect(within(gate).getByRole('heading').textContent).toBe('접근 권한이 없습니다');
    expect(requests.some((r) => r.url.startsWith(api)), role).toBe(false);
    view.unmount();
    vi.unstubAllGlobals();
  }
  serveAs('admin', answer);
  renderWithProviders(page, { route });
  expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  expect(screen.queryByTestId('admin-forbidden')).toBeNull();
}
