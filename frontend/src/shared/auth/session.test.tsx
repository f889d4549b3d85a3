import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../api/client';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { loadSessionSchemas, SessionSync, useDemoLogin, useLogout, useSession } from './session';
import { AUTH_USER_KEY, type SessionUser } from './session-storage';

const buyer: SessionUser = { id: 'u1', email: 'buyer@demo.kr', firstName: '민수', lastName: '김', role: 'user' };
const seller: SessionUser = { id: 'u2', email: 'seller@demo.kr', firstName: '셀러', lastName: '박', role: 'seller' };

function Probe() {
  const { role, user, isLoading } = useSession();
  const demo = useDemoLogin();
  const logout = useLogout();
  return (
    <div>
      <span data-testid="role">{role}</span>
      <span data-testid="name">{user?.email ?? '-'}</span>
      <span data-testid="loading">{String(isLoading)}</span>
      <button onClick={() => demo.mutate('user')}>demo</button>
      <button onClick={() => logout.mutate()}>logout</button>
    </div>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('session', () => {
  beforeEach(() => {
    localStorage.clear();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on a hydrating page starts as the server rendered it, then shows the cached user once its reader loaded', async () => {
    // a fresh session module: its schemas (zod) not loaded yet, as on a server-rendered page that hydrates
    vi.resetModules();
    const fresh = await import('./session');
    function FreshProbe() {
      const { role, isLoading } = fresh.useSession();
      return <span data-testid="role">{`${role} ${String(isLoading)}`}</span>;
    }
    localStorage.setItem(AUTH_USER_KEY, JSON.stringify(seller));
    const me = deferred<Response>();
    stubFetch(() => me.promise);
    renderWithProviders(
      <>
        <fresh.SessionSync />
        <FreshProbe />
      </>,
    );
    expect(screen.getByTestId('role').textContent).toBe('guest true');
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('seller true'));
    await act(async () => me.resolve(json({ message: 'Unauthorized' }, { status: 401 })));
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('guest false'));
  });

  it('paints the cached user first once its reader loaded (a page without a server render), then the server answer wins (401 → guest, cache cleared)', async () => {
    await loadSessionSchemas(); // what app/boot.tsx does before such a render
    localStorage.setItem(AUTH_USER_KEY, JSON.stringify(seller));
    const me = deferred<Response>();
    stubFetch(() => me.promise);
    renderWithProviders(
      <>
        <SessionSync />
        <Probe />
      </>,
    );
    expect(screen.getByTestId('role').textContent).toBe('seller');
    expect(screen.getByTestId('loading').textContent).toBe('true');

    await act(async () => me.resolve(json({ message: 'Unauthorized' }, { status: 401 })));
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('guest'));
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });

  it('ignores a corrupt cache and shows what the server says', async () => {
    localStorage.setItem(AUTH_USER_KEY, '{"id":');
    stubFetch(() => json({ user: buyer }));
    renderWithProviders(
      <>
        <SessionSync />
        <Probe />
      </>,
    );
    expect(screen.getByTestId('role').textContent).toBe('guest');
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('user'));
    expect(JSON.parse(localStorage.getItem(AUTH_USER_KEY) ?? 'null')).toEqual(buyer);
  });

  it('is a guest when the server cannot be reached', async () => {
    localStorage.setItem(AUTH_USER_KEY, JSON.stringify(buyer));
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('guest'));
  });

  it('demo login posts the role, signs in; logout signs out', async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json({ message: 'Unauthorized' }, { status: 401 });
      if (req.url === '/api/auth/demo') return json({ id: 'u1', position: '12', user: buyer });
      if (req.url === '/api/auth/logout') return new Response(null, { status: 204 });
      return json({}, { status: 404 });
    });
    renderWithProviders(
      <>
        <SessionSync />
        <Probe />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('loading').textContent).toBe('false'));
    expect(screen.getByTestId('role').textContent).toBe('guest');

    act(() => screen.getByText('demo').click());
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('user'));
    const demo = requests.find((r) => r.url === '/api/auth/demo');
    expect(demo?.method).toBe('POST');
    expect(demo?.body).toEqual({ role: 'user' });
    expect(localStorage.getItem(AUTH_USER_KEY)).not.toBeNull();

    act(() => screen.getByText('logout').click());
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('guest'));
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });
});
