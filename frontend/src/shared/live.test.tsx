import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveData } from './live';
import { useLogin, useLogout } from './auth/session';
import { json, renderWithProviders, stubFetch } from './test/render';
import { liveServer } from './test/liveServer';

/*
 * The one live-data hook (issue 36) against a real Socket.IO server in the test process: the app's own
 * connection (socket.io-client), the real session hooks; only HTTP is stubbed.
 */
const server = liveServer();
afterEach(() => vi.unstubAllGlobals());

const BOX_PATH = '/api/box';

/** A page showing `/api/box`, kept live by `box:changed` (refetch) and `box:count` (written into the cache). */
function LiveBox() {
  const box = useQuery({ queryKey: [BOX_PATH], queryFn: () => fetch(BOX_PATH).then((r) => r.json() as Promise<{ n: number }>) });
  useLiveData({ events: ['box:changed'], queryKeys: [[BOX_PATH]] });
  useLiveData({
    events: ['box:count'],
    queryKeys: [[BOX_PATH]],
    onPush: (payload, { client }) => {
      if (typeof payload === 'number') client.setQueryData([BOX_PATH], { n: payload });
    },
  });
  return <output data-testid="box">{box.data ? String(box.data.n) : '…'}</output>;
}

/** `/api/box` answers the server's current value; sign-in and sign-out change who the next handshake is. */
function serveBox() {
  const state = { n: 1 };
  const http = stubFetch((req) => {
    if (req.url === '/api/auth/login') {
      server.signInAs('u1');
      return json({ user: { id: 'u1', email: 'u1@example.kr', firstName: '민수', lastName: '김', role: 'user' } });
    }
    if (req.url === '/api/auth/logout') {
      server.signInAs(null);
      return new Response(null, { status: 204 });
    }
    if (req.url === '/api/auth/me') return json({ user: null });
    return json({ n: state.n });
  });
  const reads = () => http.requests.filter((r) => r.url === BOX_PATH).length;
  return { state, reads };
}

function SessionButtons() {
  const login = useLogin();
  const logout = useLogout();
  return (
    <>
      <button type="button" onClick={() => login.mutate({ email: 'u1@example.kr', password: 'correct-horse-77' })}>로그인</button>
      <button type="button" onClick={() => logout.mutate()}>로그아웃</button>
    </>
  );
}

const shown = () => screen.getByTestId('box').textContent;

describe('useLiveData (a real Socket.IO server)', () => {
  it('a push refetches the queries, or is written into the cache by onPush; one connection for every hook', async () => {
    const { state, reads } = serveBox();
    renderWithProviders(<LiveBox />);
    await waitFor(() => expect(shown()).toBe('1'));
    await server.connected(1);
    state.n = 2;
    server.push('box:changed');
    await waitFor(() => expect(shown()).toBe('2'));
    const before = reads();
    server.push('box:count', 7);
    await waitFor(() => expect(shown()).toBe('7'));
    expect(reads(), 'a payload written into the cache is not read again').toBe(before);
    expect(server.socketIds()).toHaveLength(1);
  });

  it('after sign-in and sign-out the hook follows the new socket: a push to the account reaches it, and what it missed is read again', async () => {
    const { state, reads } = serveBox();
    renderWithProviders(<><LiveBox /><SessionButtons /></>);
    await waitFor(() => expect(shown()).toBe('1'));
    await server.connected(1, null);

    state.n = 3; // changed while the guest's socket is replaced: no push reaches anyone
    act(() => screen.getByRole('button', { name: '로그인' }).click());
    await server.connected(1, 'u1');
    await waitFor(() => expect(shown()).toBe('3'));
    await server.connected(0, null);

    state.n = 4;
    server.push('box:changed', undefined, 'u1');
    await waitFor(() => expect(shown()).toBe('4'));

    act(() => screen.getByRole('button', { name: '로그아웃' }).click());
    await server.connected(1, null);
    await server.connected(0, 'u1');
    state.n = 5;
    server.push('box:changed');
    await waitFor(() => expect(shown()).toBe('5'));
    const before = reads();
    server.push('box:changed', undefined, 'u1');
    await new Promise((r) => setTimeout(r, 100));
    expect(reads(), "the old account's room is no longer heard").toBe(before);
  });

  it('after the server cuts the connection, the client reconnects: the push missed meanwhile is read again, and later pushes still arrive', async () => {
    const { state } = serveBox();
    renderWithProviders(<LiveBox />);
    await waitFor(() => expect(shown()).toBe('1'));
    await server.connected(1);
    const [first] = server.socketIds();

    server.dropConnections();
    state.n = 6;
    server.push('box:changed'); // nobody connected hears it
    await waitFor(() => expect(shown()).toBe('6'), { timeout: 8000 });
    expect(server.socketIds()).not.toContain(first);

    state.n = 8;
    server.push('box:changed');
    await waitFor(() => expect(shown()).toBe('8'));
  });

  it('after the server disconnects the socket itself, the connection comes back and reads again', async () => {
    const { state } = serveBox();
    renderWithProviders(<LiveBox />);
    await waitFor(() => expect(shown()).toBe('1'));
    await server.connected(1);

    server.disconnectAll();
    await server.connected(0);
    state.n = 9;
    await waitFor(() => expect(shown()).toBe('9'), { timeout: 8000 });
    state.n = 10;
    server.push('box:changed');
    await waitFor(() => expect(shown()).toBe('10'));
  });

  it('a disabled hook opens no connection; onConnect is sent on every connection', async () => {
    serveBox();
    const joins: string[] = [];
    server.io.on('connection', (socket) => socket.on('box:follow', (id: string) => joins.push(`${socket.id}:${id}`)));
    function Follower() {
      const [enabled, setEnabled] = useState(false);
      useLiveData({ enabled, events: ['box:changed'], queryKeys: [[BOX_PATH]], onConnect: (socket) => socket.emit('box:follow', 'b1') });
      return <button type="button" onClick={() => setEnabled(true)}>따라가기</button>;
    }
    renderWithProviders(<Follower />);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.socketIds()).toHaveLength(0);
    act(() => screen.getByRole('button', { name: '따라가기' }).click());
    await server.connected(1);
    await waitFor(() => expect(joins).toHaveLength(1));
    server.dropConnections();
    await waitFor(() => expect(joins).toHaveLength(2), { timeout: 8000 });
    expect(joins[1]!.split(':')[0]).not.toBe(joins[0]!.split(':')[0]);
  });
});
